import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Input, Select, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SwapOutlined, TeamOutlined, ThunderboltOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXAM_CLASS_SEATS_URL, type ExamCandidateRow, type ExamRoomRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EXAM_ROOM_CALLS, EXAM_ROOM_PERMISSION } from '../../../api/exams.ts';
import { feedback } from '../../../app/feedback.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { ArrangeDialog } from './ArrangeDialog.tsx';
import { MoveSeatDialog } from './MoveSeatDialog.tsx';
import { fetchArrangement, fetchRoomOptions, fetchRooms, roomKeys, type CandidateSearch } from './roomCalls.ts';
import { CandidateRoom, ExamFacts, ExamStatus, isOpen, NoExam, PageBar, roomName, SheetMenu, useBatchId, useReloadWhenShown } from './roomParts.tsx';
import './examRooms.css';

/**
 * /kwapjt/room?batchId=, Room arrangement of one exam: its summary, the automatic arrangement (classrooms
 * chosen, optionally spaced seating), the rooms with their mix of classes, and the candidates with their
 * seats, moved by hand; the PDFs of the arrangement. Read-only without the edit button, or once the exam
 * is published or its term has ended.
 */
export default function RoomArrangementPage({ route }: PageProps) {
  const { i18n } = useTranslation();
  const batchId = useBatchId(route);
  if (!batchId) return <NoExam title={routeTitle(route, i18n.language)} />;
  return <Arrangement key={batchId} batchId={batchId} title={routeTitle(route, i18n.language)} />;
}

