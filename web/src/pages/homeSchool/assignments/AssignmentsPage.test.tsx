import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AssignmentDetail, AssignmentRow, HomeworkWork, HomeworkWorkRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import type { UploadParts } from '../../../api/client.ts';
import { i18n } from '../../../i18n/index.ts';
import AssignmentsPage from './AssignmentsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
// The view, its students and a dialog open one after another: give a busy machine time for each step.
configure({ asyncUtilTimeout: 5000 });
vi.mock('../../../api/client.ts', async () => ({
  ...(await import('../../../components/Timetable/callStub.ts')).clientModule,
  // Uploads answer stored files named img1, img2, ...
  upload: async (_path: string, parts: UploadParts) => parts.files.map((file, i) => ({ RESID: `img${i + 1}`, name: (file as File).name, size: file.size, mimeType: file.type, url: '' })),
}));
// The rich text editor and the recorder are their own components: plain stand-ins here.
vi.mock('../../../components/RichText/index.ts', async () => {
  const { createElement } = await import('react');
  return {
    RichTextEditor: ({ value, onChange, placeholder, 'data-testid': testId }: { value?: string; onChange?: (html: string) => void; placeholder?: string; 'data-testid'?: string }) =>
      createElement('textarea', { value: value ?? '', placeholder, 'data-testid': testId, onChange: (event: { target: { value: string } }) => onChange?.(event.target.value) }),
    RichTextView: ({ html, className, 'data-testid': testId }: { html: string; className?: string; 'data-testid'?: string }) =>
      createElement('div', { className, 'data-testid': testId, dangerouslySetInnerHTML: { __html: html } }),
  };
});
vi.mock('../../../components/Recorder/index.ts', async () => {
  const { createElement } = await import('react');
  return {
    RecordingsField: ({ value, onChange, 'data-testid': testId }: { value?: string[]; onChange?: (ids: string[]) => void; 'data-testid'?: string }) =>
      createElement('button', { type: 'button', 'data-testid': testId, 'data-value': (value ?? []).join(','), onClick: () => onChange?.([...(value ?? []), `rec${(value ?? []).length + 1}`]) }, 'record'),
  };
});

const route = { path: '/jxhd/zyfb', title: '作业发布', titleEn: 'Assignment release' } as AppRoute;

const progress = { total: 40, submitted: 12, corrected: 8, late: 3, missing: 28, waiting: 4, toRevise: 1 };

const row = (id: number, extra: Partial<AssignmentRow> = {}): AssignmentRow => ({
  id,
  title: `Maths exercise ${id}`,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-24 08:20:00',
  endAt: '2026-11-30 18:00:00',
  ended: false,
  needsRevision: true,
  onlineSubmission: true,
  graded: true,
  targetNames: ['Class 8-1', 'Class 8-2'],
  progress,
  ...extra,
});

const detail = (base: AssignmentRow): AssignmentDetail => ({
  ...base,
  content: '<p>Do page 12, questions 1 to 5.</p>',
  attachments: { images: [], video: [], documents: [{ id: 'd1', name: 'sheet.pdf', size: 120_000, mimeType: 'application/pdf' }], audio: [], recordings: [] },
  classes: [{ id: 3, name: 'Class 8-1' }],
  teachingClasses: [],
  students: [],
  lastRemindedAt: null,
});

const work = (studentId: number, extra: Partial<HomeworkWorkRow> = {}): HomeworkWorkRow => ({
  assignmentId: 1,
  studentId,
  studentName: `Student ${studentId}`,
  studentNumber: `2019110${studentId}`,
  studentAccount: `2019110${studentId}`,
  className: 'Class 8-1',
  status: 'submitted',
  late: false,
  revisionNote: '',
  revisionRequestedAt: null,
  comment: '',
  score: null,
  grade: null,
  correctedAt: null,
  correctedByName: '',
  parentMessage: '',
  submittedAt: '2026-11-26 19:00:00',
  revisedAt: null,
  ...extra,
});

const WORKS = [
  work(101, { late: true }),
  work(102, { status: 'to_check' }),
  work(103, { status: 'to_submit', submittedAt: null }),
  work(104, { status: 'revised_pending', revisedAt: '2026-11-27 20:00:00', revisionNote: 'Redo question 2' }),
];

