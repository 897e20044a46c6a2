import { useMemo } from 'react';
import { Alert, Form, Input, InputNumber, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_COMMENT_MAX,
  HOMEWORK_GRADES,
  REVISION_NOTE_MAX,
  homeworkApproveSchema,
  homeworkCorrectSchema,
  homeworkRevisionSchema,
  type HomeworkGrade,
  type HomeworkWorkRow,
} from '@campus/contract';
import { approveRevisions, askRevision, correctWorks } from '../../../api/homework.ts';
import { feedback } from '../../../app/feedback.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';

export type WorkActionKind = 'correct' | 'revise' | 'approve';

/** A correction, revision request or approval of one or several students' work. */
export interface WorkAction {
  kind: WorkActionKind;
  /** The students it applies to (those whose status allows it). */
  students: Pick<HomeworkWorkRow, 'studentId' | 'studentName' | 'studentNumber' | 'comment' | 'score' | 'grade' | 'status'>[];
  /** Ticked students left out because their status does not allow it. */
  skipped?: number;
}

interface ActionValues {
  comment?: string;
  score?: number | null;
  grade?: HomeworkGrade | null;
  note?: string;
}

const TITLES: Record<WorkActionKind, string> = {
  correct: 'assignments.correctTitle',
  revise: 'assignments.reviseTitle',
  approve: 'assignments.approveTitle',
};

const correctFields = homeworkCorrectSchema.pick({ comment: true, score: true, grade: true });
const revisionFields = homeworkRevisionSchema.pick({ note: true });
const approveFields = homeworkApproveSchema.pick({ comment: true });

/** Whom the dialog acts on: the student, or how many with their names. */
function Students({ action }: { action: WorkAction }) {
  const { t } = useTranslation();
  const { students, skipped = 0 } = action;
  return (
    <div className="assignment-action-students" data-testid="assignment-action-students" data-count={students.length}>
      {students.length === 1 ? (
        <Typography.Text strong className="assignment-data">{`${students[0].studentName} · ${students[0].studentNumber}`}</Typography.Text>
      ) : (
        <>
          <Typography.Text strong>{t('assignments.selectedStudents', { count: students.length })}</Typography.Text>
          <Space size={[4, 4]} wrap className="assignment-action-names">
            {students.slice(0, 20).map((s) => (
              <Tag key={s.studentId} className="assignment-data">
                {s.studentName}
              </Tag>
            ))}
            {students.length > 20 && <Tag>+{students.length - 20}</Tag>}
          </Space>
        </>
      )}
      {skipped > 0 && <Alert type="info" showIcon title={t('assignments.skipped', { count: skipped })} className="assignment-action-skipped" data-testid="assignment-action-skipped" />}
    </div>
  );
}

export interface WorkActionDialogProps {
  assignmentId: number;
  graded: boolean;
  action: WorkAction | null;
  onClose: () => void;
  /** After the server accepted (its message has been shown). */
  onDone: () => void;
}

/**
 * Correcting (comment, and a score or grade when the assignment is graded), asking for a revision (a note of
 * what to change) or approving revisions, for one student or the ticked ones at once.
 */
export function WorkActionDialog({ assignmentId, graded, action, onClose, onDone }: WorkActionDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const kind = action?.kind ?? 'correct';
  const single = action?.students.length === 1 ? action.students[0] : undefined;
  // One student already corrected: the correction is written again from the one there.
  const initialValues = useMemo<Partial<ActionValues>>(
    () => (kind === 'correct' && single ? { comment: single.comment ?? '', score: single.score, grade: single.grade } : {}),
    [kind, single],
  );

  const submit = async (values: ActionValues) => {
    if (!action) return;
    const studentIds = action.students.map((s) => s.studentId);
    let msg: string;
    if (action.kind === 'correct') {
      msg = await correctWorks({
        assignmentId,
        studentIds,
        comment: (values.comment ?? '').trim(),
        score: graded ? (values.score ?? null) : null,
        grade: graded ? (values.grade ?? null) : null,
      });
    } else if (action.kind === 'revise') {
      msg = await askRevision(assignmentId, studentIds, (values.note ?? '').trim());
    } else {
      msg = await approveRevisions(assignmentId, studentIds, (values.comment ?? '').trim());
    }
    feedback().message.success(msg || t('assignments.done'));
    onDone();
  };

  return (
    <FormDialog<ActionValues>
      open={!!action}
      mode="add"
      title={t(TITLES[kind])}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={submit}
      width={phone ? undefined : 600}
      data-testid="assignment-action"
    >
      {(form) => (
        <>
          {action && <Students action={action} />}
          {kind === 'correct' && <CorrectFields form={form} graded={graded} />}
          {kind === 'revise' && (
            <Form.Item name="note" label={t('assignments.revisionNote')} required rules={[zodRule(revisionFields, 'note', form)]}>
              <Input.TextArea maxLength={REVISION_NOTE_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('assignments.revisionNoteHint')} data-testid="assignment-action-note" />
            </Form.Item>
          )}
          {kind === 'approve' && (
            <Form.Item name="comment" label={t('assignments.comment')} rules={[zodRule(approveFields, 'comment', form)]}>
              <Input.TextArea maxLength={CORRECTION_COMMENT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('assignments.approveHint')} data-testid="assignment-action-comment" />
            </Form.Item>
          )}
        </>
      )}
    </FormDialog>
  );
}

function CorrectFields({ form, graded }: { form: FormInstance<ActionValues>; graded: boolean }) {
  const { t } = useTranslation();
  // A graded assignment needs a score or a grade (or both); the server checks the same.
  const needed: RuleObject = {
    validator: async () => {
      if (!graded) return;
      const { score, grade } = form.getFieldsValue(true) as ActionValues;
      if ((score === null || score === undefined) && !grade) throw new Error(t('homework.scoreOrGradeRequired'));
    },
  };
  return (
    <>
      {graded && (
        <div className="assignment-form-row">
          <Form.Item name="score" label={t('assignments.score')} required dependencies={['grade']} rules={[zodRule(correctFields, 'score', form), needed]} extra={t('assignments.scoreHint')}>
            <InputNumber min={0} max={100} step={1} style={{ width: '100%' }} placeholder="0-100" data-testid="assignment-action-score" />
          </Form.Item>
          <Form.Item name="grade" label={t('assignments.grade')}>
            <Select
              allowClear
              options={HOMEWORK_GRADES.map((value) => ({ value, label: value }))}
              placeholder={t('assignments.gradeHint')}
              data-testid="assignment-action-grade"
            />
          </Form.Item>
        </div>
      )}
      <Form.Item name="comment" label={t('assignments.comment')} rules={[zodRule(correctFields, 'comment', form)]}>
        <Input.TextArea maxLength={CORRECTION_COMMENT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('assignments.commentHint')} data-testid="assignment-action-comment" />
      </Form.Item>
    </>
  );
}
