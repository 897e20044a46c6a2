import { useMemo, useState } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, type MyScoreBatch, type MyScores } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { OneStudentSelect } from '../../../components/StudentSelect/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useSession } from '../../../state/session.ts';
import { BatchCard } from './BatchCard.tsx';
import { ExternalExamsSection } from './ExternalExamsSection.tsx';
import { MY_SCORES_PERMISSION, fetchMyExternalExams, fetchMyScoreChildren, fetchMyScores, myScoreKeys, searchTranscriptStudents } from './myScoreCalls.ts';
import { TrendChart } from './TrendChart.tsx';
import { buildTrend, trendOption } from './trendModel.ts';
import './myScores.css';

/** The student the scores belong to: name, student number and class. */
function StudentHead({ student }: { student: MyScores['student'] }) {
  const { t } = useTranslation();
  if (!student.name && !student.studentNumber && !student.className) return null;
  return (
    <div className="my-scores-student" data-testid="my-scores-student">
      <span className="my-scores-student-name">{student.name}</span>
      <span className="my-scores-student-facts">
        {student.studentNumber && <span>{t('myScoresPage.studentNumber', { number: student.studentNumber })}</span>}
        {student.className && <span>{student.className}</span>}
      </span>
    </div>
  );
}

/** The trend of the released batches with a total, or a short note while there are fewer than two. */
function TrendPanel({ batches, phone }: { batches: MyScoreBatch[]; phone: boolean }) {
  const { t } = useTranslation();
  const model = useMemo(() => buildTrend(batches), [batches]);
  const total = t('myScoresPage.total');
  const option = useMemo(() => trendOption(model, { total }, phone), [model, total, phone]);
  return (
    <section className="my-scores-trend-panel">
      <header className="my-scores-section-head">
        <Typography.Text strong>
          <LineChartOutlined /> {t('myScoresPage.trend')}
        </Typography.Text>
        {model.batches.length >= 2 && (
          <Typography.Text type="secondary" className="my-scores-section-hint">
            {t('myScoresPage.trendHint')}
          </Typography.Text>
        )}
      </header>
      {model.batches.length >= 2 ? (
        <TrendChart option={option} label={t('myScoresPage.trendLabel')} height={phone ? 260 : 320} testId="my-scores-trend" />
      ) : (
        <Typography.Text type="secondary" className="my-scores-trend-empty" data-testid="my-scores-trend-empty">
          {t('myScoresPage.trendEmpty')}
        </Typography.Text>
      )}
    </section>
  );
}

/**
 * Transcripts (/cjfxNew/cjfx/grfx), the family's side of the scores: a student's own released scores, or a
 * parent's chosen child's, with the trend over the batches and each batch as a card that fits a phone.
 */
export default function MyScoresPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const allowed = usePermission();
  const userType = useSession((s) => s.user?.userType);
  const parent = userType === USER_TYPES.parent;
  // Staff holding the page (administrators) read the transcript of the student they choose.
  const staff = userType === USER_TYPES.teacher || userType === USER_TYPES.administrator;
  const listChildren = parent && allowed({ permissions: [MY_SCORES_PERMISSION] });
  const childrenQuery = useQuery({ queryKey: myScoreKeys.children, queryFn: ({ signal }) => fetchMyScoreChildren(signal), enabled: listChildren });
  const children = listChildren ? (childrenQuery.data ?? []) : [];
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = staff ? picked : children.length ? (children.some((child) => child.id === picked) ? picked : children[0]!.id) : null;
  const waiting = (listChildren && childrenQuery.isPending) || (staff && chosen === null);
  const report = useQuery({ queryKey: myScoreKeys.report(chosen), queryFn: ({ signal }) => fetchMyScores(chosen, signal), enabled: !waiting });
  const external = useQuery({ queryKey: myScoreKeys.external(chosen), queryFn: ({ signal }) => fetchMyExternalExams(chosen, signal), enabled: !waiting });

  let body;
  if (staff && chosen === null) {
    body = <Empty className="my-scores-empty" description={t('myScoresPage.chooseStudent')} data-testid="my-scores-choose" />;
  } else if (waiting || report.isPending) {
    body = (
      <div className="my-scores-loading">
        <Spin />
      </div>
    );
  } else if (report.isError) {
    body = (
      <Result
        status="warning"
        title={t('myScoresPage.loadFailed')}
        extra={
          <Button onClick={() => void report.refetch()} data-testid="my-scores-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    const { student, batches } = report.data;
    body = (
      <>
        <StudentHead student={student} />
        {batches.length === 0 ? (
          <Empty className="my-scores-empty" description={t('myScoresPage.empty')} data-testid="my-scores-empty" />
        ) : (
          <>
            <TrendPanel batches={batches} phone={phone} />
            <div className="my-scores-batches">
              {batches.map((batch) => (
                <BatchCard key={batch.id} batch={batch} phone={phone} />
              ))}
            </div>
          </>
        )}
        <ExternalExamsSection exams={external.data ?? []} />
      </>
    );
  }

  return (
    <div className={`my-scores-page${phone ? ' is-phone' : ''}`} data-testid="my-scores-page">
      <div className="my-scores-head">
        <div className="my-scores-title">{routeTitle(route, i18n.language)}</div>
        <Typography.Text type="secondary" className="my-scores-hint">
          {t('myScoresPage.hint')}
        </Typography.Text>
      </div>
      {staff && (
        <div className="my-scores-chooser">
          <OneStudentSelect
            search={searchTranscriptStudents}
            placeholder={t('myScoresPage.studentHint')}
            value={picked}
            onChange={setPicked}
            className="my-scores-student-select"
            data-testid="my-scores-student"
          />
        </div>
      )}
      {children.length > 0 && (
        <div data-testid="my-scores-child">
          <ChildChooser items={children} value={chosen} onChange={setPicked} phone={phone} label={t('myScoresPage.child')} testIdPrefix="my-scores" />
        </div>
      )}
      {body}
    </div>
  );
}
