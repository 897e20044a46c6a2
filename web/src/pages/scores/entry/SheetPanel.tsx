import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Result, Space, Spin, Tag, Tooltip } from 'antd';
import { DownloadOutlined, SaveOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScoreEntryBatch, ScoreSheet } from '@campus/contract';
import { ApiError } from '../../../api/client.ts';
import { feedback } from '../../../app/feedback.ts';
import { ImportDialog } from '../../../components/ImportDialog/index.ts';
import { ScoreGrid, type CellAddress } from './ScoreGrid.tsx';
import { closedText } from './entryTexts.ts';
import {
  applyPaste,
  applySaved,
  buildSave,
  displayValue,
  editsAfterSave,
  evaluateRow,
  parseClipboard,
  sheetColumns,
  sheetStats,
  withEdit,
  type Edits,
  type MarkLabels,
  type MarkWords,
  type RowState,
  type SheetColumn,
  type SheetState,
} from './sheetModel.ts';
import { exportSheet, exportUrl, fetchScoreSheet, importUrl, saveScores, scoreEntryKeys, type ScoreImportResult } from './scoreEntryCalls.ts';

export interface SheetPanelProps {
  batch: ScoreEntryBatch;
  classId: number;
  /** Reports how many subject cells differ from the values read (the page asks before leaving them). */
  onChanged: (count: number) => void;
}

/** The words that mean absent and exempt: both languages' and the shortcut letters (a / q absent, e / m exempt). */
function useMarkWords(): MarkWords {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const [zh, en] = [i18n.getFixedT('zh'), i18n.getFixedT('en')];
    return {
      absent: [zh('scoreEntry.absent'), en('scoreEntry.absent'), 'a', 'q'],
      exempt: [zh('scoreEntry.exempt'), en('scoreEntry.exempt'), 'e', 'm'],
    };
  }, [i18n]);
}

/**
 * The rows' states, each computed again only when its row or its own edits changed (so that typing in one
 * cell redraws one row of the grid, not the class).
 */
function useSheetState(sheet: ScoreSheet | undefined, columns: readonly SheetColumn[], edits: Edits, words: MarkWords, labels: MarkLabels): SheetState {
  const [cache] = useState(() => new Map<number, { inputs: unknown[]; state: RowState }>());
  return useMemo(() => {
    const rows = new Map<number, RowState>();
    let invalid = 0;
    let changed = 0;
    for (const row of sheet?.rows ?? []) {
      const rowEdits = edits[row.studentId];
      const inputs = [row, rowEdits, sheet!.subjects, columns, words, labels];
      let hit = cache.get(row.studentId);
      if (!hit || hit.inputs.some((input, index) => input !== inputs[index])) {
        hit = { inputs, state: evaluateRow(row, sheet!.subjects, columns, rowEdits, words, labels) };
        cache.set(row.studentId, hit);
      }
      rows.set(row.studentId, hit.state);
      invalid += Object.values(hit.state.cells).filter((cell) => cell.problem).length;
      changed += hit.state.changed.length;
    }
    return { rows, invalid, changed };
  }, [sheet, columns, edits, words, labels, cache]);
}

