import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ModalFuncProps } from 'antd';
import type { FormationReport, ShiftBatchRow, ShiftBlocks, ShiftClassRow, ShiftClassStudent, ShiftOptions } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { ApiError } from '../../../api/client.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import BatchesPage from './BatchesPage.tsx';
import BlocksPage from './BlocksPage.tsx';
import ClassesPage from './ClassesPage.tsx';
import ClassStudentsPage from './ClassStudentsPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The real client module (its ApiError) with the calls answered by the stub; the writes answer the server's msg.
vi.mock('../../../api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/client.ts')>();
  const { stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { form: 'Forming classes: the page shows the progress', publish: 'Published: the classes are teaching classes now, in every timetable', move: 'Student moved', save: 'Saved' };
  return {
    ...actual,
    call: (path: string, options?: Parameters<typeof actual.call>[1]) => calls.call(path, options),
    request: async (path: string, options?: Parameters<typeof actual.request>[1]) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
  };
});

const BASE = '/api/electives/shift';
const LOST = 'Parameters lost, re-enter from the management page';

const routes: Record<string, AppRoute> = {
  batches: { path: '/zbgl/zbpc', title: '走班管理', titleEn: 'Class-shift management' } as AppRoute,
  blocks: { path: '/zbgl/pkzbjgl', title: '排课走班管理', titleEn: 'Blocks and formation' } as AppRoute,
  classes: { path: '/zbgl/bjgl', title: '走班班级管理', titleEn: 'Shift classes' } as AppRoute,
  classStudents: { path: '/zbgl/bjxsgl', title: '班级学生管理', titleEn: 'Class students' } as AppRoute,
};

const OPTIONS: ShiftOptions = {
  terms: [{ id: 1, name: '2026-2027 first term', isCurrent: true }],
  grades: [{ id: 10, name: 'Senior 1' }],
  courses: [
    { id: 31, name: 'Physics' },
    { id: 32, name: 'History' },
  ],
  classes: [],
  teachers: [{ id: 70, name: 'Wang Fang', staffNumber: 'T0001' }],
  classrooms: [{ id: 3, name: 'Room 101' }],
};

const batch = (extra: Partial<ShiftBatchRow> = {}): ShiftBatchRow => ({
  id: 7,
  termId: 1,
  termName: '2026-2027 first term',
  gradeId: 10,
  gradeName: 'Senior 1',
  name: 'Senior 1 choices (3+1+2)',
  scheme: '312',
  mode: 'full',
  choiceStart: '2026-11-01 08:00',
  choiceEnd: '2026-11-20 18:00',
  status: 'inProgress',
  minClassSize: 10,
  maxClassSize: 45,
  blockCount: 3,
  formationStatus: 'none',
  courseCount: 6,
  studentCount: 200,
  chosenCount: 160,
  classCount: 0,
  pendingChanges: 2,
  ...extra,
});

const REPORT: FormationReport = {
  students: 160,
  placed: 160,
  classCount: 14,
  classLowerBound: 13,
  teacherPeriods: 56,
  teacherPeriodsLowerBound: 52,
  clashes: 0,
  elapsedMs: 4200,
  subjects: [
    { name: 'Physics', students: 110, classes: 3, smallest: 36, largest: 38 },
    { name: 'Chemistry', students: 80, classes: 2, smallest: 40, largest: 40 },
  ],
  unplaced: [],
  warnings: ['Block 2 has 5 classes and 4 rooms'],
  finishedAt: '2026-11-20 10:05',
};

