import { useEffect, useRef, useState } from 'react';
import { Badge, Form, Input, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MY_HOMEWORK_TABS, USER_TYPES, type MyHomeworkRow, type MyHomeworkTab } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { fetchHomeworkChildren, MY_HOMEWORK_CALLS, type MyHomeworkCounts } from '../../../api/homework.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { useSession } from '../../../state/session.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { PHONE_PAGER, useReadRefresh } from '../common/receivedItems.ts';
import { MyHomeworkDetail, type OpenHomework } from './MyHomeworkDetail.tsx';
import { EndTime, LateTag, ResultText, StatusTag } from './MyHomeworkParts.tsx';
import '../myNotices/myNotices.css';
import './myHomework.css';

interface SearchForm {
  title?: string;
}

const rowKey = (row: MyHomeworkRow) => `${row.assignmentId}-${row.studentId}`;

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** A tab's count colour: what waits for the student stands out. */
const COUNT_COLOURS: Record<MyHomeworkTab, string> = { due: '#1677ff', overdue: '#ff4d4f', toRevise: '#fa8c16', done: '#8c8c8c' };

/** A homework as a card: the list's form on a phone. */
function HomeworkCard({ row }: { row: MyHomeworkRow }) {
  return (
    <div className="my-notice-card my-homework-card" data-testid="my-homework-card" data-id={row.assignmentId}>
      <div className="my-notice-card-head">
        <span className="my-homework-row-title">{row.title}</span>
        <StatusTag status={row.status} />
      </div>
      <EndTime row={row} />
      <Typography.Text type="secondary" className="my-notice-card-meta">
        <span>{row.publisherName}</span>
        <span>{noticeTime(row.createdAt)}</span>
        <LateTag late={row.late} />
        <ResultText score={row.score} grade={row.grade} />
      </Typography.Text>
    </div>
  );
}

/**
 * /jxhd/wdzy, My homework: the homework of a student, or of a parent's chosen child (`?student=`), in the
 * tabs Due, Overdue, To revise and Done with their counts. Opening one shows the assignment and the work,
 * and hands it in (or the revision). A message's link (`?id=<assignment>&student=<child>`) opens it at once.
 * On a phone the list is cards.
 */
