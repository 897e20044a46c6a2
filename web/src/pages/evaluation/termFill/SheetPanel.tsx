import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Result, Space, Spin, Tag, Tooltip } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EvaluationItem, EvaluationSheet, EvaluationSheetRow } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { FillGrid } from './FillGrid.tsx';
import { buildSaveRows, chunk, evaluateRow, fillColumn, pruneEdits, sheetTotals, withEdit, type CellValue, type Edits, type RowState } from './fillModel.ts';
import { SAVE_ROWS_MAX, errorMessage, fetchSheet, fillKeys, saveSheet } from './termFillCalls.ts';

const NO_ITEMS: EvaluationItem[] = [];
const NO_ROWS: EvaluationSheetRow[] = [];

/**
 * The rows' states, each computed again only when its row or its own edits changed (so that typing in one
 * cell draws one row's cells again, not the class's).
 */
function useRowStates(rows: readonly EvaluationSheetRow[], items: readonly EvaluationItem[], edits: Edits): Map<number, RowState> {
  const [cache] = useState(() => new Map<number, { inputs: unknown[]; state: RowState }>());
  return useMemo(() => {
    const states = new Map<number, RowState>();
    for (const row of rows) {
      const inputs = [row, edits[row.studentId], items];
      let hit = cache.get(row.studentId);
      if (!hit || hit.inputs.some((input, index) => input !== inputs[index])) {
        hit = { inputs, state: evaluateRow(row, items, edits[row.studentId]) };
        cache.set(row.studentId, hit);
      }
      states.set(row.studentId, hit.state);
    }
    return states;
  }, [rows, items, edits, cache]);
}

/** Why a sheet is only read: the period not begun or over, else the class is not the caller's. */
export function readOnlyText(t: (key: string, values?: Record<string, string>) => string, sheet: Pick<EvaluationSheet, 'theme' | 'className'>): string {
  const values = { name: sheet.theme.name, start: sheet.theme.fillStart, end: sheet.theme.fillEnd, className: sheet.className };
  if (sheet.theme.period === 'notStarted') return t('termFillPage.readOnly.notStarted', values);
  if (sheet.theme.period === 'closed') return t('termFillPage.readOnly.closed', values);
  return t('termFillPage.readOnly.notYours', values);
}

export interface SheetPanelProps {
  themeId: number;
  classId: number;
  /** Reports how many rows differ from those read (the page asks before leaving them). */
  onChanged: (count: number) => void;
}

