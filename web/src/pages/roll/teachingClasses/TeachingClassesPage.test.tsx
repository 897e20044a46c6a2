import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { TeachingCandidateRow, TeachingClassOptions, TeachingClassRow, TeachingMemberRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import TeachingClassesPage from './TeachingClassesPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the writes, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { create: 'Added successfully', update: 'Modified successfully', add: '2 added', remove: '1 removed' };
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
  };
});

const route = { path: '/xjgl/jxbfp', title: '教学班分配', titleEn: 'Teaching class assignment' } as AppRoute;
const BASE = '/api/roll/teachingClasses';

const OPTIONS: TeachingClassOptions = {
  terms: [
    { id: 1, name: '2026-2027 first term', isCurrent: true, weekCount: 20 },
    { id: 2, name: '2025-2026 second term', isCurrent: false, weekCount: 18 },
  ],
  grades: [
    { id: 10, name: 'Grade 10' },
    { id: 11, name: 'Grade 11' },
  ],
  courses: [
    { id: 5, name: 'Maths' },
    { id: 6, name: 'English' },
  ],
  teachers: [{ id: 7, name: 'Wang Fang', staffNumber: 'T0001' }],
  classrooms: [{ id: 3, name: 'Room 101', capacity: 50 }],
  classes: [
    { id: 101, name: 'Class 10-1', gradeId: 10 },
    { id: 102, name: 'Class 10-2', gradeId: 10 },
    { id: 111, name: 'Class 11-1', gradeId: 11 },
  ],
  days: [
    { day: 1, name: 'Monday' },
    { day: 2, name: 'Tuesday' },
  ],
  periods: [
    { sort: 1, name: 'Period 1' },
    { sort: 5, name: 'Period 5' },
  ],
};

const klass = (id: number, extra: Partial<TeachingClassRow> = {}): TeachingClassRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  name: `Maths level ${id}`,
  courseId: 5,
  courseName: 'Maths',
  gradeId: 10,
  gradeName: 'Grade 10',
  teacherId: 7,
  teacherName: 'Wang Fang',
  classroomId: 3,
  classroomName: 'Room 101',
  capacity: 45,
  weekFrom: 1,
  weekTo: 18,
  lessons: [
    { day: 2, period: 1 },
    { day: 1, period: 5 },
  ],
  remarks: '',
  size: 12,
  sourceClasses: ['Class 10-1', 'Class 10-2'],
  editable: true,
  ...extra,
});

const ROWS: TeachingClassRow[] = [klass(1, { name: 'Maths level A' }), klass(2, { name: 'Physics 3+1+2', courseName: 'Physics', termId: 2, termName: '2025-2026 second term', editable: false, size: 0, sourceClasses: [] })];

const member = (studentId: number, extra: Partial<TeachingMemberRow> = {}): TeachingMemberRow => ({
  studentId,
  studentName: `Pupil ${studentId}`,
  studentNumber: `2026100${studentId}`,
  gender: '1',
  className: 'Class 10-1',
  status: 'added',
  addedAt: '2026-09-01 08:00',
  addedByName: 'Admin',
  removedAt: '',
  removedByName: '',
  ...extra,
});

const MEMBERS: TeachingMemberRow[] = [member(1, { studentName: 'Li Lei' }), member(2, { studentName: 'Han Meimei', gender: '2', status: 'removed', removedAt: '2026-09-03 10:30', removedByName: 'Dean Zhao' })];

const candidate = (id: number, extra: Partial<TeachingCandidateRow> = {}): TeachingCandidateRow => ({
  id,
  name: `Candidate ${id}`,
  studentNumber: `2026200${id}`,
  gender: '1',
  classId: 101,
  className: 'Class 10-1',
  member: false,
  clash: '',
  ...extra,
});

const CANDIDATES: TeachingCandidateRow[] = [
  candidate(1, { name: 'Li Lei', member: true }),
  candidate(21, { name: 'Zhou Jie', clash: 'English level B' }),
  candidate(22, { name: 'Chen Yu' }),
  candidate(23, { name: 'Sun Li', classId: 102, className: 'Class 10-2' }),
];

