import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { AdmissionOptions, AdmissionRow, DivisionPreview } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import AdmissionPage from './AdmissionPage.tsx';
import DivisionPage from './DivisionPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no canvas: ECharts is replaced by a recorder of the options the chart is given.
const charts = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({ setOption: (option: unknown) => void charts.options.push(option), resize: () => undefined, dispose: () => undefined }),
}));
vi.mock('echarts/charts', () => ({ BarChart: {} }));
vi.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {} }));
vi.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

// The stub's envelope carries the server's msg for the writes, as the real client would; a handler that throws is a refusal.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = {
    score: 'Saved',
    decide: '1 registrations decided',
    line: '12 admitted, 2 not admitted at the line 600',
    apply: '5 students placed in 2 classes',
  };
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
  };
});

const admissionRoute = { path: '/lqgl/index', title: '录取管理', titleEn: 'Admission' } as AppRoute;
const divisionRoute = { path: '/fbgl/index', title: '分班管理', titleEn: 'Class division' } as AppRoute;

const OPTIONS: AdmissionOptions = {
  grades: [
    { id: 10, name: 'Grade 10' },
    { id: 11, name: 'Grade 11' },
  ],
  years: [2027, 2026],
  classes: [
    { id: 101, name: 'Class 10-1', gradeId: 10, students: 0 },
    { id: 102, name: 'Class 10-2', gradeId: 10, students: 2 },
    { id: 111, name: 'Class 11-1', gradeId: 11, students: 40 },
  ],
};

const row = (id: number, extra: Partial<AdmissionRow> = {}): AdmissionRow => ({
  id,
  name: `Pupil ${id}`,
  gender: '1',
  gradeId: 10,
  gradeName: 'Grade 10',
  entryYear: 2027,
  previousSchool: 'East Lake Middle School',
  entranceScore: 700 - id,
  admission: 'pending',
  admissionDecidedAt: null,
  className: '',
  enrolled: false,
  ...extra,
});

const ROWS: AdmissionRow[] = [
  row(1, { name: 'Zhang San', admission: 'admitted', admissionDecidedAt: '2027-06-01 09:00' }),
  row(2, { name: 'Li Si', gender: '2' }),
  row(3, { name: 'Wang Wu', admission: 'admitted', className: 'Class 10-1', enrolled: true }),
  row(4, { name: 'Zhao Liu', entranceScore: null, admission: 'rejected' }),
];

const SUMMARY = { pending: 14, admitted: 36, rejected: 10, highest: 720, lowest: 452.5, average: 586.3 };

const PREVIEW: DivisionPreview = {
  classes: [
    { classId: 101, className: 'Class 10-1', current: 0, added: 3, boys: 2, girls: 1, average: 650.5, highest: 700, lowest: 600 },
    { classId: 102, className: 'Class 10-2', current: 2, added: 2, boys: 1, girls: 1, average: 648, highest: 690, lowest: 606 },
  ],
  placements: [
    { id: 1, name: 'Zhang San', gender: '1', entranceScore: 700, classId: 101, className: 'Class 10-1' },
    { id: 2, name: 'Li Si', gender: '2', entranceScore: 690, classId: 102, className: 'Class 10-2' },
    { id: 5, name: 'Sun Qi', gender: '2', entranceScore: 651.5, classId: 101, className: 'Class 10-1' },
    { id: 6, name: 'Zhou Ba', gender: '1', entranceScore: 606, classId: 102, className: 'Class 10-2' },
    { id: 7, name: 'Wu Jiu', gender: '1', entranceScore: 600, classId: 101, className: 'Class 10-1' },
  ],
  averageSpread: 2.5,
};

const success = vi.fn();
const warning = vi.fn();
/** Confirmations are accepted at once. */
const confirm = vi.fn((config: ModalFuncProps) => void config.onOk?.());

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  warning.mockClear();
  confirm.mockClear();
  charts.options = [];
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on('/api/roll/admission/options', () => OPTIONS)
    .on('/api/roll/admission/page', () => ({ total: ROWS.length, rows: ROWS, summary: SUMMARY }))
    .on('/api/roll/admission/score', () => null)
    .on('/api/roll/admission/decide', () => ({ count: 1 }))
    .on('/api/roll/admission/line', () => ({ admitted: 12, rejected: 2 }))
    .on('/api/roll/division/preview', () => PREVIEW)
    .on('/api/roll/division/apply', () => ({ count: 5, classes: 2 }));
  useSession.setState({ permissions: ['roll:admission', 'roll:division'], roles: ['admin'] });
});

