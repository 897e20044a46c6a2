import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LAB_BOOKING_KINDS, LAB_BOOKING_STATUSES, LAB_PERMISSIONS, LAB_URLS, labBookingNext, mondayOf, type LabBookingKind, type LabBookingRow, type LabOptions, type LabRoomForm, type LabRoomRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog, ManagePage } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { WeekTable } from '../../../components/WeekTable/index.ts';
import { EDIT_URLS, LAB_CALLS, cancelBooking, fetchLabOptions, fetchRooms, fetchWeek, labKeys, saveRoom } from './api.ts';
import { BookingStatusTag } from './parts.tsx';
import { RoomFields } from './RoomFields.tsx';
import { todayText } from './common.tsx';

/**
 * /xysh/sysyy, laboratory booking: a teacher's bookings (new ones through the booking forms), a room's week, and for the
 * lab administrators the rooms with their configuration and every booking to approve.
 */
export default function LabsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const allowed = usePermission();
  const manages = allowed({ permissions: [LAB_PERMISSIONS.manage] });
  const options = useQuery({ queryKey: labKeys.options, queryFn: ({ signal }) => fetchLabOptions(signal) });
  if (options.isPending || !options.data) return <Spin />;
  return (
    <div data-testid="labs-page">
      <Typography.Title level={4}>{routeTitle(route, i18n.language)}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'bookings', label: <span data-testid="labs-tab-bookings">{t('labsUi.tab.bookings')}</span>, children: <Bookings options={options.data} manages={manages} /> },
          { key: 'week', label: <span data-testid="labs-tab-week">{t('labsUi.tab.week')}</span>, children: <Week options={options.data} /> },
          ...(manages ? [{ key: 'rooms', label: <span data-testid="labs-tab-rooms">{t('labsUi.tab.rooms')}</span>, children: <Rooms options={options.data} /> }] : []),
        ]}
      />
    </div>
  );
}

interface SearchForm {
  keyword?: string;
  kind?: LabBookingKind;
  status?: string;
  roomId?: number;
}

