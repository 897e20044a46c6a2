import { Form, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONDUCT_CATEGORIES, type ConductCategory, type MyConductRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { CONDUCT_REPLY_CALLS } from '../../../api/homeSchool.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { PHONE_PAGER, useLinkedItem, useReadRefresh } from '../common/receivedItems.ts';
import { ResultTag } from '../conduct/ConductParts.tsx';
import { ConductReplyDetail } from './ConductReplyDetail.tsx';
import '../myNotices/myNotices.css';
import '../conduct/conduct.css';
import './conductReplies.css';

type Replied = '' | '0' | '1';

interface SearchForm {
  category?: ConductCategory | '';
  replied?: Replied;
}


/** Whether a reply is asked, and whether one has been sent. */
function ReplyState({ row }: { row: MyConductRow }) {
  const { t } = useTranslation();
  if (!row.askReply) return null;
  return row.myReply ? (
    <Tag color="green" data-testid="conduct-reply-state" data-state="replied">
      {t('conductReplies.replied')}
    </Tag>
  ) : (
    <Tag color="red" data-testid="conduct-reply-state" data-state="asked">
      {t('conductReplies.replyAsked')}
    </Tag>
  );
}

const heading = (row: MyConductRow, category: string) => `${row.studentName} · ${category}`;

/** A record as a card: the list's form on a phone. */
function ConductCard({ row }: { row: MyConductRow }) {
  const { t } = useTranslation();
  return (
    <div className="my-notice-card conduct-card" data-testid="conduct-card" data-id={row.id}>
      <div className="my-notice-card-head">
        <span className="conduct-card-title conduct-data">{heading(row, t(`homeSchool.conduct.category.${row.category}`))}</span>
        <ResultTag result={row.result} />
      </div>
      <div className="conduct-card-content conduct-data">{row.content}</div>
      <Typography.Text type="secondary" className="my-notice-card-meta conduct-data">
        <span>{row.publisherName}</span>
        <span>{noticeTime(row.createdAt)}</span>
        <ReplyState row={row} />
      </Typography.Text>
    </div>
  );
}

/**
 * /jxhd/bxhf, Performance replies: the conduct records of the caller's children, newest first; opening one
 * marks its message read, and a record that asks for a reply takes one (rewriting replaces it). A message's
 * link (`?id=`) opens its record at once. On a phone the list is cards.
 */
export default function ConductRepliesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const table = usePagedTable<MyConductRow>();
  const [openId, setOpenId] = useLinkedItem(route.path);
  const onChanged = useReadRefresh(table);

  const categoryOptions = [{ value: '', label: t('myNotices.all') }, ...CONDUCT_CATEGORIES.map((value) => ({ value, label: t(`homeSchool.conduct.category.${value}`) }))];

  const columns: PagedColumn<MyConductRow>[] = phone
    ? [{ key: 'card', render: (_: unknown, row) => <ConductCard row={row} /> }]
    : [
        { key: 'studentName', dataIndex: 'studentName', title: t('conduct.student'), width: 110 },
        { key: 'category', dataIndex: 'category', title: t('conduct.category'), width: 110, render: (value: ConductCategory) => t(`homeSchool.conduct.category.${value}`) },
        { key: 'result', dataIndex: 'result', title: t('conduct.result'), width: 100, render: (_: unknown, row) => <ResultTag result={row.result} /> },
        { key: 'content', dataIndex: 'content', title: t('conduct.content'), render: (value: string) => <div className="conduct-cell-content">{value}</div> },
        { key: 'publisherName', dataIndex: 'publisherName', title: t('conductReplies.teacher'), width: 110 },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('conduct.time'), width: 150, render: (value: string) => noticeTime(value) },
        { key: 'reply', title: t('conductReplies.reply'), width: 110, render: (_: unknown, row) => <ReplyState row={row} /> },
      ];

  return (
    <div className={`my-notices-page conduct-replies-page${phone ? ' is-phone' : ''}`} data-testid="conduct-replies-page">
      <QueryHeader<SearchForm>
        title={routeTitle(route, i18n.language)}
        initialValues={{ category: '', replied: '' }}
        onSearch={(values) => table.current?.search({ keyword: '', category: values.category ?? '', replied: values.replied ?? '' })}
      >
        <Form.Item name="category" label={t('conduct.category')}>
          <Select style={{ width: 140 }} options={categoryOptions} data-testid="conduct-replies-search-category" />
        </Form.Item>
        <Form.Item name="replied" label={t('conduct.replied')}>
          <Select
            style={{ width: 130 }}
            options={[
              { value: '', label: t('myNotices.all') },
              { value: '0', label: t('conduct.repliedNo') },
              { value: '1', label: t('conduct.repliedYes') },
            ]}
            data-testid="conduct-replies-search-replied"
          />
        </Form.Item>
      </QueryHeader>
      <PagedTable<MyConductRow>
        ref={table}
        url={CONDUCT_REPLY_CALLS.page}
        columns={columns}
        defaultSearch={{ keyword: '', category: '', replied: '' }}
        showHeader={!phone}
        layout={phone ? PHONE_PAGER : undefined}
        pagerCount={phone ? 5 : undefined}
        scroll={phone ? undefined : { x: 'max-content' }}
        rowClassName={() => 'my-notice-row'}
        onRow={(row) => ({
          onClick: () => setOpenId(row.id),
          onKeyDown: (event) => {
            if (event.key === 'Enter') setOpenId(row.id);
          },
          tabIndex: 0,
          role: 'button',
        })}
        data-testid="conduct-replies-table"
      />
      <ConductReplyDetail id={openId} onClose={() => setOpenId(null)} onChanged={onChanged} />
    </div>
  );
}
