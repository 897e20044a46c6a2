import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { ExamArrangementRow, ExamCandidateRow, ExamRoomOptions, ExamRoomRow, MyExamSeat } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ExamRoomsPage from './ExamRoomsPage.tsx';
import RoomArrangementPage from './RoomArrangementPage.tsx';
import ClassSeatsPage from './ClassSeatsPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(), saveBlob: vi.fn() }));

// The stub's envelope carries the server's msg for the writes, as the real client would; a handler that
// throws an ApiError imitates a refusal (result false with the server's message).
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { arrange: '4 candidates placed in 2 rooms', move: 'Seat changed' };
  return {
    ...clientModule,
    ApiError: StubError,
    ERROR_DURATION_SECONDS: 5,
    isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError',
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: files.download,
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

const BASE = '/api/exams/rooms';
const LIST_ROUTE = { path: '/kwgl/kcap', title: 'Exam rooms zh', titleEn: 'Exam rooms' } as AppRoute;
const ROOM_ROUTE = { path: '/kwapjt/room', title: 'Room arrangement zh', titleEn: 'Room arrangement' } as AppRoute;
const CLASS_ROUTE = { path: '/kwapjt/jxb', title: 'Class seat lists zh', titleEn: 'Class seat lists' } as AppRoute;

const exam = (id: number, extra: Partial<ExamArrangementRow> = {}): ExamArrangementRow => ({
  id,
  name: `Exam ${id}`,
  termId: 1,
  termName: '2026-2027 first term',
  gradeName: 'Grade 10',
  firstDate: '2026-11-25',
  lastDate: '2026-11-26',
  subjectCount: 2,
  published: false,
  candidates: 4,
  placed: 3,
  rooms: 2,
  sessions: 4,
  invigilatorsNeeded: 4,
  invigilatorsAssigned: 1,
  ended: false,
  ...extra,
});

const ROWS: ExamArrangementRow[] = [
  exam(1, { name: 'Grade 10 midterm' }),
  exam(2, { name: 'Grade 10 monthly test', published: true, placed: 4, invigilatorsAssigned: 4 }),
  exam(3, { name: 'Spring final', rooms: 0, placed: 0, sessions: 0, invigilatorsNeeded: 0, invigilatorsAssigned: 0 }),
];

const ROOMS: ExamRoomRow[] = [
  {
    id: 21,
    number: 1,
    classroomId: 301,
    classroomName: 'A101',
    building: 'Building A',
    seats: 3,
    candidates: 2,
    classes: [
      { name: 'Class 10-1', count: 1 },
      { name: 'Class 10-2', count: 1 },
    ],
    freeSeats: [3],
  },
  { id: 22, number: 2, classroomId: 302, classroomName: 'A102', building: 'Building A', seats: 2, candidates: 1, classes: [{ name: 'Class 10-1', count: 1 }], freeSeats: [2] },
];

const candidate = (studentId: number, name: string, classId: number, room: ExamRoomRow | null, seat: number | null): ExamCandidateRow => ({
  studentId,
  studentNumber: `S00${studentId}`,
  name,
  classId,
  className: classId === 101 ? 'Class 10-1' : 'Class 10-2',
  examRoomId: room?.id ?? null,
  roomNumber: room?.number ?? null,
  classroomName: room?.classroomName ?? '',
  seat,
});

const CANDIDATES: ExamCandidateRow[] = [
  candidate(1, 'Li Lei', 101, ROOMS[0]!, 1),
  candidate(2, 'Han Meimei', 102, ROOMS[0]!, 2),
  candidate(3, 'Wang Fang', 101, ROOMS[1]!, 1),
  candidate(4, 'Zhao Qiang', 102, null, null),
];

const OPTIONS: ExamRoomOptions = {
  batch: ROWS[0]!,
  classrooms: [
    { id: 301, name: 'A101', building: 'Building A', capacity: 3, busyWith: '' },
    { id: 302, name: 'A102', building: 'Building A', capacity: 2, busyWith: '' },
    { id: 303, name: 'A103', building: 'Building A', capacity: 40, busyWith: 'Grade 11 monthly test 2026-11-25 08:30-10:00' },
    { id: 304, name: 'Lab 1', building: 'Building B', capacity: 0, busyWith: '' },
  ],
  classes: [
    { id: 101, name: 'Class 10-1' },
    { id: 102, name: 'Class 10-2' },
  ],
};

const SEAT = (batchId: number, extra: Partial<MyExamSeat> = {}): MyExamSeat => ({
  batchId,
  batchName: `Exam ${batchId}`,
  termName: '2026-2027 first term',
  roomNumber: 3,
  classroomName: 'A103',
  building: 'Building A',
  seat: 12,
  subjects: [
    { courseName: 'Maths', examDate: '2026-11-25', startTime: '08:30', endTime: '10:00' },
    { courseName: 'English', examDate: '2026-11-26', startTime: '08:30', endTime: '10:30' },
  ],
  ...extra,
});

const success = vi.fn();
const error = vi.fn();

const original = window.matchMedia;

function signIn(userType: 1 | 2 | 3 | 4, permissions: string[]) {
  useSession.setState({ user: { userId: `U${userType}`, username: 'x', userType, displayName: 'x' }, permissions, roles: [] });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(route: AppRoute, address: string, Page: typeof ExamRoomsPage) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Page route={route} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const openSelect = (testId: string) => fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));

