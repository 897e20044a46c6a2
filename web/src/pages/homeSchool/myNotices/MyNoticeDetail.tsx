import { useEffect, useState } from 'react';
import { Alert, Button, Result, Space, Spin, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MyNoticeDetail as Detail } from '@campus/contract';
import { answerEvent, fetchMyNotice } from '../../../api/homeSchool.ts';
import { feedback } from '../../../app/feedback.ts';
import { EventFacts } from '../notices/EventFacts.tsx';
import { AnswerTag } from '../notices/ReceiptsPanel.tsx';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { NoticeBody, noticeTime } from '../common/NoticeBody.tsx';
import { usePhone } from '../../../hooks/usePhone.ts';

export interface MyNoticeDetailProps {
  /** The notice to show; null closes the panel. */
  id: number | null;
  onClose: () => void;
  /** The server has marked it read (the list and the unread counts follow). */
  onRead: (notice: Detail) => void;
}

/** One received notice, opened (and so marked read) in a panel that takes the whole width of a phone. */
export function MyNoticeDetail({ id, onClose, onRead }: MyNoticeDetailProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel
      open={id !== null}
      onClose={onClose}
      title={t('myNotices.detailTitle')}
      width={phone ? '100%' : 720}
      className="my-notice-panel"
      footer={
        phone ? (
          <Button block onClick={onClose} data-testid="my-notice-close">
            {t('myNotices.close')}
          </Button>
        ) : undefined
      }
    >
      {id !== null && <Loaded id={id} onRead={onRead} />}
    </SidePanel>
  );
}

function Loaded({ id, onRead }: { id: number; onRead: (notice: Detail) => void }) {
  const { t } = useTranslation();
  // Each opening asks again: the answer is also the server marking it read.
  const query = useQuery({ queryKey: ['homeSchool', 'myNotice', id], queryFn: ({ signal }) => fetchMyNotice(id, signal), gcTime: 0 });
  const notice = query.data;
  useEffect(() => {
    if (notice) onRead(notice);
    // Once per answer; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice]);

  if (query.isError) return <Result status="warning" title={t('myNotices.notFound')} />;
  if (!notice) return <Spin className="my-notice-loading" />;
  return (
    <article data-testid="my-notice-detail" data-id={notice.id}>
      <Typography.Title level={4} className="my-notice-title" data-testid="my-notice-title">
        {notice.title}
      </Typography.Title>
      <div className="notice-meta">
        <span data-testid="my-notice-publisher">{notice.publisherName}</span>
        <span>{noticeTime(notice.createdAt)}</span>
      </div>
      {notice.kind === 'event' && <EventFacts event={notice} />}
      {notice.kind === 'event' && notice.askJoin && <AnswerBox notice={notice} />}
      <NoticeBody content={notice.content} attachments={notice.attachments} />
    </article>
  );
}

/** Whether an event's time has come: then answers are refused ('This record has expired …'). */
export function eventStarted(eventAt: string | null, now = dayjs()): boolean {
  return !!eventAt && !dayjs(eventAt.replace(' ', 'T')).isAfter(now);
}

/** Join / Not join for an event that asks: the current answer, changeable until the event begins. */
function AnswerBox({ notice }: { notice: Detail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<'join' | 'decline' | null>(null);
  const started = eventStarted(notice.eventAt);
  const answer = async (value: 'join' | 'decline') => {
    // The current answer pressed again changes nothing.
    if (value === notice.answer) return;
    setBusy(value);
    try {
      feedback().message.success((await answerEvent(notice.id, value)) || t(`events.answered.${value}`));
      // The new answer shows at once; the panel's effect then reloads the list (the answer marks it read too).
      client.setQueryData<Detail>(['homeSchool', 'myNotice', notice.id], (old) => (old ? { ...old, answer: value, readAt: old.readAt ?? dayjs().format('YYYY-MM-DD HH:mm:ss') } : old));
    } catch {
      // The request client has shown why (e.g. the event has begun meanwhile).
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="my-notice-answer-box" aria-label={t('events.yourAnswer')} data-testid="event-answer-box" data-answer={notice.answer ?? 'none'}>
      <Space size={8} wrap>
        <Typography.Text strong>{t('events.yourAnswer')}</Typography.Text>
        <AnswerTag answer={notice.answer} />
      </Space>
      <Space size={8} wrap>
        <Button
          type={notice.answer === 'join' ? 'primary' : 'default'}
          icon={<CheckOutlined />}
          disabled={started}
          aria-pressed={notice.answer === 'join'}
          loading={busy === 'join'}
          onClick={() => void answer('join')}
          data-testid="event-join"
        >
          {t('events.join')}
        </Button>
        <Button
          type={notice.answer === 'decline' ? 'primary' : 'default'}
          icon={<CloseOutlined />}
          disabled={started}
          aria-pressed={notice.answer === 'decline'}
          loading={busy === 'decline'}
          onClick={() => void answer('decline')}
          data-testid="event-decline"
        >
          {t('events.decline')}
        </Button>
      </Space>
      {started && <Alert type="info" showIcon title={t('homeSchool.expired')} data-testid="event-expired" />}
    </section>
  );
}