const blocks = (extra: Partial<ShiftBlocks> = {}): ShiftBlocks => ({
  batch: batch(),
  days: [1, 2, 3, 4, 5].map((day) => ({ day, name: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'][day - 1]! })),
  periods: [1, 2, 3, 4, 5, 6].map((sort) => ({ sort, name: `Period ${sort}` })),
  periodsOfBlocks: [1, 2, 3].flatMap((block) => [1, 2, 3, 4].map((day) => ({ block, day, period: 3 + block }))),
  progress: null,
  report: null,
  ...extra,
});

const shiftClass = (id: number, extra: Partial<ShiftClassRow> = {}): ShiftClassRow => ({
  id,
  batchId: 7,
  batchCourseId: 1,
  courseName: 'Physics',
  level: '',
  number: id,
  name: `Physics ${id}`,
  block: id,
  teacherId: null,
  teacherName: '',
  classroomId: null,
  classroomName: '',
  size: 40,
  boys: 21,
  girls: 19,
  averageScore: 512.4,
  ...extra,
});

const CLASSES: ShiftClassRow[] = [shiftClass(1), shiftClass(2, { size: 45 }), shiftClass(3, { batchCourseId: 2, courseName: 'Chemistry', name: 'Chemistry 3' })];
const STUDENTS: ShiftClassStudent[] = [{ studentId: 501, studentNumber: '2026100501', name: 'Li Ming', gender: 'Male', className: 'Class 1', score: 530 }];
const FULL = 'Class size is full or over: Physics 2 has 45 students (at most 45)';

const success = vi.fn();
const error = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/batches/page`, () => ({ rows: [batch(), batch({ id: 8, name: 'Senior 2 choices', status: 'ended', formationStatus: 'formed', classCount: 14, pendingChanges: 0 })], total: 2 }))
    .on(`${BASE}/batches/get`, (options) => {
      const { batchId } = options?.json as { batchId: number };
      if (batchId !== 7) throw new ApiError('business', LOST, 400);
      return batch();
    })
    .on(`${BASE}/blocks/get`, () => blocks())
    .on(`${BASE}/courses/list`, () => [])
    .on(`${BASE}/classes/list`, () => CLASSES)
    .on(`${BASE}/classes/students`, () => STUDENTS)
    .on(`${BASE}/classes/move`, () => null)
    .on(`${BASE}/classes/save`, () => null);
  useSession.setState({ permissions: ['elective:shiftClass'], roles: [] });
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/zbgl/zbpc" element={<BatchesPage route={routes.batches!} />} />
          <Route path="/zbgl/pkzbjgl" element={<BlocksPage route={routes.blocks!} />} />
          <Route path="/zbgl/bjgl" element={<ClassesPage route={routes.classes!} />} />
          <Route path="/zbgl/bjxsgl" element={<ClassStudentsPage route={routes.classStudents!} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens a Select and clicks the option whose text starts with `text`. */
async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(text));
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

const hasChinese = () => /[\u4e00-\u9fff]/.test(document.body.textContent ?? '');

describe('走班管理 pages', () => {
  it('lists the batches with their states and counts, and opens a batch page with ?batchId=', async () => {
    renderAt('/zbgl/zbpc');
    expect(await screen.findByTestId('shift-batch-name-7')).toHaveTextContent('Senior 1 choices (3+1+2)');
    expect(screen.getByTestId('shift-batch-status-7')).toHaveTextContent('进行中');
    expect(screen.getByTestId('shift-batch-formation-8')).toHaveTextContent('已分班');
    expect(screen.getByTestId('shift-batch-counts-7')).toHaveTextContent('已选 160 / 200 人');
    expect(screen.getByTestId('shift-batch-counts-7')).toHaveTextContent('待审调整 2');
    expect(stub.bodies(`${BASE}/batches/page`)[0]).toMatchObject({ currPage: 0, limit: 10 });
    for (const key of ['courses', 'students', 'blocks', 'classes', 'classStudents']) expect(screen.getByTestId(`shift-open-${key}-7`)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('shift-open-blocks-7'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/zbgl/pkzbjgl?batchId=7'));
    expect(await screen.findByTestId('shift-head-name')).toHaveTextContent('Senior 1 choices (3+1+2)');
  });

  it("shows 'Parameters lost' without a batch id (no call) and for a batch the server does not know, with the way back", async () => {
    await act(() => i18n.changeLanguage('en'));
    const first = renderAt('/zbgl/bjxsgl');
    expect(await screen.findByTestId('shift-parameters-lost')).toHaveTextContent(LOST);
    expect(stub.calls(`${BASE}/batches/get`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('shift-back-to-batches'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/zbgl/zbpc'));
    await screen.findByTestId('shift-batch-name-7');

    first.unmount();
    renderAt('/zbgl/bjgl?batchId=99');
    await waitFor(() => expect(stub.bodies(`${BASE}/batches/get`)).toContainEqual({ batchId: 99 }));
    expect(await screen.findByTestId('shift-parameters-lost')).toHaveTextContent(LOST);
    await act(() => i18n.changeLanguage('zh'));
  });

  it('forms the classes after a confirmation, shows the progress while they are formed and then the report', async () => {
    let reads = 0;
    let forming = false;
    stub.on(`${BASE}/blocks/get`, () => {
      if (!forming) return blocks();
      reads += 1;
      if (reads < 2) return blocks({ batch: batch({ formationStatus: 'running' }), progress: { done: 3, total: 10 } });
      return blocks({ batch: batch({ formationStatus: 'formed', classCount: 14 }), report: REPORT });
    });
    stub.on(`${BASE}/blocks/form`, () => {
      forming = true;
      return null;
    });
    stub.on(`${BASE}/blocks/publish`, () => null);
    renderAt('/zbgl/pkzbjgl?batchId=7');
    const grid = await screen.findByTestId('shift-grid');
    expect(within(grid).getByTestId('shift-cell-1-4')).toHaveAttribute('data-block', '1');
    expect(within(grid).getByTestId('shift-cell-4-6')).toHaveAttribute('data-block', '3');
    expect(screen.getByTestId('shift-no-report')).toBeInTheDocument();
    expect(screen.getByTestId('shift-publish')).toBeDisabled();

    fireEvent.click(screen.getByTestId('shift-form'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(stub.calls(`${BASE}/blocks/form`)).toHaveLength(0);
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(`${BASE}/blocks/form`)).toEqual([{ batchId: 7 }]);
    expect(success).toHaveBeenCalledWith('Forming classes: the page shows the progress');
    expect(await screen.findByTestId('shift-progress')).toHaveTextContent('3 / 10');
    expect(screen.getByTestId('shift-cell-1-4')).toBeDisabled();

    const report = await screen.findByTestId('shift-report', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('shift-progress')).toBeNull();
    expect(within(report).getByTestId('shift-report-placed')).toHaveTextContent('160 / 160');
    expect(within(report).getByTestId('shift-report-classes')).toHaveTextContent('14（13）');
    expect(within(report).getByTestId('shift-report-teacher-periods')).toHaveTextContent('56（52）');
    expect(within(report).getByTestId('shift-report-no-clash')).toHaveTextContent('0 冲突');
    expect(within(report).getByTestId('shift-report-warnings')).toHaveTextContent('Block 2 has 5 classes and 4 rooms');
    expect(within(report).getByTestId('shift-report-subjects')).toHaveTextContent('Chemistry');

    // Formed: it can be published.
    await waitFor(() => expect(screen.getByTestId('shift-publish')).toBeEnabled());
    fireEvent.click(screen.getByTestId('shift-publish'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    await act(async () => {
      await (confirm.mock.calls[1]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(`${BASE}/blocks/publish`)).toEqual([{ batchId: 7 }]);
  });

  it('assigns periods to blocks by picking a block and clicking cells, and saves them', async () => {
    stub.on(`${BASE}/blocks/save`, () => null);
    renderAt('/zbgl/pkzbjgl?batchId=7');
    const grid = await screen.findByTestId('shift-grid');
    expect(screen.getByTestId('shift-blocks-save')).toBeDisabled();
    fireEvent.click(screen.getByTestId('shift-brush-2'));
    fireEvent.click(within(grid).getByTestId('shift-cell-5-1'));
    expect(within(grid).getByTestId('shift-cell-5-1')).toHaveAttribute('data-block', '2');
    // The same block again frees the period; the eraser frees another.
    fireEvent.click(within(grid).getByTestId('shift-cell-1-5'));
    expect(within(grid).getByTestId('shift-cell-1-5')).toHaveAttribute('data-block', '0');
    fireEvent.click(screen.getByTestId('shift-brush-0'));
    fireEvent.click(within(grid).getByTestId('shift-cell-1-6'));
    expect(within(grid).getByTestId('shift-cell-1-6')).toHaveAttribute('data-block', '0');
    expect(screen.getByTestId('shift-form')).toBeDisabled();
    fireEvent.click(screen.getByTestId('shift-blocks-save'));
    await waitFor(() => expect(stub.bodies(`${BASE}/blocks/save`)).toHaveLength(1));
    const periods = (stub.bodies(`${BASE}/blocks/save`)[0] as { batchId: number; periods: { block: number; day: number; period: number }[] }).periods;
    expect(periods).toHaveLength(11);
    expect(periods).toContainEqual({ block: 2, day: 5, period: 1 });
    expect(periods).not.toContainEqual({ block: 2, day: 1, period: 5 });
  });

  it('shows the refusal of a move (a full class) in the dialog, and moves into a class with room', async () => {
    stub.on(`${BASE}/classes/move`, (options) => {
      if ((options?.json as { toClassId: number }).toClassId === 2) throw new ApiError('business', FULL, 409);
      return null;
    });
    stub.on(`${BASE}/classes/list`, () => [...CLASSES, shiftClass(4, { name: 'Physics 4', size: 30 })]);
    renderAt('/zbgl/bjxsgl?batchId=7&shiftClassId=1');
    const table = await screen.findByTestId('shift-class-students-table');
    await within(table).findByText('Li Ming');
    expect(stub.bodies(`${BASE}/classes/students`)).toContainEqual({ batchId: 7, shiftClassId: 1 });
    fireEvent.click(screen.getByTestId('shift-move-501'));
    await screen.findByTestId('shift-move-dialog');
    // Only the other classes of the subject, with their block and size.
    fireEvent.mouseDown(within(screen.getByTestId('shift-move-target').closest('.ant-select') as HTMLElement).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).toHaveLength(2));
    await pick('shift-move-target', 'Physics 2');
    fireEvent.click(screen.getByTestId('shift-move-ok'));
    expect(await screen.findByTestId('shift-move-error')).toHaveTextContent(FULL);
    expect(stub.bodies(`${BASE}/classes/move`)).toEqual([{ batchId: 7, studentId: 501, fromClassId: 1, toClassId: 2 }]);
    expect(success).not.toHaveBeenCalled();

    await pick('shift-move-target', 'Physics 4');
    expect(screen.queryByTestId('shift-move-error')).toBeNull();
    fireEvent.click(screen.getByTestId('shift-move-ok'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Student moved'));
    expect(stub.bodies(`${BASE}/classes/move`)[1]).toEqual({ batchId: 7, studentId: 501, fromClassId: 1, toClassId: 4 });
  });

  it('changes a class number; the duplicate number refusal shows in the dialog', async () => {
    const duplicate = '走班编号重复，请重新输入';
    stub.on(`${BASE}/classes/save`, () => {
      throw new ApiError('business', duplicate, 409);
    });
    renderAt('/zbgl/bjgl?batchId=7');
    expect(await screen.findByTestId('shift-class-name-1')).toHaveTextContent('Physics 1');
    fireEvent.click(screen.getByTestId('shift-class-edit-1'));
    const dialog = await screen.findByTestId('shift-class-dialog');
    fireEvent.change(within(dialog).getByTestId('shift-class-number'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('shift-class-dialog-ok'));
    expect(await screen.findByTestId('shift-class-error')).toHaveTextContent(duplicate);
    expect(stub.bodies(`${BASE}/classes/save`)[0]).toMatchObject({ id: 1, number: 2, name: 'Physics 1', teacherId: null, classroomId: null });
    expect(screen.getByTestId('shift-class-dialog')).toBeInTheDocument();
  });

  it('shows English labels without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    stub.on(`${BASE}/blocks/get`, () => blocks({ batch: batch({ formationStatus: 'formed' }), report: REPORT }));
    stub.on(`${BASE}/batches/get`, () => batch({ formationStatus: 'formed' }));
    const first = renderAt('/zbgl/zbpc');
    expect(await screen.findByTestId('shift-batch-status-7')).toHaveTextContent('In progress');
    expect(screen.getByTestId('shift-batch-formation-7')).toHaveTextContent('Not formed');
    expect(screen.getByTestId('shift-open-blocks-7')).toHaveTextContent('Blocks');
    expect(screen.getByTestId('shift-batch-counts-7')).toHaveTextContent('Chosen: 160 / 200');
    expect(hasChinese()).toBe(false);
    first.unmount();

    renderAt('/zbgl/pkzbjgl?batchId=7');
    const report = await screen.findByTestId('shift-report');
    expect(within(report).getByTestId('shift-report-no-clash')).toHaveTextContent('0 clashes');
    expect(within(report).getByTestId('shift-report-classes')).toHaveTextContent('14 (13)');
    expect(screen.getByTestId('shift-form')).toHaveTextContent('Form again');
    expect(screen.getByTestId('shift-head-formation')).toHaveTextContent('Formed');
    expect(hasChinese()).toBe(false);
    await act(() => i18n.changeLanguage('zh'));
  });
});
