import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Select, Space, Spin } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXAM_ARRANGE_ROOMS_URL, type ExamCandidateRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { EXAM_ROOM_CALLS } from '../../../api/exams.ts';
import { PagedTable, usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { fetchArrangement, fetchRoomOptions, fetchRooms, roomKeys, type CandidateSearch } from './roomCalls.ts';
import { CandidateRoom, ExamStatus, NoExam, PageBar, SheetMenu, useBatchId, useReloadWhenShown } from './roomParts.tsx';
import './examRooms.css';

/**
 * /kwapjt/jxb?batchId=, Class seat lists of one exam: the candidates of a chosen class with their room,
 * place and seat (what a class teacher reads out or posts), and the class lists as a PDF.
 */
export default function ClassSeatsPage({ route }: PageProps) {
  const { i18n } = useTranslation();
  const batchId = useBatchId(route);
  if (!batchId) return <NoExam title={routeTitle(route, i18n.language)} />;
  return <ClassSeats key={batchId} batchId={batchId} title={routeTitle(route, i18n.language)} />;
}

function ClassSeats({ batchId, title }: { batchId: number; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = usePagedTable<ExamCandidateRow>();
  const exam = useQuery({ queryKey: roomKeys.exam(batchId), queryFn: ({ signal }) => fetchArrangement(batchId, signal) });
  const options = useQuery({ queryKey: roomKeys.options(batchId), queryFn: ({ signal }) => fetchRoomOptions(batchId, signal) });
  const roomsQuery = useQuery({ queryKey: roomKeys.list(batchId), queryFn: ({ signal }) => fetchRooms(batchId, signal) });
  const [picked, setPicked] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const classes = options.data?.classes ?? [];
  const classId = picked !== undefined && classes.some((item) => item.id === picked) ? picked : classes[0]?.id;
  // Shown again after the rooms were arranged or seats changed on the rooms page: the seats are read again.
  useReloadWhenShown(() => table.current?.reload());
  const buildings = useMemo(() => new Map((roomsQuery.data ?? []).map((room) => [room.id, room.building])), [roomsQuery.data]);

  if (exam.isPending || options.isPending) {
    return (
      <div className="exam-rooms-loading">
        <Spin />
      </div>
    );
  }
  const row = exam.data;
  if (!row) return <NoExam title={title} />;

  const searchOf = (next: Partial<{ classId: number; keyword: string }> = {}): CandidateSearch => ({
    batchId,
    examRoomId: '',
    classId: next.classId ?? classId ?? '',
    keyword: (next.keyword ?? keyword).trim(),
  });

  const columns: PagedColumn<ExamCandidateRow>[] = [
    { key: 'studentNumber', dataIndex: 'studentNumber', title: t('examRoomPage.studentNumber'), width: 120 },
    { key: 'name', dataIndex: 'name', title: t('examRoomPage.name'), width: 100 },
    {
      key: 'room',
      title: t('examRoomPage.room'),
      width: 100,
      render: (_: unknown, candidate) => <CandidateRoom candidate={candidate} testIdPrefix="class-seat-unplaced" />,
    },
    {
      key: 'place',
      title: t('examRoomPage.place'),
      width: 180,
      render: (_: unknown, candidate) =>
        candidate.examRoomId === null ? '—' : [candidate.classroomName, buildings.get(candidate.examRoomId) ?? ''].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'seat',
      dataIndex: 'seat',
      title: t('examRoomPage.seat'),
      width: 80,
      align: 'right',
      render: (value: number | null, candidate) => (
        <span className="exam-rooms-seat" data-testid={`class-seat-${candidate.studentId}`}>
          {value ?? '—'}
        </span>
      ),
    },
  ];

  return (
    <div className="exam-rooms-page" data-testid="class-seats-page">
      <PageBar
        title={
          <span className="exam-rooms-title">
            <span data-testid="exam-rooms-title">{row.name}</span>
            <ExamStatus row={row} />
          </span>
        }
        extra={
          <Space wrap>
            <Button icon={<ScheduleOutlined />} onClick={() => void navigate(`${EXAM_ARRANGE_ROOMS_URL}?batchId=${batchId}`)} data-testid="class-seats-rooms">
              {t('examRoomPage.viewRooms')}
            </Button>
            {row.rooms > 0 && <SheetMenu batchId={batchId} examName={row.name} kinds={['classes']} data-testid="class-seats-pdf" />}
          </Space>
        }
      />
      <section className="exam-rooms-section">
        {row.rooms === 0 && <Alert type="info" showIcon title={t('examRoom.notArranged')} data-testid="class-seats-not-arranged" />}
        {classes.length === 0 ? (
          <Empty description={t('examRoomPage.noClasses')} />
        ) : (
          <>
            <Space wrap className="exam-rooms-filters">
              <Select<number>
                value={classId}
                options={classes.map((item) => ({ value: item.id, label: item.name }))}
                onChange={(value) => setPicked(value)}
                style={{ width: 180 }}
                aria-label={t('examRoomPage.class')}
                data-testid="class-seats-class"
              />
              <Input.Search
                allowClear
                value={keyword}
                maxLength={50}
                placeholder={t('examRoomPage.studentKeyword')}
                onChange={(event) => setKeyword(event.target.value)}
                onSearch={(value) => table.current?.search({ ...searchOf({ keyword: value }) })}
                style={{ width: 220, maxWidth: '100%' }}
                data-testid="class-seats-keyword"
              />
            </Space>
            {/* A class of its own table: choosing another class starts again from its first page. */}
            <PagedTable<ExamCandidateRow>
              key={classId}
              ref={table}
              url={EXAM_ROOM_CALLS.candidates}
              rowKey="studentId"
              columns={columns}
              defaultSearch={{ ...searchOf() }}
              defaultPageSize={50}
              scroll={{ x: 'max-content' }}
              size="small"
              data-testid="class-seats-table"
            />
          </>
        )}
      </section>
    </div>
  );
}
