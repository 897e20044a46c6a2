import { useState } from 'react';
import { Alert, Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChoiceChangeRow, ChoiceChangeStatus, MyShiftBatch, ShiftBatchStatus } from '@campus/contract';
import { BATCH_STATUS_COLOURS, CHANGE_STATUS_COLOURS, chooseSubjects } from '../../../api/shiftChoice.ts';
import { feedback } from '../../../app/feedback.ts';
import { refusalOf } from '../common/parts.tsx';
import { ChoicePicker } from './ChoicePicker.tsx';
import { choiceHint, chosenNames, listSeparator, sameChoice } from './rules.ts';

export function BatchStatusTag({ status, testId }: { status: ShiftBatchStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={BATCH_STATUS_COLOURS[status]} className="elective-tag" data-testid={testId}>
      {t(`shift.status.${status}`)}
    </Tag>
  );
}

export function ChangeStatusTag({ status, testId }: { status: ChoiceChangeStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={CHANGE_STATUS_COLOURS[status]} className="elective-tag" data-testid={testId}>
      {t(`shiftChoice.changeStatus.${status}`)}
    </Tag>
  );
}

export interface BatchCardProps {
  item: MyShiftBatch;
  /** The student chosen for (a student: themselves). */
  studentId: number;
  phone: boolean;
  onAskChange: (item: MyShiftBatch) => void;
  /** Reads the page again after a save (or a refusal: the window may have closed meanwhile). */
  onSaved: () => Promise<unknown>;
}

/**
 * A batch of the child's grade: its window and status, the subjects by group with the choice (to choose inside
 * the window, read-only before and after it), the change requests after the window and the published classes.
 */
export function BatchCard({ item, studentId, phone, onAskChange, onSaved }: BatchCardProps) {
  const { t, i18n } = useTranslation();
  const { batch, courses, chosen } = item;
  const [draft, setDraft] = useState<number[]>(chosen);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const hint = choiceHint(t, batch.scheme, courses, draft);
  const unchanged = sameChoice(draft, chosen);
  const pending = item.changes.some((change) => change.status === 'pending');
  const id = batch.id;

  const save = async () => {
    setBusy(true);
    setRefusal('');
    try {
      const msg = await chooseSubjects({ batchId: id, studentId, batchCourseIds: draft });
      feedback().message.success(msg || t('shift.choiceSaved'));
    } catch (error) {
      // The client has shown it as a toast too; kept on the card, where a long reason can be read on a phone.
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
      await onSaved();
    }
  };

  return (
    <article className={`shift-choice-card is-${batch.status}`} data-testid={`shift-choice-batch-${id}`}>
      <header className="shift-choice-card-head">
        <span className="shift-choice-card-name">{batch.name}</span>
        <span className="shift-choice-card-tags">
          <Tag className="elective-tag">{t(`shiftChoice.scheme.${batch.scheme}`)}</Tag>
          <BatchStatusTag status={batch.status} testId={`shift-choice-status-${id}`} />
        </span>
      </header>
      <dl className="shift-choice-facts">
        <dt>{t('shiftChoice.term')}</dt>
        <dd>{batch.termName || '—'}</dd>
        <dt>{t('shiftChoice.window')}</dt>
        <dd>{t('shiftChoice.windowText', { start: batch.choiceStart, end: batch.choiceEnd })}</dd>
      </dl>

      {batch.status === 'notStarted' && <Alert type="info" showIcon title={t('shiftChoice.opensAt', { start: batch.choiceStart })} data-testid={`shift-choice-opens-${id}`} />}
      {batch.status === 'inProgress' && (
        <Typography.Text type="secondary" className="elective-small">
          {t(batch.scheme === '33' ? 'shiftChoice.rule33' : 'shiftChoice.rule312', { end: batch.choiceEnd })}
        </Typography.Text>
      )}

      {batch.status !== 'notStarted' && (
        <div className={`shift-choice-current${chosen.length ? '' : ' is-empty'}`} data-testid={`shift-choice-chosen-${id}`}>
          <span className="shift-choice-current-label">{t('shiftChoice.current')}</span>
          <span className="shift-choice-current-names">{chosen.length ? chosenNames(t, i18n.language, courses, chosen) : t('shiftChoice.notChosen')}</span>
        </div>
      )}

      {courses.length === 0 ? (
        <Typography.Text type="secondary">{t('shift.noCourses')}</Typography.Text>
      ) : (
        <ChoicePicker scheme={batch.scheme} courses={courses} value={item.canChoose ? draft : chosen} onChange={setDraft} readOnly={!item.canChoose} testIdPrefix={`shift-choice-option-${id}`} />
      )}

      {item.canChoose && courses.length > 0 && (
        <div className="shift-choice-actions">
          <Typography.Text type={hint ? 'warning' : 'secondary'} className="elective-small" data-testid={`shift-choice-hint-${id}`}>
            {hint || (unchanged ? t('shiftChoice.savedHint') : t('shiftChoice.readyHint'))}
          </Typography.Text>
          <span className="shift-choice-buttons">
            {!unchanged && chosen.length > 0 && (
              <Button block={phone} size="large" onClick={() => setDraft(chosen)} disabled={busy} data-testid={`shift-choice-reset-${id}`}>
                {t('shiftChoice.reset')}
              </Button>
            )}
            <Button type="primary" size="large" block={phone} disabled={!!hint || unchanged} loading={busy} onClick={() => void save()} data-testid={`shift-choice-save-${id}`}>
              {t('shiftChoice.save')}
            </Button>
          </span>
        </div>
      )}
      {refusal && <Alert type="error" showIcon closable={{ onClose: () => setRefusal('') }} title={refusal} data-testid={`shift-choice-refusal-${id}`} />}

      {batch.status === 'ended' && (
        <div className="shift-choice-actions">
          <Typography.Text type="secondary" className="elective-small">
            {t(pending ? 'shiftChoice.pendingHint' : chosen.length ? 'shiftChoice.changeHint' : 'shiftChoice.noChoiceHint')}
          </Typography.Text>
          {item.canRequestChange && (
            <Button size="large" block={phone} onClick={() => onAskChange(item)} data-testid={`shift-choice-ask-${id}`}>
              {t('shiftChoice.askChange')}
            </Button>
          )}
        </div>
      )}

      {item.changes.length > 0 && <ChangeList changes={item.changes} batchId={id} separator={listSeparator(i18n.language)} />}
      {item.classes.length > 0 && <ClassList classes={item.classes} batchId={id} />}
    </article>
  );
}

