import { useMemo, useRef, useState } from 'react';
import { Button, Empty, Form, Input, Spin, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { EyeOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVIGILATION_ARRANGE_URL, USER_TYPES, type ExamArrangementRow, type MyInvigilation } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EXAM_ROOM_CALLS, INVIGILATION_PERMISSION } from '../../../api/exams.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useSession } from '../../../state/session.ts';
import { fetchMyInvigilations, MINE_KEY } from './invigilationApi.ts';
import { AssignedProgress, arrangeable, formatHours, sittingTime, useRoomLabel } from './InvigilationParts.tsx';
import './invigilation.css';

type TabKey = 'mine' | 'exams';

interface ExamSearchForm {
  keyword?: string;
}

/** The search of the exams' list (the rooms' arrangement call: keyword, term, grade). */
export const toExamSearch = (values: ExamSearchForm) => ({ keyword: values.keyword?.trim() ?? '', termId: '', gradeId: '' });

/** Hours per role name (the server's, in the caller's language), in the order the roles first come. */
export function hoursByRole(duties: readonly MyInvigilation[]): { roleName: string; hours: number; count: number }[] {
  const totals = new Map<string, { hours: number; count: number }>();
  for (const duty of duties) {
    const total = totals.get(duty.roleName) ?? { hours: 0, count: 0 };
    totals.set(duty.roleName, { hours: total.hours + duty.hours, count: total.count + 1 });
  }
  return [...totals].map(([roleName, total]) => ({ roleName, ...total }));
}

/**
 * /kwgl/jkap, Invigilation: a staff member's own duties in the published exams of the current term (with
 * their hours per role), and the exams whose invigilators are arranged, each opening its arrangement
 * (/kwapjt/pk). The office (the edit button) lands on the exams; a teacher on their own duties.
 */
export default function InvigilationPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const allowed = usePermission();
  const canEdit = allowed({ permissions: [`${INVIGILATION_PERMISSION}:edit`] });
  const userType = useSession((s) => s.user?.userType);
  const staff = userType === undefined || userType === USER_TYPES.teacher || userType === USER_TYPES.administrator;
  const [tab, setTab] = useState<TabKey>(canEdit ? 'exams' : 'mine');

  if (!staff) {
    return (
      <div className="invigilation-page" data-testid="invigilation-page">
        <Empty description={t('invigilationPage.staffOnly')} />
      </div>
    );
  }

  return (
    <div className="invigilation-page" data-testid="invigilation-page">
      <div className="invigilation-title">{routeTitle(route, i18n.language)}</div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'mine', label: <span data-testid="invigilation-tab-mine">{t('invigilationPage.tab.mine')}</span>, children: <MyDuties /> },
          { key: 'exams', label: <span data-testid="invigilation-tab-exams">{t('invigilationPage.tab.exams')}</span>, children: <ExamList canEdit={canEdit} /> },
        ]}
      />
    </div>
  );
}

/** The caller's own duties: a table at desktop width, cards on a phone, the hours per role above. */
function MyDuties() {
  const { t } = useTranslation();
  const phone = usePhone();
  const roomLabel = useRoomLabel();
  const duties = useQuery({ queryKey: MINE_KEY, queryFn: ({ signal }) => fetchMyInvigilations(signal) });
  const rows = useMemo(() => duties.data ?? [], [duties.data]);
  const byRole = useMemo(() => hoursByRole(rows), [rows]);
  const total = rows.reduce((sum, duty) => sum + duty.hours, 0);

  if (duties.isPending) {
    return (
      <div className="invigilation-loading">
        <Spin />
      </div>
    );
  }
  if (!rows.length) {
    return <Empty className="invigilation-empty" description={t('invigilationPage.mineEmpty')} data-testid="invigilation-mine-empty" />;
  }

  const columns: TableColumnsType<MyInvigilation> = [
    { key: 'batchName', dataIndex: 'batchName', title: t('exam.col.name'), width: 180 },
    { key: 'courseName', dataIndex: 'courseName', title: t('invigilationPage.col.subject'), width: 110 },
    { key: 'time', title: t('invigilationPage.col.time'), width: 190, render: (_: unknown, row) => <span className="invigilation-nowrap">{sittingTime(row)}</span> },
    { key: 'room', title: t('invigilationPage.col.room'), width: 160, render: (_: unknown, row) => roomLabel(row.roomNumber, row.classroomName) },
    { key: 'roleName', dataIndex: 'roleName', title: t('invigilationPage.col.role'), width: 110, render: (roleName: string) => <Tag className="invigilation-tag">{roleName}</Tag> },
    { key: 'hours', dataIndex: 'hours', title: t('invigilation.col.hours'), width: 90, align: 'right', render: (hours: number) => formatHours(hours) },
  ];

  return (
    <div className="invigilation-mine" data-testid="invigilation-mine">
      <div className="invigilation-totals" data-testid="invigilation-mine-totals">
        <span className="invigilation-total">{t('invigilationPage.mineTotal', { count: rows.length, hours: formatHours(total) })}</span>
        {byRole.map((role) => (
          <Tag key={role.roleName} className="invigilation-tag" data-testid="invigilation-mine-role">
            {t('invigilationPage.roleHours', { role: role.roleName, hours: formatHours(role.hours) })}
          </Tag>
        ))}
      </div>
      {phone ? (
        <div className="invigilation-cards" data-testid="invigilation-mine-cards">
          {rows.map((duty, index) => (
            <div className="invigilation-card" key={index} data-testid={`invigilation-mine-card-${index}`}>
              <div className="invigilation-card-head">
                <span className="invigilation-card-title">{duty.courseName}</span>
                <Tag className="invigilation-tag">{duty.roleName}</Tag>
              </div>
              <div className="invigilation-muted">{duty.batchName}</div>
              <div>{sittingTime(duty)}</div>
              <div>{roomLabel(duty.roomNumber, duty.classroomName)}</div>
              <div>{t('invigilationPage.hoursValue', { hours: formatHours(duty.hours) })}</div>
            </div>
          ))}
        </div>
      ) : (
        <Table<MyInvigilation>
          rowKey={(row) => `${row.batchName}|${row.courseName}|${row.examDate}|${row.startTime}|${row.roomNumber ?? ''}|${row.roleName}`}
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          size="middle"
          data-testid="invigilation-mine-table"
        />
      )}
    </div>
  );
}

