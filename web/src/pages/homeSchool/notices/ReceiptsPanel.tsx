import { useState } from 'react';
import { Button, Input, Segmented, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EventReceiptRow, EventRow, NoticeReceiptRow, NoticeRow } from '@campus/contract';
import { isDelivering, remindNotice } from '../../../api/homeSchool.ts';
import { useRelease } from './release.ts';
import { feedback } from '../../../app/feedback.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { userTypeKey } from '../../../components/Picker/PeopleTab.tsx';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { usePhone } from '../../../hooks/usePhone.ts';

type ReadFilter = '' | '0' | '1';
type AnswerFilter = '' | 'join' | 'decline' | 'none';

/** An event's answer: joining green, not joining grey, no answer yet orange. */
export function AnswerTag({ answer }: { answer: 'join' | 'decline' | null | undefined }) {
  const { t } = useTranslation();
  if (answer === 'join') return <Tag color="green" data-testid="event-answer" data-answer="join">{t('events.answer.join')}</Tag>;
  if (answer === 'decline') return <Tag data-testid="event-answer" data-answer="decline">{t('events.answer.decline')}</Tag>;
  return <Tag color="orange" data-testid="event-answer" data-answer="none">{t('events.answer.none')}</Tag>;
}

interface Counts {
  read: number;
  unread: number;
}

const count = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

export interface ReceiptsPanelProps {
  notice: NoticeRow | null;
  /** Whether the reminder button shows (`homeSchool:notice:edit`). */
  canRemind: boolean;
  onClose: () => void;
  /** After a reminder went out (the list shows the reminder time). */
  onReminded?: () => void;
}

/** Whether the row is an event that asks its recipients whether they join (its receipts show the answers). */
const asksJoin = (notice: NoticeRow | null) => !!notice && 'askJoin' in notice && (notice as EventRow).askJoin;

/** Who has read a notice and who not: counts, a filterable paged list, and a reminder to the unread. */
export function ReceiptsPanel({ notice, canRemind, onClose, onReminded }: ReceiptsPanelProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel open={!!notice} onClose={onClose} title={
        notice && (
          <Space size={8} wrap>
            {t('notices.receipts')}
            <Typography.Text type="secondary" className="notice-receipts-of">
              {notice.title}
            </Typography.Text>
          </Space>
        )
      } width={phone ? '100%' : asksJoin(notice) ? 1060 : 860}>
      {notice && <Receipts notice={notice} canRemind={canRemind} onReminded={onReminded} />}
    </SidePanel>
  );
}

