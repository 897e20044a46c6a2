import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Empty, Form, Input, InputNumber, Modal, Select, Space, Spin, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { ApartmentOutlined, FormOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DORMITORY_PERMISSIONS, DORMITORY_URLS, DORM_BEDS_MAX, DORM_GENDERS, dormRoomFormSchema, type DormBuilding, type DormRoomFormParsed, type DormRoomRow, type DormStayRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/ChildChooser.tsx';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { schemaRule } from '../activities/schemaRule.ts';
import { DORM_CALLS, dormKeys, fetchBuildings, fetchClassPlaces, fetchMine, fetchRanking, saveInspection, saveRoom } from './api.ts';
import '../activities/campusLife.css';

const DAY = 'YYYY-MM-DD';

/**
 * Dormitories (/xysh/ssgl): the dormitory office manages rooms, check-ins and hygiene (allocating a room opens
 * /ssgl/fjgl); a class teacher reads where their class sleeps; a student or parent their own room.
 */
export default function DormitoriesPage({ route }: PageProps) {
  const can = usePermission();
  const { i18n } = useTranslation();
  const title = routeTitle(route, i18n.language);
  if (can({ permissions: [DORMITORY_PERMISSIONS.edit] })) return <Office title={title} />;
  if (can({ roles: ['class_teacher'] })) return <ClassPlaces title={title} />;
  return <Mine title={title} />;
}

function Office({ title }: { title: string }) {
  const { t } = useTranslation();
  const buildings = useQuery({ queryKey: dormKeys.buildings, queryFn: ({ signal }) => fetchBuildings(signal) });
  if (buildings.isPending) return <Spin className="campus-loading" />;
  const list = buildings.data ?? [];
  return (
    <div className="campus-dorm" data-testid="dorm-office">
      <div className="campus-dorm-buildings">
        {list.map((b) => (
          <Card key={b.id} size="small" className="campus-dorm-building" data-testid={`dorm-building-${b.id}`}>
            <Typography.Text strong>{b.name}</Typography.Text> <Typography.Text type="secondary">{b.campusName}</Typography.Text>
            <div>{t('dormUi.buildingFacts', { rooms: b.rooms, occupied: b.occupied, beds: b.beds })}</div>
          </Card>
        ))}
      </div>
      <Tabs
        items={[
          { key: 'rooms', label: t('dormUi.tab.rooms'), children: <Rooms title={title} buildings={list} /> },
          { key: 'stays', label: t('dormUi.tab.stays'), children: <Stays buildings={list} /> },
          { key: 'hygiene', label: t('dormUi.tab.hygiene'), children: <Hygiene buildings={list} canEdit /> },
        ]}
      />
    </div>
  );
}

const buildingOptions = (buildings: DormBuilding[]) => buildings.map((b) => ({ value: b.id, label: b.name }));

interface RoomValues {
  buildingId?: number;
  floor?: number | null;
  number?: string;
  gender?: '1' | '2';
  totalBeds?: number | null;
  effectiveBeds?: number | null;
  remark?: string;
}

const roomBody = (values: RoomValues): DormRoomFormParsed => ({
  buildingId: values.buildingId as number,
  floor: (values.floor ?? undefined) as number,
  number: values.number?.trim() ?? '',
  gender: values.gender as '1',
  totalBeds: (values.totalBeds ?? undefined) as number,
  effectiveBeds: (values.effectiveBeds ?? undefined) as number,
  remark: values.remark?.trim() ?? '',
});

function Rooms({ title, buildings }: { title: string; buildings: DormBuilding[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit' | 'view'; row?: DormRoomRow } | null>(null);
  const initial = useMemo<RoomValues>(() => (dialog?.row ? { ...dialog.row } : { buildingId: buildings[0]?.id, gender: '1', totalBeds: 6, effectiveBeds: 6 }), [dialog, buildings]);
  return (
    <ManagePage<DormRoomRow, { buildingId?: number; keyword?: string; gender?: string; free?: boolean }>
      permission={DORMITORY_PERMISSIONS.view}
      editPermission={DORMITORY_PERMISSIONS.edit}
      deletePermission={DORMITORY_PERMISSIONS.delete}
      listUrl={DORM_CALLS.roomsPage}
      title={title}
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ buildingId: values.buildingId ?? '', keyword: values.keyword?.trim() ?? '', gender: values.gender ?? '', free: values.free ?? false })}
      searchFields={() => (
        <>
          <Form.Item name="buildingId" label={t('dormUi.building')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('manage.all')} options={buildingOptions(buildings)} data-testid="dorm-search-building" />
          </Form.Item>
          <Form.Item name="keyword" label={t('dormUi.room')}>
            <Input allowClear maxLength={20} style={{ width: 110 }} data-testid="dorm-search-room" />
          </Form.Item>
          <Form.Item name="gender" label={t('dormUi.gender')}>
            <Select allowClear style={{ width: 100 }} placeholder={t('manage.all')} options={DORM_GENDERS.map((g) => ({ value: g, label: t(`dormitory.gender.${g}`) }))} />
          </Form.Item>
          <Form.Item name="free" label={t('dormUi.freeOnly')} valuePropName="checked">
            <Switch size="small" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'buildingName', dataIndex: 'buildingName', title: t('dormUi.building'), width: 110 },
        { key: 'number', dataIndex: 'number', title: t('dormUi.room'), sorter: true, width: 90 },
        { key: 'floor', dataIndex: 'floor', title: t('dormUi.floor'), sorter: true, width: 70 },
        { key: 'gender', title: t('dormUi.gender'), width: 80, render: (_: unknown, row: DormRoomRow) => t(`dormitory.gender.${row.gender}`) },
        { key: 'beds', title: t('dormUi.bedsColumn'), width: 150, render: (_: unknown, row: DormRoomRow) => t('dormUi.bedsValue', { occupied: row.occupied, effective: row.effectiveBeds, total: row.totalBeds }) },
        { key: 'lastScore', title: t('dormUi.lastScore'), width: 130, render: (_: unknown, row: DormRoomRow) => (row.lastScore === null ? '—' : `${row.lastScore} (${row.lastInspectedOn})`) },
        { key: 'remark', dataIndex: 'remark', title: t('dormUi.remark'), width: 140 },
      ]}
      actionsWidth={300}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`dorm-edit-${row.id}`} />
          <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => navigate(`${DORMITORY_URLS.allocate}?buildingId=${row.buildingId}&roomId=${row.id}`)} data-testid={`dorm-allocate-${row.id}`}>
            {t('dormUi.allocate')}
          </Button>
          {canDelete && <DeleteButton type="link" size="small" url={DORM_CALLS.roomDelete} param={{ ids: [row.id] }} text={t('dormUi.deleteRoom', { number: row.number })} onSuccess={reload} />}
        </>
      )}
      data-testid="dorm-rooms"
    >
      {({ reload }) => (
        <FormDialog<RoomValues>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'dormUi.addRoom' : dialog?.mode === 'edit' ? 'dormUi.editRoom' : 'dormUi.viewRoom')}
          initialValues={initial}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            const body = roomBody(values);
            feedback().message.success(await saveRoom(dialog?.row ? { ...body, id: dialog.row.id } : body));
            reload();
            void client.invalidateQueries({ queryKey: dormKeys.buildings });
          }}
          data-testid="dorm-room-dialog"
        >
          {(form) => {
            const rule = (path: string) => schemaRule(dormRoomFormSchema, () => roomBody(form.getFieldsValue(true) as RoomValues), [path]);
            return (
              <>
                <Form.Item name="buildingId" label={t('dormUi.building')} rules={[rule('buildingId')]} required>
                  <Select options={buildingOptions(buildings)} />
                </Form.Item>
                <Space wrap>
                  <Form.Item name="floor" label={t('dormUi.floor')} rules={[rule('floor')]} required>
                    <InputNumber min={1} max={50} precision={0} />
                  </Form.Item>
                  <Form.Item name="number" label={t('dormUi.room')} rules={[rule('number')]} required>
                    <Input maxLength={20} />
                  </Form.Item>
                  <Form.Item name="gender" label={t('dormUi.gender')} rules={[rule('gender')]} required>
                    <Select style={{ width: 100 }} options={DORM_GENDERS.map((g) => ({ value: g, label: t(`dormitory.gender.${g}`) }))} />
                  </Form.Item>
                </Space>
                <Space wrap>
                  <Form.Item name="totalBeds" label={t('dormUi.totalBeds')} rules={[rule('totalBeds')]} required>
                    <InputNumber min={1} max={DORM_BEDS_MAX} precision={0} data-testid="dorm-room-total" />
                  </Form.Item>
                  <Form.Item name="effectiveBeds" label={t('dormUi.effectiveBeds')} rules={[rule('effectiveBeds')]} dependencies={['totalBeds']} required>
                    <InputNumber min={0} max={DORM_BEDS_MAX} precision={0} data-testid="dorm-room-effective" />
                  </Form.Item>
                </Space>
                <Form.Item name="remark" label={t('dormUi.remark')}>
                  <Input maxLength={200} />
                </Form.Item>
              </>
            );
          }}
        </FormDialog>
      )}
    </ManagePage>
  );
}

