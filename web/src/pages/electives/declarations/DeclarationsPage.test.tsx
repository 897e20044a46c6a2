import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import type { DeclarationOptions, DeclarationRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import DeclarationsPage from './DeclarationsPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The writes answer the server's msg, as the real client hands it over.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { create: 'Added successfully', update: 'Modified successfully', declare: 'Declared: the academic office will review it', withdraw: 'Withdrawn: it is a draft again' };
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
  };
});

const route = { path: '/xkgl/kcsb', title: '选修课申报', titleEn: 'Elective declaration' } as AppRoute;
const BASE = '/api/electives/declarations';

const OPTIONS: DeclarationOptions = {
  terms: [{ id: 1, name: '2026-2027 first term', isCurrent: true, weekCount: 20 }],
  grades: [
    { id: 10, name: 'Grade 10' },
    { id: 11, name: 'Grade 11' },
  ],
  classrooms: [
    { id: 3, name: 'Room 101', capacity: 40 },
    { id: 4, name: 'Lab 2', capacity: 20 },
  ],
  days: [
    { day: 1, name: 'Monday' },
    { day: 3, name: 'Wednesday' },
  ],
  periods: [
    { sort: 1, name: 'Period 1' },
    { sort: 7, name: 'Period 7' },
  ],
};

const declaration = (id: number, extra: Partial<DeclarationRow> = {}): DeclarationRow => ({
  id,
  termId: 1,
  termName: '2026-2027 first term',
  name: `Course ${id}`,
  intro: 'An intro',
  lectures: Array.from({ length: 12 }, (_, index) => `Lecture ${index + 1}`),
  capacity: 30,
  gradeIds: [10],
  gradeNames: ['Grade 10'],
  day: 3,
  dayName: 'Wednesday',
  period: 7,
  periodName: 'Period 7',
  weekFrom: 1,
  weekTo: 18,
  classroomId: 3,
  classroomName: 'Room 101',
  teacherId: 7,
  teacherName: 'Wang Fang',
  status: 'declarable',
  reviewComment: '',
  reviewerName: '',
  reviewedAt: '',
  sessionId: null,
  enrolled: 0,
  updatedAt: '2026-09-01 10:00',
  mine: true,
  editable: true,
  ...extra,
});

const ROWS: DeclarationRow[] = [
  declaration(1, { name: 'Robotics' }),
  declaration(2, { name: 'Chess club', status: 'declared', editable: false }),
  declaration(3, { name: 'Pottery', status: 'rejected', reviewComment: 'Too close to the exams', reviewerName: 'Dean Zhao', reviewedAt: '2026-09-02 09:00' }),
  declaration(4, { name: 'Astronomy', status: 'approved', editable: false, sessionId: 40, enrolled: 12, reviewerName: 'Dean Zhao', reviewedAt: '2026-09-02 09:30' }),
];

