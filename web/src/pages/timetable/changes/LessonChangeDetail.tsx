import { Alert, Descriptions, Spin, Typography, type DescriptionsProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LessonChangeKind, LessonChangeRow } from '@campus/contract';
import { fetchLessonChange, lessonChangeKeys } from '../../../api/lessonChanges.ts';
import { LessonChangeStatusTag, MovesList, ReviewTrail, minutes } from './parts.tsx';

/** A request read again (its review trail comes with `get`); the list's row shows meanwhile. */
export function LessonChangeDetail({ kind, row, phone }: { kind: LessonChangeKind; row: LessonChangeRow; phone: boolean }) {
  const { t } = useTranslation();
  const one = useQuery({ queryKey: lessonChangeKeys.one(kind, row.id), queryFn: ({ signal }) => fetchLessonChange(kind, row.id, signal) });
  const shown = one.data ?? row;
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'term', label: t('lessonChangeUi.term'), children: shown.termName },
    { key: 'class', label: t('lessonChangeUi.class'), children: shown.className },
    {
      key: 'week',
      label: t('lessonChangeUi.week'),
      children: (
        <span>
          {t('lessonChangeUi.weekN', { week: shown.week })}
          {shown.weekStart && <span className="lesson-change-muted lesson-change-time">{t('lessonChangeUi.monday', { date: shown.weekStart })}</span>}
        </span>
      ),
    },
    { key: 'status', label: t('lessonChangeUi.status'), children: <LessonChangeStatusTag status={shown.status} testId="lesson-change-detail-status" /> },
    { key: 'teacher', label: t('lessonChangeUi.teacher'), children: shown.teacherName || '—' },
    { key: 'createdAt', label: t('lessonChangeUi.createdAt'), children: minutes(shown.createdAt) || '—' },
    { key: 'summary', label: t('lessonChangeUi.summary'), span: phone ? 1 : 2, children: shown.summary },
    {
      key: 'reason',
      label: t('lessonChangeUi.reason'),
      span: phone ? 1 : 2,
      children: (
        <span className="lesson-change-prewrap" data-testid="lesson-change-detail-reason">
          {shown.reason}
        </span>
      ),
    },
  ];
  return (
    <div className="lesson-change-detail" data-testid="lesson-change-detail">
      <Descriptions size="small" bordered column={phone ? 1 : 2} items={items} />
      <div className="lesson-change-detail-part">
        <Typography.Text strong>{t('lessonChangeUi.moves')}</Typography.Text>
        <MovesList moves={shown.moves ?? []} testId="lesson-change-detail-moves" />
      </div>
      <div className="lesson-change-detail-part">
        <Typography.Text strong>{t('lessonChangeUi.trail')}</Typography.Text>
        {one.isPending ? <Spin size="small" /> : one.isError ? <Alert type="warning" showIcon title={t('lessonChangeUi.loadFailed')} /> : <ReviewTrail entries={shown.trail ?? []} />}
      </div>
    </div>
  );
}
