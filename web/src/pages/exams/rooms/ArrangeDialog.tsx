import { useMemo, useState, type Key } from 'react';
import { Alert, type ButtonProps, Form, Input, InputNumber, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXAM_ROOM_SEATS_MAX, type ExamArrangementRow, type ExamClassroomOption, type ExamRoomRow } from '@campus/contract';
import { isAbort } from '../../../api/client.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { arrangeExamRooms } from './roomCalls.ts';

/** A classroom the arrangement cannot use: another exam holds it, or it has no capacity recorded. */
const unusable = (room: ExamClassroomOption) => !!room.busyWith || room.capacity < 1;

/** The seats a room offers the exam: its capacity, or fewer with spaced seating (as the server counts them). */
export const seatsOffered = (capacity: number, seatsPerRoom: number | null) => Math.min(capacity, seatsPerRoom ?? capacity, EXAM_ROOM_SEATS_MAX);

export interface ArrangeDialogProps {
  batchId: number;
  batch: ExamArrangementRow;
  classrooms: readonly ExamClassroomOption[];
  /** The rooms arranged now: their classrooms are chosen again by default. */
  rooms: readonly ExamRoomRow[];
  loading: boolean;
  onClose: () => void;
  /** After the arrangement, with the server's message ("120 candidates placed in 4 rooms"). */
  onArranged: (msg: string) => void;
}

/**
 * Automatic arrangement: choose the classrooms (those another exam holds at the same time cannot be chosen) and, for
 * spaced seating, the seats used in each; the candidates are then placed anew, replacing the seats and the
 * invigilators of an earlier arrangement. A refusal shows here, in the server's words.
 */
export function ArrangeDialog({ batchId, batch, classrooms, rooms, loading, onClose, onArranged }: ArrangeDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [chosen, setChosen] = useState<number[]>(() => {
    const usable = new Set(classrooms.filter((room) => !unusable(room)).map((room) => room.id));
    return rooms.map((room) => room.classroomId).filter((id) => usable.has(id));
  });
  const [seatsPerRoom, setSeatsPerRoom] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  // Before the options load, the rooms already arranged are chosen once they do.
  const [seeded, setSeeded] = useState(classrooms.length > 0);
  if (!seeded && classrooms.length > 0) {
    setSeeded(true);
    const usable = new Set(classrooms.filter((room) => !unusable(room)).map((room) => room.id));
    setChosen(rooms.map((room) => room.classroomId).filter((id) => usable.has(id)));
  }

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return words ? classrooms.filter((room) => `${room.name} ${room.building}`.toLowerCase().includes(words)) : classrooms;
  }, [classrooms, filter]);

  const picked = classrooms.filter((room) => chosen.includes(room.id));
  const seats = picked.reduce((sum, room) => sum + seatsOffered(room.capacity, seatsPerRoom), 0);
  const enough = seats >= batch.candidates;

  const submit = async () => {
    setError('');
    if (!chosen.length) {
      setError(t('examRoom.roomsRequired'));
      return;
    }
    setSaving(true);
    try {
      const { msg } = await arrangeExamRooms({ batchId, classroomIds: chosen, ...(seatsPerRoom ? { seatsPerRoom } : {}) });
      onArranged(msg);
    } catch (failure) {
      if (!isAbort(failure)) setError(failure instanceof Error ? failure.message : t('examRoomPage.failed'));
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<ExamClassroomOption> = [
    { key: 'name', dataIndex: 'name', title: t('examRoomPage.classroom'), width: 140 },
    { key: 'building', dataIndex: 'building', title: t('examRoomPage.building'), width: 120, render: (value: string) => value || '—' },
    { key: 'capacity', dataIndex: 'capacity', title: t('examRoomPage.capacity'), width: 80, align: 'right', render: (value: number) => value || '—' },
    {
      key: 'state',
      title: t('examRoomPage.roomState'),
      render: (_: unknown, room: ExamClassroomOption) =>
        room.busyWith ? (
          <Tag color="orange" className="exam-rooms-tag exam-rooms-busy" data-testid={`exam-arrange-busy-${room.id}`}>
            {t('examRoomPage.busyWith', { exam: room.busyWith })}
          </Tag>
        ) : room.capacity < 1 ? (
          <Tag className="exam-rooms-tag">{t('examRoomPage.noCapacity')}</Tag>
        ) : chosen.includes(room.id) && seatsPerRoom && seatsPerRoom < room.capacity ? (
          <Typography.Text type="secondary">{t('examRoomPage.seatsUsed', { seats: seatsOffered(room.capacity, seatsPerRoom) })}</Typography.Text>
        ) : null,
    },
  ];

  return (
    <Modal
      open
      title={t('examRoomPage.arrangeTitle', { name: batch.name })}
      width={phone ? '100%' : 760}
      okText={t('examRoomPage.arrangeOk')}
      cancelText={t('manage.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'exam-arrange-ok' } as ButtonProps}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <div className="exam-arrange" data-testid="exam-arrange-dialog">
        {batch.rooms > 0 ? (
          <Alert type="warning" showIcon title={t('examRoomPage.arrangeReplaces', { rooms: batch.rooms })} data-testid="exam-arrange-replaces" />
        ) : (
          <Alert type="info" showIcon title={t('examRoomPage.arrangeHint')} />
        )}
        <div className="exam-arrange-controls">
          <Form.Item label={t('examRoomPage.seatsPerRoom')} tooltip={t('examRoomPage.seatsPerRoomHint')} className="exam-arrange-seats">
            <InputNumber
              min={1}
              max={EXAM_ROOM_SEATS_MAX}
              precision={0}
              value={seatsPerRoom}
              onChange={(value) => setSeatsPerRoom(typeof value === 'number' && value > 0 ? value : null)}
              placeholder={t('examRoomPage.seatsPerRoomPlaceholder')}
              style={{ width: 160, maxWidth: '100%' }}
              data-testid="exam-arrange-seats-per-room"
            />
          </Form.Item>
          <Input.Search allowClear value={filter} onChange={(event) => setFilter(event.target.value)} placeholder={t('examRoomPage.classroomFilter')} className="exam-arrange-filter" data-testid="exam-arrange-filter" />
        </div>
        <div className={`exam-arrange-count${enough ? '' : ' is-short'}`} data-testid="exam-arrange-count">
          {t('examRoomPage.chosenSeats', { rooms: picked.length, seats, candidates: batch.candidates })}
          {!enough && picked.length > 0 && <span> {t('examRoomPage.seatsShort', { missing: batch.candidates - seats })}</span>}
        </div>
        <Table<ExamClassroomOption>
          size="small"
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={shown}
          pagination={false}
          scroll={{ x: 'max-content', y: 320 }}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys: Key[]) => setChosen(keys.map(Number)),
            getCheckboxProps: (room) => ({ disabled: unusable(room), 'data-testid': `exam-arrange-room-${room.id}` }) as object,
          }}
          rowClassName={(room) => (unusable(room) ? 'exam-arrange-unusable' : '')}
          data-testid="exam-arrange-rooms"
        />
        {error && <Alert type="error" showIcon title={error} data-testid="exam-arrange-error" />}
      </div>
    </Modal>
  );
}