function Stays({ buildings }: { buildings: DormBuilding[] }) {
  const { t } = useTranslation();
  return (
    <ManagePage<DormStayRow, { keyword?: string; buildingId?: number; current?: boolean }>
      permission={DORMITORY_PERMISSIONS.view}
      editPermission={DORMITORY_PERMISSIONS.edit}
      listUrl={DORM_CALLS.staysPage}
      exportUrl={DORM_CALLS.staysExport}
      exportName={t('dormitory.export.stays')}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', buildingId: values.buildingId ?? '', current: values.current ?? false })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('dormUi.keyword')}>
            <Input allowClear maxLength={30} placeholder={t('dormUi.stayKeywordHint')} data-testid="dorm-stays-keyword" />
          </Form.Item>
          <Form.Item name="buildingId" label={t('dormUi.building')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('manage.all')} options={buildingOptions(buildings)} />
          </Form.Item>
          <Form.Item name="current" label={t('dormUi.currentOnly')} valuePropName="checked">
            <Switch size="small" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'studentNumber', dataIndex: 'studentNumber', title: t('dormitory.col.studentNumber'), sorter: true, width: 120 },
        { key: 'studentName', dataIndex: 'studentName', title: t('dormitory.col.student'), width: 90 },
        { key: 'className', dataIndex: 'className', title: t('dormitory.col.class'), width: 120 },
        { key: 'roomNumber', title: t('dormitory.col.room'), sorter: true, width: 160, render: (_: unknown, row: DormStayRow) => `${row.buildingName} ${row.roomNumber} · ${t('dormUi.bedLabel', { bed: row.bedLabel })}` },
        { key: 'checkedInAt', dataIndex: 'checkedInAt', title: t('dormitory.col.checkedInAt'), sorter: true, width: 140 },
        { key: 'checkedOutAt', title: t('dormitory.col.checkedOutAt'), width: 140, render: (_: unknown, row: DormStayRow) => row.checkedOutAt || <Tag color="success">{t('dormUi.staying')}</Tag> },
        { key: 'reason', title: t('dormitory.col.reason'), width: 80, render: (_: unknown, row: DormStayRow) => t(`dormitory.reason.${row.reason}`) },
        { key: 'byName', dataIndex: 'byName', title: t('dormUi.by'), width: 100 },
      ]}
      data-testid="dorm-stays"
    />
  );
}