async function pick(testId: string, option: string) {
  openSelect(testId);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  files.download.mockReset().mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  files.saveBlob.mockReset();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  viewport(1366);
  stub
    .on('/api/exams/batches/options', () => ({
      terms: [{ id: 1, name: '2026-2027 first term', isCurrent: true, startDate: '2026-09-01', endDate: '2027-01-20' }],
      grades: [{ id: 10, name: 'Grade 10' }],
      courses: [],
      classes: [],
    }))
    .on(`${BASE}/exams`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/exam`, (o) => ROWS.find((row) => row.id === (o?.json as { batchId: number }).batchId))
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/list`, () => ROOMS)
    .on(`${BASE}/candidates`, (o) => {
      const search = (o?.json as { search: { examRoomId: number | ''; classId: number | ''; unplaced?: boolean } }).search;
      const rows = CANDIDATES.filter(
        (row) => (!search.examRoomId || row.examRoomId === search.examRoomId) && (!search.classId || row.classId === search.classId) && (!search.unplaced || row.seat === null),
      );
      return { total: rows.length, rows };
    })
    .on(`${BASE}/arrange`, () => ({ rooms: 2, placed: 4, sessions: 4 }))
    .on(`${BASE}/move`, () => null);
});

afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('ExamRoomsPage (staff)', () => {
  it("lists the exams of the current term with their arrangement's progress, and opens an exam's rooms", async () => {
    signIn(1, ['exam:room', 'exam:room:edit', 'exam:batch']);
    renderAt(LIST_ROUTE, '/kwgl/kcap', ExamRoomsPage);
    expect(await screen.findByText('Grade 10 midterm')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/exams`)[0]?.search).toEqual({ keyword: '', termId: 1, gradeId: '' });
    expect(stub.calls(`${BASE}/mine`)).toHaveLength(0);
    expect(screen.getByTestId('exam-rooms-dates-1')).toHaveTextContent('2026-11-25 ~ 2026-11-26');
    expect(screen.getByTestId('exam-rooms-placed-1')).toHaveTextContent('3 / 4');
    expect(screen.getByTestId('exam-rooms-placed-1')).toHaveClass('exam-rooms-short');
    expect(screen.getByTestId('exam-rooms-invigilators-2')).toHaveTextContent('4 / 4');
    expect(screen.getByTestId('exam-rooms-published-2')).toHaveTextContent(i18n.t('examRoomPage.published'));
    // An open exam is arranged; a published one only viewed; the PDFs only once there are rooms.
    expect(screen.getByTestId('exam-rooms-open-1')).toHaveTextContent(i18n.t('examRoomPage.arrangeRooms'));
    expect(screen.getByTestId('exam-rooms-open-2')).toHaveTextContent(i18n.t('examRoomPage.viewRooms'));
    expect(screen.getByTestId('exam-rooms-sheets-1')).toBeInTheDocument();
    expect(screen.queryByTestId('exam-rooms-sheets-3')).toBeNull();

    fireEvent.click(screen.getByTestId('exam-rooms-sheets-1'));
    fireEvent.click(await screen.findByTestId('exam-rooms-sheets-1-doors'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Grade 10 midterm-Door list.pdf'));
    expect(files.download).toHaveBeenCalledWith(`${BASE}/sheet`, { query: { batchId: 1, kind: 'doors' } });

    fireEvent.change(screen.getByTestId('exam-rooms-search-keyword'), { target: { value: ' midterm ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${BASE}/exams`).at(-1)?.search).toEqual({ keyword: 'midterm', termId: 1, gradeId: '' }));

    fireEvent.click(screen.getByTestId('exam-rooms-classes-1'));
    expect(screen.getByTestId('where')).toHaveTextContent('/kwapjt/jxb?batchId=1');
    fireEvent.click(screen.getByTestId('exam-rooms-open-1'));
    expect(screen.getByTestId('where')).toHaveTextContent('/kwapjt/room?batchId=1');
  });

  it('leaves the term and grade out for a teacher without the exam batches, who only views the rooms', async () => {
    signIn(3, ['exam:room']);
    renderAt(LIST_ROUTE, '/kwgl/kcap', ExamRoomsPage);
    expect(await screen.findByText('Grade 10 midterm')).toBeInTheDocument();
    expect(stub.calls('/api/exams/batches/options')).toHaveLength(0);
    expect(screen.queryByTestId('exam-rooms-search-term')).toBeNull();
    expect(stub.bodies(`${BASE}/exams`)[0]?.search).toEqual({ keyword: '', termId: '', gradeId: '' });
    expect(screen.getByTestId('exam-rooms-open-1')).toHaveTextContent(i18n.t('examRoomPage.viewRooms'));
  });
});

