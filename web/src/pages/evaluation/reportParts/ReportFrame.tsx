import { useState, type ReactNode } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportStudent, ReportTerm } from '@campus/contract';
import { ReportChoiceBar } from './ReportChoiceBar.tsx';
import type { ReportChoice } from './useReportChoice.ts';
import './reportParts.css';

/** A spinner in the report's place. */
export function ReportLoading({ testId }: { testId?: string }) {
  return (
    <div className="report-loading" data-testid={testId}>
      <Spin />
    </div>
  );
}

/** A report that could not be loaded, with a retry. */
export function ReportFailed({ title, onRetry, testId }: { title: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button onClick={onRetry} data-testid={testId}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

export interface ReportFrameProps {
  title: string;
  hint: string;
  choice: ReportChoice;
  phone: boolean;
  className: string;
  testId: string;
  /** Beside the choice bar (the study report's class PDF). */
  extra?: ReactNode;
  /** Between the choice bar and the report (the study report's class PDFs being made). */
  aside?: ReactNode;
  /** The chosen student's report. */
  children: (student: ReportStudent, termId: number | null) => ReactNode;
}

/**
 * The page of either report: the title, the choice bar and the chosen student's report; while the choices
 * load a spinner, when they fail a retry, and without a student to show a word on why.
 */
export function ReportFrame({ title, hint, choice, phone, className, testId, extra, aside, children }: ReportFrameProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (choice.pending) body = <ReportLoading />;
  else if (choice.failed)
    body = (
      <Result
        status="warning"
        title={t('reportParts.studentsFailed')}
        extra={[
          <Button key="retry" onClick={choice.retry} data-testid="report-students-retry">
            {t('common.retry')}
          </Button>,
          <Button key="reset" onClick={choice.reset} data-testid="report-students-reset">
            {t('reportParts.resetChoice')}
          </Button>,
        ]}
      />
    );
  else if (choice.switching) body = <ReportLoading testId="report-switching" />;
  else if (choice.staff && !choice.classId) body = <Empty className="report-empty" description={t('reportParts.chooseClass')} data-testid="report-choose-class" />;
  else if (!choice.student)
    body = <Empty className="report-empty" description={t(choice.staff ? 'reportParts.noStudentsInClass' : 'reportParts.noStudents')} data-testid="report-no-students" />;
  else body = children(choice.student, choice.termId);

  return (
    <div className={`report-page ${className}${phone ? ' is-phone' : ''}`} data-testid={testId}>
      <div className="report-head">
        <div className="report-title">{title}</div>
        <Typography.Text type="secondary" className="report-hint">
          {hint}
        </Typography.Text>
      </div>
      {(choice.options || extra) && (
        <div className="report-toolbar">
          <ReportChoiceBar choice={choice} phone={phone} />
          {extra}
        </div>
      )}
      {aside}
      {body}
    </div>
  );
}

/** The student and the term the report is of, with the PDF download. */
export function ReportStudentHead({ student, term, onPdf, testId = 'report-student' }: { student: ReportStudent; term: ReportTerm; onPdf: () => Promise<void>; testId?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onPdf();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="report-student" data-testid={testId}>
      <div className="report-student-main">
        <span className="report-student-name">{student.name}</span>
        <span className="report-student-facts">
          {student.studentNumber && <span>{t('reportParts.studentNumber', { number: student.studentNumber })}</span>}
          {student.className && <span>{student.gradeName && !student.className.startsWith(student.gradeName) ? `${student.gradeName} ${student.className}` : student.className}</span>}
          {term.name && <span data-testid="report-term-name">{term.name}</span>}
        </span>
      </div>
      <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void save()} className="report-pdf" data-testid="report-pdf">
        {t('reportParts.downloadPdf')}
      </Button>
    </div>
  );
}

/** A titled part of a report. */
export function ReportSection({ title, count, children, testId }: { title: ReactNode; count?: number; children: ReactNode; testId: string }) {
  return (
    <section className="report-section" data-testid={testId}>
      <header className="report-section-head">
        <Typography.Text strong className="report-section-title">
          {title}
        </Typography.Text>
        {count !== undefined && count > 0 && <span className="report-section-count">{count}</span>}
      </header>
      {children}
    </section>
  );
}

/** What an empty section says. */
export function ReportNone({ text, testId }: { text: string; testId: string }) {
  return (
    <Typography.Text type="secondary" className="report-none" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}