function Hygiene({ buildings, canEdit }: { buildings: DormBuilding[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day'), dayjs()]);
  const [buildingId, setBuildingId] = useState<number | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ roomId?: number; inspectedOn?: Dayjs; score?: number; remark?: string }>();
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  const ranking = useQuery({ queryKey: dormKeys.ranking(from, to, buildingId), queryFn: ({ signal }) => fetchRanking({ from, to, buildingId }, signal) });
  const save = async () => {
    const values = await form.validateFields();
    try {
      feedback().message.success(await saveInspection({ roomId: values.roomId as number, inspectedOn: (values.inspectedOn as Dayjs).format(DAY), score: values.score as number, remark: values.remark ?? '' }));
      setOpen(false);
      await client.invalidateQueries({ queryKey: dormKeys.all });
    } catch {
      // Shown by the request client.
    }
  };
  const rooms = (ranking.data ?? []).map((row) => ({ value: row.roomId, label: `${row.buildingName} ${row.roomNumber}` }));
  return (
    <div data-testid="dorm-hygiene">
      <Space wrap className="campus-dorm-toolbar">
        <DatePicker.RangePicker value={range} allowClear={false} onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])} />
        <Select allowClear style={{ width: 140 }} placeholder={t('dormUi.allBuildings')} value={buildingId} onChange={setBuildingId} options={buildingOptions(buildings)} />
        {canEdit && (
          <Button type="primary" icon={<FormOutlined />} onClick={() => { form.resetFields(); form.setFieldsValue({ inspectedOn: dayjs() }); setOpen(true); }} data-testid="dorm-inspect">
            {t('dormUi.inspect')}
          </Button>
        )}
      </Space>
      <Table
        rowKey="roomId"
        size="small"
        loading={ranking.isPending}
        dataSource={ranking.data ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { key: 'rank', dataIndex: 'rank', title: t('dormUi.rank'), width: 70 },
          { key: 'room', title: t('dormUi.room'), render: (_: unknown, row) => `${row.buildingName} ${row.roomNumber}` },
          { key: 'average', dataIndex: 'average', title: t('dormUi.average'), width: 100 },
          { key: 'latest', dataIndex: 'latest', title: t('dormUi.latest'), width: 100 },
          { key: 'inspections', dataIndex: 'inspections', title: t('dormUi.inspections'), width: 100 },
        ]}
      />
      <Modal open={open} title={t('dormUi.inspect')} onCancel={() => setOpen(false)} onOk={() => void save()} okText={t('manage.save')} cancelText={t('manage.cancel')} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="roomId" label={t('dormUi.room')} rules={[{ required: true, message: t('dormitory.roomRequired') }]}>
            <Select showSearch optionFilterProp="label" options={rooms} />
          </Form.Item>
          <Form.Item name="inspectedOn" label={t('dormUi.date')} rules={[{ required: true, message: t('dormitory.dateRequired') }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="score" label={t('dormUi.score')} rules={[{ required: true, message: t('dormitory.scoreRange') }]}>
            <InputNumber min={0} max={100} step={0.5} />
          </Form.Item>
          <Form.Item name="remark" label={t('dormUi.remark')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

function ClassPlaces({ title }: { title: string }) {
  const { t } = useTranslation();
  const places = useQuery({ queryKey: dormKeys.classPlaces, queryFn: ({ signal }) => fetchClassPlaces(signal) });
  const rows = places.data ?? [];
  return (
    <div className="campus-dorm" data-testid="dorm-class">
      <Typography.Title level={4}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('dormUi.classSummary', { boarders: rows.filter((row) => row.buildingName).length, total: rows.length })}</Typography.Paragraph>
      <Table
        rowKey="studentId"
        size="small"
        loading={places.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { key: 'studentNumber', dataIndex: 'studentNumber', title: t('dormitory.col.studentNumber'), width: 120 },
          { key: 'studentName', dataIndex: 'studentName', title: t('dormitory.col.student'), width: 100 },
          { key: 'className', dataIndex: 'className', title: t('dormitory.col.class'), width: 120 },
          { key: 'place', title: t('dormUi.place'), render: (_: unknown, row) => (row.buildingName ? `${row.buildingName} ${row.roomNumber} · ${t('dormUi.bedLabel', { bed: row.bedLabel })}` : <Typography.Text type="secondary">{t('dormUi.dayStudent')}</Typography.Text>) },
          { key: 'checkedInAt', dataIndex: 'checkedInAt', title: t('dormitory.col.checkedInAt'), width: 140 },
        ]}
      />
    </div>
  );
}

function Mine({ title }: { title: string }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [studentId, setStudentId] = useState<number | undefined>(undefined);
  const mine = useQuery({ queryKey: dormKeys.mine(studentId), queryFn: ({ signal }) => fetchMine(studentId, signal) });
  const data = mine.data;
  const place = data?.place;
  return (
    <div className="campus-browse" data-testid="dorm-mine">
      <Typography.Title level={4} className="campus-browse-title">
        {title}
      </Typography.Title>
      {data && data.children.length > 0 && <ChildChooser items={data.children} value={data.student?.id ?? null} onChange={setStudentId} label={t('campusLifeUi.child')} phone={phone} testIdPrefix="dorm" />}
      {mine.isPending ? (
        <Spin className="campus-loading" />
      ) : !place ? (
        <Empty description={t('dormUi.noBed')} />
      ) : (
        <Card size="small">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('dormUi.building')}>{place.buildingName}</Descriptions.Item>
            <Descriptions.Item label={t('dormUi.room')}>
              <span data-testid="dorm-mine-room">{place.roomNumber}</span> · {t('dormUi.floorValue', { floor: place.floor })}
            </Descriptions.Item>
            <Descriptions.Item label={t('dormUi.bed')}>{t('dormUi.bedLabel', { bed: place.bedLabel })}</Descriptions.Item>
            <Descriptions.Item label={t('dormitory.col.checkedInAt')}>{place.checkedInAt}</Descriptions.Item>
            <Descriptions.Item label={t('dormUi.lastScore')}>{place.lastScore === null ? '—' : `${place.lastScore} (${place.lastInspectedOn})`}</Descriptions.Item>
            <Descriptions.Item label={t('dormUi.roommates')}>
              <span data-testid="dorm-mine-roommates">{place.roommates.map((mate) => t('dormUi.mate', { name: mate.name, bed: mate.bedLabel })).join(t('dormUi.separator')) || '—'}</span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </div>
  );
}
