import { useMemo, useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Radio, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CORRECTION_REASON_MAX, type MaintenanceRow, type MaintenanceSubject, type ScoreMark, type ScoreSheetCell } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { checkCorrection, draftChanged, DRAFT_KINDS, initialDraft, partsSum, showNumber, type Draft, type DraftIssue, type DraftKind } from './correctionModel.ts';
import { correctScores } from './maintenanceCalls.ts';

/** The word of a mark in the user's language (the score entry's words). */
export const markText = (t: TFunction, mark: ScoreMark | string) => (mark === 'absent' || mark === 'exempt' ? t(`scoreEntry.${mark}`) : mark);

/** A score or mark as shown: the mark's word, the number, or "no score". */
export function valueText(t: TFunction, score: number | null | undefined, mark: ScoreMark | string | null | undefined): string {
  if (mark) return markText(t, mark);
  if (score === null || score === undefined) return t('maintenancePage.none');
  return showNumber(score);
}

/** A cell of the table: the score (its parts beneath), the mark's word, or the dash. */
export function CellValue({ subject, cell, testId }: { subject: Pick<MaintenanceSubject, 'items'>; cell: ScoreSheetCell | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!cell || (cell.score === null && !cell.mark)) {
    return (
      <span className="score-maintenance-muted" data-testid={testId}>
        —
      </span>
    );
  }
  if (cell.mark) {
    return (
      <Tag className="score-maintenance-mark" color={cell.mark === 'absent' ? 'orange' : undefined} data-testid={testId}>
        {markText(t, cell.mark)}
      </Tag>
    );
  }
  const parts = subject.items.length && cell.parts ? subject.items.map((item) => `${item.name} ${cell.parts?.[String(item.id)] === undefined ? '—' : showNumber(cell.parts[String(item.id)]!)}`).join(' · ') : '';
  return (
    <span className="score-maintenance-value" data-testid={testId} title={parts || undefined}>
      {showNumber(cell.score!)}
    </span>
  );
}

const KIND_LABEL: Record<DraftKind, string> = {
  score: 'maintenancePage.kind.score',
  absent: 'scoreEntry.absent',
  exempt: 'scoreEntry.exempt',
  empty: 'maintenancePage.kind.empty',
};

/** The input of one subject's new value: the kind, then the score or one input per part with their sum. */
function DraftInput({ subject, draft, onChange, issue }: { subject: MaintenanceSubject; draft: Draft; onChange: (draft: Draft) => void; issue: DraftIssue | null }) {
  const { t } = useTranslation();
  const id = subject.courseId;
  const sum = partsSum(subject, draft);
  return (
    <div className="score-maintenance-draft">
      <Radio.Group
        size="small"
        optionType="button"
        value={draft.kind}
        onChange={(event) => onChange({ ...draft, kind: event.target.value as DraftKind })}
        options={DRAFT_KINDS.map((kind) => ({ value: kind, label: <span data-testid={`correct-kind-${id}-${kind}`}>{t(KIND_LABEL[kind])}</span> }))}
      />
      {draft.kind === 'score' &&
        (subject.items.length ? (
          <div className="score-maintenance-parts">
            {subject.items.map((item) => (
              <label key={item.id} className="score-maintenance-part">
                <span className="score-maintenance-part-name">{t('maintenancePage.partLabel', { name: item.name, max: showNumber(item.maxScore) })}</span>
                <InputNumber<number>
                  size="small"
                  value={draft.parts[String(item.id)] ?? null}
                  onChange={(value) => onChange({ ...draft, parts: { ...draft.parts, [String(item.id)]: typeof value === 'number' ? value : null } })}
                  status={issue ? 'error' : undefined}
                  style={{ width: 88 }}
                  aria-label={item.name}
                  data-testid={`correct-part-${id}-${item.id}`}
                />
              </label>
            ))}
            <span className="score-maintenance-sum" data-testid={`correct-sum-${id}`}>
              {t('maintenancePage.partsSum', { sum: sum === null ? '—' : showNumber(sum), max: showNumber(subject.fullMark) })}
            </span>
          </div>
        ) : (
          <InputNumber<number>
            size="small"
            value={draft.score}
            onChange={(value) => onChange({ ...draft, score: typeof value === 'number' ? value : null })}
            status={issue ? 'error' : undefined}
            placeholder={t('maintenancePage.scorePlaceholder', { max: showNumber(subject.fullMark) })}
            style={{ width: 120 }}
            aria-label={subject.courseName}
            data-testid={`correct-score-${id}`}
          />
        ))}
      {issue && (
        <div className="score-maintenance-issue" role="alert" data-testid={`correct-issue-${id}`}>
          {t(issue.key, issue.values)}
        </div>
      )}
    </div>
  );
}

export interface CorrectDialogProps {
  batch: { id: number; name: string } | null;
  subjects: MaintenanceSubject[];
  /** The student corrected, as the table showed them; null: closed. */
  row: MaintenanceRow | null;
  onClose: () => void;
  /** After the server accepted (the dialog closes). */
  onSaved: () => void;
}

/** The drafts a dialog opens with: each subject's current cell. */
const initialDrafts = (subjects: readonly MaintenanceSubject[], row: MaintenanceRow): Record<number, Draft> =>
  Object.fromEntries(subjects.map((subject) => [subject.courseId, initialDraft(subject, row.cells[String(subject.courseId)])]));

