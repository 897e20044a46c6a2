import { useState, type ReactNode } from 'react';
import { Button, Result, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { OVERALL_URLS, type OverallPart, type ScoreMark } from '@campus/contract';
import type { AppRoute } from '../../../app/menuRoutes.ts';

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The numbers a hidden page was opened with (`?id=`, `?termId=&gradeId=` ...). The address counts only
 * while it is this page's: a visited page stays mounted behind the others and keeps what it was opened with.
 */
export function useAddressIds<K extends string>(route: AppRoute, names: readonly K[]): Record<K, number | null> {
  const location = useLocation();
  const here = location.pathname === route.path;
  const [kept, setKept] = useState(here ? location.search : '');
  if (here && location.search !== kept) setKept(location.search);
  const params = new URLSearchParams(here ? location.search : kept);
  return Object.fromEntries(names.map((name) => [name, positiveId(params.get(name))])) as Record<K, number | null>;
}

/** The address of a hidden page with its numbers. */
export const settingsUrl = (query: { id: number } | { termId: number; gradeId: number }) => `${OVERALL_URLS.settings}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;
export const detailsUrl = (id: number, classId?: number) => `${OVERALL_URLS.details}?id=${id}${classId ? `&classId=${classId}` : ''}`;

/**
 * The short name of a scheme's exam: its exam node (midterm, final) when no other exam of the scheme has the
 * same, else the batch's name.
 */
export function partLabel(parts: readonly Pick<OverallPart, 'batchId' | 'batchName' | 'examNode'>[], part: Pick<OverallPart, 'batchId' | 'batchName' | 'examNode'>): string {
  const node = part.examNode.trim();
  if (!node) return part.batchName;
  return parts.some((other) => other.batchId !== part.batchId && other.examNode.trim() === node) ? part.batchName : node;
}

/** A score as the pages show it: at most two decimals, '—' for none. */
export const formatScore = (value: number | null | undefined): string => (value === null || value === undefined || Number.isNaN(value) ? '—' : String(Math.round(value * 100) / 100));

/**
 * The formula of a scheme: "Midterm × 30% + Final × 70%"; weights that do not reach 100 are scaled by their sum,
 * "(Midterm × 30% + Final × 60%) ÷ 90%". Empty without any exam.
 */
export function formulaText(parts: readonly Pick<OverallPart, 'batchId' | 'batchName' | 'examNode' | 'weight'>[]): string {
  if (!parts.length) return '';
  const sum = parts.reduce((total, part) => total + part.weight, 0);
  const terms = parts.map((part) => `${partLabel(parts, part)} × ${part.weight}%`).join(' + ');
  // Over 100 the scheme is refused anyway: the terms alone.
  return sum >= 100 ? terms : `(${terms}) ÷ ${sum}%`;
}

/** The absent or exempt label (the score entry's own). */
export const markLabel = (t: TFunction, mark: ScoreMark): string => t(mark === 'absent' ? 'scoreEntry.absent' : 'scoreEntry.exempt');

/** A scheme's exams as tags, "Midterm 30%", the unreleased ones marked. */
export function PartTags({ parts, testId }: { parts: readonly OverallPart[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="overall-tags" data-testid={testId}>
      {parts.map((part) => (
        <Tooltip key={part.batchId} title={part.released ? part.batchName : t('overallPage.partUnreleased', { name: part.batchName })}>
          <Tag color={part.released ? 'blue' : 'orange'} className="overall-tag" data-testid={testId ? `${testId}-${part.batchId}` : undefined}>
            {partLabel(parts, part)} {part.weight}%
          </Tag>
        </Tooltip>
      ))}
    </span>
  );
}

/** Complete (every exam released: the overall scores are final) or not. */
export function CompleteTag({ complete, testId }: { complete: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={complete ? 'green' : 'gold'} className="overall-tag" data-testid={testId}>
      {t(complete ? 'overallPage.complete' : 'overallPage.incomplete')}
    </Tag>
  );
}

/** The bar of a hidden page: back to the list, the title, its buttons. */
export function PageBar({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="overall-bar">
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label={t('overallPage.backToList')}
        title={t('overallPage.backToList')}
        onClick={() => void navigate(OVERALL_URLS.list)}
        data-testid="overall-back"
      />
      <div className="overall-title">{title}</div>
      {extra && <div className="overall-bar-extra">{extra}</div>}
    </div>
  );
}

/** A hidden page opened without its numbers, or whose scheme could not be read (`message`: the server's). */
export function ParamsLost({ title, message }: { title: ReactNode; message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="overall-page" data-testid="overall-params-lost">
      <PageBar title={title} />
      <section className="overall-section">
        <Result
          status="warning"
          title={message || t('overall.paramsLost')}
          extra={
            <Button type="primary" onClick={() => void navigate(OVERALL_URLS.list)} data-testid="overall-params-lost-back">
              {t('overallPage.backToList')}
            </Button>
          }
        />
      </section>
    </div>
  );
}