const success = vi.fn();
const warning = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  warning.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/page`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/get`, (options) => {
      const { id } = options?.json as { id: number };
      return ROWS.find((row) => row.id === id) ?? klass(id, { name: 'Maths level C', size: 0, sourceClasses: [] });
    })
    .on(`${BASE}/create`, () => ({ id: 9 }))
    .on(`${BASE}/students/page`, () => ({ total: MEMBERS.length, rows: MEMBERS }))
    .on(`${BASE}/students/candidates`, () => CANDIDATES)
    .on(`${BASE}/students/add`, () => ({ count: 2 }))
    .on(`${BASE}/students/remove`, () => ({ count: 1 }));
  useSession.setState({ permissions: ['roll:teachingClass', 'roll:teachingClass:edit', 'roll:teachingClass:delete'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TeachingClassesPage route={route} />
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

/** The row of the table that holds the text. */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('TeachingClassesPage', () => {
  it('lists the teaching classes of the current term with their lessons, weeks, size and source classes', async () => {
    renderPage();
    expect(await screen.findByText('Maths level A')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/page`)[0]?.search).toEqual({ keyword: '', termId: 1, gradeId: '', courseId: '' });
    const first = rowOf('Maths level A');
    // The lessons in timetable order, with the day and period names of the timetable.
    expect(screen.getByTestId('teaching-lessons-1').textContent).toBe(
      i18n.t('teachingClass.lessonAt', { day: 'Monday', period: 'Period 5' }) + i18n.t('teachingClass.lessonAt', { day: 'Tuesday', period: 'Period 1' }),
    );
    expect(within(first).getByText(i18n.t('teachingClassPage.weeksValue', { from: 1, to: 18 }))).toBeInTheDocument();
    expect(screen.getByTestId('teaching-size-1')).toHaveTextContent('12/45');
    expect(within(first).getByText('Class 10-1')).toBeInTheDocument();
    expect(within(first).getByText('Class 10-2')).toBeInTheDocument();
    expect(screen.getByTestId('teaching-edit-1')).toBeInTheDocument();
    expect(screen.getByTestId('teaching-delete-1')).toBeInTheDocument();
    // A class of an ended term is only viewed.
    expect(screen.getByTestId('teaching-ended-2')).toHaveTextContent(i18n.t('teachingClassPage.ended'));
    expect(screen.queryByTestId('teaching-edit-2')).toBeNull();
    expect(screen.queryByTestId('teaching-delete-2')).toBeNull();
    expect(screen.getByTestId('teaching-view-2')).toBeInTheDocument();

    await pick('teaching-search-grade', 'Grade 10');
    await pick('teaching-search-course', 'Maths');
    fireEvent.change(screen.getByTestId('teaching-search-keyword'), { target: { value: ' level ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${BASE}/page`).at(-1)?.search).toEqual({ keyword: 'level', termId: 1, gradeId: 10, courseId: 5 }));
  });

  it('refuses a class without name, course, grade or lessons with the localized messages, then creates it and offers its students', async () => {
    renderPage();
    await screen.findByText('Maths level A');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('teaching-class-dialog');
    fireEvent.click(screen.getByTestId('teaching-class-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('common.nameRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('teachingClass.courseRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('teachingClass.gradeRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(i18n.t('teachingClass.lessonsRequired'))).toBeInTheDocument();
    // The term starts as the current one, with its weeks.
    expect(within(dialog).queryByText(i18n.t('teachingClass.termRequired'))).toBeNull();
    expect(screen.getByTestId('teaching-form-week-to')).toHaveValue('20');
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);

    // A last week beyond the term's weeks is refused as well.
    fireEvent.change(screen.getByTestId('teaching-form-week-to'), { target: { value: '25' } });
    expect(await within(dialog).findByText(i18n.t('teachingClass.weekBeyondTerm', { max: 20 }))).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('teaching-form-week-to'), { target: { value: '18' } });

    fireEvent.change(screen.getByTestId('teaching-form-name'), { target: { value: ' Maths level C ' } });
    await pick('teaching-form-course', 'Maths');
    await pick('teaching-form-grade', 'Grade 10');
    await pick('teaching-form-teacher', 'Wang Fang (T0001)');
    fireEvent.click(screen.getByTestId('teaching-lesson-2-5'));
    fireEvent.click(screen.getByTestId('teaching-lesson-1-1'));
    fireEvent.click(screen.getByTestId('teaching-class-dialog-ok'));
    await waitFor(() => expect(stub.calls(`${BASE}/create`)).toHaveLength(1));
    expect(stub.bodies(`${BASE}/create`)[0]).toEqual({
      termId: 1,
      name: 'Maths level C',
      courseId: 5,
      gradeId: 10,
      teacherId: 7,
      classroomId: null,
      capacity: 45,
      weekFrom: 1,
      weekTo: 18,
      lessons: [
        { day: 1, period: 1 },
        { day: 2, period: 5 },
      ],
      remarks: '',
    });

    // The students are the second step: offered at once, and the panel opens on the new class.
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    const offer = confirm.mock.calls[0]![0] as ModalFuncProps;
    expect(offer.title).toBe(i18n.t('teachingClassPage.createdTitle', { name: 'Maths level C' }));
    act(() => void offer.onOk?.());
    expect(await screen.findByTestId('teaching-students')).toBeInTheDocument();
    await waitFor(() => expect(stub.bodies(`${BASE}/get`)).toContainEqual({ id: 9 }));
    await waitFor(() => expect(stub.bodies(`${BASE}/students/page`).at(-1)?.search).toEqual({ teachingClassId: 9, status: '', classId: '', keyword: '' }));
  });

  it('lists the students of a class, added and removed with when and by whom, filters them and removes the ticked ones', async () => {
    renderPage();
    await screen.findByText('Maths level A');
    fireEvent.click(screen.getByTestId('teaching-students-1'));
    const panel = await screen.findByTestId('teaching-students');
    expect(await within(panel).findByText('Li Lei')).toBeInTheDocument();
    expect(screen.getByTestId('teaching-member-status-1')).toHaveTextContent(i18n.t('teachingClassPage.status.added'));
    expect(screen.getByTestId('teaching-member-status-2')).toHaveTextContent(i18n.t('teachingClassPage.status.removed'));
    expect(within(rowOf('Han Meimei')).getByText('2026-09-03 10:30 · Dean Zhao')).toBeInTheDocument();
    expect(within(rowOf('Li Lei')).getByText('2026-09-01 08:00 · Admin')).toBeInTheDocument();
    expect(within(rowOf('Han Meimei')).getByText(i18n.t('teachingClassPage.female'))).toBeInTheDocument();
    // A removed student cannot be ticked again for removal.
    expect(within(rowOf('Han Meimei')).getByRole('checkbox')).toBeDisabled();

    fireEvent.click(screen.getByTestId('teaching-members-removed'));
    await waitFor(() => expect(stub.bodies(`${BASE}/students/page`).at(-1)?.search).toEqual({ teachingClassId: 1, status: 'removed', classId: '', keyword: '' }));
    await pick('teaching-members-class', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(`${BASE}/students/page`).at(-1)?.search).toEqual({ teachingClassId: 1, status: 'removed', classId: 102, keyword: '' }));
    fireEvent.click(screen.getByTestId('teaching-members-all'));
    await waitFor(() => expect(stub.bodies(`${BASE}/students/page`).at(-1)?.search).toMatchObject({ status: '' }));

    // Removing asks first, then sends the ticked students.
    fireEvent.click(within(await screen.findByText('Li Lei').then((el) => el.closest('tr') as HTMLElement)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('teaching-members-remove'));
    fireEvent.click(await screen.findByTestId('delete-confirm-ok'));
    await waitFor(() => expect(stub.bodies(`${BASE}/students/remove`)).toEqual([{ teachingClassId: 1, studentIds: [1] }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith({ content: '1 removed' }));
  });

  it('adds the students chosen from the classes of the grade; those already in or with a clash cannot be ticked', async () => {
    renderPage();
    await screen.findByText('Maths level A');
    fireEvent.click(screen.getByTestId('teaching-students-1'));
    await screen.findByTestId('teaching-students');
    fireEvent.click(await screen.findByTestId('teaching-members-add'));
    const chooser = await screen.findByTestId('teaching-add');
    expect(await within(chooser).findByText('Chen Yu')).toBeInTheDocument();
    expect(stub.bodies(`${BASE}/students/candidates`)[0]).toEqual({ teachingClassId: 1, classIds: [], keyword: '' });
    expect(screen.getByTestId('teaching-candidate-member-1')).toHaveTextContent(i18n.t('teachingClassPage.alreadyIn'));
    expect(screen.getByTestId('teaching-candidate-clash-21')).toHaveTextContent(i18n.t('teachingClassPage.clashWith', { name: 'English level B' }));
    const tickOf = (name: string) => within(within(chooser).getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');
    expect(tickOf('Zhou Jie')).toBeDisabled();
    expect(within(chooser).getAllByText('Li Lei').length).toBeGreaterThan(0);
    expect(screen.getByTestId('teaching-add-ok')).toBeDisabled();

    // Only the classes of the class's grade are offered; choosing some asks again.
    openSelect('teaching-add-classes');
    await waitFor(() => expect(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).toHaveLength(2));
    await pick('teaching-add-classes', 'Class 10-1');
    await waitFor(() => expect(stub.bodies(`${BASE}/students/candidates`).at(-1)).toEqual({ teachingClassId: 1, classIds: [101], keyword: '' }));

    await waitFor(() => expect(tickOf('Chen Yu')).not.toBeDisabled());
    fireEvent.click(tickOf('Chen Yu'));
    fireEvent.click(tickOf('Sun Li'));
    expect(screen.getByTestId('teaching-add-ok')).toHaveTextContent(i18n.t('teachingClassPage.addCount', { count: 2 }));
    fireEvent.click(screen.getByTestId('teaching-add-ok'));
    await waitFor(() => expect(stub.bodies(`${BASE}/students/add`)).toEqual([{ teachingClassId: 1, studentIds: [22, 23] }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 added'));
    // The list and the class are read again (their sizes changed).
    await waitFor(() => expect(stub.calls(`${BASE}/page`).length).toBeGreaterThan(1));
  });

  it('shows a teacher without the edit button the list and the students read-only', async () => {
    useSession.setState({ permissions: ['roll:teachingClass'], roles: [] });
    renderPage();
    await screen.findByText('Maths level A');
    expect(screen.queryByTestId('manage-add')).toBeNull();
    expect(screen.queryByTestId('manage-batch-delete')).toBeNull();
    expect(screen.queryByTestId('teaching-edit-1')).toBeNull();
    expect(screen.queryByTestId('teaching-delete-1')).toBeNull();
    expect(screen.getByTestId('teaching-view-1')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('teaching-students-1'));
    const panel = await screen.findByTestId('teaching-students');
    expect(await within(panel).findByText('Li Lei')).toBeInTheDocument();
    expect(screen.queryByTestId('teaching-members-add')).toBeNull();
    expect(screen.queryByTestId('teaching-members-remove')).toBeNull();
    expect(within(panel).queryAllByRole('checkbox')).toHaveLength(0);
    expect(stub.calls(`${BASE}/students/candidates`)).toHaveLength(0);
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByText('Maths level A');
    fireEvent.click(screen.getByTestId('teaching-students-1'));
    await screen.findByTestId('teaching-students');
    fireEvent.click(await screen.findByTestId('teaching-members-add'));
    await screen.findByText('Chen Yu');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