function ChangeList({ changes, batchId, separator }: { changes: ChoiceChangeRow[]; batchId: number; separator: string }) {
  const { t } = useTranslation();
  return (
    <section className="shift-choice-section" data-testid={`shift-choice-changes-${batchId}`}>
      <div className="shift-choice-section-title">{t('shiftChoice.changes', { count: changes.length })}</div>
      <ul className="shift-choice-list">
        {changes.map((change) => (
          <li key={change.id} className="shift-choice-change" data-testid={`shift-choice-change-${change.id}`}>
            <div className="shift-choice-change-head">
              <ChangeStatusTag status={change.status} testId={`shift-choice-change-status-${change.id}`} />
              <span className="shift-choice-muted">{t('shiftChoice.askedAt', { at: change.createdAt })}</span>
            </div>
            <dl className="shift-choice-facts">
              <dt>{t('shiftChoice.from')}</dt>
              <dd>{change.fromNames.join(separator) || '—'}</dd>
              <dt>{t('shiftChoice.to')}</dt>
              <dd>{change.toNames.join(separator) || '—'}</dd>
              <dt>{t('shiftChoice.reason')}</dt>
              <dd className="elective-prewrap">{change.reason}</dd>
              {change.reviewedAt && (
                <>
                  <dt>{t('shiftChoice.reviewed')}</dt>
                  <dd>{t('shiftChoice.reviewedBy', { name: change.reviewerName || '—', at: change.reviewedAt })}</dd>
                </>
              )}
              {change.reviewComment && (
                <>
                  <dt>{t('shiftChoice.comment')}</dt>
                  <dd className="elective-prewrap" data-testid={`shift-choice-change-comment-${change.id}`}>
                    {change.reviewComment}
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ClassList({ classes, batchId }: { classes: MyShiftBatch['classes']; batchId: number }) {
  const { t } = useTranslation();
  return (
    <section className="shift-choice-section" data-testid={`shift-choice-classes-${batchId}`}>
      <div className="shift-choice-section-title">{t('shiftChoice.classes')}</div>
      <ul className="shift-choice-list">
        {classes.map((item, index) => (
          <li key={`${item.name}-${index}`} className="shift-choice-class">
            <span className="shift-choice-class-name">{item.name}</span>
            <dl className="shift-choice-facts">
              <dt>{t('shiftChoice.teacher')}</dt>
              <dd>{item.teacherName || '—'}</dd>
              <dt>{t('shiftChoice.room')}</dt>
              <dd>{item.classroomName || '—'}</dd>
              <dt>{t('shiftChoice.times')}</dt>
              <dd>{item.times || '—'}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
