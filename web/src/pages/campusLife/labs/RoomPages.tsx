import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAB_PERMISSIONS, type LabRoomForm } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { WeekTable } from '../../../components/WeekTable/index.ts';
import { LabsLost, idParam } from './common.tsx';
import { fetchLabOptions, fetchRoom, fetchRoomPeriods, labKeys, saveRoom, saveRoomPeriods } from './api.ts';
import { RoomFields } from './RoomFields.tsx';
import './labs.css';

/** /sysyygl/fjpz/jbpz?roomId=: a room's basic configuration. */
export function RoomBasicPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const roomId = idParam(params, 'roomId');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LabRoomForm>();
  const [saving, setSaving] = useState(false);
  const room = useQuery({ queryKey: labKeys.room(roomId ?? 0), queryFn: ({ signal }) => fetchRoom(roomId!, signal), enabled: roomId !== null, retry: false });
  const options = useQuery({ queryKey: labKeys.options, queryFn: ({ signal }) => fetchLabOptions(signal) });
  const canEdit = usePermission()({ permissions: [LAB_PERMISSIONS.manage] });
  useEffect(() => {
    if (room.data) form.setFieldsValue({ ...room.data, managerStaffId: room.data.managerStaffId ?? undefined });
  }, [room.data, form]);
  if (roomId === null || room.isError) return <LabsLost />;
  if (room.isPending || options.isPending || !options.data) return <Spin />;
  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveRoom({ ...form.getFieldsValue(true), id: roomId });
      feedback().message.success(t('common.updated'));
      await queryClient.invalidateQueries({ queryKey: labKeys.options });
      await queryClient.invalidateQueries({ queryKey: labKeys.rooms });
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="lab-edit" data-testid="lab-room-basic">
      <Typography.Title level={4}>{`${routeTitle(route, i18n.language)} · ${room.data.name}`}</Typography.Title>
      <Form form={form} layout="vertical" disabled={!canEdit}>
        <RoomFields form={form} options={options.data} currentClassroomId={room.data.classroomId} />
      </Form>
      {canEdit && (
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="lab-room-save">
          {t('manage.save')}
        </Button>
      )}
    </div>
  );
}

/** /sysyygl/fjpz/jcpz?roomId=: which periods a room opens on each teaching day. */
export function RoomPeriodsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const roomId = idParam(params, 'roomId');
  const queryClient = useQueryClient();
  const room = useQuery({ queryKey: labKeys.room(roomId ?? 0), queryFn: ({ signal }) => fetchRoom(roomId!, signal), enabled: roomId !== null, retry: false });
  const periods = useQuery({ queryKey: labKeys.periods(roomId ?? 0), queryFn: ({ signal }) => fetchRoomPeriods(roomId!, signal), enabled: roomId !== null, retry: false });
  const options = useQuery({ queryKey: labKeys.options, queryFn: ({ signal }) => fetchLabOptions(signal) });
  const canEdit = usePermission()({ permissions: [LAB_PERMISSIONS.manage] });
  const [open, setOpen] = useState<Set<string> | null>(null);
  const [saving, setSaving] = useState(false);
  if (roomId === null || room.isError) return <LabsLost />;
  if (room.isPending || periods.isPending || options.isPending || !options.data) return <Spin />;
  const chosen = open ?? new Set((periods.data ?? []).map((s) => `${s.day}-${s.period}`));
  const toggle = (key: string) => {
    const next = new Set(chosen);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveRoomPeriods(
        roomId,
        [...chosen].map((key) => ({ day: Number(key.split('-')[0]), period: Number(key.split('-')[1]) })),
      );
      feedback().message.success(t('common.updated'));
      await queryClient.invalidateQueries({ queryKey: labKeys.options });
      await queryClient.invalidateQueries({ queryKey: labKeys.periods(roomId) });
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="lab-edit" data-testid="lab-room-periods">
      <Typography.Title level={4}>{`${routeTitle(route, i18n.language)} · ${room.data.name}`}</Typography.Title>
      <Alert type="info" showIcon title={t('labsUi.periodsHint')} style={{ marginBottom: 12 }} />
      <WeekTable
        days={options.data.days}
        periods={options.data.periods}
        corner={t('labsUi.periods')}
        wrapClassName="lab-week-wrap"
        className="lab-periods-grid"
        renderCell={({ key }) => ({
          content: <Checkbox checked={chosen.has(key)} disabled={!canEdit} onChange={() => toggle(key)} data-testid={`lab-period-${key}`} />,
        })}
      />
      {canEdit && (
        <Space style={{ marginTop: 12 }}>
          <Button onClick={() => setOpen(new Set(options.data!.days.flatMap((d) => options.data!.periods.map((p) => `${d.day}-${p.sort}`))))}>{t('labsUi.openAll')}</Button>
          <Button onClick={() => setOpen(new Set())}>{t('labsUi.closeAll')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="lab-periods-save">
            {t('manage.save')}
          </Button>
        </Space>
      )}
    </div>
  );
}
