import { useState } from 'react';
import { Badge, Button, Form, Input, Select, Tag, Typography } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined, PaperClipOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FAMILY_COMMITTEE_PERMISSIONS, FAMILY_COMMITTEE_URL, type MyNoticeRow } from '@campus/contract';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { MY_NOTICE_CALLS } from '../../../api/homeSchool.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { MyNoticeDetail } from './MyNoticeDetail.tsx';
import { noticeTime } from '../common/NoticeBody.tsx';
import { PHONE_PAGER, useLinkedItem, useReadRefresh } from '../common/receivedItems.ts';
import './myNotices.css';

type ReadFilter = '' | '0' | '1';

interface SearchForm {
  title?: string;
  read?: ReadFilter;
}


function Title({ row }: { row: MyNoticeRow }) {
  const { t } = useTranslation();
  const unread = !row.readAt;
  return (
    <span className={`my-notice-row-title${unread ? ' is-unread' : ''}`} data-testid="my-notice-row-title" data-unread={unread ? '1' : '0'}>
      {unread && <Badge status="error" className="my-notice-dot" />}
      {row.kind === 'event' && (
        <Tag color="blue" className="my-notice-kind" data-testid="my-notice-event-tag">
          {t('myNotices.event')}
        </Tag>
      )}
      <span>{row.title}</span>
    </span>
  );
}

/** An event's place and time, under its title. */
function EventLine({ row }: { row: MyNoticeRow }) {
  const { t } = useTranslation();
  if (row.kind !== 'event') return null;
  return (
    <span className="my-notice-event" data-testid="my-notice-event">
      <span>
        <EnvironmentOutlined /> {row.place}
      </span>
      <span>
        <ClockCircleOutlined /> {noticeTime(row.eventAt)}
      </span>
      {row.askJoin && row.answer && <span className="my-notice-answer">{t(`events.answer.${row.answer}`)}</span>}
    </span>
  );
}

function ReadTag({ row }: { row: MyNoticeRow }) {
  const { t } = useTranslation();
  return row.readAt ? <Tag>{t('myNotices.read')}</Tag> : <Tag color="red">{t('myNotices.unread')}</Tag>;
}

function Attachments({ count }: { count: number }) {
  return count > 0 ? (
    <span className="my-notice-clip">
      <PaperClipOutlined /> {count}
    </span>
  ) : null;
}

/** A notice as a card: the list's form on a phone. */
function NoticeCard({ row }: { row: MyNoticeRow }) {
  return (
    <div className="my-notice-card" data-testid="my-notice-card">
      <div className="my-notice-card-head">
        <Title row={row} />
        <ReadTag row={row} />
      </div>
      <EventLine row={row} />
      <Typography.Text type="secondary" className="my-notice-card-meta">
        <span>{row.publisherName}</span>
        <span>{noticeTime(row.createdAt)}</span>
        <Attachments count={row.attachmentCount} />
      </Typography.Text>
    </div>
  );
}

/**
 * /jxhd/wdtz, My notices: the notices the caller received, newest first, the unread ones marked; opening one
 * marks it read. A message's link (`?id=`) opens its notice at once. On a phone the list is cards.
 */
export default function MyNoticesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const table = usePagedTable<MyNoticeRow>();
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [unread, setUnread] = useState<number | null>(null);
  const allowed = usePermission();
  const navigate = useNavigate();
  const onRead = useReadRefresh(table);

  const columns: PagedColumn<MyNoticeRow>[] = phone
    ? [{ key: 'card', render: (_: unknown, row) => <NoticeCard row={row} /> }]
    : [
        {
          key: 'title',
          dataIndex: 'title',
          title: t('myNotices.noticeTitle'),
          render: (_: unknown, row) => (
            <div className="my-notice-title-cell">
              <Title row={row} />
              <EventLine row={row} />
            </div>
          ),
        },
        { key: 'publisherName', dataIndex: 'publisherName', title: t('myNotices.publisher'), width: 140 },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('myNotices.time'), width: 180, render: (value: string) => noticeTime(value) },
        { key: 'attachmentCount', dataIndex: 'attachmentCount', title: t('myNotices.attachments'), width: 90, render: (value: number) => <Attachments count={value} /> },
        { key: 'readAt', dataIndex: 'readAt', title: t('myNotices.state'), width: 90, render: (_: unknown, row) => <ReadTag row={row} /> },
      ];

  return (
    <div className={`my-notices-page${phone ? ' is-phone' : ''}`} data-testid="my-notices-page">
      <QueryHeader<SearchForm>
        title={
          <span className="my-notices-heading">
            {routeTitle(route, i18n.language)}
            {unread !== null && (
              <Tag color={unread > 0 ? 'red' : 'default'} className="my-notices-unread" data-testid="my-notices-unread" data-count={unread}>
                {t('myNotices.unreadCount', { count: unread })}
              </Tag>
            )}
            {/* Issue 17: the family committee (/jwhgl/bmry, a hidden page) opens from here. */}
            {allowed({ permissions: [FAMILY_COMMITTEE_PERMISSIONS.view] }) && (
              <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => void navigate(FAMILY_COMMITTEE_URL)} data-testid="my-notices-family-committee">
                {t('committeeUi.open')}
              </Button>
            )}
          </span>
        }
        initialValues={{ title: '', read: '' }}
        onSearch={(values) => table.current?.search({ title: (values.title ?? '').trim(), read: values.read ?? '' })}
      >
        <Form.Item name="title" label={t('myNotices.noticeTitle')}>
          <Input allowClear maxLength={100} placeholder={t('myNotices.titleHint')} data-testid="my-notices-search-title" />
        </Form.Item>
        <Form.Item name="read" label={t('myNotices.state')}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: '', label: t('myNotices.all') },
              { value: '0', label: t('myNotices.unread') },
              { value: '1', label: t('myNotices.read') },
            ]}
            data-testid="my-notices-search-read"
          />
        </Form.Item>
      </QueryHeader>
      <PagedTable<MyNoticeRow>
        ref={table}
        url={MY_NOTICE_CALLS.page}
        columns={columns}
        defaultSearch={{ title: '', read: '' }}
        showHeader={!phone}
        layout={phone ? PHONE_PAGER : undefined}
        pagerCount={phone ? 5 : undefined}
        scroll={phone ? undefined : { x: 'max-content' }}
        rowClassName={(row) => `my-notice-row${row.readAt ? '' : ' is-unread'}`}
        onRow={(row) => ({
          onClick: () => setOpenId(row.id),
          onKeyDown: (event) => {
            if (event.key === 'Enter') setOpenId(row.id);
          },
          tabIndex: 0,
          role: 'button',
        })}
        onLoaded={(answer) => setUnread(Number.isFinite(Number(answer.unread)) ? Number(answer.unread) : null)}
        data-testid="my-notices-table"
      />
      <MyNoticeDetail id={openId} onClose={() => setOpenId(null)} onRead={onRead} />
    </div>
  );
}
