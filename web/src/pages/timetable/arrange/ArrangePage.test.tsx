import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { ArrangeOptions, DraftDetail, DraftGrid, DraftRow, FetPreview } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { ApiError } from '../../../api/client.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import ArrangePage from './ArrangePage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The real client module (its ApiError) with the calls answered by the stub; the writes answer the server's msg.
vi.mock('../../../api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/client.ts')>();
  const { stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = {
    move: 'Lesson moved',
    place: 'Lesson placed',
    lock: 'Saved',
    remove: 'Lesson taken off the timetable',
    generate: 'Generation started: the draft fills in as it finishes',
    publish: 'Published: every timetable of the term now shows this draft',
    create: 'Draft created',
  };
  return {
    ...actual,
    call: (path: string, options?: Parameters<typeof actual.call>[1]) => calls.call(path, options),
    request: async (path: string, options?: Parameters<typeof actual.request>[1]) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    // The stored file as the upload call answers it; the purpose and the file names are recorded as the call's body.
    upload: async (path: string, parts: { files: readonly Blob[]; fields?: Record<string, string | number> }) =>
      calls.call(path, { json: { ...parts.fields, files: parts.files.map((file) => (file as File).name) } }),
  };
});

const route = { path: '/kbgl/pkgl', title: '排课管理', titleEn: 'Timetable arrangement' } as AppRoute;
const BASE = '/api/timetable/arrange';

const OPTIONS: ArrangeOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true },
    { id: 2, name: '2025-2026 second term', isCurrent: false },
  ],
  termId: 1,
  grades: [{ id: 8, name: 'Grade 8' }],
  classes: [
    { id: 5, name: 'Class 8-1', gradeId: 8 },
    { id: 6, name: 'Class 8-2', gradeId: 8 },
  ],
  teachers: [
    { id: 70, name: 'Wang Fang', staffNumber: 'T0001' },
    { id: 71, name: 'Li Lei', staffNumber: 'T0002' },
    { id: 72, name: 'Li Lei', staffNumber: 'T0003' },
  ],
  classrooms: [{ id: 3, name: 'Room 101', classesAtOnce: 1 }],
  days: [1, 2, 3, 4, 5].map((day) => ({ day, name: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'][day - 1]! })),
  periods: [1, 2, 3].map((sort) => ({ sort, name: `Period ${sort}` })),
};

const draftRow = (id: number, extra: Partial<DraftRow> = {}): DraftRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  name: `Draft ${id}`,
  status: 'editing',
  source: 'plan',
  lessonCount: 2,
  unplacedCount: 3,
  createdByName: 'Administrator',
  createdAt: '2026-11-14 09:30',
  updatedAt: '2026-11-15 10:00',
  publishedAt: null,
  ...extra,
});

const DRAFTS: DraftRow[] = [draftRow(11), draftRow(10, { name: 'Opening timetable', status: 'published', unplacedCount: 0, publishedAt: '2026-09-01 08:00' })];

const detail = (extra: Partial<DraftDetail> = {}): DraftDetail => ({ ...draftRow(11), progress: null, report: null, editable: true, ...extra });

const lesson = (id: number, day: number, period: number, courseName: string, extra: Partial<DraftGrid['lessons'][number]> = {}): DraftGrid['lessons'][number] => ({
  id,
  classId: 5,
  className: 'Class 8-1',
  courseId: id + 100,
  courseName,
  teacherId: 70,
  teacherName: 'Wang Fang',
  classroomId: null,
  classroomName: 'Room 101',
  day,
  period,
  weekParity: 'all',
  label: '',
  locked: false,
  activityId: null,
  ...extra,
});

const GRID: DraftGrid = {
  days: OPTIONS.days,
  periods: OPTIONS.periods,
  lessons: [lesson(1, 1, 1, 'Maths', { locked: true }), lesson(2, 2, 3, 'Physics', { weekParity: 'odd' })],
  busy: [{ day: 3, period: 2, what: 'Robotics (elective)' }],
  unplaced: [{ classId: 5, className: 'Class 8-1', courseId: 131, courseName: 'Chinese', teacherName: 'Li Lei', missing: 3, activityId: null }],
};

const FET_FILE_ID = 'fet-1';
const UPLOADED = [{ RESID: FET_FILE_ID, name: 'school.fet', size: 2048, mimeType: 'application/xml', url: `/file/download/${FET_FILE_ID}` }];