export default function MyHomeworkPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const table = usePagedTable<MyHomeworkRow>();
  const location = useLocation();
  const navigate = useNavigate();
  const parent = useSession((s) => s.user?.userType === USER_TYPES.parent);
  const childrenQuery = useQuery({ queryKey: ['homeSchool', 'myHomework', 'children'], queryFn: ({ signal }) => fetchHomeworkChildren(signal) });
  const children = childrenQuery.data ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const [tab, setTab] = useState<MyHomeworkTab>('due');
  const [title, setTitle] = useState('');
  const [counts, setCounts] = useState<MyHomeworkCounts | null>(null);
  const [open, setOpen] = useState<OpenHomework | null>(null);

  // The address counts only while it is this page's (a kept page stays mounted behind another one).
  const params = new URLSearchParams(location.pathname === route.path ? location.search : '');
  const linkId = positiveId(params.get('id'));
  const linkStudent = positiveId(params.get('student'));

  // The child of the address (kept there so a reload or the tab shows the same child).
  useEffect(() => {
    if (linkStudent !== null) setPicked(linkStudent);
  }, [linkStudent]);

  // A link's id opens that homework; the address then drops it (keeping the child), so the same link works again later.
  useEffect(() => {
    if (linkId === null) return;
    setOpen({ assignmentId: linkId, studentId: linkStudent ?? undefined });
    void navigate(linkStudent === null ? route.path : `${route.path}?student=${linkStudent}`, { replace: true });
  }, [linkId, linkStudent, navigate, route.path]);

  // A chosen child that is not (or no longer) one of the caller's falls back to the first.
  const chosen = picked !== null && (children.length === 0 || children.some((child) => child.id === picked)) ? picked : (children[0]?.id ?? null);
  const ready = !childrenQuery.isPending;

  // The list waits for the children (a parent's first child is the default); then each choice searches again.
  const searched = useRef(false);
  useEffect(() => {
    if (!ready) return;
    searched.current = true;
    table.current?.search({ tab, studentId: chosen ?? '', title });
  }, [ready, tab, chosen, title, table]);

  const choose = (id: number) => {
    setPicked(id);
    void navigate(`${route.path}?student=${id}`, { replace: true });
  };

  // (A link's homework may open before the list's first search: that search brings the news.)
  const onChanged = useReadRefresh(table, () => searched.current);

  const openRow = (row: MyHomeworkRow) => setOpen({ assignmentId: row.assignmentId, studentId: row.studentId });

  const columns: PagedColumn<MyHomeworkRow>[] = phone
    ? [{ key: 'card', render: (_: unknown, row) => <HomeworkCard row={row} /> }]
    : [
        { key: 'title', dataIndex: 'title', title: t('myHomework.homeworkTitle'), render: (value: string) => <span className="my-homework-row-title">{value}</span> },
        { key: 'publisherName', dataIndex: 'publisherName', title: t('myHomework.teacher'), width: 130 },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('myHomework.assigned'), width: 150, render: (value: string) => noticeTime(value) },
        { key: 'endAt', dataIndex: 'endAt', title: t('myHomework.end'), width: 210, render: (_: unknown, row) => <EndTime row={row} /> },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('myHomework.status'),
          width: 170,
          render: (_: unknown, row) => (
            <span className="my-homework-tags">
              <StatusTag status={row.status} />
              <LateTag late={row.late} />
            </span>
          ),
        },
        { key: 'result', title: t('myHomework.result'), width: 130, render: (_: unknown, row) => <ResultText score={row.score} grade={row.grade} /> },
      ];

  return (
    <div className={`my-notices-page my-homework-page${phone ? ' is-phone' : ''}`} data-testid="my-homework-page">
      <QueryHeader<SearchForm>
        title={routeTitle(route, i18n.language)}
        initialValues={{ title: '' }}
        onSearch={(values) => {
          const next = (values.title ?? '').trim();
          if (next === title) table.current?.reload();
          else setTitle(next);
        }}
      >
        <Form.Item name="title" label={t('myHomework.homeworkTitle')}>
          <Input allowClear maxLength={100} placeholder={t('myHomework.titleHint')} data-testid="my-homework-search-title" />
        </Form.Item>
      </QueryHeader>
      <div className="my-homework-list">
        {(parent || children.length > 1) && children.length > 0 && <ChildChooser items={children} value={chosen} onChange={choose} phone={phone} label={t('myHomework.child')} testIdPrefix="my-homework" />}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as MyHomeworkTab)}
          size={phone ? 'small' : 'middle'}
          tabBarGutter={phone ? 14 : undefined}
          className="my-homework-tabs"
          items={MY_HOMEWORK_TABS.map((key) => ({
            key,
            label: (
              <span className="my-homework-tab" data-testid={`my-homework-tab-${key}`} data-count={counts ? counts[key] : ''}>
                {t(`myHomework.tab.${key}`)}
                {counts && <Badge count={counts[key]} showZero overflowCount={999} size="small" color={counts[key] > 0 ? COUNT_COLOURS[key] : '#d9d9d9'} />}
              </span>
            ),
          }))}
        />
        <PagedTable<MyHomeworkRow>
          ref={table}
          url={MY_HOMEWORK_CALLS.page}
          columns={columns}
          rowKey={rowKey}
          immediate={false}
          showHeader={!phone}
          layout={phone ? PHONE_PAGER : undefined}
          pagerCount={phone ? 5 : undefined}
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText: t(`myHomework.empty.${tab}`) }}
          rowClassName={() => 'my-notice-row'}
          onRow={(row) => ({
            onClick: () => openRow(row),
            onKeyDown: (event) => {
              if (event.key === 'Enter') openRow(row);
            },
            tabIndex: 0,
            role: 'button',
          })}
          onLoaded={(answer) => {
            const value = answer.counts as Partial<MyHomeworkCounts> | undefined;
            setCounts(value && typeof value === 'object' ? { due: Number(value.due ?? 0), overdue: Number(value.overdue ?? 0), toRevise: Number(value.toRevise ?? 0), done: Number(value.done ?? 0) } : null);
          }}
          data-testid="my-homework-table"
        />
      </div>
      <MyHomeworkDetail target={open} parent={parent} onClose={() => setOpen(null)} onChanged={onChanged} />
    </div>
  );
}