function Receipts({ notice, canRemind, onReminded }: { notice: NoticeRow; canRemind: boolean; onReminded?: () => void }) {
  const { t } = useTranslation();
  const { calls } = useRelease();
  // An event that asks whether its recipients join: each receipt's answer, and a filter by it.
  const asks = asksJoin(notice);
  const table = usePagedTable<NoticeReceiptRow>();
  const [read, setRead] = useState<ReadFilter>('');
  const [answer, setAnswer] = useState<AnswerFilter>('');
  const [keyword, setKeyword] = useState('');
  const [counts, setCounts] = useState<Counts | null>(null);
  const [reminding, setReminding] = useState(false);

  const search = (next: { read?: ReadFilter; answer?: AnswerFilter; keyword?: string }) =>
    table.current?.search({ read, keyword: keyword.trim(), ...(asks ? { answer } : {}), ...next });

  const remind = async () => {
    setReminding(true);
    try {
      const { msg, count: reminded } = await remindNotice(notice.id, calls);
      feedback().message.success(msg || t('notices.reminded', { count: reminded }));
      table.current?.reload();
      onReminded?.();
    } catch {
      // The request client has shown why (too soon, everyone has read it, still delivering).
    } finally {
      setReminding(false);
    }
  };

  const columns: PagedColumn<NoticeReceiptRow>[] = [
    { key: 'name', dataIndex: 'name', title: t('notices.receipt.name'), width: 120 },
    { key: 'account', dataIndex: 'account', title: t('notices.receipt.account'), width: 130 },
    { key: 'userType', dataIndex: 'userType', title: t('notices.receipt.type'), width: 90, render: (value: number) => t(userTypeKey(value)) },
    { key: 'relation', dataIndex: 'relation', title: t('notices.receipt.relation') },
    {
      key: 'readAt',
      dataIndex: 'readAt',
      title: t('notices.receipt.readAt'),
      width: 170,
      render: (value: string | null) => (value ? noticeTime(value) : <Tag color="orange">{t('notices.unread')}</Tag>),
    },
    { key: 'remindedAt', dataIndex: 'remindedAt', title: t('notices.receipt.remindedAt'), width: 170, render: (value: string | null) => noticeTime(value) },
  ];
  if (asks) {
    columns.splice(
      5,
      0,
      { key: 'answer', dataIndex: 'answer', title: t('events.receipt.answer'), width: 100, render: (_: unknown, row) => <AnswerTag answer={(row as EventReceiptRow).answer} /> },
      { key: 'answeredAt', dataIndex: 'answeredAt', title: t('events.receipt.answeredAt'), width: 170, render: (_: unknown, row) => noticeTime((row as EventReceiptRow).answeredAt) },
    );
  }

  const delivering = isDelivering(notice.status);
  const noUnread = counts !== null && counts.unread === 0;

  return (
    <div className="notice-receipts" data-testid="notice-receipts">
      <div className="notice-receipts-counts">
        <Statistic title={t('notices.read')} value={counts?.read ?? '-'} data-testid="receipts-read" />
        <Statistic title={t('notices.unread')} value={counts?.unread ?? '-'} data-testid="receipts-unread" />
        <Statistic title={t('notices.total')} value={counts ? counts.read + counts.unread : '-'} data-testid="receipts-total" />
        {asks && <Statistic title={t('events.joined')} value={(notice as EventRow).joined} data-testid="receipts-joined" />}
        {asks && <Statistic title={t('events.declined')} value={(notice as EventRow).declined} data-testid="receipts-declined" />}
        {canRemind && (
          <Tooltip title={delivering ? t('homeSchool.remindNotDelivered') : noUnread ? t('homeSchool.remindNobody') : undefined}>
            <Button
              type="primary"
              icon={<BellOutlined />}
              loading={reminding}
              disabled={delivering || noUnread}
              onClick={() => void remind()}
              className="notice-remind"
              data-testid="receipts-remind"
            >
              {t('notices.remind')}
            </Button>
          </Tooltip>
        )}
      </div>
      <Space wrap className="notice-receipts-filters">
        <Segmented<ReadFilter>
          value={read}
          onChange={(value) => {
            setRead(value);
            search({ read: value });
          }}
          options={[
            { value: '', label: <span data-testid="receipts-filter-all">{t('notices.all')}</span> },
            { value: '0', label: <span data-testid="receipts-filter-unread">{t('notices.unread')}</span> },
            { value: '1', label: <span data-testid="receipts-filter-read">{t('notices.read')}</span> },
          ]}
        />
        {asks && (
          <Segmented<AnswerFilter>
            value={answer}
            onChange={(value) => {
              setAnswer(value);
              search({ answer: value });
            }}
            options={[
              { value: '', label: <span data-testid="receipts-answer-all">{t('events.answer.all')}</span> },
              { value: 'join', label: <span data-testid="receipts-answer-join">{t('events.answer.join')}</span> },
              { value: 'decline', label: <span data-testid="receipts-answer-decline">{t('events.answer.decline')}</span> },
              { value: 'none', label: <span data-testid="receipts-answer-none">{t('events.answer.none')}</span> },
            ]}
          />
        )}
        <Input.Search
          allowClear
          value={keyword}
          maxLength={64}
          placeholder={t('notices.receipt.keyword')}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => search({ keyword: value.trim() })}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="receipts-keyword"
        />
      </Space>
      <PagedTable<NoticeReceiptRow>
        ref={table}
        url={calls.receipts}
        extraBody={{ id: notice.id }}
        rowKey="userId"
        columns={columns}
        defaultSearch={asks ? { read: '', answer: '', keyword: '' } : { read: '', keyword: '' }}
        scroll={{ x: 'max-content' }}
        size="small"
        onLoaded={(answer) => setCounts({ read: count(answer.read), unread: count(answer.unread) })}
        data-testid="receipts-table"
      />
    </div>
  );
}