/** One class's sheet of a batch: the toolbar, the grid with its statistics, saving, export and import. */
export function SheetPanel({ batch, classId, onChanged }: SheetPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sheetKey = scoreEntryKeys.sheet(batch.id, classId);
  // Read again only when asked (discard, "load the latest", after an import): a fresh read takes the columns'
  // new versions, and with them the right to overwrite what others saved meanwhile.
  const query = useQuery({ queryKey: sheetKey, queryFn: ({ signal }) => fetchScoreSheet(batch.id, classId, signal), refetchOnWindowFocus: false, refetchOnReconnect: false });
  const sheet = query.data;
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [active, setActive] = useState<CellAddress | null>(null);
  const words = useMarkWords();
  const labels = useMemo<MarkLabels>(() => ({ absent: t('scoreEntry.absent'), exempt: t('scoreEntry.exempt') }), [t]);
  const columns = useMemo(() => sheetColumns(sheet?.subjects ?? []), [sheet?.subjects]);
  const state = useSheetState(sheet, columns, edits, words, labels);
  const stats = useMemo(() => (sheet ? sheetStats(sheet, columns, state) : {}), [sheet, columns, state]);
  // The sheet's own batch is the fresher: it was read with the sheet.
  const current = sheet?.batch ?? batch;
  const readOnly = !current.open;
  const latest = useRef({ sheet, edits, state });
  useEffect(() => {
    latest.current = { sheet, edits, state };
  });

  useEffect(() => {
    onChanged(state.changed);
  }, [state.changed, onChanged]);
  useEffect(() => () => onChanged(0), [onChanged]);

  const onEdit = useCallback((studentId: number, key: string, text: string | undefined) => setEdits((previous) => withEdit(previous, studentId, key, text)), []);

  /** A cell left: a value typed in another form (a shortcut letter, trailing zeros) is written as it shows. */
  const onLeave = useCallback(
    (at: CellAddress) => {
      const typed = latest.current.edits[at.studentId]?.[at.key];
      const cell = latest.current.state.rows.get(at.studentId)?.cells[at.key];
      if (typed === undefined || !cell || cell.parsed.kind === 'invalid' || cell.parsed.kind === 'empty') return;
      const shown = displayValue(cell.parsed, labels);
      if (shown !== typed) setEdits((previous) => withEdit(previous, at.studentId, at.key, shown));
    },
    [labels],
  );

  const onPasteBlock = useCallback(
    (at: CellAddress, text: string) => {
      const { sheet: now, edits: before } = latest.current;
      if (!now) return;
      const pasted = applyPaste(before, now.rows, columns, at.row, at.column, parseClipboard(text));
      setEdits(pasted.edits);
      const bad = pasted.filled.filter(({ studentId, key }) => {
        const row = now.rows.find((item) => item.studentId === studentId)!;
        return !!evaluateRow(row, now.subjects, columns, pasted.edits[studentId], words, labels).cells[key]?.problem;
      }).length;
      const ignored = pasted.ignored ? ` ${t('scoreEntryPage.pasteIgnored', { count: pasted.ignored })}` : '';
      if (bad) feedback().message.warning(`${t('scoreEntryPage.pasteInvalid', { count: bad })}${ignored}`);
      else feedback().message.info(`${t('scoreEntryPage.pasted', { count: pasted.filled.length })}${ignored}`);
    },
    [columns, words, labels, t],
  );

  if (query.isPending) {
    return (
      <div className="score-entry-loading">
        <Spin />
      </div>
    );
  }
  if (!sheet) {
    return (
      <Result
        status="warning"
        title={query.error instanceof ApiError ? query.error.message : t('scoreEntryPage.sheetFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('scoreEntryPage.retry')}</Button>}
        data-testid="score-entry-sheet-error"
      />
    );
  }

  const save = async () => {
    const body = buildSave(sheet, state);
    if (!body) return;
    const sent = edits;
    setSaving(true);
    setRefusal(null);
    try {
      const { result, msg } = await saveScores(body);
      queryClient.setQueryData<ScoreSheet>(sheetKey, (old) => (old ? applySaved(old, body, result) : old));
      setEdits((now) => editsAfterSave(now, sent));
      feedback().message.success(msg || t('scoreEntryPage.saved', { count: body.cells.length }));
      void queryClient.invalidateQueries({ queryKey: scoreEntryKeys.optionsAll });
    } catch (error) {
      // The request client has shown the server's message; everything typed stays, still unsaved.
      if (error instanceof ApiError) setRefusal(error.message);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    feedback().modal.confirm({
      title: t('scoreEntryPage.discardTitle'),
      content: t('scoreEntryPage.discardConfirm', { count: state.changed }),
      okText: t('scoreEntryPage.discard'),
      cancelText: t('manage.cancel'),
      onOk: () => {
        setEdits({});
        setRefusal(null);
        void query.refetch();
      },
    });
  };

  const download = async () => {
    setExporting(true);
    try {
      await exportSheet(batch.id, classId, t('scoreEntry.exportName', { batch: current.name, class: sheet.className }));
    } catch {
      // The request client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const saveBlocked = readOnly ? t('scoreEntryPage.closedShort') : state.invalid ? t('scoreEntryPage.fixInvalid', { count: state.invalid }) : !state.changed ? t('scoreEntryPage.noChanges') : undefined;
  const activeRow = active ? sheet.rows.find((row) => row.studentId === active.studentId) : undefined;
  const activeCell = active ? state.rows.get(active.studentId)?.cells[active.key] : undefined;
  const activeColumn = active ? columns.find((column) => column.key === active.key) : undefined;
  const activeSubject = activeColumn ? sheet.subjects.find((subject) => subject.courseId === activeColumn.courseId) : undefined;
  const activePart = activeColumn?.itemId ? activeSubject?.items.find((item) => item.id === activeColumn.itemId) : undefined;

  return (
    <div className="score-entry-sheet" data-testid="score-entry-sheet">
      {readOnly && <Alert type="warning" showIcon title={closedText(t, current)} data-testid="score-entry-closed" />}
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={refusal}
          description={t('scoreEntryPage.refusalKept')}
          action={
            <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching} data-testid="score-entry-reload-keep">
              {t('scoreEntryPage.reloadKeep')}
            </Button>
          }
          data-testid="score-entry-refusal"
        />
      )}
      <div className="score-entry-toolbar">
        <Space size={[8, 4]} wrap className="score-entry-counters">
          <Tag color={state.changed ? 'gold' : undefined} className="score-entry-tag" data-testid="score-entry-changed">
            {t('scoreEntryPage.changed', { count: state.changed })}
          </Tag>
          {state.invalid > 0 && (
            <Tag color="red" className="score-entry-tag" data-testid="score-entry-invalid">
              {t('scoreEntryPage.invalid', { count: state.invalid })}
            </Tag>
          )}
          <span className="score-entry-muted score-entry-nowrap">{t('scoreEntryPage.studentCount', { count: sheet.rows.length })}</span>
        </Space>
        <Space size={[8, 8]} wrap className="score-entry-actions">
          <Button icon={<UndoOutlined />} disabled={!state.changed && !Object.keys(edits).length} onClick={discard} data-testid="score-entry-discard">
            {t('scoreEntryPage.discard')}
          </Button>
          {!readOnly && (
            <Tooltip title={state.changed ? t('scoreEntryPage.importBlocked') : undefined}>
              <Button icon={<UploadOutlined />} disabled={state.changed > 0} onClick={() => setImporting(true)} data-testid="score-entry-import">
                {t('scoreEntryPage.import')}
              </Button>
            </Tooltip>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="score-entry-export">
            {t('scoreEntryPage.export')}
          </Button>
          <Tooltip title={saving ? undefined : saveBlocked}>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!!saveBlocked} onClick={() => void save()} data-testid="score-entry-save">
              {state.invalid ? t('scoreEntryPage.saveInvalid', { count: state.invalid }) : state.changed ? t('scoreEntryPage.saveCount', { count: state.changed }) : t('scoreEntryPage.save')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {sheet.rows.length === 0 ? (
        <Empty description={t('scoreEntryPage.noStudents')} data-testid="score-entry-no-students" />
      ) : (
        <>
          <div className={activeCell?.problem ? 'score-entry-status score-entry-status-error' : 'score-entry-status'} aria-live="polite" data-testid="score-entry-status-line">
            {activeRow && activeSubject && activeCell?.problem
              ? `${activeRow.name} · ${activeSubject.courseName}${activePart ? ` ${activePart.name}` : ''}: ${t(activeCell.problem.key, activeCell.problem.params)}`
              : readOnly
                ? t('scoreEntryPage.readOnlyHint')
                : t('scoreEntryPage.keysHint', { absent: labels.absent, exempt: labels.exempt })}
          </div>
          <ScoreGrid sheet={sheet} columns={columns} rows={state.rows} stats={stats} labels={labels} readOnly={readOnly} onEdit={onEdit} onPasteBlock={onPasteBlock} onActive={setActive} onLeave={onLeave} />
        </>
      )}
      {!readOnly && (
        <ImportDialog<ScoreImportResult>
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => {
            setEdits({});
            setRefusal(null);
            void query.refetch();
            void queryClient.invalidateQueries({ queryKey: scoreEntryKeys.optionsAll });
          }}
          title={t('scoreEntryPage.importTitle', { class: sheet.className })}
          hint={t('scoreEntryPage.importHint', { absent: labels.absent, exempt: labels.exempt })}
          url={importUrl(batch.id, classId)}
          templateUrl={exportUrl(batch.id, classId)}
          templateName={t('scoreEntry.exportName', { batch: current.name, class: sheet.className })}
          purpose="scoreImport"
          successText={(result) => t('scoreEntry.imported', { saved: result.saved, cleared: result.cleared })}
          testId="score-entry-import"
        />
      )}
    </div>
  );
}