const ROWS = [row(1), row(2, { needsRevision: false, graded: false, title: 'Reading diary', targetNames: ['Robotics'] }), row(3, { ended: true, title: 'Old homework', endAt: '2026-11-20 18:00:00' })];

const success = vi.fn();
const warning = vi.fn();
beforeEach(() => {
  stub.reset();
  success.mockClear();
  warning.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: {} } as unknown as Feedback);
  stub
    .on('/api/homeSchool/assignments/page', () => ({ total: 3, rows: ROWS }))
    .on('/api/homeSchool/assignments/get', (o) => detail(ROWS.find((r) => r.id === (o?.json as { id: number }).id) ?? row((o?.json as { id: number }).id)))
    .on('/api/homeSchool/assignments/targets', () => ({
      classes: [
        { id: 3, name: 'Class 8-1', gradeName: 'Grade 8' },
        { id: 4, name: 'Class 7-1', gradeName: 'Grade 7' },
      ],
      teachingClasses: [{ id: 21, name: 'Robotics' }],
    }))
    .on('/api/homeSchool/assignments/students', () => ({ total: 1, rows: [{ id: 301, studentNumber: '201911301', name: 'Zhang Xiaoming', className: 'Class 8-3' }] }))
    .on('/api/homeSchool/assignments/create', () => ({ id: 9, count: 41 }))
    .on('/api/homeSchool/assignments/update', () => null)
    .on('/api/homeSchool/assignments/works', (o) => ({ total: WORKS.length, rows: (o?.json as { id: number }).id === 1 ? WORKS : WORKS.map((w) => ({ ...w, assignmentId: 2 })) }))
    .on('/api/homeSchool/assignments/work', (o) => {
      const { assignmentId, studentId } = o?.json as { assignmentId: number; studentId: number };
      const base = WORKS.find((w) => w.studentId === studentId) ?? work(studentId);
      const { submittedAt, revisedAt, ...rest } = base;
      const full: HomeworkWork = {
        ...rest,
        assignmentId,
        status: base.status === 'submitted' ? 'to_check' : base.status,
        parentMessage: 'He did it by himself.',
        submission: submittedAt
          ? { text: 'My answers are in the picture.', attachments: { images: [], documents: [], recordings: [] }, submittedAt, submittedByName: 'Parent Zhang' }
          : null,
        revision: revisedAt ? { text: 'Question 2 done again.', attachments: { images: [], documents: [], recordings: [] }, submittedAt: revisedAt, submittedByName: base.studentName } : null,
      };
      return full;
    })
    .on('/api/homeSchool/assignments/correct', () => ({ count: 1 }))
    .on('/api/homeSchool/assignments/revise', () => ({ count: 1 }))
    .on('/api/homeSchool/assignments/approve', () => ({ count: 1 }))
    .on('/api/homeSchool/assignments/remind', () => ({ count: 28 }));
});

