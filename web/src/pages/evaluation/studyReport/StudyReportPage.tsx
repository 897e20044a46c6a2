import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportStudent } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { downloadReportPdf, fetchStudyReport, reportFileName, reportKeys } from '../reportParts/reportCalls.ts';
import { ReportFailed, ReportFrame, ReportLoading, ReportNone, ReportSection, ReportStudentHead } from '../reportParts/ReportFrame.tsx';
import { useReportChoice } from '../reportParts/useReportChoice.ts';
import { ClassRunButton, ClassRuns, useStudyRuns } from './ClassRuns.tsx';
import { StudyTable } from './StudyTable.tsx';
import './studyReport.css';

/** The chosen student's study report of the term: the header with the PDF, the subjects by exam, the comment. */
function StudyReportView({ student, termId }: { student: ReportStudent; termId: number | null }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: reportKeys.report('study', student.id, termId),
    queryFn: ({ signal }) => fetchStudyReport(student.id, termId, signal),
  });
  if (report.isPending) return <ReportLoading testId="study-loading" />;
  if (report.isError) return <ReportFailed title={t('studyReportPage.loadFailed')} onRetry={() => void report.refetch()} testId="study-retry" />;
  const data = report.data;
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const pdf = () => downloadReportPdf('study', data.student.id, data.term.id || termId, lang, reportFileName(data.student.name, data.term.name, t('studyReportPage.fileTitle')));
  return (
    <>
      <ReportStudentHead student={data.student} term={data.term} onPdf={pdf} />
      <div className="report-sections">
        <ReportSection title={t('studyReportPage.scores')} count={data.batches.length} testId="study-scores">
          {data.batches.length === 0 ? (
            <ReportNone text={t('studyReportPage.empty')} testId="study-empty" />
          ) : (
            <>
              <StudyTable report={data} />
              <span className="study-table-hint">{t('studyReportPage.tableHint')}</span>
            </>
          )}
        </ReportSection>
        {data.comment && (
          <ReportSection title={t('studyReportPage.comment')} testId="study-comment">
            <p className="study-comment">{data.comment}</p>
          </ReportSection>
        )}
      </div>
    </>
  );
}

/**
 * Study report (/xspj/xybg): a student's released scores of the term, subject by exam with the term average, the
 * totals and places, and the class teacher's comment, with its PDF. Staff also make the chosen class's
 * reports in one PDF in the background and follow its progress here.
 */
export default function StudyReportPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const choice = useReportChoice('study');
  const runs = useStudyRuns(choice.staff);
  const runList = choice.staff ? (runs.data ?? []) : [];
  return (
    <ReportFrame
      title={routeTitle(route, i18n.language)}
      hint={t('studyReportPage.hint')}
      choice={choice}
      phone={phone}
      className="study-report-page"
      testId="study-report-page"
      extra={choice.staff ? <ClassRunButton classId={choice.classId} termId={choice.termId} phone={phone} /> : undefined}
      aside={runList.length > 0 ? <ClassRuns runs={runList} phone={phone} /> : undefined}
    >
      {(student, termId) => <StudyReportView key={`${student.id}-${termId ?? 0}`} student={student} termId={termId} />}
    </ReportFrame>
  );
}