const success = vi.fn();
const confirm = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  confirm.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${BASE}/options`, () => OPTIONS)
    .on(`${BASE}/page`, () => ({ total: ROWS.length, rows: ROWS }))
    .on(`${BASE}/create`, () => ({ id: 9 }))
    .on(`${BASE}/declare`, () => null)
    .on(`${BASE}/withdraw`, () => null);
  useSession.setState({ permissions: ['elective:declare'], roles: [] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DeclarationsPage route={route} />
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

const lectureInputs = () => screen.getAllByTestId(/^elective-lecture-\d+$/) as HTMLInputElement[];

describe('DeclarationsPage', () => {
  it('lists the declarations with their status tags and offers what the status machine allows', async () => {
    renderPage();
    expect(await screen.findByText('Robotics')).toBeInTheDocument();
    expect(screen.getByTestId('elective-status-1')).toHaveTextContent('可申报');
    expect(screen.getByTestId('elective-status-2')).toHaveTextContent('已申报');
    expect(screen.getByTestId('elective-status-3')).toHaveTextContent('已驳回');
    expect(screen.getByTestId('elective-status-4')).toHaveTextContent('审核通过');

    // A draft: modify, declare, delete; no withdraw.
    expect(screen.getByTestId('elective-edit-1')).toBeInTheDocument();
    expect(screen.getByTestId('elective-declare-1')).toBeInTheDocument();
    expect(screen.getByTestId('elective-delete-1')).toBeInTheDocument();
    expect(screen.queryByTestId('elective-withdraw-1')).toBeNull();
    // A declared one: withdraw only, never modify nor delete.
    expect(screen.getByTestId('elective-withdraw-2')).toBeInTheDocument();
    expect(screen.queryByTestId('elective-edit-2')).toBeNull();
    expect(screen.queryByTestId('elective-declare-2')).toBeNull();
    expect(screen.queryByTestId('elective-delete-2')).toBeNull();
    // A rejected one shows the office's reason and may be changed and declared again.
    expect(screen.getByTestId('elective-reason-3')).toHaveTextContent('Too close to the exams');
    expect(screen.getByTestId('elective-edit-3')).toBeInTheDocument();
    expect(screen.getByTestId('elective-declare-3')).toBeInTheDocument();
    // An approved one is only viewed, with its enrolment.
    expect(screen.queryByTestId('elective-edit-4')).toBeNull();
    expect(screen.queryByTestId('elective-withdraw-4')).toBeNull();
    expect(screen.getByTestId('elective-view-4')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('elective-withdraw-2'));
    await waitFor(() => expect(stub.bodies(`${BASE}/withdraw`)).toEqual([{ id: 2 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Withdrawn: it is a draft again'));

    // Declaring asks first.
    fireEvent.click(screen.getByTestId('elective-declare-1'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(stub.calls(`${BASE}/declare`)).toHaveLength(0);
    await act(async () => {
      await (confirm.mock.calls[0]![0] as ModalFuncProps).onOk?.();
    });
    expect(stub.bodies(`${BASE}/declare`)).toEqual([{ id: 1 }]);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Declared: the academic office will review it'));
  });

  it('refuses fewer than 12 lectures, then sends a valid declaration', async () => {
    renderPage();
    await screen.findByText('Robotics');
    fireEvent.click(screen.getByTestId('manage-add'));
    const dialog = await screen.findByTestId('elective-declaration-dialog');
    // A new declaration starts with the twelve lines to fill in, the current term and its weeks.
    expect(lectureInputs()).toHaveLength(12);
    expect(screen.getByTestId('elective-form-week-to')).toHaveValue('20');

    fireEvent.change(screen.getByTestId('elective-form-name'), { target: { value: ' Robotics 2 ' } });
    fireEvent.change(screen.getByTestId('elective-form-intro'), { target: { value: 'Build and program a robot.' } });
    fireEvent.change(screen.getByTestId('elective-form-capacity'), { target: { value: '30' } });
    await pick('elective-form-grades', 'Grade 10');
    await pick('elective-form-day', 'Wednesday');
    await pick('elective-form-period', 'Period 7');
    await pick('elective-form-room', i18n.t('electiveUi.roomWithSeats', { name: 'Room 101', seats: 40 }));

    // Eleven lectures: one line removed, the rest filled.
    fireEvent.click(screen.getByTestId('elective-lecture-remove-11'));
    await waitFor(() => expect(lectureInputs()).toHaveLength(11));
    lectureInputs().forEach((input, index) => fireEvent.change(input, { target: { value: `Part ${index + 1}` } }));
    fireEvent.click(screen.getByTestId('elective-declaration-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('elective.lecturesMin'))).toBeInTheDocument();
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);

    // An empty line is refused on its own.
    fireEvent.click(screen.getByTestId('elective-lecture-add'));
    await waitFor(() => expect(lectureInputs()).toHaveLength(12));
    fireEvent.click(screen.getByTestId('elective-declaration-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('elective.lectureEmpty'))).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText(i18n.t('elective.lecturesMin'))).toBeNull());
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);

    fireEvent.change(lectureInputs()[11]!, { target: { value: ' Part 12 ' } });
    fireEvent.click(screen.getByTestId('elective-declaration-dialog-ok'));
    await waitFor(() => expect(stub.calls(`${BASE}/create`)).toHaveLength(1));
    expect(stub.bodies(`${BASE}/create`)[0]).toEqual({
      termId: 1,
      name: 'Robotics 2',
      intro: 'Build and program a robot.',
      lectures: Array.from({ length: 12 }, (_, index) => `Part ${index + 1}`),
      capacity: 30,
      gradeIds: [10],
      day: 3,
      period: 7,
      weekFrom: 1,
      weekTo: 20,
      classroomId: 3,
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
  });

  it('refuses a room seating fewer than the capacity', async () => {
    renderPage();
    await screen.findByText('Robotics');
    fireEvent.click(screen.getByTestId('elective-edit-1'));
    const dialog = await screen.findByTestId('elective-declaration-dialog');
    await pick('elective-form-room', i18n.t('electiveUi.roomWithSeats', { name: 'Lab 2', seats: 20 }));
    fireEvent.click(screen.getByTestId('elective-declaration-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('elective.roomTooSmall', { room: 'Lab 2', seats: 20 }))).toBeInTheDocument();
    expect(stub.calls(`${BASE}/update`)).toHaveLength(0);
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByText('Robotics');
    expect(screen.getByTestId('elective-status-4')).toHaveTextContent('review passed');
    fireEvent.click(screen.getByTestId('elective-view-3'));
    expect(await screen.findByTestId('elective-detail-reason')).toHaveTextContent('Too close to the exams');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByTestId('elective-view-close'));
    fireEvent.click(screen.getByTestId('manage-add'));
    await screen.findByTestId('elective-declaration-dialog');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