describe('RoomArrangementPage', () => {
  it("shows the exam's summary, rooms and candidates, read-only without the edit button", async () => {
    signIn(3, ['exam:room']);
    renderAt(ROOM_ROUTE, '/kwapjt/room?batchId=1', RoomArrangementPage);
    expect(await screen.findByTestId('exam-rooms-title')).toHaveTextContent('Grade 10 midterm');
    expect(screen.getByTestId('exam-rooms-fact-placed')).toHaveTextContent('3 / 4');
    expect(await screen.findByTestId('exam-room-count-1')).toHaveTextContent('2 / 3');
    expect(screen.getByText('Class 10-2 × 1')).toBeInTheDocument();
    expect(await screen.findByText('Zhao Qiang')).toBeInTheDocument();
    expect(screen.getByTestId('exam-candidate-unplaced-4')).toHaveTextContent(i18n.t('examRoomPage.noSeat'));
    expect(screen.getByTestId('exam-rooms-unplaced-note')).toBeInTheDocument();
    expect(screen.queryByTestId('exam-arrange')).toBeNull();
    expect(screen.queryByTestId('exam-candidate-move-1')).toBeNull();

    // A room's candidates, then those without a seat.
    fireEvent.click(screen.getByTestId('exam-room-show-2'));
    await waitFor(() => expect(stub.bodies(`${BASE}/candidates`).at(-1)?.search).toEqual({ batchId: 1, examRoomId: 22, classId: '', keyword: '' }));
    await waitFor(() => expect(screen.queryByText('Li Lei')).toBeNull());
    fireEvent.click(screen.getByTestId('exam-candidates-unplaced'));
    await waitFor(() => expect(stub.bodies(`${BASE}/candidates`).at(-1)?.search).toEqual({ batchId: 1, examRoomId: 22, classId: '', keyword: '', unplaced: true }));

    fireEvent.click(screen.getByTestId('exam-rooms-back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/kwgl/kcap');
  });

  it('arranges the rooms chosen, showing a refusal in the dialog in the server words', async () => {
    signIn(1, ['exam:room', 'exam:room:edit']);
    renderAt(ROOM_ROUTE, '/kwapjt/room?batchId=1', RoomArrangementPage);
    fireEvent.click(await screen.findByTestId('exam-arrange'));
    const dialog = await screen.findByTestId('exam-arrange-dialog');
    expect(within(dialog).getByTestId('exam-arrange-replaces')).toBeInTheDocument();
    // The classrooms arranged now are chosen again; one held by another exam and one without a capacity cannot be.
    expect(await within(dialog).findByTestId('exam-arrange-count')).toHaveTextContent('2 rooms chosen: 5 seats for 4 candidates');
    expect(within(dialog).getByTestId('exam-arrange-busy-303')).toHaveTextContent('In use: Grade 11 monthly test 2026-11-25 08:30-10:00');
    const checkbox = (id: number) => within(dialog).getByTestId(`exam-arrange-room-${id}`);
    expect(checkbox(303)).toBeDisabled();
    expect(checkbox(304)).toBeDisabled();

    // Spaced seating: one seat per room is too few; the server refuses and the dialog says why.
    fireEvent.change(within(dialog).getByTestId('exam-arrange-seats-per-room'), { target: { value: '1' } });
    await waitFor(() => expect(within(dialog).getByTestId('exam-arrange-count')).toHaveTextContent('2 rooms chosen: 2 seats for 4 candidates (2 seats missing)'));
    stub.on(`${BASE}/arrange`, () => {
      throw new ApiError('Class size is full or over: 4 candidates, 2 seats in the rooms chosen');
    });
    fireEvent.click(screen.getByTestId('exam-arrange-ok'));
    expect(await within(dialog).findByTestId('exam-arrange-error')).toHaveTextContent('Class size is full or over: 4 candidates, 2 seats in the rooms chosen');
    expect(stub.bodies(`${BASE}/arrange`)[0]).toEqual({ batchId: 1, classroomIds: [301, 302], seatsPerRoom: 1 });

    // Without spacing it goes through: the message, and everything loads again.
    stub.on(`${BASE}/arrange`, () => ({ rooms: 2, placed: 4, sessions: 4 }));
    fireEvent.change(within(dialog).getByTestId('exam-arrange-seats-per-room'), { target: { value: '' } });
    const before = stub.calls(`${BASE}/list`).length;
    fireEvent.click(screen.getByTestId('exam-arrange-ok'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('4 candidates placed in 2 rooms'));
    expect(stub.bodies(`${BASE}/arrange`).at(-1)).toEqual({ batchId: 1, classroomIds: [301, 302] });
    await waitFor(() => expect(stub.calls(`${BASE}/list`).length).toBeGreaterThan(before));
  });

  it('refuses to arrange without a room before asking the server', async () => {
    signIn(1, ['exam:room', 'exam:room:edit']);
    stub.on(`${BASE}/list`, () => []);
    renderAt(ROOM_ROUTE, '/kwapjt/room?batchId=3', RoomArrangementPage);
    expect(await screen.findByTestId('exam-rooms-not-arranged')).toHaveTextContent(i18n.t('examRoom.notArranged'));
    fireEvent.click(screen.getByTestId('exam-arrange'));
    const dialog = await screen.findByTestId('exam-arrange-dialog');
    fireEvent.click(screen.getByTestId('exam-arrange-ok'));
    expect(await within(dialog).findByTestId('exam-arrange-error')).toHaveTextContent(i18n.t('examRoom.roomsRequired'));
    expect(stub.calls(`${BASE}/arrange`)).toHaveLength(0);
  });

  it('changes a seat, telling that the two candidates swap when the seat is taken', async () => {
    signIn(1, ['exam:room', 'exam:room:edit']);
    renderAt(ROOM_ROUTE, '/kwapjt/room?batchId=1', RoomArrangementPage);
    fireEvent.click(await screen.findByTestId('exam-candidate-move-3'));
    const dialog = await screen.findByTestId('exam-move-dialog');
    expect(within(dialog).getByTestId('exam-move-current')).toHaveTextContent('Room 2 · A102 · Seat 1');
    await pick('exam-move-room', 'Room 1 · A101 (1 free)');
    await waitFor(() => expect(stub.bodies(`${BASE}/candidates`).some((body) => (body.search as { examRoomId: number }).examRoomId === 21)).toBe(true));
    await pick('exam-move-seat', '1 Li Lei (Class 10-1)');
    expect(await within(dialog).findByTestId('exam-move-swap')).toHaveTextContent('Li Lei sits there');
    fireEvent.click(screen.getByTestId('exam-move-ok'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Seat changed'));
    expect(stub.bodies(`${BASE}/move`)[0]).toEqual({ batchId: 1, studentId: 3, examRoomId: 21, seat: 1 });
  });

  it('offers a candidate without a seat the free seats only', async () => {
    signIn(1, ['exam:room', 'exam:room:edit']);
    renderAt(ROOM_ROUTE, '/kwapjt/room?batchId=1', RoomArrangementPage);
    fireEvent.click(await screen.findByTestId('exam-candidate-move-4'));
    const dialog = await screen.findByTestId('exam-move-dialog');
    expect(within(dialog).getByTestId('exam-move-unplaced')).toBeInTheDocument();
    // The first room with a free seat is offered.
    openSelect('exam-move-seat');
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === '1 Li Lei (Class 10-1)');
      if (!found) throw new Error('no seat 1');
      return found;
    });
    expect(option).toHaveClass('ant-select-item-option-disabled');
  });

  it('says so when no exam is named', async () => {
    signIn(1, ['exam:room']);
    renderAt(ROOM_ROUTE, '/kwapjt/room', RoomArrangementPage);
    expect(await screen.findByTestId('exam-rooms-no-exam')).toHaveTextContent(i18n.t('examRoomPage.noExam'));
    expect(stub.calls(`${BASE}/exam`)).toHaveLength(0);
  });
});

describe('ClassSeatsPage', () => {
  it("lists a class's candidates with room, place and seat, and downloads the class lists", async () => {
    signIn(3, ['exam:room']);
    renderAt(CLASS_ROUTE, '/kwapjt/jxb?batchId=1', ClassSeatsPage);
    expect(await screen.findByText('Li Lei')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/candidates`)[0]?.search).toEqual({ batchId: 1, examRoomId: '', classId: 101, keyword: '' });
    expect(screen.getByTestId('class-seat-1')).toHaveTextContent('1');
    expect(await screen.findAllByText('A101 · Building A')).not.toHaveLength(0);
    await pick('class-seats-class', 'Class 10-2');
    expect(await screen.findByText('Zhao Qiang')).toBeInTheDocument();
    expect(screen.getByTestId('class-seat-unplaced-4')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/candidates`).at(-1)?.search).toEqual({ batchId: 1, examRoomId: '', classId: 102, keyword: '' });
    fireEvent.click(screen.getByTestId('class-seats-pdf'));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith(`${BASE}/sheet`, { query: { batchId: 1, kind: 'classes' } }));
  });
});

