import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyScoreBatch, ReportStudent, ReportStudents, StudyReport, StudyRun } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import StudyReportPage from './StudyReportPage.tsx';
import { studyRows, totalText } from './StudyTable.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(), saveBlob: vi.fn(), success: vi.fn() }));

// The stub's envelope carries the server's msg for the class run, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError: StubError,
    ERROR_DURATION_SECONDS: 5,
    isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError',
    request: async (path: string, options?: { json?: unknown }) => ({
      result: true,
      code: 200,
      msg: path.endsWith('/classRun') ? 'The reports of Class 10-1 are being made' : '',
      data: await calls.call(path, options),
    }),
    download: files.download,
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

const BASE = '/api/evaluation/study';
const ROUTE = { path: '/xspj/xybg', title: 'Study report zh', titleEn: 'Study report' } as AppRoute;

const TERMS = [
  { id: 5, name: '2026-2027 first term', isCurrent: true },
  { id: 4, name: '2025-2026 second term', isCurrent: false },
];

const LI_LEI: ReportStudent = { id: 11, name: 'Li Lei', studentNumber: 'S0011', classId: 1, className: 'Class 10-1', gradeName: 'Grade 10' };
const LI_MEI: ReportStudent = { id: 12, name: 'Li Mei', studentNumber: 'S0012', classId: 7, className: 'Class 7-2', gradeName: 'Grade 7' };

const batch = (id: number, name: string, extra: Partial<MyScoreBatch> = {}): MyScoreBatch => ({
  id,
  name,
  termId: 5,
  termName: '2026-2027 first term',
  examNode: name,
  releasedAt: '2026-11-20 10:00',
  subjects: [],
  total: null,
  totalFull: 300,
  classRank: null,
  classSize: 40,
  gradeRank: null,
  gradeSize: 0,
  ...extra,
});

/** Oldest first, as the server sends the columns. */
const REPORT: StudyReport = {
  student: LI_LEI,
  term: { id: 5, name: '2026-2027 first term', startDate: '2026-09-01', endDate: '2027-01-20' },
  terms: TERMS,
  batches: [
    batch(1, 'Monthly test', { total: 250, classRank: 8, gradeRank: 40, gradeSize: 410 }),
    batch(2, 'Midterm', { total: 168.5, totalFull: 300, classRank: 20 }),
    batch(3, 'Final', { total: 270, classRank: 3, gradeRank: 12, gradeSize: 410 }),
  ],
  subjects: [
    { courseId: 1, courseName: 'Maths', scores: { '1': 80, '2': 92, '3': 95 }, marks: {}, average: 89 },
    { courseId: 2, courseName: 'English', scores: { '1': 88, '2': 76.5, '3': 90 }, marks: {}, average: 84.83 },
    { courseId: 3, courseName: 'Physics', scores: { '1': 82, '2': null, '3': 85 }, marks: { '2': 'absent' }, average: 83.5 },
    { courseId: 4, courseName: 'PE', scores: { '1': null }, marks: { '1': 'exempt' }, average: null },
  ],
  comment: 'A steady term.\nKeep asking questions.',
};

const family = (students: ReportStudent[]): ReportStudents => ({ terms: TERMS, termId: 5, classes: [], classId: null, students });
const STAFF: ReportStudents = { terms: TERMS, termId: 5, classes: [{ id: 1, name: 'Class 10-1', gradeName: 'Grade 10' }], classId: 1, students: [LI_LEI] };

const run = (status: StudyRun['status'], done: number, extra: Partial<StudyRun> = {}): StudyRun => ({
  id: 9,
  classId: 1,
  className: 'Class 10-1',
  termName: '2026-2027 first term',
  status,
  done,
  total: 40,
  fileId: null,
  fileName: null,
  createdAt: '2027-01-16 08:30',
  error: null,
  ...extra,
});

function signIn() {
  useSession.setState({ user: { userId: 'U1', username: 'x', userType: 3, displayName: 'x' }, permissions: ['evaluation:study'], roles: [] });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[ROUTE.path]}>
        <StudyReportPage route={ROUTE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const original = window.matchMedia;

const cells = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('td')].map((cell) => cell.textContent);

