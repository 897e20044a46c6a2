import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { HomeworkWork, MyHomeworkDetail, MyHomeworkRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useMessageCounts } from '../../../state/messages.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import MyHomeworkPage from './MyHomeworkPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
// The list waits for the children call before its own: give a busy machine time for both.
configure({ asyncUtilTimeout: 10_000 });
// The stub's envelope carries no msg: the hand-in answers with the server's, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: path.endsWith('/submit') ? 'Handed in' : '', data: await calls.call(path, options) }),
    upload: (path: string, parts: { fields?: Record<string, string>; files: File[] }) => calls.call(path, { form: { purpose: parts.fields?.purpose ?? '', name: parts.files[0]?.name ?? '' } }),
    download: () => Promise.reject(new Error('no download in tests')),
  };
});
// The recorder needs a microphone: a stand-in with the same props that "records" one more file id.
vi.mock('../../../components/Recorder/index.ts', () => ({
  RecordingsField: ({ value = [], onChange, 'data-testid': testId }: { value?: string[]; onChange?: (ids: string[]) => void; 'data-testid'?: string }) => (
    <div data-testid={testId} data-value={value.join(',')}>
      <button type="button" onClick={() => onChange?.([...value, `rec${value.length + 1}`])} data-testid={`${testId}-record`}>
        record
      </button>
    </div>
  ),
}));

const route = { path: '/jxhd/wdzy', title: '我的作业', titleEn: 'My homework' } as AppRoute;
const CHILDREN = [
  { id: 11, name: 'Zhang Xiaoming', className: 'Class 8-1' },
  { id: 12, name: 'Zhang Xiaohong', className: 'Class 5-2' },
];
const COUNTS = { due: 2, overdue: 1, toRevise: 1, done: 4 };

const row = (assignmentId: number, studentId: number, extra: Partial<MyHomeworkRow> = {}): MyHomeworkRow => ({
  assignmentId,
  studentId,
  studentName: CHILDREN.find((child) => child.id === studentId)?.name ?? 'Zhang Xiaoming',
  title: `Homework ${assignmentId}`,
  publisherName: 'Teacher Wang',
  createdAt: '2026-11-20 08:00:00',
  endAt: '2099-12-01 20:00',
  ended: false,
  status: 'viewed',
  late: false,
  needsRevision: true,
  onlineSubmission: true,
  graded: true,
  score: null,
  grade: null,
  ...extra,
});

const work = (assignmentId: number, studentId: number, extra: Partial<HomeworkWork> = {}): HomeworkWork => ({
  assignmentId,
  studentId,
  studentName: 'Zhang Xiaoming',
  studentNumber: 'S001',
  studentAccount: 'S001',
  className: 'Class 8-1',
  status: 'viewed',
  late: false,
  submission: null,
  revision: null,
  revisionNote: '',
  revisionRequestedAt: null,
  comment: '',
  score: null,
  grade: null,
  correctedAt: null,
  correctedByName: '',
  parentMessage: '',
  ...extra,
});

const NO_FILES = { images: [], video: [], documents: [], audio: [], recordings: [] };
const detail = (assignmentId: number, studentId: number, workExtra: Partial<HomeworkWork> = {}, extra: Partial<MyHomeworkDetail> = {}): MyHomeworkDetail => ({
  ...row(assignmentId, studentId, { status: workExtra.status ?? 'viewed' }),
  content: '<p>Read <strong>chapter 3</strong> and answer the questions.</p>',
  attachments: { ...NO_FILES, documents: [{ id: 'd1', name: 'questions.pdf', size: 120_000, mimeType: 'application/pdf' }] },
  work: work(assignmentId, studentId, workExtra),
  canSubmit: true,
  ...extra,
});

const original = window.matchMedia;
const success = vi.fn();

/** The detail the get call answers, per assignment (the default: a viewed one, nothing handed in). */
let details: Record<number, (studentId: number) => MyHomeworkDetail>;

