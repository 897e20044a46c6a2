import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CampusEventKind, CampusEventRow, EventSignupRow } from '@campus/contract';
import { CAMPUS_EVENT_PERMISSIONS } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { campusLifeKeys, exportSignups, fetchSignups, saveAttendance } from './api.ts';

/** The organiser's sign-up list of one event: who signed up (and who cancelled), attendance from the start on, export. */
export function SignupsDrawer({ kind, event, onClose, onSaved }: { kind: CampusEventKind; event: CampusEventRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = event?.id ?? 0;
  const query = useQuery({ queryKey: campusLifeKeys.signups(kind, id), queryFn: ({ signal }) => fetchSignups(kind, id, signal), enabled: !!event });
  const [present, setPresent] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState(false);
  const rows = query.data?.rows ?? [];
  useEffect(() => {
    setPresent(Object.fromEntries(rows.filter((row) => row.status === 'signed').map((row) => [row.studentId, row.attended ?? false])));
  }, [query.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const can = usePermission();
  const started = !!event && event.status === 'published' && ['closed', 'finished'].includes(event.phase) && event.startsAt <= dayNow();

  const save = async () => {
    setSaving(true);
    try {
      const msg = await saveAttendance(kind, id, Object.entries(present).map(([studentId, attended]) => ({ studentId: Number(studentId), attended })));
      feedback().message.success(msg);
      await client.invalidateQueries({ queryKey: campusLifeKeys.signups(kind, id) });
      onSaved();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!event}
      onClose={onClose}
      size="large"
      title={t('campusLifeUi.signupsOf', { title: event?.title ?? '' })}
      extra={
        <Space>
          {can({ permissions: [CAMPUS_EVENT_PERMISSIONS[kind].all] }) && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportSignups(kind, id, `${event?.title ?? ''}-${t('campusLifeUi.signupList')}`).catch(() => undefined)} data-testid="campus-signups-export">
            {t('campusLifeUi.export')}
          </Button>
          )}
          {started && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!rows.some((row) => row.status === 'signed')} onClick={() => void save()} data-testid="campus-attendance-save">
              {t('campusLifeUi.saveAttendance')}
            </Button>
          )}
        </Space>
      }
      data-testid="campus-signups-drawer"
    >
      <Typography.Paragraph type="secondary">
        {t('campusLifeUi.signupCount', { signed: rows.filter((row) => row.status === 'signed').length, capacity: event?.capacity ?? 0 })}
        {!started && event?.status === 'published' ? ` ${t('campusLifeUi.attendanceLater')}` : ''}
      </Typography.Paragraph>
      <Table<EventSignupRow>
        rowKey="studentId"
        size="small"
        loading={query.isPending}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 640 }}
        columns={[
          { key: 'studentNumber', dataIndex: 'studentNumber', title: t('campusLifeUi.studentNumber'), width: 120 },
          { key: 'name', dataIndex: 'name', title: t('campusLifeUi.studentName'), width: 100 },
          { key: 'className', dataIndex: 'className', title: t('campusLifeUi.className'), width: 130 },
          {
            key: 'status',
            title: t('campusLifeUi.signupStatus'),
            width: 100,
            render: (_: unknown, row) => <Tag color={row.status === 'signed' ? 'success' : 'default'}>{t(`campusLife.signup.${row.status}`)}</Tag>,
          },
          { key: 'signedAt', dataIndex: 'signedAt', title: t('campusLifeUi.signedAt'), width: 140 },
          {
            key: 'attended',
            title: t('campusLifeUi.attended'),
            width: 90,
            render: (_: unknown, row) =>
              row.status !== 'signed' ? '—' : started ? (
                <Checkbox checked={present[row.studentId] ?? false} onChange={(e) => setPresent((now) => ({ ...now, [row.studentId]: e.target.checked }))} data-testid={`campus-attended-${row.studentId}`} />
              ) : row.attended === null ? (
                '—'
              ) : (
                t(row.attended ? 'common.yes' : 'common.no')
              ),
          },
        ]}
      />
    </Drawer>
  );
}

function dayNow(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