describe('ExamRoomsPage (family)', () => {
  it("shows a student's own seats as cards at phone width, without asking for the staff's list", async () => {
    viewport(390);
    signIn(2, ['exam:room']);
    stub.on(`${BASE}/mine`, () => [SEAT(7), SEAT(5, { roomNumber: 1, seat: 3, classroomName: 'B201', building: '' })]);
    renderAt(LIST_ROUTE, '/kwgl/kcap', ExamRoomsPage);
    const cards = await screen.findAllByTestId('exam-seat-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Exam 7')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('exam-seat-card-room')).toHaveTextContent('Room 3');
    expect(within(cards[0]!).getByTestId('exam-seat-card-classroom')).toHaveTextContent('A103 · Building A');
    expect(within(cards[0]!).getByTestId('exam-seat-card-seat')).toHaveTextContent('12');
    expect(within(cards[0]!).getByText('Maths')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/2026-11-25 .*08:30–10:00/)).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('exam-seat-card-classroom')).toHaveTextContent('B201');
    expect(screen.getByTestId('my-exam-seats-page')).toHaveClass('is-phone');
    expect(screen.queryByTestId('exam-seats-children')).toBeNull();
    expect(stub.bodies(`${BASE}/mine`)[0]).toEqual({});
    expect(stub.calls(`${BASE}/exams`)).toHaveLength(0);
  });

  it("lets a parent choose among the children, with an empty state when nothing is published", async () => {
    signIn(4, ['exam:room']);
    stub
      .on('/api/exams/rooms/children', () => [
        { id: 11, name: 'Zhang Xiaoming', className: 'Class 8-1' },
        { id: 12, name: 'Zhang Xiaohong', className: 'Class 5-2' },
      ])
      .on(`${BASE}/mine`, (o) => ((o?.json as { studentId?: number }).studentId === 11 ? [SEAT(7)] : []));
    renderAt(LIST_ROUTE, '/kwgl/kcap', ExamRoomsPage);
    expect(await screen.findByTestId('exam-seat-card')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/mine`)[0]).toEqual({ studentId: 11 });
    fireEvent.click(screen.getByTestId('exam-seats-child-12'));
    expect(await screen.findByTestId('exam-seats-empty')).toHaveTextContent(i18n.t('examRoomPage.noSeats'));
    expect(stub.bodies(`${BASE}/mine`).at(-1)).toEqual({ studentId: 12 });
  });
});
