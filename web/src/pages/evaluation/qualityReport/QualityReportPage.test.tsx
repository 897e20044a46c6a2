import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyScoreBatch, QualityReport, ReportStudent, ReportStudents } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import QualityReportPage from './QualityReportPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(), saveBlob: vi.fn() }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError: StubError,
    ERROR_DURATION_SECONDS: 5,
    isAbort: (error: unknown) => error instanceof Error && error.name === 'AbortError',
    download: files.download,
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

const BASE = '/api/evaluation/quality';
const ROUTE = { path: '/xspj/zhszbg', title: 'Quality report zh', titleEn: 'Quality report' } as AppRoute;

const TERMS = [
  { id: 5, name: '2026-2027 first term', isCurrent: true },
  { id: 4, name: '2025-2026 second term', isCurrent: false },
];

const student = (id: number, name: string, extra: Partial<ReportStudent> = {}): ReportStudent => ({
  id,
  name,
  studentNumber: `S${String(id).padStart(4, '0')}`,
  classId: 1,
  className: 'Class 10-1',
  gradeName: 'Grade 10',
  ...extra,
});

const LI_LEI = student(11, 'Li Lei');
const LI_MEI = student(12, 'Li Mei', { classId: 7, className: 'Class 7-2', gradeName: 'Grade 7' });

const batch = (id: number, extra: Partial<MyScoreBatch> = {}): MyScoreBatch => ({
  id,
  name: `Batch ${id}`,
  termId: 5,
  termName: '2026-2027 first term',
  examNode: 'Midterm',
  releasedAt: '2026-11-20 10:00',
  subjects: [
    { courseId: 1, courseName: 'Maths', fullMark: 100, score: 92, mark: null, parts: [], level: 'excellent', classAverage: 78, classHighest: 99, classRank: 3, classCount: 40 },
    { courseId: 3, courseName: 'Physics', fullMark: 100, score: null, mark: 'absent', parts: [], level: null, classAverage: 70, classHighest: 95, classRank: null, classCount: 39 },
  ],
  total: 92,
  totalFull: 200,
  classRank: 12,
  classSize: 40,
  gradeRank: null,
  gradeSize: 0,
  ...extra,
});

function report(who: ReportStudent, extra: Partial<QualityReport> = {}): QualityReport {
  return {
    student: who,
    term: { id: 5, name: '2026-2027 first term', startDate: '2026-09-01', endDate: '2027-01-20' },
    terms: TERMS,
    evaluations: [
      {
        themeId: 1,
        name: 'Moral conduct',
        type: 'moral',
        items: [
          { name: 'Behaviour', kind: 'enum', value: 'Excellent' },
          { name: 'Remarks', kind: 'text', value: 'Helps classmates\nKeeps the room tidy' },
          { name: 'Service hours', kind: 'number', value: null },
        ],
        updatedAt: '2027-01-10 09:30',
        updatedByName: 'Wang Fang',
      },
      { themeId: 2, name: 'Term comment', type: 'comment', items: [{ name: 'Comment', kind: 'text', value: null }], updatedAt: null, updatedByName: null },
    ],
    awards: [
      { source: 'disciplinary', date: '2026-10-12', name: 'Maths olympiad', level: 'First prize' },
      { source: 'aboveSchool', date: '2026-12-01', name: 'City robotics contest', level: 'City level' },
    ],
    conduct: [{ date: '2026-11-03', category: 'Praise', content: 'Organised the class trip', result: 'Commended', publisherName: 'Wang Fang' }],
    scores: [batch(21, { name: 'Grade 10 midterm' })],
    ...extra,
  };
}

const familyStudents = (students: ReportStudent[]): ReportStudents => ({ terms: TERMS, termId: 5, classes: [], classId: null, students });

function signIn() {
  // The server decides who sees what; the page follows the students call's answer.
  useSession.setState({ user: { userId: 'U1', username: 'x', userType: 2, displayName: 'x' }, permissions: ['evaluation:quality'], roles: [] });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[ROUTE.path]}>
        <QualityReportPage route={ROUTE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const original = window.matchMedia;

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent?.startsWith(option));
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

const reportBodies = () => stub.bodies(`${BASE}/report`);


beforeEach(async () => {
  stub.reset();
  files.download.mockReset().mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  files.saveBlob.mockReset();
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  viewport(1366);
  signIn();
});

afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null, permissions: [], roles: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('QualityReportPage', () => {
  it("shows a student's report: header, evaluations, awards, conduct and scores, and downloads the PDF", async () => {
    stub.on(`${BASE}/students`, () => familyStudents([LI_LEI])).on(`${BASE}/report`, () => report(LI_LEI));
    renderPage();
    const head = await screen.findByTestId('report-student');
    expect(head).toHaveTextContent('Li Lei');
    expect(head).toHaveTextContent('Student number S0011');
    expect(head).toHaveTextContent('Grade 10 Class 10-1');
    expect(head).toHaveTextContent('2026-2027 first term');
    expect(stub.bodies(`${BASE}/students`)).toEqual([{}]);
    expect(reportBodies()).toEqual([{ studentId: 11, termId: 5 }]);
    // One student: no class, no student list, no child chooser.
    expect(screen.queryByTestId('report-class')).toBeNull();
    expect(screen.queryByTestId('report-student-select')).toBeNull();
    expect(screen.queryByTestId('report-children-bar')).toBeNull();
    expect(screen.getByTestId('report-term')).toBeInTheDocument();

    const moral = screen.getByTestId('quality-theme-1');
    expect(within(moral).getByTestId('quality-theme-type-1')).toHaveTextContent('Moral character');
    expect(moral).toHaveTextContent('Filled in by Wang Fang, 2027-01-10 09:30');
    expect(screen.getByTestId('quality-item-1-0')).toHaveTextContent('BehaviourExcellent');
    expect(screen.getByTestId('quality-item-1-1')).toHaveTextContent('Helps classmates');
    expect(screen.getByTestId('quality-item-1-2')).toHaveTextContent('Service hoursNot filled in');
    // A theme nobody filled in says so once.
    expect(within(screen.getByTestId('quality-theme-2')).getByTestId('quality-theme-type-2')).toHaveTextContent("Class teacher's comment");
    expect(screen.getByTestId('quality-theme-unfilled-2')).toHaveTextContent('Not filled in');

    const awards = [...screen.getByTestId('quality-award-0').querySelectorAll('td')].map((cell) => cell.textContent);
    expect(awards).toEqual(['2026-10-12', 'Maths olympiad', 'First prize', 'School competition']);
    expect(screen.getByTestId('quality-award-1')).toHaveTextContent('Above school level');
    const conduct = [...screen.getByTestId('quality-conduct-0').querySelectorAll('td')].map((cell) => cell.textContent);
    expect(conduct).toEqual(['2026-11-03', 'Praise', 'Organised the class trip', 'Commended', 'Wang Fang']);

    // The scores as the transcript's cards.
    expect(within(screen.getByTestId('quality-scores')).getByTestId('my-scores-batch-21')).toHaveTextContent('Grade 10 midterm');
    expect(screen.getByTestId('my-scores-subject-21-3')).toHaveTextContent('Absent');
    expect(screen.getByTestId('my-scores-total-21')).toHaveTextContent('92 / 200');

    fireEvent.click(screen.getByTestId('report-pdf'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Li Lei-2026-2027 first term-Comprehensive quality report.pdf'));
    expect(files.download).toHaveBeenCalledWith(`${BASE}/pdf`, { query: { studentId: 11, termId: 5, lang: 'en' } });
  });

  it('lets a parent with two children switch child: the report is asked for the other child', async () => {
    stub
      .on(`${BASE}/students`, () => familyStudents([LI_LEI, LI_MEI]))
      .on(`${BASE}/report`, (o) => ((o?.json as { studentId: number }).studentId === 12 ? report(LI_MEI, { evaluations: [], awards: [], conduct: [], scores: [] }) : report(LI_LEI)));
    renderPage();
    expect(await screen.findByTestId('quality-theme-1')).toBeInTheDocument();
    expect(screen.getByTestId('report-children-bar')).toBeInTheDocument();
    expect(reportBodies()).toEqual([{ studentId: 11, termId: 5 }]);
    fireEvent.click(screen.getByTestId('report-child-12'));
    await waitFor(() => expect(screen.getByTestId('report-student')).toHaveTextContent('Li Mei'));
    expect(reportBodies().at(-1)).toEqual({ studentId: 12, termId: 5 });
    expect(screen.getByTestId('report-student')).toHaveTextContent('Grade 7 Class 7-2');
    expect(screen.queryByTestId('quality-theme-1')).toBeNull();
  });

  it('says so in each empty section', async () => {
    stub.on(`${BASE}/students`, () => familyStudents([LI_LEI])).on(`${BASE}/report`, () => report(LI_LEI, { evaluations: [], awards: [], conduct: [], scores: [] }));
    renderPage();
    expect(await screen.findByTestId('quality-evaluations-empty')).toHaveTextContent('No evaluation of this term has been released yet.');
    expect(screen.getByTestId('quality-awards-empty')).toHaveTextContent('No award this term.');
    expect(screen.getByTestId('quality-conduct-empty')).toHaveTextContent('No conduct record this term.');
    expect(screen.getByTestId('quality-scores-empty')).toHaveTextContent('No exam of this term has been released yet.');
    expect(document.querySelector('.ant-table')).toBeNull();
  });

  it('lets staff choose a class, then a student, and step to the next one', async () => {
    const classes = [
      { id: 1, name: 'Class 10-1', gradeName: 'Grade 10' },
      { id: 2, name: 'Class 10-2', gradeName: 'Grade 10' },
    ];
    const roll: Record<number, ReportStudent[]> = {
      1: [LI_LEI],
      2: [student(21, 'Zhang San', { classId: 2, className: 'Class 10-2' }), student(22, 'Zhao Si', { classId: 2, className: 'Class 10-2' }), student(23, 'Qian Wu', { classId: 2, className: 'Class 10-2' })],
    };
    stub
      .on(`${BASE}/students`, (o) => {
        const body = o?.json as { classId?: number; termId?: number };
        const classId = body.classId ?? 1;
        return { terms: TERMS, termId: body.termId ?? 5, classes, classId, students: roll[classId] };
      })
      .on(`${BASE}/report`, (o) => {
        const id = (o?.json as { studentId: number }).studentId;
        return report([...roll[1]!, ...roll[2]!].find((one) => one.id === id)!);
      });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('report-student')).toHaveTextContent('Li Lei'));
    expect(screen.getByTestId('report-position')).toHaveTextContent('1 of 1');

    await pick('report-class', 'Class 10-2');
    await waitFor(() => expect(stub.bodies(`${BASE}/students`).at(-1)).toEqual({ termId: 5, classId: 2 }));
    await waitFor(() => expect(screen.getByTestId('report-student')).toHaveTextContent('Zhang San'));
    expect(reportBodies().at(-1)).toEqual({ studentId: 21, termId: 5 });

    await pick('report-student-select', 'Qian Wu');
    await waitFor(() => expect(screen.getByTestId('report-student')).toHaveTextContent('Qian Wu'));
    expect(reportBodies().at(-1)).toEqual({ studentId: 23, termId: 5 });
    expect(screen.getByTestId('report-next')).toBeDisabled();
    fireEvent.click(screen.getByTestId('report-previous'));
    await waitFor(() => expect(screen.getByTestId('report-student')).toHaveTextContent('Zhao Si'));
    expect(reportBodies().at(-1)).toEqual({ studentId: 22, termId: 5 });
    expect(screen.getByTestId('report-position')).toHaveTextContent('2 of 3');

    // Another term keeps the class and the student.
    await pick('report-term', '2025-2026 second term');
    await waitFor(() => expect(reportBodies().at(-1)).toEqual({ studentId: 22, termId: 4 }));
    expect(stub.bodies(`${BASE}/students`).at(-1)).toEqual({ termId: 4, classId: 2 });
  });

  it("says when a staff member's class has no students", async () => {
    stub.on(`${BASE}/students`, () => ({ terms: TERMS, termId: 5, classes: [{ id: 3, name: 'Class 10-3', gradeName: 'Grade 10' }], classId: 3, students: [] }));
    renderPage();
    expect(await screen.findByTestId('report-no-students')).toHaveTextContent('This class has no students in the term chosen.');
    expect(stub.calls(`${BASE}/report`)).toHaveLength(0);
  });

  it('lists awards and conduct as cards at phone width', async () => {
    viewport(390);
    stub.on(`${BASE}/students`, () => familyStudents([LI_LEI, LI_MEI])).on(`${BASE}/report`, () => report(LI_LEI));
    renderPage();
    const award = await screen.findByTestId('quality-award-0');
    expect(screen.getByTestId('quality-report-page')).toHaveClass('is-phone');
    expect(award.tagName).toBe('LI');
    expect(award).toHaveTextContent('Maths olympiad');
    expect(award).toHaveTextContent('Level / prizeFirst prize');
    expect(screen.getByTestId('quality-conduct-0').tagName).toBe('LI');
    expect(screen.getByTestId('my-scores-subject-21-1').tagName).toBe('LI');
    expect(document.querySelector('.ant-table')).toBeNull();
  });

  it('offers to try again when the report cannot be loaded', async () => {
    let fail = true;
    stub.on(`${BASE}/students`, () => familyStudents([LI_LEI])).on(`${BASE}/report`, () => {
      if (fail) throw new ApiError('refused');
      return report(LI_LEI);
    });
    renderPage();
    const retry = await screen.findByTestId('quality-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('quality-theme-1')).toBeInTheDocument();
  });

  it('shows no Chinese in English (the data aside), and the type labels in Chinese', async () => {
    stub.on(`${BASE}/students`, () => familyStudents([LI_LEI])).on(`${BASE}/report`, () => report(LI_LEI));
    const view = renderPage();
    await screen.findByTestId('quality-theme-1');
    expect(screen.getByTestId('quality-report-page').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    view.unmount();
    await act(() => i18n.changeLanguage('zh'));
    renderPage();
    expect(await screen.findByTestId('quality-theme-type-1')).toHaveTextContent('思想品德');
    expect(screen.getByTestId('quality-theme-type-2')).toHaveTextContent('班主任评语');
    expect(screen.getByTestId('quality-awards')).toHaveTextContent('获奖情况');
  });
});
