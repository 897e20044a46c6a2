import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, LoginOutlined, LogoutOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DORMITORY_URLS, type DormBed, type DormRoomDetail } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { StudentSelect } from '../../../components/StudentSelect/index.ts';
import { checkIn, checkOut, dormKeys, fetchRoom, fetchRoomsOf, searchStudents, swap } from './api.ts';
import '../activities/campusLife.css';

/**
 * Room allocation (/ssgl/fjgl), opened from the dormitories page with ?buildingId=&roomId=: the room's beds and who sleeps
 * in them; students checked in to its free beds and out again; people swapped with another room of the
 * building (equal numbers on each side, never the same room twice: the server says so).
 */
export default function AllocationPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const roomId = Number(params.get('roomId'));
  const buildingId = Number(params.get('buildingId'));
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(DORMITORY_URLS.page)} data-testid="dorm-back">
      {t('dormUi.back')}
    </Button>
  );
  if (!Number.isInteger(roomId) || roomId <= 0 || !Number.isInteger(buildingId) || buildingId <= 0) {
    return <Result status="warning" title={t('dormUi.parametersLost')} extra={back} data-testid="dorm-params-lost" />;
  }
  return (
    <div className="campus-dorm" data-testid="dorm-allocation">
      <Space className="campus-dorm-toolbar">
        {back}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {routeTitle(route, i18n.language)}
        </Typography.Title>
      </Space>
      <Allocation roomId={roomId} buildingId={buildingId} />
    </div>
  );
}

function Allocation({ roomId, buildingId }: { roomId: number; buildingId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const room = useQuery({ queryKey: dormKeys.room(roomId), queryFn: ({ signal }) => fetchRoom(roomId, signal) });
  const [newcomers, setNewcomers] = useState<number[]>([]);
  const [leaving, setLeaving] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  if (room.isPending) return <Spin className="campus-loading" />;
  if (!room.data) return <Empty description={t('dormUi.parametersLost')} />;
  const detail = room.data;
  const free = detail.beds.filter((bed) => bed.usable && !bed.stayId);
  const refresh = () => client.invalidateQueries({ queryKey: dormKeys.all });

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      feedback().message.success(await work());
      setNewcomers([]);
      setLeaving([]);
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <>
      <Card size="small" title={`${detail.buildingName} ${detail.number}`} extra={<Tag>{t(`dormitory.gender.${detail.gender}`)}</Tag>} data-testid="dorm-room-card">
        <Typography.Paragraph type="secondary">{`${t('dormUi.bedsColumn')}: ${t('dormUi.bedsValue', { occupied: detail.occupied, effective: detail.effectiveBeds, total: detail.totalBeds })}`}</Typography.Paragraph>
        <div className="campus-dorm-beds">
          {detail.beds.map((bed) => (
            <BedTile key={bed.id} bed={bed} checked={bed.stayId !== null && leaving.includes(bed.stayId)} onCheck={(on) => setLeaving((now) => (on ? [...now, bed.stayId!] : now.filter((id) => id !== bed.stayId)))} />
          ))}
        </div>
        <Space wrap className="campus-dorm-toolbar">
          <div className="campus-dorm-newcomers">
            <StudentSelect
              search={(keyword, signal) => searchStudents(keyword, detail.gender, signal)}
              value={newcomers}
              onChange={(ids) => setNewcomers(ids.slice(0, free.length))}
              placeholder={t('dormUi.chooseNewcomers', { free: free.length })}
              disabled={free.length === 0}
              data-testid="dorm-newcomers"
            />
          </div>
          <Button
            type="primary"
            icon={<LoginOutlined />}
            disabled={newcomers.length === 0 || busy}
            onClick={() => void run(() => checkIn(roomId, newcomers.map((studentId, i) => ({ studentId, bedId: free[i]!.id }))))}
            data-testid="dorm-check-in"
          >
            {t('dormUi.checkIn')}
          </Button>
          <Button danger icon={<LogoutOutlined />} disabled={leaving.length === 0 || busy} onClick={() => void run(() => checkOut(leaving))} data-testid="dorm-check-out">
            {t('dormUi.checkOut', { count: leaving.length })}
          </Button>
        </Space>
      </Card>
      <SwapPanel room={detail} buildingId={buildingId} onDone={refresh} />
    </>
  );
}

