import { useEffect, useState } from 'react';
import { Button, Checkbox, DatePicker, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ASSOCIATION_DESCRIPTION_MAX,
  ASSOCIATION_NAME_MAX,
  ASSOCIATION_PERMISSIONS,
  ASSOCIATION_REASON_MAX,
  type AssociationActivityRow,
  type AssociationMemberRow,
  type AssociationRow,
} from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call, request } from '../../../api/client.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { PagedTable, usePagedTable } from '../../../components/PagedTable/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { QueryHeader } from '../../../components/QueryHeader/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import '../activities/campusLife.css';

const BASE = '/api/campusLife/associations';
const TIME = 'YYYY-MM-DD HH:mm';
const keys = {
  members: (id: number) => ['associations', 'members', id] as const,
  activities: (id: number) => ['associations', 'activities', id] as const,
  attendance: (id: number) => ['associations', 'attendance', id] as const,
};
const post = async (path: string, json: object) => (await request(`${BASE}${path}`, { json })).msg;
const list = <T,>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);
/** Runs a change, shows its message; a refusal was shown by the request client. */
async function attempt(work: () => Promise<string>, after: () => unknown): Promise<boolean> {
  try {
    feedback().message.success(await work());
    return true;
  } catch {
    return false;
  } finally {
    await after();
  }
}

/**
 * Associations (/xysh/stgl): every association with its advisor and members. Students apply (and withdraw while
 * waiting) and read their associations' activities; the advisor and leaders approve applications and run
 * the activities with attendance; the advisor marks leaders; the office founds and closes associations.
 */