beforeEach(async () => {
  stub.reset();
  files.download.mockReset().mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  files.saveBlob.mockReset();
  files.success.mockReset();
  setFeedback({ message: { error: vi.fn(), success: files.success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  viewport(1366);
  signIn();
});

afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('study table model', () => {
  it('puts the subjects first, then the total and the places; a total reads as total / full', () => {
    expect(studyRows(REPORT).map((row) => row.key)).toEqual(['subject-1', 'subject-2', 'subject-3', 'subject-4', 'total', 'classPlace', 'gradePlace']);
    expect(totalText({ total: 168.5, totalFull: 300 })).toBe('168.5 / 300');
    expect(totalText({ total: null, totalFull: 300 })).toBe('—');
  });
});

describe('StudyReportPage', () => {
  it('shows the subjects by exam, oldest first, with marks, the term average, totals, places and the comment', async () => {
    stub.on(`${BASE}/students`, () => family([LI_LEI])).on(`${BASE}/report`, () => REPORT);
    renderPage();
    await screen.findByTestId('study-table');
    expect(screen.getByTestId('report-student')).toHaveTextContent('Li Lei');
    expect(stub.bodies(`${BASE}/report`)).toEqual([{ studentId: 11, termId: 5 }]);
    const headers = [...screen.getByTestId('study-table').querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Subject', 'Monthly test', 'Midterm', 'Final', 'Term average']);
    expect(cells('study-row-subject-1')).toEqual(['Maths', '80', '92', '95', '89']);
    expect(cells('study-row-subject-2')).toEqual(['English', '88', '76.5', '90', '84.83']);
    expect(cells('study-row-subject-3')).toEqual(['Physics', '82', 'Absent', '85', '83.5']);
    expect(screen.getByTestId('study-cell-3-2')).toHaveClass('is-absent');
    expect(cells('study-row-subject-4')).toEqual(['PE', 'Exempt', '—', '—', '—']);
    expect(cells('study-row-total')).toEqual(['Total', '250 / 300', '168.5 / 300', '270 / 300', '—']);
    expect(cells('study-row-classPlace')).toEqual(['Place in class', '8 / 40', '20 / 40', '3 / 40', '—']);
    expect(cells('study-row-gradePlace')).toEqual(['Place in grade', '40 / 410', '—', '12 / 410', '—']);
    expect(screen.getByTestId('study-comment')).toHaveTextContent("Class teacher's commentA steady term. Keep asking questions.");
    // A family has no class PDF.
    expect(screen.queryByTestId('study-class-run')).toBeNull();
    expect(stub.calls(`${BASE}/runs`)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('report-pdf'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Li Lei-2026-2027 first term-Study report.pdf'));
    expect(files.download).toHaveBeenCalledWith(`${BASE}/pdf`, { query: { studentId: 11, termId: 5, lang: 'en' } });
  });

  it('says when no exam of the term is released, without a comment section', async () => {
    stub.on(`${BASE}/students`, () => family([LI_LEI])).on(`${BASE}/report`, () => ({ ...REPORT, batches: [], subjects: [], comment: null }));
    renderPage();
    expect(await screen.findByTestId('study-empty')).toHaveTextContent('No exam of this term has been released yet.');
    expect(screen.queryByTestId('study-table')).toBeNull();
    expect(screen.queryByTestId('study-comment')).toBeNull();
  });

  it("lets a parent switch child and asks the other child's report", async () => {
    stub
      .on(`${BASE}/students`, () => family([LI_LEI, LI_MEI]))
      .on(`${BASE}/report`, (o) => ((o?.json as { studentId: number }).studentId === 12 ? { ...REPORT, student: LI_MEI, comment: null } : REPORT));
    renderPage();
    await screen.findByTestId('study-table');
    fireEvent.click(screen.getByTestId('report-child-12'));
    await waitFor(() => expect(screen.getByTestId('report-student')).toHaveTextContent('Li Mei'));
    expect(stub.bodies(`${BASE}/report`).at(-1)).toEqual({ studentId: 12, termId: 5 });
  });

  it("keeps the table one scrolling table at phone width", async () => {
    viewport(390);
    stub.on(`${BASE}/students`, () => family([LI_LEI])).on(`${BASE}/report`, () => REPORT);
    renderPage();
    const table = await screen.findByTestId('study-table');
    expect(screen.getByTestId('study-report-page')).toHaveClass('is-phone');
    expect(table.querySelector('.ant-table')).not.toBeNull();
    expect(cells('study-row-subject-3')).toEqual(['Physics', '82', 'Absent', '85', '83.5']);
  });

  it("makes the class's PDF: shows the run's progress while it is made, then its download", async () => {
    let runs: StudyRun[] = [];
    let answers = 0;
    stub
      .on(`${BASE}/students`, () => STAFF)
      .on(`${BASE}/report`, () => REPORT)
      .on(`${BASE}/classRun`, () => {
        runs = [run('running', 12)];
        return { id: 9 };
      })
      .on(`${BASE}/runs`, () => {
        answers += 1;
        const now = runs;
        // The run finishes after it was seen running once.
        if (runs.length && runs[0]!.status === 'running') runs = [run('done', 40, { fileId: 'F9', fileName: 'Class 10-1 study reports.pdf' })];
        return now;
      });
    renderPage();
    await screen.findByTestId('study-table');
    expect(stub.calls(`${BASE}/runs`)).toHaveLength(1);
    expect(screen.queryByTestId('study-runs')).toBeNull();

    fireEvent.click(screen.getByTestId('study-class-run'));
    await waitFor(() => expect(stub.bodies(`${BASE}/classRun`)).toEqual([{ classId: 1, termId: 5 }]));
    await waitFor(() => expect(files.success).toHaveBeenCalledWith('The reports of Class 10-1 are being made'));
    const status = await screen.findByTestId('study-run-status-9');
    expect(status).toHaveAttribute('data-status', 'running');
    expect(status).toHaveTextContent('Being made');
    expect(screen.getByTestId('study-run-progress-9')).toHaveTextContent('12 / 40');
    expect(screen.getByTestId('study-run-9')).toHaveTextContent('Class 10-1');
    expect(screen.queryByTestId('study-run-download-9')).toBeNull();

    // Asked again two seconds later: done, with the file.
    const download = await screen.findByTestId('study-run-download-9', {}, { timeout: 6000 });
    expect(screen.getByTestId('study-run-status-9')).toHaveAttribute('data-status', 'done');
    expect(screen.getByTestId('study-run-progress-9')).toHaveTextContent('40 / 40');
    fireEvent.click(download);
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Class 10-1 study reports.pdf'));
    expect(files.download).toHaveBeenCalledWith('/file/download/F9');

    // Nothing is being made any more: the polling stops.
    const seen = answers;
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(answers).toBe(seen);
  });

  it('shows why a run failed', async () => {
    stub
      .on(`${BASE}/students`, () => STAFF)
      .on(`${BASE}/report`, () => REPORT)
      .on(`${BASE}/runs`, () => [run('failed', 5, { error: 'The font could not be loaded' })]);
    renderPage();
    expect(await screen.findByTestId('study-run-error-9')).toHaveTextContent('The font could not be loaded');
    expect(within(screen.getByTestId('study-run-9')).getByTestId('study-run-status-9')).toHaveTextContent('Failed');
  });

  it('shows no Chinese in English (the data aside), and the table in Chinese', async () => {
    stub.on(`${BASE}/students`, () => STAFF).on(`${BASE}/report`, () => REPORT).on(`${BASE}/runs`, () => [run('queued', 0)]);
    const view = renderPage();
    await screen.findByTestId('study-table');
    await screen.findByTestId('study-run-9');
    expect(screen.getByTestId('study-report-page').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    view.unmount();
    await act(() => i18n.changeLanguage('zh'));
    renderPage();
    await screen.findByTestId('study-table');
    expect(cells('study-row-subject-3')).toEqual(['Physics', '82', '缺考', '85', '83.5']);
    expect(screen.getByTestId('study-row-total')).toHaveTextContent('总分');
    expect(screen.getByTestId('study-class-run')).toHaveTextContent('全班 PDF');
  });
});