function Arrangement({ batchId, title }: { batchId: number; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const allowed = usePermission();
  const table = usePagedTable<ExamCandidateRow>();
  const candidatesRef = useRef<HTMLDivElement>(null);
  const exam = useQuery({ queryKey: roomKeys.exam(batchId), queryFn: ({ signal }) => fetchArrangement(batchId, signal) });
  const options = useQuery({ queryKey: roomKeys.options(batchId), queryFn: ({ signal }) => fetchRoomOptions(batchId, signal) });
  const roomsQuery = useQuery({ queryKey: roomKeys.list(batchId), queryFn: ({ signal }) => fetchRooms(batchId, signal) });
  const rooms = roomsQuery.data ?? [];
  const [arranging, setArranging] = useState(false);
  const [moving, setMoving] = useState<ExamCandidateRow | null>(null);
  const [roomId, setRoomId] = useState<number | undefined>();
  const [classId, setClassId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [unplaced, setUnplaced] = useState(false);

  // The summary and rooms are queries (read again as the page shows again); the candidates' table follows.
  useReloadWhenShown(() => table.current?.reload());

  const row = exam.data;
  const canEdit = allowed({ permissions: [`${EXAM_ROOM_PERMISSION}:edit`] }) && isOpen(row);

  const searchOf = (next: Partial<{ roomId: number | undefined; classId: number | undefined; keyword: string; unplaced: boolean }> = {}): CandidateSearch => {
    const value = { roomId, classId, keyword, unplaced, ...next };
    return {
      batchId,
      examRoomId: value.roomId ?? '',
      classId: value.classId ?? '',
      keyword: value.keyword.trim(),
      ...(value.unplaced ? { unplaced: true as const } : {}),
    };
  };
  const find = (next: Parameters<typeof searchOf>[0]) => table.current?.search({ ...searchOf(next) });

  /** After an arrangement or a move: the summary, the rooms and the candidates change. */
  const changed = (msg: string, resetRoom = false) => {
    if (msg) feedback().message.success(msg);
    void client.invalidateQueries({ queryKey: roomKeys.all });
    if (resetRoom) {
      // The rooms are new: a room filter would name one that no longer exists.
      setRoomId(undefined);
      find({ roomId: undefined });
    } else {
      table.current?.reload();
    }
  };

  const showRoom = (id: number) => {
    setRoomId(id);
    setUnplaced(false);
    find({ roomId: id, unplaced: false });
    candidatesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  if (exam.isPending) {
    return (
      <div className="exam-rooms-loading">
        <Spin />
      </div>
    );
  }
  if (!row) return <NoExam title={title} />;

  const roomColumns: TableColumnsType<ExamRoomRow> = [
    { key: 'number', title: t('examRoomPage.room'), width: 100, render: (_: unknown, room) => <span className="exam-rooms-nowrap">{roomName(t, room.number)}</span> },
    {
      key: 'classroom',
      title: t('examRoomPage.classroom'),
      width: 160,
      render: (_: unknown, room) => (
        <span>
          {room.classroomName}
          {room.building && <Typography.Text type="secondary"> · {room.building}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'candidates',
      title: t('examRoomPage.roomCandidates'),
      width: 110,
      align: 'right',
      render: (_: unknown, room) => (
        <span className="exam-rooms-nowrap" data-testid={`exam-room-count-${room.number}`}>
          {room.candidates} / {room.seats}
        </span>
      ),
    },
    {
      key: 'classes',
      title: t('examRoomPage.classMix'),
      render: (_: unknown, room) => (
        <Space size={[4, 4]} wrap>
          {room.classes.map((item) => (
            <Tag key={item.name} className="exam-rooms-tag">
              {t('examRoomPage.classCount', { name: item.name, count: item.count })}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'free', title: t('examRoomPage.freeSeatCount'), width: 90, align: 'right', render: (_: unknown, room) => room.freeSeats.length },
    {
      key: 'actions',
      title: t('manage.actions'),
      width: 120,
      render: (_: unknown, room) => (
        <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => showRoom(room.id)} data-testid={`exam-room-show-${room.number}`}>
          {t('examRoomPage.showCandidates')}
        </Button>
      ),
    },
  ];

  const candidateColumns: PagedColumn<ExamCandidateRow>[] = [
    {
      key: 'room',
      title: t('examRoomPage.room'),
      width: 100,
      render: (_: unknown, candidate) => <CandidateRoom candidate={candidate} testIdPrefix="exam-candidate-unplaced" />,
    },
    { key: 'classroomName', dataIndex: 'classroomName', title: t('examRoomPage.classroom'), width: 120, render: (value: string) => value || '—' },
    { key: 'seat', dataIndex: 'seat', title: t('examRoomPage.seat'), width: 70, align: 'right', render: (value: number | null) => value ?? '—' },
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('examRoomPage.studentNumber'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('examRoomPage.name'), width: 100 },
    { key: 'className', dataIndex: 'className', title: t('examRoomPage.class'), width: 120 },
    ...(canEdit && rooms.length
      ? [
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 120,
            fixed: 'right' as const,
            render: (_: unknown, candidate: ExamCandidateRow) => (
              <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => setMoving(candidate)} data-testid={`exam-candidate-move-${candidate.studentId}`}>
                {t('examRoomPage.changeSeat')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="exam-rooms-page" data-testid="room-arrangement-page">
      <PageBar
        title={
          <span className="exam-rooms-title">
            <span data-testid="exam-rooms-title">{row.name}</span>
            <ExamStatus row={row} testId="exam-rooms-status" />
          </span>
        }
        extra={
          <Space wrap>
            {canEdit && (
              <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setArranging(true)} data-testid="exam-arrange">
                {t('examRoomPage.arrangeAuto')}
              </Button>
            )}
            <Button icon={<TeamOutlined />} onClick={() => void navigate(`${EXAM_CLASS_SEATS_URL}?batchId=${batchId}`)} data-testid="exam-rooms-class-lists">
              {t('examRoomPage.classLists')}
            </Button>
            {row.rooms > 0 && <SheetMenu batchId={batchId} examName={row.name} />}
          </Space>
        }
      />
      <section className="exam-rooms-section">
        <ExamFacts row={row} />
        {row.published && <Alert type="info" showIcon title={t('examRoomPage.publishedNote')} data-testid="exam-rooms-published-note" />}
        {!row.published && row.ended && <Alert type="info" showIcon title={t('exam.termEnded')} data-testid="exam-rooms-ended-note" />}
        {row.rooms > 0 && row.placed < row.candidates && (
          <Alert type="warning" showIcon title={t('examRoomPage.unplacedWarning', { count: row.candidates - row.placed })} data-testid="exam-rooms-unplaced-note" />
        )}
      </section>

      <section className="exam-rooms-section" data-testid="exam-rooms-rooms">
        <div className="exam-rooms-section-title">{t('examRoomPage.roomsTitle', { count: rooms.length })}</div>
        {!roomsQuery.isPending && !rooms.length ? (
          <Alert type="info" showIcon title={t('examRoom.notArranged')} data-testid="exam-rooms-not-arranged" />
        ) : (
          <Table<ExamRoomRow>
            size="small"
            rowKey="id"
            loading={roomsQuery.isPending}
            columns={roomColumns}
            dataSource={rooms}
            pagination={rooms.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="exam-rooms-table"
          />
        )}
      </section>

      <section className="exam-rooms-section" ref={candidatesRef} data-testid="exam-rooms-candidates">
        <div className="exam-rooms-section-title">{t('examRoomPage.candidatesTitle')}</div>
        <Space wrap className="exam-rooms-filters">
          <Select<number>
            allowClear
            value={roomId}
            placeholder={t('examRoomPage.allRooms')}
            options={rooms.map((room) => ({ value: room.id, label: `${roomName(t, room.number)} · ${room.classroomName}` }))}
            onChange={(value) => {
              setRoomId(value);
              find({ roomId: value });
            }}
            style={{ width: 200 }}
            data-testid="exam-candidates-room"
          />
          <Select<number>
            allowClear
            value={classId}
            placeholder={t('examRoomPage.allClasses')}
            options={(options.data?.classes ?? []).map((item) => ({ value: item.id, label: item.name }))}
            onChange={(value) => {
              setClassId(value);
              find({ classId: value });
            }}
            style={{ width: 160 }}
            data-testid="exam-candidates-class"
          />
          <Input.Search
            allowClear
            value={keyword}
            maxLength={50}
            placeholder={t('examRoomPage.studentKeyword')}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => find({ keyword: value })}
            style={{ width: 220, maxWidth: '100%' }}
            data-testid="exam-candidates-keyword"
          />
          <Checkbox
            checked={unplaced}
            onChange={(event) => {
              setUnplaced(event.target.checked);
              find({ unplaced: event.target.checked });
            }}
            data-testid="exam-candidates-unplaced"
          >
            {t('examRoomPage.withoutSeat')}
          </Checkbox>
        </Space>
        <PagedTable<ExamCandidateRow>
          ref={table}
          url={EXAM_ROOM_CALLS.candidates}
          rowKey="studentId"
          columns={candidateColumns}
          defaultSearch={{ ...searchOf() }}
          defaultPageSize={20}
          scroll={{ x: 'max-content' }}
          size="small"
          data-testid="exam-candidates-table"
        />
      </section>

      {arranging && (
        <ArrangeDialog
          batchId={batchId}
          batch={row}
          classrooms={options.data?.classrooms ?? []}
          rooms={rooms}
          loading={options.isPending}
          onClose={() => setArranging(false)}
          onArranged={(msg) => {
            setArranging(false);
            changed(msg, true);
          }}
        />
      )}
      {moving && (
        <MoveSeatDialog
          batchId={batchId}
          candidate={moving}
          rooms={rooms}
          onClose={() => setMoving(null)}
          onMoved={(msg) => {
            setMoving(null);
            changed(msg);
          }}
        />
      )}
    </div>
  );
}