/** Two years (the second one with no grade of its name), three groups (two to create), three teachers (one with two namesakes, one unknown). */
const PREVIEW: FetPreview = {
  fileName: 'school.fet',
  institution: 'Hill School',
  days: 5,
  hours: 3,
  schoolDays: 5,
  schoolPeriods: 3,
  activities: 4,
  activityHours: 6,
  years: [
    { name: 'Y8', gradeId: 8 },
    { name: 'Y9', gradeId: null },
  ],
  groups: [
    { name: '8A', year: 'Y8', students: 30, classId: 5 },
    { name: '8B', year: 'Y8', students: 28, classId: null },
    { name: '9A', year: 'Y9', students: 25, classId: null },
  ],
  teachers: [
    { name: 'Wang Fang', staffId: 70, candidates: [] },
    {
      name: 'Li Lei',
      staffId: null,
      candidates: [
        { id: 71, name: 'Li Lei' },
        { id: 72, name: 'Li Lei' },
      ],
    },
    { name: 'Zhao Min', staffId: null, candidates: [] },
  ],
  subjects: [
    { name: 'Maths', courseId: 101 },
    { name: 'Drama', courseId: null },
  ],
  rooms: [
    { name: 'R101', capacity: 40, classroomId: 3 },
    { name: 'Lab', capacity: 30, classroomId: null },
  ],
  unavailable: 6,
  kept: [{ constraint: 'ConstraintTeacherNotAvailableTimes', count: 2 }],
  ignored: [{ constraint: 'ConstraintStudentsSetMaxGapsPerWeek', count: 1 }],
};

const NOT_FET = 'The file is not a FET file that can be read: the root element is not <fet>';

const CONFLICT = 'Class time conflict, please change: Class 8-1 has Maths on Monday, Period 1';

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
    .on(`${BASE}/drafts/page`, () => ({ rows: DRAFTS, total: DRAFTS.length }))
    .on(`${BASE}/drafts/get`, () => detail())
    .on(`${BASE}/drafts/grid`, () => GRID)
    .on(`${BASE}/drafts/conflicts`, () => [])
    .on(`${BASE}/drafts/publish`, () => null)
    .on(`${BASE}/drafts/move`, () => null)
    .on(`${BASE}/drafts/place`, () => ({ id: 9 }))
    .on(`${BASE}/drafts/lock`, () => null)
    .on(`${BASE}/drafts/generate`, () => null)
    .on(`${BASE}/plan/list`, () => [])
    .on(`${BASE}/unavailable/get`, () => []);
  useSession.setState({ permissions: ['timetable:arrange'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ArrangePage route={route} />
    </QueryClientProvider>,
  );
}

/** A drag carrying what the page put in it, as the browser hands it from dragstart to drop. */
function dataTransfer() {
  const data = new Map<string, string>();
  return { setData: (type: string, value: string) => void data.set(type, value), getData: (type: string) => data.get(type) ?? '', dropEffect: 'none', effectAllowed: 'all', types: [] as string[] };
}

async function openEditor() {
  fireEvent.click(await screen.findByTestId('arrange-draft-open-11'));
  return screen.findByTestId('arrange-grid');
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

/** The text a Select shows for its value. */
const shown = (testId: string) => (screen.getByTestId(testId).closest('.ant-select') as HTMLElement).textContent;

/** Opens the FET import and uploads a .fet file; the dialog previews it. */
async function uploadFet() {
  fireEvent.click(await screen.findByTestId('arrange-fet-import'));
  const dialog = await screen.findByTestId('arrange-fet-dialog');
  const input = within(dialog).getByTestId('arrange-fet-upload').querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['<fet version="6.0"></fet>'], 'school.fet', { type: 'application/xml' })] } });
  return dialog;
}

function stubFet() {
  stub
    .on('/api/files/upload', () => UPLOADED)
    .on(`${BASE}/fet/preview`, () => PREVIEW)
    .on(`${BASE}/fet/import`, () => ({ draftId: 12, created: { classes: 2, courses: 1, classrooms: 1 }, activities: 4, unavailable: 6 }))
    .on('/api/system/campusOptions', () => ({
      courses: [
        { id: 101, name: 'Maths' },
        { id: 102, name: 'Physics' },
      ],
    }));
}

const hasChinese = () => /[\u4e00-\u9fff]/.test(document.body.textContent ?? '');