function signIn(userType: 2 | 4) {
  useSession.setState({ user: { userId: userType === 4 ? 'P0001' : 'S001', username: 'x', userType, displayName: 'x' } });
  stub.on('/api/homeSchool/myHomework/children', () => (userType === 4 ? CHILDREN : CHILDREN.slice(0, 1)));
}

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  viewport(1366);
  await act(() => i18n.changeLanguage('zh'));
  useMessageCounts.setState({ unread: 5, total: 0, readVersion: 0 });
  details = {};
  signIn(2);
  stub
    .on('/api/homeSchool/myHomework/page', (o) => {
      const search = (o?.json as { search: { studentId: number } }).search;
      const student = Number(search.studentId) || 11;
      return { total: 2, counts: student === 12 ? { due: 0, overdue: 0, toRevise: 0, done: 3 } : COUNTS, rows: [row(1, student), row(2, student, { status: 'to_submit', endAt: '2026-01-01 08:00', ended: true })] };
    })
    .on('/api/homeSchool/myHomework/get', (o) => {
      const body = o?.json as { assignmentId: number; studentId?: number };
      const student = body.studentId ?? 11;
      return (details[body.assignmentId] ?? ((id: number) => detail(body.assignmentId, id)))(student);
    })
    .on('/api/homeSchool/myHomework/submit', () => ({ status: 'submitted', late: false }))
    .on('/api/files/upload', (o) => [{ RESID: 'img1', name: (o?.form as { name: string }).name, size: 8, mimeType: 'image/jpeg', url: '/file/download/img1' }])
    .on('/api/message/info/unreadCount', () => ({ count: 4 }));
});
afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null });
  await act(() => i18n.changeLanguage('zh'));
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(entry = '/jxhd/wdzy') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <MyHomeworkPage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pageBodies = () => stub.bodies('/api/homeSchool/myHomework/page') as { search: Record<string, unknown> }[];

async function openDetail(title = 'Homework 1') {
  fireEvent.click(await screen.findByText(title));
  return screen.findByTestId('my-homework-detail');
}