function BedTile({ bed, checked, onCheck }: { bed: DormBed; checked: boolean; onCheck: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className={`campus-dorm-bed${bed.usable ? '' : ' campus-dorm-bed-off'}`} data-testid={`dorm-bed-${bed.label}`}>
      <Typography.Text strong>{t('dormUi.bedLabel', { bed: bed.label })}</Typography.Text>
      {bed.stayId ? (
        <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)}>
          {bed.studentName} <Typography.Text type="secondary">{bed.className}</Typography.Text>
        </Checkbox>
      ) : (
        <Typography.Text type="secondary">{bed.usable ? t('dormUi.free') : t('dormUi.notUsable')}</Typography.Text>
      )}
    </div>
  );
}

/** People of this room and of another room of the building change beds; the server checks both rules. */
function SwapPanel({ room, buildingId, onDone }: { room: DormRoomDetail; buildingId: number; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const rooms = useQuery({ queryKey: dormKeys.rooms(buildingId), queryFn: ({ signal }) => fetchRoomsOf(buildingId, signal) });
  const [otherId, setOtherId] = useState<number | undefined>(undefined);
  const other = useQuery({ queryKey: dormKeys.room(otherId ?? 0), queryFn: ({ signal }) => fetchRoom(otherId!, signal), enabled: !!otherId });
  const [mine, setMine] = useState<number[]>([]);
  const [theirs, setTheirs] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const people = (detail: DormRoomDetail | undefined) => (detail?.beds ?? []).filter((bed) => bed.studentId).map((bed) => ({ value: bed.studentId!, label: t('dormUi.mate', { name: bed.studentName, bed: bed.label }) }));
  const submit = async () => {
    setBusy(true);
    try {
      feedback().message.success(await swap({ fromRoomId: room.id, toRoomId: otherId ?? 0, fromStudentIds: mine, toStudentIds: theirs }));
      setMine([]);
      setTheirs([]);
      await onDone();
    } catch {
      // Unequal numbers, the same room, someone who moved meanwhile: shown by the request client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('dormUi.swapTitle')} className="campus-dorm-swap" data-testid="dorm-swap">
      <Alert type="info" showIcon message={t('dormUi.swapHint')} className="campus-dorm-toolbar" />
      <Space align="start" wrap>
        <div>
          <Typography.Text strong>{`${room.buildingName} ${room.number}`}</Typography.Text>
          <Checkbox.Group className="campus-dorm-people" options={people(room)} value={mine} onChange={(ids) => setMine(ids as number[])} data-testid="dorm-swap-mine" />
        </div>
        <div>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            placeholder={t('dormUi.otherRoom')}
            value={otherId}
            onChange={(id) => {
              setOtherId(id);
              setTheirs([]);
            }}
            options={(rooms.data ?? []).filter((r) => r.gender === room.gender).map((r) => ({ value: r.id, label: r.number }))}
            data-testid="dorm-swap-room"
          />
          {otherId && other.data && <Checkbox.Group className="campus-dorm-people" options={people(other.data)} value={theirs} onChange={(ids) => setTheirs(ids as number[])} data-testid="dorm-swap-theirs" />}
        </div>
      </Space>
      <div>
        <Button type="primary" icon={<SwapOutlined />} disabled={busy || !otherId || mine.length + theirs.length === 0} onClick={() => void submit()} data-testid="dorm-swap-submit">
          {t('dormUi.swap', { left: mine.length, right: theirs.length })}
        </Button>
      </div>
    </Card>
  );
}