describe('ArrangePage', () => {
  it('lists the term’s drafts with their status and counts; publishing shows the conflicts first, then publishes', async () => {
    renderPage();
    expect(await screen.findByTestId('arrange-draft-name-11')).toHaveTextContent('Draft 11');
    expect(screen.getByTestId('arrange-draft-status-11')).toHaveTextContent('编辑中');
    expect(screen.getByTestId('arrange-draft-status-10')).toHaveTextContent('已发布');
    expect(stub.bodies(`${BASE}/drafts/page`)[0]).toMatchObject({ currPage: 0, limit: 10, search: { termId: 1 } });
    // The current term is chosen.
    expect(screen.getByTestId('arrange-term').closest('.ant-select')).toHaveTextContent('2026-2027 first term（当前学期）');
    // Only a draft being edited can be published.
    expect(screen.queryByTestId('arrange-draft-publish-10')).toBeNull();

    stub.on(`${BASE}/drafts/conflicts`, () => [CONFLICT]);
    fireEvent.click(screen.getByTestId('arrange-draft-publish-11'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(stub.bodies(`${BASE}/drafts/conflicts`)).toEqual([{ id: 11 }]);
    const dialog = confirm.mock.calls[0]![0] as ModalFuncProps;
    const { container } = render(<>{dialog.content}</>);
    expect(within(container).getAllByTestId('arrange-conflict').map((item) => item.textContent)).toEqual([CONFLICT]);
    expect(stub.calls(`${BASE}/drafts/publish`)).toHaveLength(0);
    await act(async () => {
      await dialog.onOk?.();
    });
    expect(stub.bodies(`${BASE}/drafts/publish`)).toEqual([{ id: 11 }]);
    expect(success).toHaveBeenCalledWith('Published: every timetable of the term now shows this draft');
  });

  it('opens a draft on its class grid: lessons as cards, busy times greyed, the unplaced hours beside; a click moves a lesson', async () => {
    renderPage();
    const grid = await openEditor();
    expect(screen.getByTestId('arrange-editor-name')).toHaveTextContent('Draft 11');
    expect(stub.bodies(`${BASE}/drafts/grid`)[0]).toEqual({ id: 11, kind: 'class', ownerId: 5 });
    const maths = within(grid).getByTestId('arrange-lesson-1');
    expect(within(grid).getByTestId('arrange-cell-1-1')).toContainElement(maths);
    expect(maths).toHaveTextContent('Maths');
    expect(maths).toHaveTextContent('Wang Fang');
    expect(within(maths).getByTestId('arrange-lesson-locked-1')).toBeInTheDocument();
    expect(within(grid).getByTestId('arrange-lesson-2')).toHaveTextContent('单周');
    expect(maths).toHaveAttribute('draggable', 'true');
    expect(within(grid).getByTestId('arrange-cell-3-2')).toHaveAttribute('data-busy', 'true');
    expect(within(grid).getByTestId('arrange-busy-3-2')).toHaveTextContent('Robotics (elective)');
    expect(screen.getByTestId('arrange-unplaced-5-131')).toHaveTextContent('Chinese');
    expect(screen.getByTestId('arrange-unplaced-5-131')).toHaveTextContent('还差 3 节');

    // Click the lesson, then the period: the move is sent and the grid read again.
    fireEvent.click(within(grid).getByTestId('arrange-lesson-pick-2'));
    expect(within(grid).getByTestId('arrange-lesson-2')).toHaveClass('is-picked');
    const reads = stub.calls(`${BASE}/drafts/grid`).length;
    fireEvent.click(within(grid).getByTestId('arrange-target-4-1'));
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/move`)).toEqual([{ id: 11, lessonId: 2, day: 4, period: 1 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith(expect.objectContaining({ content: 'Lesson moved' })));
    await waitFor(() => expect(stub.calls(`${BASE}/drafts/grid`).length).toBeGreaterThan(reads));
    expect(screen.queryByTestId('arrange-target-4-1')).toBeNull();

    // Escape gives up a pick.
    fireEvent.click(within(grid).getByTestId('arrange-lesson-pick-1'));
    expect(screen.getByTestId('arrange-target-2-2')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('arrange-target-2-2')).toBeNull());

    // An unplaced hour dragged onto a period is placed.
    const transfer = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('arrange-unplaced-5-131'), { dataTransfer: transfer });
    fireEvent.dragOver(within(grid).getByTestId('arrange-cell-5-3'), { dataTransfer: transfer });
    fireEvent.drop(within(grid).getByTestId('arrange-cell-5-3'), { dataTransfer: transfer });
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/place`)).toEqual([{ id: 11, classId: 5, courseId: 131, day: 5, period: 3 }]));

    // The card's menu unlocks a locked lesson.
    fireEvent.click(within(grid).getByTestId('arrange-lesson-menu-1'));
    fireEvent.click(await screen.findByTestId('arrange-lesson-unlock'));
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/lock`)).toEqual([{ id: 11, lessonId: 1, locked: false }]));
  });

  it('shows the server’s refusal of a dragged lesson and keeps the grid as it was', async () => {
    stub.on(`${BASE}/drafts/move`, () => {
      throw new ApiError('business', CONFLICT, 409);
    });
    renderPage();
    const grid = await openEditor();
    const physics = within(grid).getByTestId('arrange-lesson-2');
    const transfer = dataTransfer();
    fireEvent.dragStart(physics, { dataTransfer: transfer });
    fireEvent.dragOver(within(grid).getByTestId('arrange-cell-1-1'), { dataTransfer: transfer });
    fireEvent.drop(within(grid).getByTestId('arrange-cell-1-1'), { dataTransfer: transfer });
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/move`)).toEqual([{ id: 11, lessonId: 2, day: 1, period: 1 }]));
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.objectContaining({ content: CONFLICT })));
    expect(success).not.toHaveBeenCalled();
    // Still where it was.
    expect(within(grid).getByTestId('arrange-cell-2-3')).toContainElement(screen.getByTestId('arrange-lesson-2'));
    expect(within(grid).getByTestId('arrange-cell-1-1')).not.toContainElement(screen.getByTestId('arrange-lesson-2'));
  });

  it('generates with a time limit, shows the progress while it runs and the report when it is done', async () => {
    let reads = 0;
    let generating = false;
    stub.on(`${BASE}/drafts/get`, () => {
      if (!generating) return detail();
      reads += 1;
      if (reads < 2) return detail({ status: 'generating', editable: false, progress: { done: 40, total: 120 } });
      return detail({
        report: {
          placed: 118,
          total: 120,
          locked: 1,
          elapsedMs: 4200,
          softCost: 7,
          unplaced: [{ classId: 5, className: 'Class 8-1', courseName: 'Chinese', reason: 'no period is free for Li Lei at once' }],
          finishedAt: '2026-11-15 10:05',
        },
      });
    });
    stub.on(`${BASE}/drafts/generate`, () => {
      generating = true;
      return null;
    });
    renderPage();
    await openEditor();
    fireEvent.click(screen.getByTestId('arrange-generate'));
    const dialog = await screen.findByTestId('arrange-generate-dialog');
    expect(within(dialog).getByTestId('arrange-generate-seconds')).toHaveValue('30');
    fireEvent.click(screen.getByTestId('arrange-generate-ok'));
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/generate`)).toEqual([{ id: 11, seconds: 30 }]));
    expect(await screen.findByTestId('arrange-progress')).toHaveTextContent('40 / 120');
    expect(screen.getByTestId('arrange-readonly')).toBeInTheDocument();
    expect(screen.getByTestId('arrange-grid')).toHaveAttribute('data-editable', 'false');
    const report = await screen.findByTestId('arrange-report', {}, { timeout: 10_000 });
    expect(within(report).getByTestId('arrange-report-placed')).toHaveTextContent('118 / 120');
    expect(report).toHaveTextContent('no period is free for Li Lei at once');
    expect(screen.queryByTestId('arrange-progress')).toBeNull();
  });

  it('imports a FET file: a refused preview leaves the dialog usable, the matches are sent and the new draft opens', async () => {
    stubFet();
    let refuse = true;
    stub.on(`${BASE}/fet/preview`, () => {
      if (refuse) throw new ApiError('business', NOT_FET, 400);
      return PREVIEW;
    });
    stub.on(`${BASE}/drafts/get`, (options) => ((options?.json as { id: number }).id === 12 ? detail({ id: 12, name: 'FET：Hill School', source: 'fet' }) : detail()));
    renderPage();
    const dialog = await uploadFet();
    await waitFor(() => expect(stub.bodies('/api/files/upload')).toEqual([{ purpose: 'fetImport', files: ['school.fet'] }]));
    expect(await within(dialog).findByTestId('arrange-fet-refusal')).toHaveTextContent(NOT_FET);
    expect(stub.bodies(`${BASE}/fet/preview`)).toEqual([{ termId: 1, fileId: FET_FILE_ID }]);
    expect(dialog).toHaveAttribute('data-step', '0');

    // Tried again: the preview.
    refuse = false;
    fireEvent.click(screen.getByTestId('arrange-fet-next'));
    await waitFor(() => expect(dialog).toHaveAttribute('data-step', '1'));
    expect(screen.queryByTestId('arrange-fet-refusal')).toBeNull();
    expect(screen.getByTestId('arrange-fet-file-name')).toHaveTextContent('school.fet');
    expect(screen.getByTestId('arrange-fet-week')).toHaveTextContent('5 天 × 3 节');
    expect(screen.getByTestId('arrange-fet-activities')).toHaveTextContent('4 个活动，每周 6 课时');
    expect(screen.getByTestId('arrange-fet-kept')).toHaveTextContent('ConstraintTeacherNotAvailableTimes × 2');
    expect(screen.getByTestId('arrange-fet-ignored')).toHaveTextContent('ConstraintStudentsSetMaxGapsPerWeek × 1');
    expect(screen.getByTestId('arrange-fet-name')).toHaveValue('FET：Hill School');

    // Years: the second one gets a grade, for its group is to be created.
    expect(shown('arrange-fet-years-0')).toBe('Grade 8');
    await pick('arrange-fet-years-1', 'Grade 8');
    // Groups: matched, or created.
    fireEvent.click(screen.getByTestId('arrange-fet-tab-groups'));
    expect(await screen.findByTestId('arrange-fet-groups-0')).toBeInTheDocument();
    expect(shown('arrange-fet-groups-0')).toBe('Class 8-1');
    expect(shown('arrange-fet-groups-1')).toBe('新建班级');
    expect(shown('arrange-fet-groups-2')).toBe('新建班级');
    // Teachers: the namesakes offered first; one stays without a record, flagged.
    fireEvent.click(screen.getByTestId('arrange-fet-tab-teachers'));
    expect(await screen.findByTestId('arrange-fet-teachers-hint')).toHaveTextContent('2 位教师没有教职工记录');
    expect(screen.queryByTestId('arrange-fet-teachers-0-unmatched')).toBeNull();
    expect(screen.getByTestId('arrange-fet-teachers-1-unmatched')).toBeInTheDocument();
    expect(shown('arrange-fet-teachers-2')).toBe('无教职工记录');
    await pick('arrange-fet-teachers-1', 'Li Lei (T0003)');
    await waitFor(() => expect(screen.queryByTestId('arrange-fet-teachers-1-unmatched')).toBeNull());
    expect(screen.getByTestId('arrange-fet-teachers-2-unmatched')).toBeInTheDocument();
    // Subjects: the school's courses by name.
    fireEvent.click(screen.getByTestId('arrange-fet-tab-subjects'));
    await waitFor(() => expect(shown('arrange-fet-subjects-0')).toBe('Maths'));
    expect(shown('arrange-fet-subjects-1')).toBe('新建课程');
    fireEvent.click(screen.getByTestId('arrange-fet-tab-rooms'));
    await waitFor(() => expect(shown('arrange-fet-rooms-1')).toBe('新建教室'));

    stub.on(`${BASE}/drafts/page`, () => ({ rows: [draftRow(12, { name: 'FET：Hill School', source: 'fet' }), ...DRAFTS], total: 3 }));
    fireEvent.click(screen.getByTestId('arrange-fet-ok'));
    await waitFor(() =>
      expect(stub.bodies(`${BASE}/fet/import`)).toEqual([
        {
          termId: 1,
          fileId: FET_FILE_ID,
          name: 'FET：Hill School',
          years: [
            { name: 'Y8', gradeId: 8 },
            { name: 'Y9', gradeId: 8 },
          ],
          groups: [
            { name: '8A', classId: 5 },
            { name: '8B', classId: null },
            { name: '9A', classId: null },
          ],
          teachers: [
            { name: 'Wang Fang', staffId: 70 },
            { name: 'Li Lei', staffId: 72 },
            { name: 'Zhao Min', staffId: null },
          ],
          subjects: [
            { name: 'Maths', courseId: 101 },
            { name: 'Drama', courseId: null },
          ],
          rooms: [
            { name: 'R101', classroomId: 3 },
            { name: 'Lab', classroomId: null },
          ],
        },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(i18n.t('arrangeUi.fet.imported', { activities: 4, classes: 2, courses: 1, classrooms: 1, unavailable: 6 })));
    await waitFor(() => expect(screen.queryByTestId('arrange-fet-dialog')).toBeNull());
    // The new draft opens in the editor; the list, read again, marks it as imported.
    expect(await screen.findByTestId('arrange-editor')).toHaveAttribute('data-draft-id', '12');
    expect(screen.getByTestId('arrange-editor-name')).toHaveTextContent('FET：Hill School');
    fireEvent.click(screen.getByTestId('arrange-tab-drafts'));
    expect(await screen.findByTestId('arrange-draft-fet-12')).toHaveTextContent('FET');
    expect(screen.queryByTestId('arrange-draft-fet-11')).toBeNull();
  });

  it('asks for a grade for a year whose groups are to be created, and sends nothing until it has one', async () => {
    stubFet();
    renderPage();
    const dialog = await uploadFet();
    await waitFor(() => expect(dialog).toHaveAttribute('data-step', '1'));
    // Looking at another tab: the import goes back to the years.
    fireEvent.click(screen.getByTestId('arrange-fet-tab-rooms'));
    fireEvent.click(screen.getByTestId('arrange-fet-ok'));
    expect(await screen.findByTestId('arrange-fet-year-error')).toHaveTextContent('Y9');
    expect(screen.getByTestId('arrange-fet-year-error')).not.toHaveTextContent('Y8');
    expect(await screen.findByTestId('arrange-fet-years-1-error')).toHaveTextContent('须选择本校年级');
    expect(stub.calls(`${BASE}/fet/import`)).toHaveLength(0);

    // Once the year has a grade the message goes and the import is sent.
    await pick('arrange-fet-years-1', 'Grade 8');
    await waitFor(() => expect(screen.queryByTestId('arrange-fet-year-error')).toBeNull());
    fireEvent.click(screen.getByTestId('arrange-fet-ok'));
    await waitFor(() => expect(stub.bodies(`${BASE}/fet/import`)).toHaveLength(1));
    expect(stub.bodies(`${BASE}/fet/import`)[0]).toMatchObject({ years: [{ name: 'Y8', gradeId: 8 }, { name: 'Y9', gradeId: 8 }] });
  });

  it('places an unplaced activity of an imported draft whole, by its activity', async () => {
    const activity = { classId: 5, className: 'Class 8-1, Class 8-2', courseId: 140, courseName: 'Biology', teacherName: 'Wang Fang', missing: 2, activityId: 40 };
    stub.on(`${BASE}/drafts/get`, () => detail({ source: 'fet' }));
    stub.on(`${BASE}/drafts/grid`, () => ({ ...GRID, lessons: GRID.lessons.map((item) => ({ ...item, activityId: item.id + 30 })), unplaced: [activity] }));
    renderPage();
    const grid = await openEditor();
    const card = screen.getByTestId('arrange-unplaced-activity-40');
    expect(card).toHaveTextContent('Biology');
    // Its classes show even on a class's grid; its duration, not hours missing.
    expect(card).toHaveTextContent('Class 8-1, Class 8-2');
    expect(card).toHaveTextContent('2 节');
    expect(card).not.toHaveTextContent('还差');

    // Clicked, then the period.
    fireEvent.click(within(card).getByTestId('arrange-unplaced-pick-activity-40'));
    const reads = stub.calls(`${BASE}/drafts/grid`).length;
    fireEvent.click(within(grid).getByTestId('arrange-target-3-1'));
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/place`)).toEqual([{ id: 11, activityId: 40, day: 3, period: 1 }]));
    await waitFor(() => expect(stub.calls(`${BASE}/drafts/grid`).length).toBeGreaterThan(reads));

    // Dragged.
    const transfer = dataTransfer();
    fireEvent.dragStart(screen.getByTestId('arrange-unplaced-activity-40'), { dataTransfer: transfer });
    fireEvent.dragOver(within(grid).getByTestId('arrange-cell-4-2'), { dataTransfer: transfer });
    fireEvent.drop(within(grid).getByTestId('arrange-cell-4-2'), { dataTransfer: transfer });
    await waitFor(() => expect(stub.bodies(`${BASE}/drafts/place`)).toEqual([{ id: 11, activityId: 40, day: 3, period: 1 }, { id: 11, activityId: 40, day: 4, period: 2 }]));
  });

  it("toggles a teacher's unavailable periods cell by cell and saves the whole week", async () => {
    stub.on(`${BASE}/unavailable/get`, () => [{ day: 2, period: 3 }]).on(`${BASE}/unavailable/save`, () => null);
    renderPage();
    fireEvent.click(await screen.findByTestId('arrange-tab-availability'));
    await pick('arrange-availability-teacher', 'Wang Fang (T0001)');
    const grid = await screen.findByTestId('arrange-availability-grid');
    expect(stub.bodies(`${BASE}/unavailable/get`)).toEqual([{ termId: 1, staffId: 70 }]);
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['节次', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(within(grid).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Period 1', 'Period 2', 'Period 3']);
    const saved = within(grid).getByTestId('arrange-toggle-2-3');
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(saved).toHaveAttribute('aria-label', 'TuesdayPeriod 3');
    expect(saved.closest('td')).toHaveClass('is-unavailable');
    const monday = within(grid).getByTestId('arrange-toggle-1-1');
    expect(monday).toHaveAttribute('aria-pressed', 'false');
    expect(monday.closest('td')).not.toHaveAttribute('class');

    fireEvent.click(monday);
    fireEvent.click(saved);
    expect(monday).toHaveAttribute('aria-pressed', 'true');
    expect(monday.closest('td')).toHaveClass('is-unavailable');
    expect(saved).toHaveAttribute('aria-pressed', 'false');
    expect(saved.closest('td')).not.toHaveClass('is-unavailable');
    fireEvent.click(screen.getByTestId('arrange-availability-save'));
    await waitFor(() => expect(stub.bodies(`${BASE}/unavailable/save`)).toEqual([{ termId: 1, staffId: 70, slots: [{ day: 1, period: 1 }] }]));
  });

  it('shows English labels without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByTestId('arrange-draft-name-11');
    expect(screen.getByTestId('arrange-tab-drafts')).toHaveTextContent('Drafts');
    expect(screen.getByTestId('arrange-tab-plan')).toHaveTextContent('Teaching plan');
    expect(screen.getByTestId('arrange-draft-status-10')).toHaveTextContent('Published');
    expect(screen.getByTestId('arrange-draft-add')).toHaveTextContent('New draft');
    expect(hasChinese()).toBe(false);
    const grid = await openEditor();
    expect(within(grid).getByTestId('arrange-lesson-2')).toHaveTextContent('Odd weeks');
    expect(screen.getByTestId('arrange-generate')).toHaveTextContent('Generate');
    expect(screen.getByTestId('arrange-unplaced-5-131')).toHaveTextContent('3 to place');
    expect(hasChinese()).toBe(false);

    // The FET import, every step and tab.
    stubFet();
    fireEvent.click(screen.getByTestId('arrange-tab-drafts'));
    expect(await screen.findByTestId('arrange-fet-import')).toHaveTextContent('Import a FET file');
    const dialog = await uploadFet();
    await waitFor(() => expect(dialog).toHaveAttribute('data-step', '1'));
    expect(screen.getByTestId('arrange-fet-week')).toHaveTextContent('5 days × 3 periods');
    expect(hasChinese()).toBe(false);
    fireEvent.click(screen.getByTestId('arrange-fet-ok'));
    expect(await screen.findByTestId('arrange-fet-year-error')).toHaveTextContent('Choose a grade');
    for (const tab of ['groups', 'teachers', 'subjects', 'rooms']) {
      fireEvent.click(screen.getByTestId(`arrange-fet-tab-${tab}`));
      expect(await screen.findByTestId(`arrange-fet-${tab}-0`)).toBeInTheDocument();
    }
    expect(shown('arrange-fet-rooms-1')).toBe('Create a new classroom');
    expect(hasChinese()).toBe(false);
    fireEvent.click(screen.getByTestId('arrange-fet-tab-teachers'));
    expect(screen.getByTestId('arrange-fet-teachers-hint')).toHaveTextContent('Teachers without a staff record: 2.');
    expect(hasChinese()).toBe(false);
    await act(() => i18n.changeLanguage('zh'));
  });
});
