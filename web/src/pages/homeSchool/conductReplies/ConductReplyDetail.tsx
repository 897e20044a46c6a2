import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Input, Result, Spin, Typography } from 'antd';
import { EditOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CONDUCT_REPLY_MAX, type MyConductRow } from '@campus/contract';
import { fetchMyConduct, replyToConduct } from '../../../api/homeSchool.ts';
import { feedback } from '../../../app/feedback.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { ResultTag } from '../conduct/ConductParts.tsx';

export interface ConductReplyDetailProps {
  /** The record to show; null closes the panel. */
  id: number | null;
  onClose: () => void;
  /** The server has marked its message read, or a reply was sent (the list and the bell follow). */
  onChanged: () => void;
}

/** One conduct record of one's child, opened in a panel (the whole width of a phone), with the reply box when asked. */
export function ConductReplyDetail({ id, onClose, onChanged }: ConductReplyDetailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel
      open={id !== null}
      onClose={onClose}
      title={t('conductReplies.detailTitle')}
      width={phone ? '100%' : 640}
      className="conduct-reply-panel"
      footer={
        phone ? (
          <Button block onClick={onClose} data-testid="conduct-reply-close">
            {t('myNotices.close')}
          </Button>
        ) : undefined
      }
    >
      {id !== null && <Loaded id={id} onChanged={onChanged} />}
    </SidePanel>
  );
}

const QUERY_KEY = (id: number) => ['homeSchool', 'myConduct', id];

function Loaded({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t } = useTranslation();
  // Each opening asks again: the answer is also the server marking the record's message read.
  const query = useQuery({ queryKey: QUERY_KEY(id), queryFn: ({ signal }) => fetchMyConduct(id, signal), gcTime: 0 });
  const record = query.data;
  useEffect(() => {
    if (record) onChanged();
    // Once per answer; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  if (query.isError) return <Result status="warning" title={t('conductReplies.notFound')} />;
  if (!record) return <Spin className="my-notice-loading" />;
  return (
    <article className="conduct-reply-detail" data-testid="conduct-reply-detail" data-id={record.id}>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'student', label: t('conduct.student'), children: <span className="conduct-data">{`${record.studentName} · ${record.className}`}</span> },
          { key: 'category', label: t('conduct.category'), children: t(`homeSchool.conduct.category.${record.category}`) },
          { key: 'result', label: t('conduct.result'), children: <ResultTag result={record.result} /> },
          { key: 'teacher', label: t('conductReplies.teacher'), children: <span className="conduct-data">{`${record.publisherName} · ${noticeTime(record.createdAt)}`}</span> },
        ]}
      />
      <div className="conduct-content conduct-data" data-testid="conduct-reply-content">
        {record.content}
      </div>
      {record.askReply && <ReplyBox record={record} />}
    </article>
  );
}

/** The parent's reply: written, sent, and rewritten (a new reply replaces the old one). */
function ReplyBox({ record }: { record: MyConductRow }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState(record.myReply?.content ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // With a reply sent, it shows with a button to rewrite it; the box opens for a new one.
  const [writing, setWriting] = useState(!record.myReply);
  const send = async () => {
    const content = text.trim();
    if (!content) {
      setError(t('homeSchool.conduct.replyRequired'));
      return;
    }
    setError(null);
    setSending(true);
    try {
      feedback().message.success((await replyToConduct(record.id, content)) || t('homeSchool.conduct.replied'));
      client.setQueryData<MyConductRow>(QUERY_KEY(record.id), (old) => (old ? { ...old, myReply: { content, repliedAt: dayjs().format('YYYY-MM-DD HH:mm:ss') } } : old));
      setWriting(false);
    } catch {
      // The request client has shown why.
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="conduct-reply-box" aria-label={t('conductReplies.yourReply')} data-testid="conduct-reply-box">
      <Typography.Text strong>{t('conductReplies.yourReply')}</Typography.Text>
      {record.myReply && (
        <div className="conduct-my-reply" data-testid="conduct-my-reply">
          <div className="conduct-reply-text conduct-data">{record.myReply.content}</div>
          <Typography.Text type="secondary" className="conduct-data">
            {t('conductReplies.repliedAt', { time: noticeTime(record.myReply.repliedAt) })}
          </Typography.Text>
        </div>
      )}
      {!writing && (
        <Button icon={<EditOutlined />} onClick={() => setWriting(true)} data-testid="conduct-reply-rewrite">
          {t('conductReplies.rewrite')}
        </Button>
      )}
      {writing && (
        <>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={CONDUCT_REPLY_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('conductReplies.replyHint')}
            status={error ? 'error' : undefined}
            data-testid="conduct-reply-input"
          />
          {error && <Alert type="error" showIcon title={error} />}
          <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()} block={false} data-testid="conduct-reply-send">
            {t('conductReplies.send')}
          </Button>
        </>
      )}
    </section>
  );
}