/** The body of the dialog, mounted afresh for each student (its drafts start from their cells). */
function CorrectForm({ batch, subjects, row, onClose, onSaved }: Omit<CorrectDialogProps, 'batch' | 'row'> & { batch: { id: number; name: string }; row: MaintenanceRow }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() => initialDrafts(subjects, row));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  const check = useMemo(() => checkCorrection(batch.id, row.studentId, reason, subjects, row.cells, drafts), [batch.id, row, reason, subjects, drafts]);
  const changedCount = check.body.cells.length;

  const shownIssue = (subject: MaintenanceSubject): DraftIssue | null => {
    const issue = check.subjectIssues[subject.courseId] ?? null;
    // A score not given yet is told only once a save is tried; a wrong one at once.
    if (!issue || (!tried && (issue.key === 'maintenancePage.error.scoreRequired' || issue.key === 'maintenancePage.error.partsIncomplete'))) return null;
    return issue;
  };

  const columns: TableColumnsType<MaintenanceSubject> = [
    {
      key: 'subject',
      title: t('maintenancePage.col.subject'),
      width: 130,
      render: (_: unknown, subject) => (
        <div className="score-maintenance-subject">
          <span>{subject.courseName}</span>
          <span className="score-maintenance-muted">{t('maintenancePage.fullMark', { max: showNumber(subject.fullMark) })}</span>
        </div>
      ),
    },
    {
      key: 'current',
      title: t('maintenancePage.col.current'),
      width: 100,
      render: (_: unknown, subject) => <CellValue subject={subject} cell={row.cells[String(subject.courseId)]} testId={`correct-current-${subject.courseId}`} />,
    },
    {
      key: 'next',
      title: t('maintenancePage.col.new'),
      render: (_: unknown, subject) => (
        <DraftInput subject={subject} draft={drafts[subject.courseId]!} onChange={(draft) => setDrafts((all) => ({ ...all, [subject.courseId]: draft }))} issue={shownIssue(subject)} />
      ),
    },
    {
      key: 'changed',
      title: '',
      width: 90,
      render: (_: unknown, subject) =>
        !draftChanged(subject, row.cells[String(subject.courseId)], drafts[subject.courseId]!) ? null : (
          <Tag color="blue" data-testid={`correct-changed-${subject.courseId}`}>
            {t('maintenancePage.changed')}
          </Tag>
        ),
    },
  ];

  const save = async () => {
    setTried(true);
    if (!check.ok) {
      if (check.unchanged && !Object.keys(check.subjectIssues).length) feedback().message.warning(t('scoreCorrection.unchanged'));
      return;
    }
    setSaving(true);
    try {
      const msg = await correctScores(check.body);
      feedback().message.success(msg || t('maintenancePage.saved', { name: row.name }));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the server's message; what was given stays to correct.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className="score-maintenance-dialog" data-testid="correct-dialog">
        <div className="score-maintenance-who" data-testid="correct-student">
          <strong>{row.name}</strong>
          <span>{row.studentNumber}</span>
          <span>{row.className}</span>
          <span className="score-maintenance-muted">{batch.name}</span>
        </div>
        <Typography.Text type="secondary" className="score-maintenance-hint">
          {t('maintenancePage.correctHint')}
        </Typography.Text>
        <Table<MaintenanceSubject> rowKey="courseId" size="small" pagination={false} columns={columns} dataSource={subjects} scroll={{ x: 'max-content' }} data-testid="correct-subjects" />
        <label className="score-maintenance-reason">
          <span className="score-maintenance-reason-label">
            <span className="score-maintenance-required">*</span>
            {t('maintenancePage.reason')}
          </span>
          <Input.TextArea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={CORRECTION_REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            status={tried && check.reasonIssue ? 'error' : undefined}
            placeholder={t('maintenancePage.reasonPlaceholder')}
            data-testid="correct-reason"
          />
        </label>
        {tried && check.reasonIssue && (
          <div className="score-maintenance-issue" role="alert" data-testid="correct-reason-error">
            {t(check.reasonIssue, { max: CORRECTION_REASON_MAX })}
          </div>
        )}
        {tried && check.unchanged && <Alert type="info" showIcon title={t('scoreCorrection.unchanged')} data-testid="correct-unchanged" />}
      </div>
      <div className="score-maintenance-footer">
        <span className="score-maintenance-muted" data-testid="correct-count">
          {t('maintenancePage.changedCount', { count: changedCount })}
        </span>
        <Button onClick={onClose} data-testid="correct-cancel">
          {t('manage.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="correct-save">
          {t('maintenancePage.saveCorrection')}
        </Button>
      </div>
    </>
  );
}

/** Corrects one student's scores of a batch: for each subject its current value and the new one, and the reason. */
export function CorrectDialog({ batch, subjects, row, onClose, onSaved }: CorrectDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!row && !!batch}
      title={row ? t('maintenancePage.correctTitle', { name: row.name }) : ''}
      onCancel={onClose}
      width={currentLanguage() === 'en' ? 900 : 820}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {row && batch && <CorrectForm key={`${batch.id}-${row.studentId}`} batch={batch} subjects={subjects} row={row} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