/** One class's sheet of a theme: the counters, saving and discarding, the grid. */
export function SheetPanel({ themeId, classId, onChanged }: SheetPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Read again only when asked (after a save, "load the latest"): a fresh read moves each row's `since`,
  // and with it the right to overwrite what others saved meanwhile.
  const query = useQuery({
    queryKey: fillKeys.sheet(themeId, classId),
    queryFn: ({ signal }) => fetchSheet(themeId, classId, signal),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const sheet = query.data;
  const items = sheet?.theme.items ?? NO_ITEMS;
  const rows = sheet?.rows ?? NO_ROWS;
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const states = useRowStates(rows, items, edits);
  const totals = useMemo(() => sheetTotals(states), [states]);
  const readOnly = !sheet?.editable;
  const latest = useRef({ rows, edits });
  useEffect(() => {
    latest.current = { rows, edits };
  });

  useEffect(() => {
    onChanged(totals.changed);
  }, [totals.changed, onChanged]);
  useEffect(() => () => onChanged(0), [onChanged]);

  const onEdit = useCallback((studentId: number, itemId: number, value: CellValue) => {
    const row = latest.current.rows.find((item) => item.studentId === studentId);
    if (row) setEdits((previous) => withEdit(previous, row, itemId, value));
  }, []);

  const onFillColumn = useCallback(
    (item: EvaluationItem, option: string) => {
      const filled = fillColumn(latest.current.edits, latest.current.rows, item.id, option);
      setEdits(filled.edits);
      if (filled.count) feedback().message.info(t('termFillPage.columnFilled', { count: filled.count, item: item.name, option }));
      else feedback().message.info(t('termFillPage.columnFull', { item: item.name }));
    },
    [t],
  );

  /** Reads the sheet again, keeping what was typed (an answer now the same as the one read is no edit any more). */
  const reload = async () => {
    const fresh = await query.refetch();
    if (fresh.data) {
      const freshRows = fresh.data.rows;
      setEdits((previous) => pruneEdits(previous, freshRows));
    }
  };

  if (query.isPending) {
    return (
      <div className="evaluation-fill-loading">
        <Spin />
      </div>
    );
  }
  if (!sheet) {
    return (
      <Result
        status="warning"
        title={errorMessage(query.error) || t('termFillPage.sheetFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        data-testid="evaluation-fill-sheet-error"
      />
    );
  }

  const save = async () => {
    const saveRows = buildSaveRows(rows, items, edits, states);
    if (!saveRows.length) return;
    const parts = chunk(saveRows, SAVE_ROWS_MAX);
    setSaving(true);
    setRefusal(null);
    let saved = 0;
    let msg = '';
    try {
      for (const part of parts) {
        const answer = await saveSheet({ themeId, classId, rows: part });
        saved += answer.saved;
        msg = answer.msg;
      }
      feedback().message.success(parts.length === 1 && msg ? msg : t('termFillPage.saved', { count: saved }));
    } catch (error) {
      // The request client has shown the server's message; everything typed stays, still unsaved.
      setRefusal(errorMessage(error) || t('termFillPage.saveFailed'));
    } finally {
      if (saved) {
        await reload().catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: ['evaluation', 'themes'] });
      }
      setSaving(false);
    }
  };

  const discard = () => {
    feedback().modal.confirm({
      title: t('termFillPage.discardTitle'),
      content: t('termFillPage.discardConfirm', { count: totals.changed }),
      okText: t('termFillPage.discard'),
      cancelText: t('manage.cancel'),
      onOk: () => {
        setEdits({});
        setRefusal(null);
      },
    });
  };

  const saveBlocked = readOnly
    ? t('termFillPage.readOnlyShort')
    : totals.invalid
      ? t('termFillPage.fixInvalid', { count: totals.invalid })
      : !totals.changed
        ? t('termFillPage.noChanges')
        : undefined;

  return (
    <div className="evaluation-fill-sheet" data-testid="evaluation-fill-sheet">
      {readOnly && <Alert type="warning" showIcon title={readOnlyText(t, sheet)} description={t('termFillPage.readOnlyHint')} data-testid="evaluation-fill-read-only" />}
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={refusal}
          description={t('termFillPage.refusalKept')}
          action={
            <Button
              size="small"
              loading={query.isFetching}
              onClick={() => {
                setRefusal(null);
                void reload();
              }}
              data-testid="evaluation-fill-reload-keep"
            >
              {t('termFillPage.reloadKeep')}
            </Button>
          }
          data-testid="evaluation-fill-refusal"
        />
      )}
      {sheet.theme.remarks && <div className="evaluation-fill-muted evaluation-fill-remarks">{sheet.theme.remarks}</div>}
      <div className="evaluation-fill-toolbar">
        <Space size={[8, 4]} wrap>
          <Tag color={rows.length && totals.filled >= rows.length ? 'green' : 'blue'} className="evaluation-fill-tag" data-testid="evaluation-fill-filled">
            {t('termFillPage.filled', { filled: totals.filled, total: rows.length })}
          </Tag>
          {totals.changed > 0 && (
            <Tag color="gold" className="evaluation-fill-tag" data-testid="evaluation-fill-changed">
              {t('termFillPage.changed', { count: totals.changed })}
            </Tag>
          )}
          {totals.incomplete > 0 && (
            <Tag color="orange" className="evaluation-fill-tag" data-testid="evaluation-fill-incomplete">
              {t('termFillPage.incomplete', { count: totals.incomplete })}
            </Tag>
          )}
          {totals.invalid > 0 && (
            <Tag color="red" className="evaluation-fill-tag" data-testid="evaluation-fill-invalid">
              {t('termFillPage.invalid', { count: totals.invalid })}
            </Tag>
          )}
        </Space>
        {!readOnly && (
          <Space size={[8, 8]} wrap>
            <Button icon={<UndoOutlined />} disabled={!totals.changed} onClick={discard} data-testid="evaluation-fill-discard">
              {t('termFillPage.discard')}
            </Button>
            <Tooltip title={saving ? undefined : saveBlocked}>
              <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!!saveBlocked} onClick={() => void save()} data-testid="evaluation-fill-save">
                {totals.changed ? t('termFillPage.saveCount', { count: totals.changed }) : t('termFillPage.save')}
              </Button>
            </Tooltip>
          </Space>
        )}
      </div>
      {rows.length === 0 ? (
        <Empty description={t('termFillPage.noStudents')} data-testid="evaluation-fill-no-students" />
      ) : items.length === 0 ? (
        <Empty description={t('termFillPage.noItems')} data-testid="evaluation-fill-no-items" />
      ) : (
        <FillGrid items={items} rows={rows} edits={edits} states={states} readOnly={readOnly} onEdit={onEdit} onFillColumn={onFillColumn} />
      )}
    </div>
  );
}
