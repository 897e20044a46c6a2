import { Alert, Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeclarationRow } from '@campus/contract';
import { DeclarationStatusTag, slotText, weeksText } from './parts.tsx';

/**
 * A declaration as the teacher and the office read it: its facts, the review (a rejection's reason stands
 * out, the teacher has to act on it) and every lecture in order.
 */
export function DeclarationDetail({ row, phone }: { row: DeclarationRow; phone: boolean }) {
  const { t, i18n } = useTranslation();
  const listSeparator = i18n.language === 'en' ? ', ' : '\u3001';
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'term', label: t('electiveUi.term'), children: row.termName },
    { key: 'teacher', label: t('electiveUi.teacher'), children: row.teacherName },
    { key: 'status', label: t('electiveUi.status'), children: <DeclarationStatusTag status={row.status} /> },
    { key: 'capacity', label: t('electiveUi.capacity'), children: row.status === 'approved' ? t('electiveUi.enrolledOf', { enrolled: row.enrolled, capacity: row.capacity }) : row.capacity },
    { key: 'grades', label: t('electiveUi.grades'), children: row.gradeNames.join(listSeparator) || '—' },
    { key: 'slot', label: t('electiveUi.slotLabel'), children: slotText(t, row.dayName, row.periodName) },
    { key: 'weeks', label: t('electiveUi.weeksLabel'), children: weeksText(t, row.weekFrom, row.weekTo) },
    { key: 'place', label: t('electiveUi.place'), children: row.classroomName || '—' },
    { key: 'intro', label: t('electiveUi.intro'), span: phone ? 1 : 2, children: <span className="elective-prewrap">{row.intro}</span> },
  ];
  if (row.reviewedAt) {
    items.push({ key: 'reviewed', label: t('electiveUi.reviewed'), span: phone ? 1 : 2, children: t('electiveUi.reviewedBy', { name: row.reviewerName || '—', at: row.reviewedAt }) });
  }
  return (
    <div className="elective-detail" data-testid="elective-declaration-detail">
      <Typography.Title level={5} className="elective-detail-name">
        {row.name}
      </Typography.Title>
      {row.status === 'rejected' && row.reviewComment && (
        <Alert type="error" showIcon title={t('electiveUi.rejectedBecause', { reason: row.reviewComment })} data-testid="elective-detail-reason" />
      )}
      {row.status === 'approved' && row.reviewComment && <Alert type="success" showIcon title={t('electiveUi.reviewComment', { comment: row.reviewComment })} />}
      <Descriptions size="small" bordered column={phone ? 1 : 2} items={items} />
      <div className="elective-lectures">
        <Typography.Text strong>{t('electiveUi.lecturesCount', { count: row.lectures.length })}</Typography.Text>
        <ol className="elective-lecture-list" data-testid="elective-detail-lectures">
          {row.lectures.map((lecture, index) => (
            <li key={index}>{lecture}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}