const grant = (...permissions: string[]) => useSession.setState({ permissions, roles: [] });
const TEACHER = ['homeSchool:assignment', 'homeSchool:assignment:edit', 'homeSchool:assignment:delete'];

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(entry = '/jxhd/zyfb') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <AssignmentsPage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function pick(testId: string, option: RegExp | string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => (typeof option === 'string' ? el.textContent === option : option.test(el.textContent ?? '')));
    if (!found) throw new Error(`no option ${String(option)}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

const inputOf = (testId: string, scope: HTMLElement | Document = document) => {
  const el = within(scope as HTMLElement).getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

/** Opens the view of an assignment from the list and waits for its students. */
async function openView(id: number) {
  fireEvent.click(await screen.findByTestId(`assignment-view-${id}`));
  const view = await screen.findByTestId('assignment-view');
  await within(view).findByText('Student 101 · 2019110101');
  return view;
}

function tick(studentId: number) {
  const tr = document.querySelector(`tr[data-row-key="${studentId}"]`) as HTMLElement;
  fireEvent.click(tr.querySelector('input[type=checkbox]') as HTMLInputElement);
}

describe('AssignmentsPage', () => {
  it('lists the assignments with their targets, end time, settings and progress; view only without rights', async () => {
    grant('homeSchool:assignment');
    renderPage();
    await screen.findByText('Maths exercise 1');
    expect(screen.getByText('作业发布')).toBeInTheDocument();
    expect(stub.bodies('/api/homeSchool/assignments/page')[0]).toMatchObject({ currPage: 0, search: { title: '', state: '' } });
    const progress1 = screen.getByTestId('assignment-progress-1');
    expect(progress1).toHaveTextContent('已交 12/40');
    expect(progress1).toHaveTextContent('已批改 8');
    expect(progress1).toHaveTextContent('迟交 3');
    expect(progress1).toHaveTextContent('未交 28');
    expect(within(screen.getByTestId('assignment-end-1')).getByText('2026-11-30 18:00')).toBeInTheDocument();
    expect(within(screen.getByTestId('assignment-end-3')).getByTestId('assignment-ended')).toHaveTextContent('已截止');
    expect(screen.getAllByTestId('assignment-flag-graded')).toHaveLength(2);
    expect(screen.getByText('Robotics')).toBeInTheDocument();
    // Looking only: no assigning, modifying or deleting.
    expect(screen.queryByTestId('manage-add')).toBeNull();
    expect(screen.queryByTestId('assignment-edit-1')).toBeNull();
    expect(screen.queryByTestId('assignment-delete-1')).toBeNull();

    await pick('assignments-search-state', '已截止');
    fireEvent.change(screen.getByTestId('assignments-search-title'), { target: { value: ' Maths ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/page').at(-1)).toMatchObject({ currPage: 0, search: { title: 'Maths', state: 'ended' } }));
  });

  it('assigns homework to classes, a teaching class and a student with its files, checking the fields first', async () => {
    grant(...TEACHER);
    renderPage();
    await screen.findByText('Maths exercise 1');
    // Modifying stops at the end time; deleting does not.
    expect(screen.getByTestId('assignment-edit-3')).toBeDisabled();
    expect(screen.getByTestId('assignment-delete-3')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('assignment-dialog');
    fireEvent.click(screen.getByTestId('assignment-dialog-ok'));
    await within(dialog).findByText('标题不能为空');
    expect(within(dialog).getByText('内容不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择布置对象：班级、教学班或学生')).toBeInTheDocument();
    expect(stub.calls('/api/homeSchool/assignments/create')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('assignment-form-title'), { target: { value: ' Maths exercise 3 ' } });
    fireEvent.change(screen.getByTestId('assignment-form-content'), { target: { value: '<p>Do page 12.</p>' } });
    const time = inputOf('assignment-form-end-at', dialog);
    fireEvent.mouseDown(time);
    fireEvent.focus(time);
    fireEvent.change(time, { target: { value: '2099-12-01 18:30' } });
    fireEvent.keyDown(time, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByTestId('assignment-form-revision'));
    fireEvent.click(screen.getByTestId('assignment-form-graded'));
    const image = new File([new Uint8Array(16).fill(1)], 'page12.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('assignment-form-images').querySelector('input[type=file]') as HTMLInputElement, { target: { files: [image] } });
    await within(dialog).findByText('page12.png');
    fireEvent.click(screen.getByTestId('assignment-form-recordings'));
    await pick('assignment-form-classes', 'Class 8-1');
    await pick('assignment-form-teaching-classes', 'Robotics');
    await pick('assignment-form-students', /Zhang Xiaoming/);
    fireEvent.click(screen.getByTestId('assignment-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/create')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/assignments/create')[0]).toEqual({
      title: 'Maths exercise 3',
      content: '<p>Do page 12.</p>',
      endAt: '2099-12-01 18:30',
      needsRevision: true,
      onlineSubmission: true,
      graded: true,
      images: ['img1'],
      video: [],
      documents: [],
      audio: [],
      recordings: ['rec1'],
      classIds: [3],
      teachingClassIds: [21],
      studentIds: [301],
    });
    await waitFor(() => expect(success).toHaveBeenCalled());
  });

  it('modifies an open assignment without its targets or the online submission', async () => {
    grant(...TEACHER);
    renderPage();
    await screen.findByText('Maths exercise 1');
    fireEvent.click(screen.getByTestId('assignment-edit-2'));
    const dialog = await screen.findByTestId('assignment-dialog');
    await waitFor(() => expect(screen.getByTestId('assignment-form-title')).toHaveValue('Reading diary'));
    expect(within(dialog).queryByTestId('assignment-form-classes')).toBeNull();
    expect(within(dialog).getByTestId('assignment-target-summary')).toHaveTextContent('Class 8-1');
    expect(screen.getByTestId('assignment-form-online')).toBeDisabled();
    const time = inputOf('assignment-form-end-at', dialog);
    fireEvent.mouseDown(time);
    fireEvent.focus(time);
    fireEvent.change(time, { target: { value: '2099-01-02 08:00' } });
    fireEvent.keyDown(time, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByTestId('assignment-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/update')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/assignments/update')[0]).toEqual({
      id: 2,
      title: 'Reading diary',
      content: '<p>Do page 12, questions 1 to 5.</p>',
      endAt: '2099-01-02 08:00',
      needsRevision: false,
      onlineSubmission: true,
      graded: false,
      images: [],
      video: [],
      documents: ['d1'],
      audio: [],
      recordings: [],
    });
  });

  it('shows an assignment with its progress and students, filters them and reminds the parents of the missing', async () => {
    grant(...TEACHER);
    renderPage();
    const view = await openView(1);
    expect(stub.bodies('/api/homeSchool/assignments/get')).toEqual([{ id: 1 }]);
    expect(within(view).getByTestId('assignment-view-content')).toHaveTextContent('Do page 12, questions 1 to 5.');
    expect(within(view).getByText('sheet.pdf')).toBeInTheDocument();
    expect(within(view).getByTestId('assignment-figure-missing')).toHaveTextContent('28');
    expect(stub.bodies('/api/homeSchool/assignments/works')[0]).toMatchObject({ id: 1, currPage: 0, search: { status: '', keyword: '' } });
    const status101 = within(view).getByTestId('work-status-101');
    expect(within(status101).getByTestId('homework-status')).toHaveTextContent('已提交');
    expect(within(status101).getByTestId('homework-late')).toBeInTheDocument();
    expect(within(view).getByTestId('work-status-104')).toHaveTextContent('订正待审');

    fireEvent.click(within(view).getByTestId('works-filter-missing'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/works').at(-1)).toMatchObject({ id: 1, search: { status: 'missing' } }));
    await pick('works-filter-status', '订正待审');
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/works').at(-1)).toMatchObject({ id: 1, search: { status: 'revised_pending' } }));

    expect(within(view).getByTestId('assignment-remind')).toHaveTextContent('28');
    fireEvent.click(within(view).getByTestId('assignment-remind'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/remind')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(success).toHaveBeenCalled());
  });

  it('needs a score or a grade to correct graded homework', async () => {
    grant(...TEACHER);
    renderPage();
    const view = await openView(1);
    fireEvent.click(within(view).getByTestId('work-correct-101'));
    const dialog = await screen.findByTestId('assignment-action');
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await within(dialog).findByText('该作业需要评分：请填写分数或等级');
    expect(stub.calls('/api/homeSchool/assignments/correct')).toHaveLength(0);
    fireEvent.change(inputOf('assignment-action-score', dialog), { target: { value: '88.55' } });
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await within(dialog).findByText('分数为0到100的数字，最多一位小数');
    fireEvent.change(inputOf('assignment-action-score', dialog), { target: { value: '88.5' } });
    fireEvent.change(screen.getByTestId('assignment-action-comment'), { target: { value: ' Well done. ' } });
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/correct')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/assignments/correct')[0]).toEqual({ assignmentId: 1, studentIds: [101], comment: 'Well done.', score: 88.5, grade: null });
    // The students, the counts and the list follow.
    await waitFor(() => expect(stub.calls('/api/homeSchool/assignments/works').length).toBeGreaterThan(1));
    await waitFor(() => expect(stub.calls('/api/homeSchool/assignments/get').length).toBeGreaterThan(1));
    await waitFor(() => expect(stub.calls('/api/homeSchool/assignments/page').length).toBeGreaterThan(1));
  });

  it('corrects the ticked students at once, leaving out those who have not handed in', async () => {
    grant(...TEACHER);
    renderPage();
    const view = await openView(1);
    expect(within(view).getByTestId('bulk-correct')).toBeDisabled();
    tick(101);
    tick(102);
    tick(103);
    await waitFor(() => expect(within(view).getByTestId('bulk-correct')).toBeEnabled());
    expect(within(view).getByTestId('bulk-correct')).toHaveTextContent('2');
    fireEvent.click(within(view).getByTestId('bulk-correct'));
    const dialog = await screen.findByTestId('assignment-action');
    expect(within(dialog).getByTestId('assignment-action-students')).toHaveAttribute('data-count', '2');
    expect(within(dialog).getByTestId('assignment-action-skipped')).toBeInTheDocument();
    await pick('assignment-action-grade', 'A');
    fireEvent.change(screen.getByTestId('assignment-action-comment'), { target: { value: 'Neat work' } });
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/correct')).toHaveLength(1));
    expect(stub.bodies('/api/homeSchool/assignments/correct')[0]).toEqual({ assignmentId: 1, studentIds: [101, 102], comment: 'Neat work', score: null, grade: 'A' });
  });

  it('asks for a revision with a note only when the homework asks for revisions', async () => {
    grant(...TEACHER);
    renderPage();
    let view = await openView(2);
    // Reading diary: no revisions, not graded.
    expect(within(view).queryByTestId('work-revise-101')).toBeNull();
    expect(within(view).queryByTestId('bulk-revise')).toBeNull();
    expect(within(view).queryByTestId('work-score-101')).toBeNull();
    expect(within(view).getByTestId('work-correct-101')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('assignment-view')).toBeNull());

    view = await openView(1);
    expect(within(view).queryByTestId('work-revise-103')).toBeNull();
    fireEvent.click(within(view).getByTestId('work-revise-101'));
    const dialog = await screen.findByTestId('assignment-action');
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await within(dialog).findByText('请填写订正要求');
    fireEvent.change(screen.getByTestId('assignment-action-note'), { target: { value: 'Redo question 2' } });
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/revise')).toEqual([{ assignmentId: 1, studentIds: [101], note: 'Redo question 2' }]));
  });

  it('opens the assignment and the student of a message link, and approves the revision', async () => {
    grant(...TEACHER);
    renderPage('/jxhd/zyfb?id=1&student=104');
    const view = await screen.findByTestId('assignment-view');
    expect(view).toHaveAttribute('data-id', '1');
    const opened = await screen.findByTestId('assignment-work');
    expect(stub.bodies('/api/homeSchool/assignments/work')).toEqual([{ assignmentId: 1, studentId: 104 }]);
    expect(opened).toHaveAttribute('data-status', 'revised_pending');
    expect(within(opened).getByTestId('assignment-work-submission')).toHaveTextContent('My answers are in the picture.');
    expect(within(opened).getByTestId('assignment-work-parent-message')).toHaveTextContent('He did it by himself.');
    expect(within(opened).getByTestId('assignment-work-revision-note')).toHaveTextContent('Redo question 2');
    expect(within(opened).getByTestId('assignment-work-revision')).toHaveTextContent('Question 2 done again.');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/jxhd\/zyfb$/));

    fireEvent.click(within(opened).getByTestId('assignment-work-approve'));
    await screen.findByTestId('assignment-action');
    fireEvent.click(screen.getByTestId('assignment-action-ok'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/assignments/approve')).toEqual([{ assignmentId: 1, studentIds: [104], comment: '' }]));
  });

  it('opens the assignment of a link without a student', async () => {
    grant('homeSchool:assignment');
    renderPage('/jxhd/zyfb?id=2');
    const view = await screen.findByTestId('assignment-view');
    expect(view).toHaveAttribute('data-id', '2');
    await within(view).findByText('Student 101 · 2019110101');
    expect(screen.queryByTestId('assignment-work')).toBeNull();
    // Without the edit right the work can be looked at, not corrected.
    expect(within(view).queryByTestId('work-correct-101')).toBeNull();
    expect(within(view).queryByTestId('assignment-remind')).toBeNull();
  });

  it('shows no Chinese in English, apart from the data', async () => {
    grant(...TEACHER);
    await act(() => i18n.changeLanguage('en'));
    try {
      renderPage('/jxhd/zyfb?id=1&student=104');
      await screen.findByText('Reading diary');
      await screen.findByTestId('assignment-work');
      expect(screen.getByTestId('assignment-progress-1')).toHaveTextContent('12/40 handed in');
      expect(screen.getByText('Assignment release')).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
      fireEvent.click(screen.getByTestId('assignment-work-approve'));
      await screen.findByTestId('assignment-action');
      expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await act(() => i18n.changeLanguage('zh'));
    }
  });
});
