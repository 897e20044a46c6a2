import { useMemo, useState } from 'react';
import { Alert, type ButtonProps, Descriptions, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExamCandidateRow, ExamRoomRow } from '@campus/contract';
import { isAbort } from '../../../api/client.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { fetchRoomOccupants, moveExamSeat, roomKeys } from './roomCalls.ts';
import { roomName } from './roomParts.tsx';

export interface MoveSeatDialogProps {
  batchId: number;
  candidate: ExamCandidateRow;
  rooms: readonly ExamRoomRow[];
  onClose: () => void;
  /** After the move, with the server's message. */
  onMoved: (msg: string) => void;
}

/**
 * Change seat: a room and a seat for one candidate. A free seat is simply taken; a taken one swaps the two
 * candidates (the one sitting there gets the mover's old seat), which a candidate without a seat cannot do.
 */
export function MoveSeatDialog({ batchId, candidate, rooms, onClose, onMoved }: MoveSeatDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const unplaced = candidate.seat === null || candidate.examRoomId === null;
  const [roomId, setRoomId] = useState<number | undefined>(
    () => candidate.examRoomId ?? rooms.find((room) => room.freeSeats.length > 0)?.id ?? rooms[0]?.id,
  );
  const [seat, setSeat] = useState<number | undefined>();
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const room = rooms.find((item) => item.id === roomId);

  const occupants = useQuery({
    queryKey: roomKeys.occupants(batchId, roomId ?? 0),
    queryFn: ({ signal }) => fetchRoomOccupants(batchId, roomId ?? 0, signal),
    enabled: !!roomId,
  });
  const bySeat = useMemo(() => new Map((occupants.data ?? []).filter((row) => row.seat !== null).map((row) => [row.seat!, row])), [occupants.data]);
  const free = useMemo(() => new Set(room?.freeSeats ?? []), [room]);

  const seatOptions = useMemo(() => {
    if (!room) return [];
    const options = [];
    for (let number = 1; number <= room.seats; number++) {
      const occupant = bySeat.get(number);
      const own = room.id === candidate.examRoomId && number === candidate.seat;
      const taken = !own && (!!occupant || !free.has(number));
      const label = own
        ? t('examRoomPage.seatOwn', { seat: number })
        : occupant
          ? t('examRoomPage.seatTakenBy', { seat: number, name: occupant.name, className: occupant.className })
          : taken
            ? t('examRoomPage.seatTaken', { seat: number })
            : t('examRoomPage.seatFree', { seat: number });
      options.push({ value: number, label, disabled: own || (taken && unplaced) });
    }
    return options;
  }, [room, bySeat, free, candidate, unplaced, t]);

  const occupant = seat !== undefined && room ? bySeat.get(seat) : undefined;
  const swapping = !!seat && !!room && !free.has(seat) && !(room.id === candidate.examRoomId && seat === candidate.seat);
  const currentPlace = unplaced
    ? t('examRoomPage.noSeat')
    : [roomName(t, candidate.roomNumber ?? 0), candidate.classroomName, t('examRoomPage.seatNumber', { seat: candidate.seat })].filter(Boolean).join(' · ');

  const submit = async () => {
    setError('');
    if (!roomId) return setError(t('examRoom.roomRequired'));
    if (!seat) return setError(t('examRoomPage.seatRequired'));
    setSaving(true);
    try {
      onMoved(await moveExamSeat({ batchId, studentId: candidate.studentId, examRoomId: roomId, seat }));
    } catch (failure) {
      if (!isAbort(failure)) setError(failure instanceof Error ? failure.message : t('examRoomPage.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('examRoomPage.moveTitle', { name: candidate.name })}
      width={phone ? '100%' : 560}
      okText={t('examRoomPage.moveOk')}
      cancelText={t('manage.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'exam-move-ok' } as ButtonProps}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <div className="exam-move" data-testid="exam-move-dialog">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'student', label: t('examRoomPage.student'), children: `${candidate.name} (${candidate.studentNumber})` },
            { key: 'class', label: t('examRoomPage.class'), children: candidate.className },
            { key: 'now', label: t('examRoomPage.currentPlace'), children: <span data-testid="exam-move-current">{currentPlace}</span> },
          ]}
        />
        <Form layout="vertical" className="exam-move-form">
          <Form.Item label={t('examRoomPage.room')} required>
            <Select<number>
              value={roomId}
              onChange={(value) => {
                setRoomId(value);
                setSeat(undefined);
                setError('');
              }}
              options={rooms.map((item) => ({
                value: item.id,
                label: `${roomName(t, item.number)} · ${item.classroomName} (${t('examRoomPage.freeCount', { count: item.freeSeats.length })})`,
              }))}
              placeholder={t('examRoomPage.roomPlaceholder')}
              data-testid="exam-move-room"
            />
          </Form.Item>
          <Form.Item
            label={t('examRoomPage.seat')}
            required
            extra={room ? t('examRoomPage.freeSeats', { seats: room.freeSeats.length ? room.freeSeats.join(', ') : t('examRoomPage.none') }) : undefined}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              value={seat}
              onChange={(value) => {
                setSeat(value);
                setError('');
              }}
              options={seatOptions}
              loading={occupants.isFetching}
              disabled={!room}
              placeholder={t('examRoomPage.seatPlaceholder')}
              data-testid="exam-move-seat"
            />
          </Form.Item>
        </Form>
        {unplaced && <Alert type="info" showIcon title={t('examRoomPage.unplacedNote')} data-testid="exam-move-unplaced" />}
        {swapping && !unplaced && (
          <Alert
            type="warning"
            showIcon
            title={occupant ? t('examRoomPage.swapNote', { name: occupant.name, place: currentPlace }) : t('examRoomPage.swapNoteAnonymous', { place: currentPlace })}
            data-testid="exam-move-swap"
          />
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="exam-move-error" />}
      </div>
    </Modal>
  );
}
