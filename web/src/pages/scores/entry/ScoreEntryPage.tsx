import { useCallback, useRef, useState } from 'react';
import { Empty, Select, Spin, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScoreEntryBatch, ScoreEntryOptions } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { SheetPanel } from './SheetPanel.tsx';
import { statusText, windowText } from './entryTexts.ts';
import { EMPTY_SCORE_ENTRY_OPTIONS, fetchScoreEntryOptions, scoreEntryKeys } from './scoreEntryCalls.ts';
import './scoreEntry.css';

/** The batch shown first: the first one open for entry, else the first. */
const defaultBatch = (batches: readonly ScoreEntryBatch[]) => batches.find((batch) => batch.open) ?? batches[0];

/**
 * /cjgl/cjdj, Score registration: a teacher (or the office) picks a term, a score batch and a class, and
 * enters the class's scores as a spreadsheet: a row per student, a column per subject they enter (per part
 * for a subject made of parts), typed or pasted from Excel, checked as typed and saved together. Outside
 * the batch's entry window, once released, disabled or when the term has ended, the sheet is only read.
 */
export default function ScoreEntryPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [termId, setTermId] = useState<number | undefined>();
  const [batchPick, setBatchPick] = useState<number | undefined>();
  const [classPick, setClassPick] = useState<number | undefined>();
  const changed = useRef(0);
  const onChanged = useCallback((count: number) => {
    changed.current = count;
  }, []);
  const options = useQuery({
    queryKey: scoreEntryKeys.options(termId),
    queryFn: ({ signal }) => fetchScoreEntryOptions(termId, signal),
    placeholderData: keepPreviousData,
  });
  const data: ScoreEntryOptions = options.data ?? EMPTY_SCORE_ENTRY_OPTIONS;
  const loading = options.isPending || options.isPlaceholderData;
  const term = termId ?? data.terms.find((item) => item.isCurrent)?.id ?? data.batches[0]?.termId;
  const batch = loading ? undefined : (data.batches.find((item) => item.id === batchPick) ?? defaultBatch(data.batches));
  const sheets = batch?.sheets ?? [];
  const sheetRef = sheets.find((item) => item.classId === classPick) ?? sheets[0];

  /** Runs a change of term, batch or class, after asking when typed scores would be left unsaved. */
  const leave = (action: () => void) => {
    if (!changed.current) {
      action();
      return;
    }
    feedback().modal.confirm({
      title: t('scoreEntryPage.leaveTitle'),
      content: t('scoreEntryPage.leaveConfirm', { count: changed.current }),
      okText: t('scoreEntryPage.leave'),
      cancelText: t('manage.cancel'),
      onOk: action,
    });
  };

  return (
    <div className="score-entry-page" data-testid="score-entry-page">
      <div className="score-entry-bar">
        <div className="score-entry-title">{routeTitle(route, i18n.language)}</div>
        <div className="score-entry-filters">
          <div className="score-entry-field">
            <span className="score-entry-label">{t('scoreEntryPage.term')}</span>
            <Select<number>
              value={term}
              options={data.terms.map((item) => ({ value: item.id, label: item.name }))}
              onChange={(value) =>
                leave(() => {
                  setTermId(value);
                  setBatchPick(undefined);
                  setClassPick(undefined);
                })
              }
              placeholder={t('scoreEntryPage.termPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 200 }}
              aria-label={t('scoreEntryPage.term')}
              data-testid="score-entry-term"
            />
          </div>
          <div className="score-entry-field">
            <span className="score-entry-label">{t('scoreEntryPage.batch')}</span>
            <Select<number>
              value={batch?.id}
              options={data.batches.map((item) => ({
                value: item.id,
                label: (
                  <span className="score-entry-option">
                    <span className="score-entry-option-name">{item.name}</span>
                    <Tag color={item.open ? 'green' : undefined} className="score-entry-tag">
                      {statusText(t, item)}
                    </Tag>
                  </span>
                ),
                title: item.name,
              }))}
              onChange={(value) =>
                leave(() => {
                  setBatchPick(value);
                  setClassPick(undefined);
                })
              }
              disabled={loading || !data.batches.length}
              placeholder={t('scoreEntryPage.batchPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 320 }}
              aria-label={t('scoreEntryPage.batch')}
              data-testid="score-entry-batch"
            />
          </div>
          <div className="score-entry-field">
            <span className="score-entry-label">{t('scoreEntryPage.class')}</span>
            <Select<number>
              value={sheetRef?.classId}
              options={sheets.map((item) => ({
                value: item.classId,
                label: (
                  <span className="score-entry-option">
                    <span className="score-entry-option-name">{item.className}</span>
                    <span className={item.expected > 0 && item.entered >= item.expected ? 'score-entry-progress score-entry-complete' : 'score-entry-progress'}>
                      {item.entered}/{item.expected}
                    </span>
                  </span>
                ),
                title: item.className,
              }))}
              onChange={(value) => leave(() => setClassPick(value))}
              disabled={!sheets.length}
              placeholder={t('scoreEntryPage.classPlaceholder')}
              popupMatchSelectWidth={false}
              style={{ width: 200 }}
              aria-label={t('scoreEntryPage.class')}
              data-testid="score-entry-class"
            />
          </div>
        </div>
        {batch && (
          <div className="score-entry-facts" data-testid="score-entry-batch-facts">
            <span>
              {batch.gradeName} · {batch.examNode}
            </span>
            <span className="score-entry-nowrap">{t('scoreEntryPage.window', { window: windowText(batch) })}</span>
            <Tag color={batch.open ? 'green' : 'default'} className="score-entry-tag" data-testid="score-entry-status">
              {statusText(t, batch)}
            </Tag>
            {sheetRef && (
              <span className="score-entry-nowrap" data-testid="score-entry-progress">
                {t('scoreEntryPage.progress', { entered: sheetRef.entered, expected: sheetRef.expected })}
              </span>
            )}
          </div>
        )}
      </div>
      <section className="score-entry-section">
        {loading ? (
          <div className="score-entry-loading">
            <Spin />
          </div>
        ) : !batch ? (
          <Empty description={t('scoreEntryPage.noBatch')} data-testid="score-entry-no-batch" />
        ) : !sheetRef ? (
          <Empty description={t('scoreEntryPage.noClass')} data-testid="score-entry-no-class" />
        ) : (
          <SheetPanel key={`${batch.id}-${sheetRef.classId}`} batch={batch} classId={sheetRef.classId} onChanged={onChanged} />
        )}
      </section>
    </div>
  );
}
