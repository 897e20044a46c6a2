import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EvaluationThemeType, MyScoreBatch, ReportAward, ReportConduct, ReportEvaluation } from '@campus/contract';
import { BatchCard, releasedTime } from '../../scores/mine/BatchCard.tsx';
import { ReportNone, ReportSection } from '../reportParts/ReportFrame.tsx';
import { ReportTable, type ReportColumn } from '../reportParts/ReportTable.tsx';
import '../../scores/mine/myScores.css';

/** The colours of the dimensions of the comprehensive quality evaluation. */
export const THEME_TYPE_COLORS: Record<EvaluationThemeType, string> = {
  moral: 'volcano',
  academic: 'blue',
  health: 'green',
  art: 'magenta',
  practice: 'orange',
  comment: 'purple',
};

const DASH = '—';
const text = (value: string | null | undefined) => (value && value.trim() ? value : DASH);

/** An answer is empty when nothing was filled in (null or blank text). */
const empty = (value: string | number | null) => value === null || (typeof value === 'string' && !value.trim());

/** One released theme: its type, its items with their answers, who filled it in. */
function ThemeCard({ evaluation }: { evaluation: ReportEvaluation }) {
  const { t } = useTranslation();
  const unfilled = evaluation.updatedAt === null && evaluation.items.every((item) => empty(item.value));
  return (
    <article className="quality-theme" data-testid={`quality-theme-${evaluation.themeId}`}>
      <header className="quality-theme-head">
        <span className="quality-theme-name">{evaluation.name}</span>
        <Tag color={THEME_TYPE_COLORS[evaluation.type]} className="quality-theme-type" data-testid={`quality-theme-type-${evaluation.themeId}`}>
          {t(`reportParts.themeType.${evaluation.type}`)}
        </Tag>
        {evaluation.updatedAt && (
          <Typography.Text type="secondary" className="quality-theme-filled">
            {evaluation.updatedByName
              ? t('qualityReportPage.filledBy', { name: evaluation.updatedByName, time: releasedTime(evaluation.updatedAt) })
              : t('qualityReportPage.filledAt', { time: releasedTime(evaluation.updatedAt) })}
          </Typography.Text>
        )}
      </header>
      {unfilled || evaluation.items.length === 0 ? (
        <ReportNone text={t('qualityReportPage.notFilled')} testId={`quality-theme-unfilled-${evaluation.themeId}`} />
      ) : (
        <dl className="quality-items">
          {evaluation.items.map((item, index) => (
            <div key={`${item.name}-${index}`} className="quality-item" data-testid={`quality-item-${evaluation.themeId}-${index}`}>
              <dt className="quality-item-name">{item.name}</dt>
              <dd className={`quality-item-value is-${item.kind}`}>
                {empty(item.value) ? <span className="report-muted">{t('qualityReportPage.notFilled')}</span> : String(item.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

/** End-of-term evaluation: the term's released themes. */
export function EvaluationsSection({ evaluations }: { evaluations: ReportEvaluation[] }) {
  const { t } = useTranslation();
  return (
    <ReportSection title={t('qualityReportPage.evaluations')} count={evaluations.length} testId="quality-evaluations">
      {evaluations.length === 0 ? (
        <ReportNone text={t('qualityReportPage.evaluationsEmpty')} testId="quality-evaluations-empty" />
      ) : (
        <div className="quality-themes">
          {evaluations.map((evaluation) => (
            <ThemeCard key={evaluation.themeId} evaluation={evaluation} />
          ))}
        </div>
      )}
    </ReportSection>
  );
}

/** Awards: the term's awards, school competitions and above the school. */
export function AwardsSection({ awards, phone }: { awards: ReportAward[]; phone: boolean }) {
  const { t } = useTranslation();
  const columns: ReportColumn<ReportAward>[] = [
    { key: 'date', title: t('qualityReportPage.col.date'), render: (award) => text(award.date), nowrap: true, phone: 'aside' },
    { key: 'name', title: t('qualityReportPage.col.award'), render: (award) => text(award.name), phone: 'title' },
    { key: 'level', title: t('qualityReportPage.col.level'), render: (award) => text(award.level) },
    {
      key: 'source',
      title: t('qualityReportPage.col.source'),
      nowrap: true,
      render: (award) => <Tag color={award.source === 'aboveSchool' ? 'gold' : 'cyan'}>{t(`qualityReportPage.source.${award.source}`)}</Tag>,
    },
  ];
  return (
    <ReportSection title={t('qualityReportPage.awards')} count={awards.length} testId="quality-awards">
      {awards.length === 0 ? (
        <ReportNone text={t('qualityReportPage.awardsEmpty')} testId="quality-awards-empty" />
      ) : (
        <ReportTable rows={awards} columns={columns} rowKey={(award, index) => `${award.source}-${award.date}-${index}`} rowTestId={(_, index) => `quality-award-${index}`} phone={phone} />
      )}
    </ReportSection>
  );
}

/** Conduct records: the term's conduct records. */
export function ConductSection({ conduct, phone }: { conduct: ReportConduct[]; phone: boolean }) {
  const { t } = useTranslation();
  const columns: ReportColumn<ReportConduct>[] = [
    { key: 'date', title: t('qualityReportPage.col.date'), render: (row) => text(row.date), nowrap: true, phone: 'aside' },
    { key: 'category', title: t('qualityReportPage.col.category'), render: (row) => text(row.category), nowrap: true, phone: 'title' },
    { key: 'content', title: t('qualityReportPage.col.content'), render: (row) => <span className="quality-pre">{text(row.content)}</span> },
    { key: 'result', title: t('qualityReportPage.col.result'), render: (row) => text(row.result) },
    { key: 'publisher', title: t('qualityReportPage.col.publisher'), render: (row) => text(row.publisherName), nowrap: true },
  ];
  return (
    <ReportSection title={t('qualityReportPage.conduct')} count={conduct.length} testId="quality-conduct">
      {conduct.length === 0 ? (
        <ReportNone text={t('qualityReportPage.conductEmpty')} testId="quality-conduct-empty" />
      ) : (
        <ReportTable rows={conduct} columns={columns} rowKey={(row, index) => `${row.date}-${index}`} rowTestId={(_, index) => `quality-conduct-${index}`} phone={phone} />
      )}
    </ReportSection>
  );
}

/** Exam scores: the term's released score batches, as the transcript shows them. */
export function ScoresSection({ batches, phone }: { batches: MyScoreBatch[]; phone: boolean }) {
  const { t } = useTranslation();
  return (
    <ReportSection title={t('qualityReportPage.scores')} count={batches.length} testId="quality-scores">
      {batches.length === 0 ? (
        <ReportNone text={t('qualityReportPage.scoresEmpty')} testId="quality-scores-empty" />
      ) : (
        <div className="my-scores-batches">
          {batches.map((batch) => (
            <BatchCard key={batch.id} batch={batch} phone={phone} />
          ))}
        </div>
      )}
    </ReportSection>
  );
}