/** The exams with their sessions and how many of their invigilators are assigned; each opens its arrangement. */
function ExamList({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const table = usePagedTable<ExamArrangementRow>();
  const search = useRef(toExamSearch({}));

  const columns: PagedColumn<ExamArrangementRow>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('exam.col.name'),
      width: 190,
      render: (name: string, row) => (
        <div className="invigilation-name">
          <span>{name}</span>
          {row.ended && (
            <Tag className="invigilation-tag" data-testid={`invigilation-ended-${row.id}`}>
              {t('invigilationPage.ended')}
            </Tag>
          )}
        </div>
      ),
    },
    { key: 'termName', dataIndex: 'termName', title: t('exam.col.term'), width: 170 },
    { key: 'gradeName', dataIndex: 'gradeName', title: t('exam.col.grade'), width: 90 },
    {
      key: 'dates',
      title: t('exam.col.dates'),
      width: 120,
      render: (_: unknown, row) => (row.firstDate ? <span className="invigilation-dates">{row.firstDate === row.lastDate ? row.firstDate : `${row.firstDate} ~ ${row.lastDate}`}</span> : '—'),
    },
    { key: 'rooms', dataIndex: 'rooms', title: t('invigilationPage.col.rooms'), width: 80, align: 'right' },
    { key: 'sessions', dataIndex: 'sessions', title: t('invigilation.col.sessions'), width: 90, align: 'right' },
    {
      key: 'invigilators',
      title: t('invigilationPage.col.assigned'),
      width: 170,
      render: (_: unknown, row) => <AssignedProgress assigned={row.invigilatorsAssigned} needed={row.invigilatorsNeeded} testId={`invigilation-progress-${row.id}`} />,
    },
    {
      key: 'published',
      title: t('exam.col.published'),
      width: 110,
      render: (_: unknown, row) =>
        row.published ? (
          <Tag color="green" className="invigilation-tag" data-testid={`invigilation-published-${row.id}`}>
            {t('invigilationPage.published')}
          </Tag>
        ) : (
          <Tag className="invigilation-tag" data-testid={`invigilation-published-${row.id}`}>
            {t('invigilationPage.unpublished')}
          </Tag>
        ),
    },
    {
      key: '__actions',
      title: t('manage.actions'),
      fixed: 'right',
      width: phone ? 110 : i18n.language === 'en' ? 190 : 130,
      render: (_: unknown, row) => {
        const arrange = canEdit && arrangeable(row);
        return (
          <Button
            type="link"
            size="small"
            icon={arrange ? <ScheduleOutlined /> : <EyeOutlined />}
            onClick={() => void navigate(`${INVIGILATION_ARRANGE_URL}?batchId=${row.id}`)}
            data-testid={`invigilation-open-${row.id}`}
          >
            {arrange ? t('invigilationPage.arrange') : t('invigilationPage.view')}
          </Button>
        );
      },
    },
  ];

  return (
    <div className="invigilation-exams" data-testid="invigilation-exams">
      <QueryHeader<ExamSearchForm>
        collapsible={false}
        onSearch={(values) => {
          search.current = toExamSearch(values);
          table.current?.search(search.current);
        }}
      >
        <Form.Item name="keyword" label={t('invigilationPage.keyword')}>
          <Input allowClear maxLength={50} placeholder={t('invigilationPage.keywordPlaceholder')} data-testid="invigilation-search-keyword" />
        </Form.Item>
      </QueryHeader>
      <PagedTable<ExamArrangementRow> ref={table} url={EXAM_ROOM_CALLS.exams} columns={columns} defaultSearch={search.current} scroll={{ x: 'max-content' }} />
    </div>
  );
}
