import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Form, Input, Segmented, Select, Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../registry.ts';
import {
  fetchMessageTypes,
  isUnread,
  markMessageRead,
  MESSAGE_CENTER_URL,
  MESSAGE_RANGES,
  MESSAGE_STATUS,
  type DictItem,
  type MessageCenterSearch,
  type MessageRange,
  type MessageRow,
} from '../../../api/messages.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { useMessageReader } from '../../../components/MessagePane/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { messageCounts, useMessageCounts } from '../../../state/messages.ts';
import './messageCenter.css';

export const DEFAULT_SEARCH: MessageCenterSearch = { range: 'week', status: '', type: '', title: '' };

const RANGE_KEYS: Record<MessageRange, string> = {
  week: 'messageCenter.range.week',
  month: 'messageCenter.range.month',
  threeMonths: 'messageCenter.range.threeMonths',
};

type Filters = Omit<MessageCenterSearch, 'range'>;

/**
 * /messageCenter/xxzx, the message centre (spec sections 2 and 4): messages of the last week, month or
 * three months, filtered by read status, type (names from STD_MESSAGE_TYPE) and title, ten a page, newest
 * first; a message opens like in the bell's pane and can be marked read.
 */
export default function MessageCenterPage(_props: PageProps) {
  const { t } = useTranslation();
  const table = usePagedTable<MessageRow>();
  const [types, setTypes] = useState<DictItem[]>([]);
  const [range, setRange] = useState<MessageRange>(DEFAULT_SEARCH.range);
  const filters = useRef<Filters>({ status: '', type: '', title: '' });
  const readVersion = useMessageCounts((s) => s.readVersion);
  const seenVersion = useRef(readVersion);
  const reader = useMessageReader();
  const phone = usePhone();

  useEffect(() => {
    fetchMessageTypes()
      .then(setTypes)
      .catch(() => undefined);
  }, []);

  // A message read here or in the bell's pane: show the new status.
  useEffect(() => {
    if (seenVersion.current === readVersion) return;
    seenVersion.current = readVersion;
    table.current?.reload();
  }, [readVersion, table]);

  const typeName = useMemo(() => new Map(types.map((item) => [item.code, item.name])), [types]);
  const search = (next: Partial<MessageCenterSearch>) => {
    const merged = { range, ...filters.current, ...next };
    filters.current = { status: merged.status, type: merged.type, title: merged.title };
    table.current?.search(merged as unknown as Record<string, unknown>);
  };

  const markRead = async (row: MessageRow) => {
    try {
      messageCounts().markedRead(await markMessageRead(row.MESSAGE_ID));
    } catch {
      // The request client has shown the message.
    }
  };

  const titleCell = (row: MessageRow) => (
    <Button type="link" size="small" className={`message-center-title${isUnread(row) ? ' is-unread' : ''}`} onClick={() => void reader.read(row)} data-testid="message-center-title">
      {row.MESSAGE_TITLE}
      {row.MESSAGE_LINK ? <LinkOutlined /> : null}
    </Button>
  );
  const typeTag = (row: MessageRow) => <Tag>{row.MESSAGE_TYPE_NAME || typeName.get(String(row.MESSAGE_TYPE)) || row.MESSAGE_TYPE}</Tag>;
  const markReadButton = (row: MessageRow) =>
    isUnread(row) ? (
      <Button size="small" onClick={() => void markRead(row)} data-testid="message-center-mark-read">
        {t('messageCenter.markRead')}
      </Button>
    ) : null;

  const columns: PagedColumn<MessageRow>[] = phone
    ? [
        // A phone has room for one column: the title, with its type, time and action beneath it.
        {
          key: 'title',
          title: t('messageCenter.messageTitle'),
          dataIndex: 'MESSAGE_TITLE',
          render: (_: unknown, row) => (
            <div className="message-center-phone-row">
              <Badge status={isUnread(row) ? 'error' : 'default'} />
              <div className="message-center-phone-body">
                {titleCell(row)}
                <div className="message-center-phone-meta">
                  {typeTag(row)}
                  <span>{row.CREATE_TIME}</span>
                  {markReadButton(row)}
                </div>
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'status',
          title: t('messageCenter.status'),
          dataIndex: 'MESSAGE_STATUS',
          width: 96,
          render: (_: unknown, row) =>
            isUnread(row) ? <Badge status="error" text={t('messageCenter.unread')} /> : <Badge status="default" text={t('messageCenter.read')} />,
        },
        { key: 'title', title: t('messageCenter.messageTitle'), dataIndex: 'MESSAGE_TITLE', render: (_: unknown, row) => titleCell(row) },
        { key: 'type', title: t('messageCenter.type'), dataIndex: 'MESSAGE_TYPE', width: 140, render: (_: unknown, row) => typeTag(row) },
        { key: 'createTime', title: t('messageCenter.time'), dataIndex: 'CREATE_TIME', width: 180, sorter: true, sortField: 'createTime' },
        { key: 'actions', title: t('messageCenter.actions'), width: 120, render: (_: unknown, row) => markReadButton(row) },
      ];

  return (
    <div className="message-center-page" data-testid="message-center">
      <QueryHeader<Filters>
        title={t('messageCenter.title')}
        initialValues={{ status: '', type: '', title: '' }}
        onSearch={(values) => search({ status: values.status ?? '', type: values.type ?? '', title: (values.title ?? '').trim() })}
        extra={
          <Segmented<MessageRange>
            value={range}
            onChange={(value) => {
              setRange(value);
              search({ range: value });
            }}
            options={MESSAGE_RANGES.map((value) => ({ value, label: <span data-testid={`message-range-${value}`}>{t(RANGE_KEYS[value])}</span> }))}
          />
        }
      >
        <Form.Item name="status" label={t('messageCenter.status')}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: '', label: t('messageCenter.all') },
              { value: MESSAGE_STATUS.unread, label: t('messageCenter.unread') },
              { value: MESSAGE_STATUS.read, label: t('messageCenter.read') },
            ]}
            data-testid="message-center-status"
          />
        </Form.Item>
        <Form.Item name="type" label={t('messageCenter.type')}>
          <Select
            style={{ width: 160 }}
            options={[{ value: '', label: t('messageCenter.all') }, ...types.map((item) => ({ value: item.code, label: item.name }))]}
            data-testid="message-center-type"
          />
        </Form.Item>
        <Form.Item name="title" label={t('messageCenter.messageTitle')}>
          <Input allowClear placeholder={t('messageCenter.titleHint')} data-testid="message-center-search" />
        </Form.Item>
      </QueryHeader>
      <PagedTable<MessageRow>
        ref={table}
        url={MESSAGE_CENTER_URL}
        rowKey={(row) => String(row.MESSAGE_ID)}
        columns={columns}
        defaultSearch={DEFAULT_SEARCH as unknown as Record<string, unknown>}
        defaultSort={{ field: 'createTime', order: 'desc' }}
        rowClassName={(row) => (isUnread(row) ? 'message-center-row is-unread' : 'message-center-row')}
        data-testid="message-center-table"
      />
      {reader.dialog}
    </div>
  );
}
