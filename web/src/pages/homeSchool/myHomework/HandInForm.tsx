import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { EditOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  homeworkSubmitSchema,
  PARENT_MESSAGE_MAX,
  SUBMISSION_ATTACHMENTS,
  SUBMISSION_TEXT_MAX,
  UPLOAD_PURPOSES,
  type HomeworkSubmission,
  type MyHomeworkDetail,
} from '@campus/contract';
import { submitHomework } from '../../../api/homework.ts';
import { feedback } from '../../../app/feedback.ts';
import { FileUpload, type UploadedFile } from '../../../components/FileUpload/index.ts';
import { RecordingsField } from '../../../components/Recorder/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { RevisionNote } from './MyHomeworkParts.tsx';

interface HandInValues {
  text: string;
  images: string[];
  documents: string[];
  recordings: string[];
  parentMessage: string;
}

const ids = (submission: HomeworkSubmission | null, group: keyof HomeworkSubmission['attachments']) => submission?.attachments[group].map((file) => file.id) ?? [];

/** Names of the files already handed in, for the upload lists of a hand-in that replaces them. */
function knownFiles(homework: MyHomeworkDetail): Pick<UploadedFile, 'RESID' | 'name'>[] {
  return [homework.work.submission, homework.work.revision].flatMap((submission) =>
    submission ? Object.values(submission.attachments).flatMap((files) => files.map((file) => ({ RESID: file.id, name: file.name }))) : [],
  );
}

export interface HandInFormProps {
  homework: MyHomeworkDetail;
  /** A parent hands in for the child and may leave a message to the teacher. */
  parent: boolean;
  /** Handed in: the detail, the list and the counts load again. */
  onDone: () => void;
}

/**
 * Handing in: text, pictures (the camera on a phone), documents and recordings, and a parent's message to
 * the teacher. The same form hands in the revision a teacher asked for (with their note above it), and
 * replaces a submission the teacher has not opened yet (starting from what was handed in).
 */
export function HandInForm({ homework, parent, onDone }: HandInFormProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [form] = Form.useForm<HandInValues>();
  const { work } = homework;
  const revision = work.status === 'to_revise';
  const replacing = !revision && work.submission !== null;
  // Something handed in already shows above: changing it is a choice, not the first thing in the way.
  const [open, setOpen] = useState(!replacing);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const title = revision ? t('myHomework.handInRevision') : replacing ? t('myHomework.handInAgain') : t('myHomework.handIn');

  const send = async () => {
    const values = form.getFieldsValue(true) as Partial<HandInValues>;
    const parsed = homeworkSubmitSchema.safeParse({
      assignmentId: homework.assignmentId,
      studentId: homework.studentId,
      text: values.text ?? '',
      images: values.images ?? [],
      documents: values.documents ?? [],
      recordings: values.recordings ?? [],
      ...(parent ? { parentMessage: values.parentMessage ?? '' } : {}),
    });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'errors.badRequest'));
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await submitHomework(parsed.data);
      feedback().message.success(answer.msg || t(revision ? 'homework.revisionSubmitted' : answer.late ? 'homework.submittedLate' : 'homework.submitted'));
      onDone();
    } catch {
      // The request client has shown why (e.g. the teacher opened it meanwhile).
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <section className="my-homework-section my-homework-hand-in is-closed" aria-label={title} data-testid="my-homework-hand-in" data-mode="replace">
        <Typography.Text type="secondary">{t('myHomework.replaceHint')}</Typography.Text>
        <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="my-homework-change">
          {t('myHomework.change')}
        </Button>
      </section>
    );
  }

  const initialValues: HandInValues = replacing
    ? {
        text: work.submission?.text ?? '',
        images: ids(work.submission, 'images'),
        documents: ids(work.submission, 'documents'),
        recordings: ids(work.submission, 'recordings'),
        parentMessage: work.parentMessage,
      }
    : { text: '', images: [], documents: [], recordings: [], parentMessage: work.parentMessage };
  const known = knownFiles(homework);
  return (
    <section className="my-homework-section my-homework-hand-in" aria-label={title} data-testid="my-homework-hand-in" data-mode={revision ? 'revision' : replacing ? 'replace' : 'first'}>
      <div className="my-homework-section-title" data-testid="my-homework-hand-in-title">
        {title}
      </div>
      {revision && <RevisionNote work={work} />}
      {replacing && <Typography.Text type="secondary">{t('myHomework.replaceHint')}</Typography.Text>}
      {!revision && homework.ended && <Alert type="warning" showIcon title={t('myHomework.lateHint')} data-testid="my-homework-late-hint" />}
      <Form<HandInValues> form={form} layout="vertical" initialValues={initialValues} onValuesChange={() => setError(null)} className="my-homework-form" disabled={sending}>
        <Form.Item name="text" label={t('myHomework.text')}>
          <Input.TextArea maxLength={SUBMISSION_TEXT_MAX} showCount autoSize={{ minRows: 4, maxRows: 12 }} placeholder={t('myHomework.textHint')} data-testid="my-homework-text" />
        </Form.Item>
        <Form.Item name="images" label={t('myHomework.images')}>
          <FileUpload purpose={SUBMISSION_ATTACHMENTS.images} knownFiles={known} capture={phone ? 'environment' : undefined} data-testid="my-homework-images" />
        </Form.Item>
        <Form.Item name="documents" label={t('myHomework.documents')}>
          <FileUpload purpose={SUBMISSION_ATTACHMENTS.documents} knownFiles={known} data-testid="my-homework-documents" />
        </Form.Item>
        <Form.Item name="recordings" label={t('myHomework.recordings')}>
          <RecordingsField knownFiles={known} max={UPLOAD_PURPOSES[SUBMISSION_ATTACHMENTS.recordings].maxFiles} data-testid="my-homework-recordings" />
        </Form.Item>
        {parent && (
          <Form.Item name="parentMessage" label={t('myHomework.parentMessage')}>
            <Input.TextArea maxLength={PARENT_MESSAGE_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('myHomework.parentMessageHint')} data-testid="my-homework-parent-message-input" />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="my-homework-error" />}
      <div className="my-homework-actions">
        {replacing && (
          <Button onClick={() => setOpen(false)} disabled={sending} data-testid="my-homework-cancel">
            {t('myHomework.cancel')}
          </Button>
        )}
        <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()} data-testid="my-homework-send">
          {revision ? t('myHomework.sendRevision') : t('myHomework.send')}
        </Button>
      </div>
    </section>
  );
}