function Bookings({ options, manages }: { options: LabOptions; manages: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const join = i18n.language === 'en' ? ', ' : '\u3001';
  const open = (row: LabBookingRow) => void navigate(`${EDIT_URLS[row.kind].single}?id=${row.id}`);
  return (
    <ManagePage<LabBookingRow, SearchForm>
      permission={LAB_PERMISSIONS.page}
      editPermission={LAB_PERMISSIONS.page}
      deletePermission={LAB_PERMISSIONS.page}
      listUrl={LAB_CALLS.bookingsPage}
      onAdd={() => setChoosing(true)}
      toSearch={(v) => ({ keyword: v.keyword?.trim() ?? '', kind: v.kind ?? '', status: v.status ?? '', roomId: v.roomId ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('labsUi.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('labsUi.keywordHint')} />
          </Form.Item>
          <Form.Item name="kind" label={t('labsUi.kind')}>
            <Select allowClear style={{ width: 150 }} placeholder={t('manage.all')} options={LAB_BOOKING_KINDS.map((k) => ({ value: k, label: t(`lab.kind.${k}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('labsUi.statusLabel')}>
            <Select allowClear style={{ width: 130 }} placeholder={t('manage.all')} options={LAB_BOOKING_STATUSES.map((s) => ({ value: s, label: t(`labsUi.status.${s}`) }))} data-testid="labs-search-status" />
          </Form.Item>
          <Form.Item name="roomId" label={t('labsUi.room')}>
            <Select allowClear style={{ width: 150 }} placeholder={t('manage.all')} options={options.rooms.map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'bookingDate', dataIndex: 'bookingDate', title: t('labsUi.date'), sorter: true, width: 110 },
        { key: 'periods', title: t('labsUi.periods'), width: 150, render: (_: unknown, r: LabBookingRow) => r.periodNames.join(join) },
        { key: 'roomName', dataIndex: 'roomName', title: t('labsUi.room'), sorter: true, width: 120 },
        { key: 'kind', dataIndex: 'kind', title: t('labsUi.kind'), width: 120, render: (k: LabBookingKind) => t(`lab.kind.${k}`) },
        { key: 'what', title: t('labsUi.experiment'), width: 180, render: (_: unknown, r: LabBookingRow) => r.experiment || r.note },
        { key: 'className', dataIndex: 'className', title: t('labsUi.class'), width: 110 },
        { key: 'teacherName', dataIndex: 'teacherName', title: t('labsUi.teacher'), width: 100 },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('labsUi.statusLabel'),
          width: 130,
          render: (_: unknown, r: LabBookingRow) => (
            <Space size={4}>
              <BookingStatusTag status={r.status} testId={`lab-status-${r.id}`} />
              {r.expired && <Tag>{t('labsUi.expired')}</Tag>}
            </Space>
          ),
        },
      ]}
      actionsWidth={i18n.language === 'en' ? 300 : 240}
      rowActions={(row, { reload }) => (
        <>
          <Button type="link" size="small" onClick={() => open(row)} data-testid={`lab-open-${row.id}`}>
            {row.mine && !row.expired && labBookingNext(row.status, 'cancel') ? t('manage.edit') : t('manage.view')}
          </Button>
          {row.mine && !row.expired && labBookingNext(row.status, 'cancel') && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                feedback().modal.confirm({
                  title: t('labsUi.cancelConfirm'),
                  okText: t('labsUi.cancelBooking'),
                  cancelText: t('manage.cancel'),
                  onOk: async () => {
                    await cancelBooking(row.id);
                    feedback().message.success(t('lab.cancelled'));
                    reload();
                  },
                })
              }
              data-testid={`lab-cancel-${row.id}`}
            >
              {t('labsUi.cancelBooking')}
            </Button>
          )}
          {manages && row.reviewable && row.status === 'pending' && !row.expired && (
            <Button type="link" size="small" onClick={() => void navigate(`${LAB_URLS.approval}?id=${row.id}`)} data-testid={`lab-review-${row.id}`}>
              {t('labsUi.review')}
            </Button>
          )}
        </>
      )}
      data-testid="labs-bookings"
    >
      {() => <NewBooking open={choosing} options={options} onClose={() => setChoosing(false)} />}
    </ManagePage>
  );
}

/** Which kind, which form and which room: then the booking form of that kind opens. */
function NewBooking({ open, options, onClose }: { open: boolean; options: LabOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<LabBookingKind>('student');
  const [multi, setMulti] = useState(false);
  const [roomId, setRoomId] = useState<number | undefined>();
  const rooms = options.rooms.filter((r) => r.enabled && (kind === 'loan') === (r.kind === 'classroom'));
  const urls = EDIT_URLS[kind];
  return (
    <Modal
      open={open}
      title={t('labsUi.newBooking')}
      onCancel={onClose}
      okText={t('labsUi.next')}
      cancelText={t('manage.cancel')}
      okButtonProps={{ disabled: !roomId }}
      onOk={() => void navigate(`${multi && urls.multi ? urls.multi : urls.single}?roomId=${roomId}`)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('labsUi.kind')}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as LabBookingKind);
              setRoomId(undefined);
            }}
            options={LAB_BOOKING_KINDS.map((k) => ({ value: k, label: t(`lab.kind.${k}`) }))}
          />
        </Form.Item>
        {urls.multi && (
          <Form.Item label={t('labsUi.form')}>
            <Radio.Group value={multi} onChange={(e) => setMulti(e.target.value as boolean)} options={[{ value: false, label: t('labsUi.oneRoom') }, { value: true, label: t('labsUi.severalRooms') }]} />
          </Form.Item>
        )}
        <Form.Item label={t('labsUi.room')}>
          <Select value={roomId} onChange={setRoomId} options={rooms.map((r) => ({ value: r.id, label: `${r.name}${r.shared ? ` · ${t('labsUi.shared')}` : ''}` }))} data-testid="labs-new-room" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A room's bookings of one week, on the school's days and periods (closed periods greyed). */
function Week({ options }: { options: LabOptions }) {
  const { t } = useTranslation();
  const [roomId, setRoomId] = useState<number | undefined>(options.rooms[0]?.id);
  // The school's current week, whatever the browser's zone or locale's first weekday.
  const [weekStart, setWeekStart] = useState(() => mondayOf(todayText()));
  const monday = dayjs(weekStart);
  const cells = useQuery({ queryKey: labKeys.week(roomId ?? 0, weekStart), queryFn: ({ signal }) => fetchWeek(roomId!, weekStart, signal), enabled: !!roomId });
  const room = options.rooms.find((r) => r.id === roomId);
  const open = new Set((room?.slots ?? []).map((s) => `${s.day}-${s.period}`));
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select style={{ width: 200 }} value={roomId} onChange={setRoomId} options={options.rooms.map((r) => ({ value: r.id, label: r.name }))} data-testid="labs-week-room" />
        <DatePicker picker="week" value={monday} onChange={(value) => value && setWeekStart(mondayOf(value.format('YYYY-MM-DD')))} allowClear={false} />
      </Space>
      {cells.isFetching && <Spin size="small" />}
      <WeekTable
        days={options.days.map((d) => ({ day: d.day, name: `${d.name} ${monday.add(d.day - 1, 'day').format('MM-DD')}` }))}
        periods={options.periods}
        corner={t('labsUi.periods')}
        wrapClassName="lab-week-wrap"
        className="lab-week"
        data-testid="labs-week"
        renderCell={({ slot, key }) => {
          const here = (cells.data ?? []).filter((c) => c.day === slot.day && c.period === slot.period);
          return {
            props: { className: open.has(key) ? undefined : 'is-closed', 'data-testid': `labs-week-${key}` },
            content: here.map((c) => (
              <div key={c.bookingId} className={`lab-cell is-${c.status}`}>
                <div>{c.experiment || t(`lab.kind.${c.kind}`)}</div>
                <div>{[c.className, c.teacherName].filter(Boolean).join(' · ')}</div>
              </div>
            )),
          };
        }}
      />
    </div>
  );
}

/** The lab administrators' rooms: each opens its basic and its period configuration. */
function Rooms({ options }: { options: LabOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rooms = useQuery({ queryKey: labKeys.rooms, queryFn: ({ signal }) => fetchRooms(signal) });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="labs-room-add">
        {t('manage.add')}
      </Button>
      <Table<LabRoomRow>
        rowKey="id"
        loading={rooms.isPending}
        dataSource={rooms.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('labsUi.room') },
          { key: 'kind', dataIndex: 'kind', title: t('labsUi.roomKind'), render: (k: string) => t(`lab.roomKind.${k}`) },
          { key: 'subject', dataIndex: 'subject', title: t('labsUi.subject') },
          { key: 'capacity', dataIndex: 'capacity', title: t('labsUi.capacity') },
          { key: 'shared', dataIndex: 'shared', title: t('labsUi.shared'), render: (v: boolean) => (v ? t('labsUi.yes') : t('labsUi.no')) },
          { key: 'needsApproval', dataIndex: 'needsApproval', title: t('labsUi.needsApproval'), render: (v: boolean) => (v ? t('labsUi.yes') : t('labsUi.no')) },
          { key: 'managerName', dataIndex: 'managerName', title: t('labsUi.manager') },
          { key: 'openSlots', dataIndex: 'openSlots', title: t('labsUi.openSlots') },
          { key: 'enabled', dataIndex: 'enabled', title: t('labsUi.enabled'), render: (v: boolean) => (v ? t('labsUi.yes') : t('labsUi.no')) },
          {
            key: 'actions',
            title: t('manage.actions'),
            render: (_: unknown, row: LabRoomRow) => (
              <>
                <Button type="link" size="small" onClick={() => void navigate(`${LAB_URLS.roomBasic}?roomId=${row.id}`)}>
                  {t('labsUi.basicConfig')}
                </Button>
                <Button type="link" size="small" onClick={() => void navigate(`${LAB_URLS.roomPeriods}?roomId=${row.id}`)}>
                  {t('labsUi.periodConfig')}
                </Button>
              </>
            ),
          },
        ]}
      />
      <FormDialog<LabRoomForm>
        open={adding}
        mode="add"
        title={t('labsUi.addRoom')}
        initialValues={{ kind: 'lab', capacity: 50, shared: false, needsApproval: false, enabled: true }}
        onClose={() => setAdding(false)}
        onSubmit={async (values) => {
          await saveRoom(values);
          feedback().message.success(t('common.created'));
          void queryClient.invalidateQueries({ queryKey: labKeys.rooms });
          void queryClient.invalidateQueries({ queryKey: labKeys.options });
        }}
      >
        {(form) => <RoomFields form={form} options={options} />}
      </FormDialog>
    </>
  );
}