function renderPage(page: 'admission' | 'division') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{page === 'admission' ? <AdmissionPage route={admissionRoute} /> : <DivisionPage route={divisionRoute} />}</QueryClientProvider>);
}

async function pick(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const CHINESE = /[\u3400-\u9fff\uff00-\uffef]/;

describe('AdmissionPage', () => {
  it("shows the intake's summary, the rows by score, and keeps enrolled rows from being ticked or edited", async () => {
    renderPage('admission');
    expect(await screen.findByText('Zhang San')).toBeInTheDocument();
    expect(screen.getByTestId('admission-summary-pending')).toHaveTextContent('14');
    expect(screen.getByTestId('admission-summary-admitted')).toHaveTextContent('36');
    expect(screen.getByTestId('admission-summary-rejected')).toHaveTextContent('10');
    expect(screen.getByTestId('admission-summary-highest')).toHaveTextContent('720');
    expect(screen.getByTestId('admission-summary-lowest')).toHaveTextContent('452.5');
    expect(screen.getByTestId('admission-summary-average')).toHaveTextContent('586.3');
    expect(screen.getByTestId('admission-status-1')).toHaveTextContent('已录取');
    expect(screen.getByTestId('admission-status-2')).toHaveTextContent('待录取');
    expect(screen.getByTestId('admission-status-4')).toHaveTextContent('未录取');
    expect(within(rowOf('Li Si')).getByText('女')).toBeInTheDocument();
    expect(within(rowOf('Wang Wu')).getByText('已入学')).toBeInTheDocument();
    expect(within(rowOf('Wang Wu')).getByRole('checkbox')).toBeDisabled();
    expect(screen.getByTestId('admission-score-3')).toBeDisabled();
    expect(within(rowOf('Li Si')).getByRole('checkbox')).not.toBeDisabled();

    // A score changed in the list is saved when the field is left; an emptied one is cleared.
    fireEvent.change(screen.getByTestId('admission-score-2'), { target: { value: '655.5' } });
    fireEvent.blur(screen.getByTestId('admission-score-2'));
    await waitFor(() => expect(stub.bodies('/api/roll/admission/score')).toEqual([{ id: 2, entranceScore: 655.5 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));
    fireEvent.change(screen.getByTestId('admission-score-1'), { target: { value: '' } });
    fireEvent.blur(screen.getByTestId('admission-score-1'));
    await waitFor(() => expect(stub.bodies('/api/roll/admission/score').at(-1)).toEqual({ id: 1, entranceScore: null }));

    // Admitting the ticked rows after the confirmation.
    fireEvent.click(within(rowOf('Li Si')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('admission-admit'));
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(stub.bodies('/api/roll/admission/decide')).toEqual([{ ids: [2], admission: 'admitted' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('1 registrations decided'));
  });

  it('searches by grade, year, status and keyword, and applies a score line to the chosen intake, showing the answer', async () => {
    renderPage('admission');
    await screen.findByText('Zhang San');
    await pick('admission-search-grade', 'Grade 10');
    await pick('admission-search-year', '2027');
    await pick('admission-search-status', '待录取');
    fireEvent.change(screen.getByTestId('admission-search-keyword'), { target: { value: ' Li ' } });
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies('/api/roll/admission/page').at(-1)?.search).toEqual({ gradeId: 10, entryYear: 2027, admission: 'pending', keyword: 'Li' }));

    fireEvent.click(screen.getByTestId('admission-line'));
    await screen.findByTestId('admission-line-dialog');
    // The line needs a value before anything is sent.
    fireEvent.click(screen.getByTestId('admission-line-dialog-ok'));
    expect(await screen.findByText('请输入分数线')).toBeInTheDocument();
    expect(stub.calls('/api/roll/admission/line')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('admission-line-value'), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('admission-line-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/roll/admission/line')).toEqual([{ gradeId: 10, entryYear: 2027, line: 600 }]));
    expect(await screen.findByTestId('admission-line-result')).toHaveTextContent('12 admitted, 2 not admitted at the line 600');
    expect(success).toHaveBeenCalledWith('12 admitted, 2 not admitted at the line 600');
    // The list and its summary load again.
    await waitFor(() => expect(stub.calls('/api/roll/admission/page').length).toBeGreaterThanOrEqual(3));
  });

  it('reads in English, with no Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { container } = renderPage('admission');
    await screen.findByText('Zhang San');
    for (const label of ['Entrance score', 'Previous school', 'Decided at', 'Intake year', 'Admit', 'Not admit', 'Set waiting', 'Score line', 'Waiting', 'Highest']) {
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('admission-status-4')).toHaveTextContent('Not admitted');
    expect(within(rowOf('Wang Wu')).getByText('Enrolled')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(CHINESE);
  });
});

describe('DivisionPage', () => {
  it("previews the division of the grade's classes (all by default), shows each class and the placements, then applies it", async () => {
    renderPage('division');
    await waitFor(() => expect(screen.getByTestId('division-year')).toHaveTextContent('2027'));
    await pick('division-grade', 'Grade 10');
    const classes = screen.getByTestId('division-classes');
    expect(within(classes).getByText('Class 10-1（0人）')).toBeInTheDocument();
    expect(within(classes).getByText('Class 10-2（2人）')).toBeInTheDocument();
    expect(within(classes).queryByText(/Class 11-1/)).toBeNull();
    expect(within(classes).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByTestId('division-apply')).toBeDisabled();

    fireEvent.click(screen.getByTestId('division-keep'));
    fireEvent.click(screen.getByTestId('division-preview'));
    await waitFor(() => expect(stub.bodies('/api/roll/division/preview')).toEqual([{ gradeId: 10, entryYear: 2027, classIds: [101, 102], keepPlaced: true }]));
    const table = await screen.findByTestId('division-classes-table');
    const first = within(table).getByText('Class 10-1').closest('tr') as HTMLElement;
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Class 10-1', '0', '3', '2', '1', '650.5', '700', '600']);
    expect(screen.getByTestId('division-added-102')).toHaveTextContent('2');
    expect(screen.getByTestId('division-spread')).toHaveTextContent('2.5');
    expect(screen.getByTestId('division-count')).toHaveTextContent('5');
    // The bar chart of the class averages.
    expect((charts.options.at(-1) as { series: { data: unknown[] }[] }).series[0]!.data).toEqual([650.5, 648]);
    // The placements open on demand.
    fireEvent.click(screen.getByText('分班名单（5人）'));
    const placements = await screen.findByTestId('division-placements');
    expect(within(placements).getByText('Sun Qi').closest('tr')).toHaveTextContent('Sun Qi女651.5Class 10-1');

    fireEvent.click(screen.getByTestId('division-apply'));
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(stub.bodies('/api/roll/division/apply')).toEqual([{ gradeId: 10, entryYear: 2027, classIds: [101, 102], keepPlaced: true }]));
    expect(await screen.findByTestId('division-applied')).toHaveTextContent('5 students placed in 2 classes');
    expect(success).toHaveBeenCalledWith('5 students placed in 2 classes');
    expect(screen.queryByTestId('division-result')).toBeNull();
  });

  it("shows the server's refusal, and asks for the classes before sending", async () => {
    stub.on('/api/roll/division/preview', () => {
      throw new Error('该届没有待分班的已录取学生');
    });
    renderPage('division');
    await waitFor(() => expect(screen.getByTestId('division-year')).toHaveTextContent('2027'));
    fireEvent.click(screen.getByTestId('division-preview'));
    expect(warning).toHaveBeenCalledWith('请选择年级');
    await pick('division-grade', 'Grade 10');
    fireEvent.click(screen.getByTestId('division-classes-all'));
    fireEvent.click(screen.getByTestId('division-preview'));
    expect(warning).toHaveBeenCalledWith('请选择要分入的班级');
    expect(stub.calls('/api/roll/division/preview')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('division-classes-all'));
    fireEvent.click(screen.getByTestId('division-preview'));
    expect(await screen.findByTestId('division-refusal')).toHaveTextContent('该届没有待分班的已录取学生');
    expect(screen.queryByTestId('division-result')).toBeNull();
    expect(screen.getByTestId('division-apply')).toBeDisabled();
  });

  it('reads in English, with no Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { container } = renderPage('division');
    await waitFor(() => expect(screen.getByTestId('division-year')).toHaveTextContent('2027'));
    await pick('division-grade', 'Grade 10');
    expect(screen.getByText('Class 10-2 (2 students)')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('division-preview'));
    const table = await screen.findByTestId('division-classes-table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Class', 'Current', 'Added', 'Boys', 'Girls', 'Average', 'Highest', 'Lowest']);
    expect(screen.getByText('Keep those already placed')).toBeInTheDocument();
    expect(screen.getByText('Spread of the averages')).toBeInTheDocument();
    expect(screen.getByText('Placements (5)')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(CHINESE);
  });
});