describe('MyHomeworkPage', () => {
  it("lists a student's due homework with the counts on the tabs, and switches tabs", async () => {
    renderPage();
    await screen.findByText('Homework 1');
    expect(pageBodies()[0]).toMatchObject({ currPage: 0, limit: 10, search: { tab: 'due', studentId: 11, title: '' } });
    for (const [tab, count] of Object.entries(COUNTS)) expect(screen.getByTestId(`my-homework-tab-${tab}`)).toHaveAttribute('data-count', String(count));
    expect(screen.getByTestId('my-homework-tab-overdue')).toHaveTextContent('已逾期1');
    // A student chooses no child.
    expect(screen.queryByTestId('my-homework-children')).toBeNull();
    expect(screen.queryByTestId('my-homework-child-name')).toBeNull();
    // Status, and the end: time left before it, "ended" (still accepted, late) after it.
    const [first, second] = screen.getAllByTestId('my-homework-status');
    expect(first).toHaveTextContent('已查看');
    expect(second).toHaveTextContent('待提交');
    const ends = screen.getAllByTestId('my-homework-end');
    expect(ends[0]).toHaveAttribute('data-ended', '0');
    expect(ends[0]).toHaveTextContent(/剩余\d+天/);
    expect(ends[1]).toHaveTextContent('已截止');
    expect(ends[1]).toHaveTextContent('仍可提交，记为迟交');
    fireEvent.click(screen.getByTestId('my-homework-tab-toRevise'));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ tab: 'toRevise', studentId: 11, title: '' }));
    fireEvent.change(screen.getByTestId('my-homework-search-title'), { target: { value: ' essay ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询|search/i }));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ tab: 'toRevise', studentId: 11, title: 'essay' }));
  });

  it('lets a parent with two children choose the child, sent as studentId and kept in the address', async () => {
    signIn(4);
    renderPage();
    await screen.findByText('Homework 1');
    expect(pageBodies()).toHaveLength(1);
    expect(pageBodies()[0].search).toMatchObject({ studentId: 11 });
    fireEvent.click(screen.getByTestId('my-homework-child-12'));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ tab: 'due', studentId: 12, title: '' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/jxhd/wdzy?student=12'));
    await waitFor(() => expect(screen.getByTestId('my-homework-tab-done')).toHaveAttribute('data-count', '3'));
    // Opening a row asks for that child's work.
    await openDetail();
    expect(stub.bodies('/api/homeSchool/myHomework/get')).toEqual([{ assignmentId: 1, studentId: 12 }]);
  });

  it('opens the homework of a message link at once for its child and keeps only the child in the address', async () => {
    signIn(4);
    renderPage('/jxhd/wdzy?id=7&student=12');
    const panel = await screen.findByTestId('my-homework-detail');
    expect(panel).toHaveAttribute('data-id', '7');
    expect(stub.bodies('/api/homeSchool/myHomework/get')).toEqual([{ assignmentId: 7, studentId: 12 }]);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/jxhd\/wdzy\?student=12$/));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toMatchObject({ studentId: 12 }));
    // The content as rich text, its attachments, and the bell following the server.
    expect(within(panel).getByTestId('my-homework-content').querySelector('strong')).toHaveTextContent('chapter 3');
    expect(within(panel).getByText('questions.pdf')).toBeInTheDocument();
    await waitFor(() => expect(useMessageCounts.getState().unread).toBe(4));
    expect(within(panel).getByTestId('my-homework-hand-in')).toHaveAttribute('data-mode', 'first');
  });

  it("hands in for a parent's child with a message to the teacher, then shows it and reloads the list", async () => {
    signIn(4);
    details[1] = (studentId) =>
      stub.calls('/api/homeSchool/myHomework/submit').length === 0
        ? detail(1, studentId)
        : detail(1, studentId, {
            status: 'submitted',
            submission: { text: 'My answer', attachments: { images: [], documents: [], recordings: [] }, submittedAt: '2026-11-25 19:00:00', submittedByName: 'Zhang Dad' },
            parentMessage: 'He did it alone.',
          });
    renderPage();
    const panel = await openDetail();
    expect(within(panel).getByTestId('my-homework-hand-in-title')).toHaveTextContent('提交作业');
    fireEvent.change(within(panel).getByTestId('my-homework-text'), { target: { value: ' My answer ' } });
    const picture = within(panel).getByTestId('my-homework-images').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(picture, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'page1.jpg', { type: 'image/jpeg' })] } });
    await within(panel).findByText('page1.jpg');
    fireEvent.click(within(panel).getByTestId('my-homework-recordings-record'));
    fireEvent.change(within(panel).getByTestId('my-homework-parent-message-input'), { target: { value: 'He did it alone.' } });
    const listLoads = pageBodies().length;
    fireEvent.click(within(panel).getByTestId('my-homework-send'));
    await waitFor(() =>
      expect(stub.bodies('/api/homeSchool/myHomework/submit')).toEqual([
        { assignmentId: 1, studentId: 11, text: 'My answer', images: ['img1'], documents: [], recordings: ['rec1'], parentMessage: 'He did it alone.' },
      ]),
    );
    expect(stub.bodies('/api/files/upload')[0]).toMatchObject({ purpose: 'assignmentImage' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Handed in'));
    // The detail loads again (what was handed in shows), and the list and counts with it.
    const submitted = await within(panel).findByTestId('my-homework-submission');
    expect(submitted).toHaveTextContent('My answer');
    expect(submitted).toHaveTextContent('Zhang Dad');
    expect(within(panel).getByTestId('my-homework-parent-message')).toHaveTextContent('He did it alone.');
    await waitFor(() => expect(pageBodies().length).toBeGreaterThan(listLoads));
    // Handed in, not opened by the teacher: it can be changed, starting from what was handed in.
    const handIn = within(panel).getByTestId('my-homework-hand-in');
    expect(handIn).toHaveAttribute('data-mode', 'replace');
    fireEvent.click(within(handIn).getByTestId('my-homework-change'));
    expect(within(panel).getByTestId('my-homework-text')).toHaveValue('My answer');
    expect(within(panel).getByTestId('my-homework-hand-in-title')).toHaveTextContent('重新提交');
  });

  it('a student hands in without a message box; the text alone is enough', async () => {
    renderPage();
    const panel = await openDetail();
    expect(within(panel).queryByTestId('my-homework-parent-message-input')).toBeNull();
    fireEvent.change(within(panel).getByTestId('my-homework-text'), { target: { value: 'x = 4' } });
    fireEvent.click(within(panel).getByTestId('my-homework-send'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/myHomework/submit')).toEqual([{ assignmentId: 1, studentId: 11, text: 'x = 4', images: [], documents: [], recordings: [], parentMessage: '' }]));
  });

  it("shows the teacher's note for a work to revise and hands in the revision", async () => {
    details[1] = (studentId) =>
      detail(1, studentId, {
        status: 'to_revise',
        submission: { text: 'First try', attachments: { images: [], documents: [], recordings: [] }, submittedAt: '2026-11-24 19:00:00', submittedByName: 'Zhang Xiaoming' },
        revisionNote: 'Show the working for question 2.',
        revisionRequestedAt: '2026-11-25 09:00:00',
        comment: 'Good start',
        correctedAt: '2026-11-25 09:00:00',
        correctedByName: 'Teacher Wang',
      });
    stub.on('/api/homeSchool/myHomework/submit', () => ({ status: 'revised_pending', late: false }));
    renderPage();
    const panel = await openDetail();
    const handIn = within(panel).getByTestId('my-homework-hand-in');
    expect(handIn).toHaveAttribute('data-mode', 'revision');
    expect(within(handIn).getByTestId('my-homework-hand-in-title')).toHaveTextContent('提交订正');
    expect(within(handIn).getByTestId('my-homework-revision-note')).toHaveTextContent('Show the working for question 2.');
    // The note shows once, in the form; the first hand-in and the feedback above it.
    expect(within(panel).getAllByTestId('my-homework-revision-note')).toHaveLength(1);
    expect(within(panel).getByTestId('my-homework-submission')).toHaveTextContent('First try');
    expect(within(panel).getByTestId('my-homework-feedback')).toHaveTextContent('Good start');
    expect(within(handIn).getByTestId('my-homework-text')).toHaveValue('');
    fireEvent.change(within(handIn).getByTestId('my-homework-text'), { target: { value: 'Question 2: 3 + 4 = 7' } });
    fireEvent.click(within(handIn).getByTestId('my-homework-send'));
    await waitFor(() => expect(stub.bodies('/api/homeSchool/myHomework/submit')).toEqual([{ assignmentId: 1, studentId: 11, text: 'Question 2: 3 + 4 = 7', images: [], documents: [], recordings: [], parentMessage: '' }]));
    await waitFor(() => expect(success).toHaveBeenCalled());
  });

  it("refuses an empty hand-in with the contract's message and sends nothing", async () => {
    renderPage();
    const panel = await openDetail();
    fireEvent.change(within(panel).getByTestId('my-homework-text'), { target: { value: '   ' } });
    fireEvent.click(within(panel).getByTestId('my-homework-send'));
    expect(await within(panel).findByTestId('my-homework-error')).toHaveTextContent('请填写作业内容或上传图片、文档、录音');
    expect(stub.calls('/api/homeSchool/myHomework/submit')).toHaveLength(0);
  });

  it('shows a corrected work with its score and grade, and no form when it cannot be handed in', async () => {
    details[1] = (studentId) =>
      detail(
        1,
        studentId,
        {
          status: 'corrected',
          late: true,
          submission: {
            text: 'Answer',
            attachments: { images: [], documents: [{ id: 'd9', name: 'essay.docx', size: 20_000, mimeType: 'application/msword' }], recordings: [{ id: 'r9', name: 'reading.m4a', size: 50_000, mimeType: 'audio/mp4' }] },
            submittedAt: '2026-11-24 19:00:00',
            submittedByName: 'Zhang Xiaoming',
          },
          comment: 'Well done',
          score: 92.5,
          grade: 'A',
          correctedAt: '2026-11-25 09:00:00',
          correctedByName: 'Teacher Wang',
        },
        { canSubmit: false },
      );
    renderPage();
    const panel = await openDetail();
    expect(within(panel).getByTestId('my-homework-feedback')).toHaveTextContent('92.5分');
    expect(within(panel).getByTestId('my-homework-feedback')).toHaveTextContent('等级 A');
    const submitted = within(panel).getByTestId('my-homework-submission');
    expect(within(submitted).getByText('essay.docx')).toBeInTheDocument();
    expect(within(submitted).getByTestId('notice-play-audio')).toHaveTextContent('reading.m4a');
    expect(within(submitted).getByTestId('my-homework-late')).toBeInTheDocument();
    expect(within(panel).queryByTestId('my-homework-hand-in')).toBeNull();
  });

  it('shows cards on a phone, offering the camera for pictures', async () => {
    viewport(390);
    renderPage();
    await screen.findByText('Homework 1');
    expect(screen.getAllByTestId('my-homework-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    const panel = await openDetail();
    const camera = within(panel).getByTestId('my-homework-images').querySelector('input[capture]');
    expect(camera).toHaveAttribute('capture', 'environment');
  });

  it('shows no Chinese in English apart from the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    signIn(4);
    details[1] = (studentId) => detail(1, studentId, { status: 'to_revise', revisionNote: 'Again', revisionRequestedAt: '2026-11-25 09:00:00' });
    renderPage();
    await screen.findByText('Homework 1');
    expect(screen.getByTestId('my-homework-tab-toRevise')).toHaveTextContent('To revise');
    const panel = await openDetail();
    expect(within(panel).getByTestId('my-homework-hand-in-title')).toHaveTextContent('Hand in the revision');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