export default function AssociationsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const can = usePermission();
  const office = can({ permissions: [ASSOCIATION_PERMISSIONS.edit] });
  const client = useQueryClient();
  const table = usePagedTable<AssociationRow>();
  const [form] = Form.useForm<{ keyword?: string }>();
  const [editing, setEditing] = useState<AssociationRow | 'new' | null>(null);
  const [applying, setApplying] = useState<AssociationRow | null>(null);
  const [open, setOpen] = useState<AssociationRow | null>(null);
  const reload = () => {
    table.current?.reload();
    return client.invalidateQueries({ queryKey: ['associations'] });
  };

  const status = (row: AssociationRow) =>
    row.myStatus === 'none' ? null : (
      <Tag color={row.myStatus === 'member' ? 'success' : row.myStatus === 'pending' ? 'processing' : 'default'} data-testid={`association-status-${row.id}`}>
        {t(`associationUi.status.${row.myStatus}`)}
        {row.myLeader ? ` · ${t('associationUi.leader')}` : ''}
      </Tag>
    );

  return (
    <div className="campus-dorm" data-testid="associations-page">
      <QueryHeader<{ keyword?: string }>
        form={form}
        title={routeTitle(route, i18n.language)}
        extra={
          office && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="association-add">
              {t('associationUi.add')}
            </Button>
          )
        }
        collapsible={false}
        onSearch={(values) => table.current?.search({ keyword: values.keyword?.trim() ?? '' })}
      >
        <Form.Item name="keyword" label={t('associationUi.keyword')}>
          <Input allowClear maxLength={50} placeholder={t('associationUi.keywordHint')} data-testid="association-keyword" />
        </Form.Item>
      </QueryHeader>
      <PagedTable<AssociationRow>
        ref={table}
        url={`${BASE}/page`}
        rowKey="id"
        size="small"
        data-testid="associations-table"
        columns={[
          { key: 'name', title: t('associationUi.name'), render: (_: unknown, row) => (<><Typography.Text strong>{row.name}</Typography.Text> {status(row)}</>) },
          { key: 'advisorName', dataIndex: 'advisorName', title: t('associationUi.advisor'), width: 100, responsive: ['sm'] },
          { key: 'members', title: t('associationUi.members'), width: 110, responsive: ['sm'], render: (_: unknown, row) => (row.manages && row.pending ? t('associationUi.membersPending', { members: row.members, pending: row.pending }) : row.members) },
          { key: 'description', dataIndex: 'description', title: t('associationUi.description'), ellipsis: true, responsive: ['md'] },
          {
            key: 'actions',
            title: t('associationUi.actions'),
            width: phone ? 140 : 260,
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {(row.manages || row.myStatus === 'member') && (
                  <Button type="link" size="small" onClick={() => setOpen(row)} data-testid={`association-open-${row.id}`}>
                    {row.manages || row.myLeader ? t('associationUi.manage') : t('associationUi.activities')}
                  </Button>
                )}
                {!row.manages && (row.myStatus === 'none' || row.myStatus === 'rejected') && can({ roles: ['student'] }) && (
                  <Button type="link" size="small" onClick={() => setApplying(row)} data-testid={`association-apply-${row.id}`}>
                    {t('associationUi.apply')}
                  </Button>
                )}
                {row.myStatus === 'pending' && (
                  <Button type="link" size="small" onClick={() => void attempt(() => post('/withdraw', { id: row.id }), reload)} data-testid={`association-withdraw-${row.id}`}>
                    {t('associationUi.withdraw')}
                  </Button>
                )}
                {office && (
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    {t('manage.edit')}
                  </Button>
                )}
                {office && can({ permissions: [ASSOCIATION_PERMISSIONS.delete] }) && (
                  <Popconfirm title={t('associationUi.deleteConfirm', { name: row.name })} onConfirm={() => void attempt(() => post('/delete', { ids: [row.id] }), reload)}>
                    <Button type="link" size="small" danger>
                      {t('associationUi.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AssociationForm editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <ApplyDialog row={applying} onClose={() => setApplying(null)} onSaved={reload} />
      <AssociationDrawer row={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function AssociationForm({ editing, onClose, onSaved }: { editing: AssociationRow | 'new' | null; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; advisorStaffId?: number; description: string }>();
  const staff = useQuery({ queryKey: ['associations', 'staff'], queryFn: async ({ signal }) => list(await call<{ id: number; name: string }[] | null>(`${BASE}/staff`, { json: {}, signal })), enabled: !!editing });
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue({ name: editing.name, advisorStaffId: editing.advisorStaffId, description: editing.description });
  }, [editing, form]);
  const save = async () => {
    const values = await form.validateFields();
    const id = editing && editing !== 'new' ? editing.id : undefined;
    if (await attempt(() => post('/save', { ...values, id }), onSaved)) onClose();
  };
  return (
    <Modal open={!!editing} title={t(editing === 'new' ? 'associationUi.add' : 'associationUi.edit')} onCancel={onClose} onOk={() => void save()} okText={t('manage.save')} cancelText={t('manage.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('associationUi.name')} rules={[{ required: true, whitespace: true, message: t('common.nameRequired') }]}>
          <Input maxLength={ASSOCIATION_NAME_MAX} />
        </Form.Item>
        <Form.Item name="advisorStaffId" label={t('associationUi.advisor')} rules={[{ required: true, message: t('association.advisorRequired') }]}>
          <Select showSearch optionFilterProp="label" loading={staff.isPending} options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Form.Item name="description" label={t('associationUi.description')}>
          <Input.TextArea maxLength={ASSOCIATION_DESCRIPTION_MAX} rows={4} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ApplyDialog({ row, onClose, onSaved }: { row: AssociationRow | null; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [row]);
  const save = async () => {
    if (row && (await attempt(() => post('/apply', { id: row.id, reason }), onSaved))) onClose();
  };
  return (
    <Modal open={!!row} title={t('associationUi.applyTo', { name: row?.name ?? '' })} onCancel={onClose} onOk={() => void save()} okText={t('associationUi.apply')} cancelText={t('manage.cancel')} destroyOnHidden>
      <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={ASSOCIATION_REASON_MAX} rows={3} showCount placeholder={t('associationUi.reason')} data-testid="association-reason" />
    </Modal>
  );
}

/** An association's members (the advisor and leaders) and activities (its members too). */
function AssociationDrawer({ row, onClose }: { row: AssociationRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const manager = !!row && (row.manages || row.myLeader);
  return (
    <Drawer open={!!row} onClose={onClose} size="large" title={row?.name} destroyOnHidden data-testid="association-drawer">
      {row && (
        <Tabs
          items={[
            ...(manager ? [{ key: 'members', label: t('associationUi.members'), children: <Members row={row} /> }] : []),
            { key: 'activities', label: t('associationUi.activities'), children: <Activities row={row} manager={manager} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

function Members({ row }: { row: AssociationRow }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.members(row.id), queryFn: async ({ signal }) => list(await call<AssociationMemberRow[] | null>(`${BASE}/members`, { json: { id: row.id }, signal })) });
  const reload = () => client.invalidateQueries({ queryKey: ['associations'] });
  return (
    <Table<AssociationMemberRow>
      rowKey="studentId"
      size="small"
      loading={query.isPending}
      dataSource={query.data ?? []}
      pagination={{ pageSize: 30, hideOnSinglePage: true }}
      scroll={{ x: 620 }}
      columns={[
        { key: 'name', title: t('associationUi.student'), render: (_: unknown, m) => `${m.name} · ${m.className}` },
        { key: 'status', title: t('associationUi.statusColumn'), width: 90, render: (_: unknown, m) => <Tag>{t(`associationUi.status.${m.status}`)}</Tag> },
        { key: 'reason', dataIndex: 'reason', title: t('associationUi.reason'), ellipsis: true },
        {
          key: 'leader',
          title: t('associationUi.leader'),
          width: 80,
          render: (_: unknown, m) =>
            m.status === 'member' ? <Switch size="small" checked={m.isLeader} disabled={!row.manages} onChange={(leader) => void attempt(() => post('/leader', { id: row.id, studentId: m.studentId, leader }), reload)} /> : null,
        },
        {
          key: 'actions',
          title: t('associationUi.actions'),
          width: 170,
          render: (_: unknown, m) =>
            m.status === 'pending' ? (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void attempt(() => post('/decide', { id: row.id, studentId: m.studentId, decision: 'approve' }), reload)} data-testid={`association-approve-${m.studentId}`}>
                  {t('associationUi.approve')}
                </Button>
                <Button type="link" size="small" danger onClick={() => void attempt(() => post('/decide', { id: row.id, studentId: m.studentId, decision: 'reject' }), reload)}>
                  {t('associationUi.reject')}
                </Button>
              </Space>
            ) : m.status === 'member' && row.manages ? (
              <Popconfirm title={t('associationUi.removeConfirm', { name: m.name })} onConfirm={() => void attempt(() => post('/remove', { id: row.id, studentId: m.studentId }), reload)}>
                <Button type="link" size="small" danger>
                  {t('associationUi.remove')}
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}

function Activities({ row, manager }: { row: AssociationRow; manager: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.activities(row.id), queryFn: async ({ signal }) => list(await call<AssociationActivityRow[] | null>(`${BASE}/activities`, { json: { id: row.id }, signal })) });
  const [adding, setAdding] = useState(false);
  const [attendance, setAttendance] = useState<AssociationActivityRow | null>(null);
  const [form] = Form.useForm<{ title: string; place: string; time: [Dayjs, Dayjs]; description: string }>();
  const reload = () => client.invalidateQueries({ queryKey: ['associations'] });
  const save = async () => {
    const values = await form.validateFields();
    const body = { associationId: row.id, title: values.title, place: values.place, startsAt: values.time[0].format(TIME), endsAt: values.time[1].format(TIME), description: values.description ?? '' };
    if (await attempt(() => post('/activities/save', body), reload)) setAdding(false);
  };
  return (
    <>
      {manager && (
        <Button icon={<PlusOutlined />} className="campus-dorm-toolbar" onClick={() => { form.resetFields(); setAdding(true); }}>
          {t('associationUi.addActivity')}
        </Button>
      )}
      <Table<AssociationActivityRow>
        rowKey="id"
        size="small"
        loading={query.isPending}
        dataSource={query.data ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        columns={[
          { key: 'title', dataIndex: 'title', title: t('associationUi.activity') },
          { key: 'time', title: t('associationUi.time'), width: 170, render: (_: unknown, a) => `${a.startsAt} ~ ${a.endsAt.slice(11)}` },
          { key: 'place', dataIndex: 'place', title: t('associationUi.place'), width: 120 },
          {
            key: 'attendance',
            title: t('associationUi.attendance'),
            width: 130,
            render: (_: unknown, a) =>
              manager ? (
                <Button type="link" size="small" disabled={a.startsAt > dayjs().format(TIME)} onClick={() => setAttendance(a)}>
                  {t('associationUi.presentOf', { present: a.present, registered: a.registered })}
                </Button>
              ) : a.mine === null ? (
                '—'
              ) : (
                t(a.mine ? 'associationUi.present' : 'associationUi.absent')
              ),
          },
          ...(manager
            ? [
                {
                  key: 'delete',
                  title: '',
                  width: 70,
                  render: (_: unknown, a: AssociationActivityRow) => (
                    <Popconfirm title={t('associationUi.deleteActivity', { title: a.title })} onConfirm={() => void attempt(() => post('/activities/delete', { activityId: a.id }), reload)}>
                      <Button type="link" size="small" danger>
                        {t('associationUi.delete')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal open={adding} title={t('associationUi.addActivity')} onCancel={() => setAdding(false)} onOk={() => void save()} okText={t('manage.save')} cancelText={t('manage.cancel')} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label={t('associationUi.activity')} rules={[{ required: true, whitespace: true, message: t('campusLife.titleRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="place" label={t('associationUi.place')} rules={[{ required: true, whitespace: true, message: t('campusLife.placeRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="time" label={t('associationUi.time')} rules={[{ required: true, message: t('campusLife.timeFormat') }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={TIME} />
          </Form.Item>
          <Form.Item name="description" label={t('associationUi.description')}>
            <Input.TextArea maxLength={300} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <AttendanceDialog activity={attendance} onClose={() => setAttendance(null)} onSaved={reload} />
    </>
  );
}

function AttendanceDialog({ activity, onClose, onSaved }: { activity: AssociationActivityRow | null; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: keys.attendance(activity?.id ?? 0),
    queryFn: async ({ signal }) => list(await call<{ studentId: number; name: string; className: string; present: boolean | null }[] | null>(`${BASE}/attendance`, { json: { activityId: activity!.id }, signal })),
    enabled: !!activity,
  });
  const [present, setPresent] = useState<Record<number, boolean>>({});
  useEffect(() => setPresent(Object.fromEntries((query.data ?? []).map((m) => [m.studentId, m.present ?? false]))), [query.data]);
  const save = async () => {
    if (activity && (await attempt(() => post('/attendance/save', { activityId: activity.id, entries: Object.entries(present).map(([studentId, on]) => ({ studentId: Number(studentId), present: on })) }), onSaved))) onClose();
  };
  return (
    <Modal open={!!activity} title={t('associationUi.attendanceOf', { title: activity?.title ?? '' })} onCancel={onClose} onOk={() => void save()} okText={t('manage.save')} cancelText={t('manage.cancel')} destroyOnHidden>
      <div className="campus-dorm-people">
        {(query.data ?? []).map((m) => (
          <Checkbox key={m.studentId} checked={present[m.studentId] ?? false} onChange={(e) => setPresent((now) => ({ ...now, [m.studentId]: e.target.checked }))}>
            {m.name} <Typography.Text type="secondary">{m.className}</Typography.Text>
          </Checkbox>
        ))}
      </div>
    </Modal>
  );
}
