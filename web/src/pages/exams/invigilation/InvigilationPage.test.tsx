import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ModalFuncProps } from 'antd';
import {
  invigilationAssignSchema,
  invigilationSettingsSchema,
  type ExamArrangementRow,
  type InvigilationSessionRow,
  type InvigilationSettings,
  type InvigilatorLoad,
  type MyInvigilation,
} from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { download } from '../../../api/client.ts';
import { saveBlob } from '../../../api/exports.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import InvigilationPage from './InvigilationPage.tsx';
import InvigilationArrangementPage, { groupSessions } from './InvigilationArrangementPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// The stub's envelope carries the server's msg for the writes, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: StubError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = {
    arrange: '3 places filled, 1 left empty: too few staff are free at those times',
    assign: 'Invigilators saved',
    save: 'Settings saved',
  };
  return {
    ...clientModule,
    ApiError: StubError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob(['x'])),
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: vi.fn() }));

const ROOMS = '/api/exams/rooms';
const BASE = '/api/exams/invigilation';
const route = { path: '/kwgl/jkap', title: 'Invigilation', titleEn: 'Invigilation' } as AppRoute;
const arrangeRoute = { path: '/kwapjt/pk', title: 'Invigilation arrangement', titleEn: 'Invigilation arrangement' } as AppRoute;

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
  candidates: 50,
  placed: 50,
  rooms: 2,
  sessions: 4,
  invigilatorsNeeded: 5,
  invigilatorsAssigned: 3,
  ended: false,
  ...extra,
});
const EXAMS = [exam(1, { name: 'Grade 10 midterm' }), exam(2, { name: 'Grade 11 monthly test', published: true, invigilatorsAssigned: 5 })];

const duty = (id: number, role: 'chief' | 'assistant' | 'patrol', name: string, staffNumber: string) => ({ staffId: id, staffNumber, name, role });
const session = (id: number, extra: Partial<InvigilationSessionRow>): InvigilationSessionRow => ({
  id,
  courseId: 5,
  courseName: 'Maths',
  examDate: '2026-11-25',
  startTime: '08:30',
  endTime: '10:00',
  roomNumber: 1,
  classroomName: 'A101',
  candidates: 30,
  needed: 2,
  invigilators: [],
  ...extra,
});
const SESSIONS: InvigilationSessionRow[] = [
  session(21, { courseId: 6, courseName: 'English', examDate: '2026-11-26', endTime: '10:30', invigilators: [duty(3, 'chief', 'Zhao', 'T003'), duty(4, 'patrol', 'Sun', 'T004')] }),
  session(11, { invigilators: [duty(2, 'assistant', 'Li', 'T002'), duty(1, 'chief', 'Wang', 'T001')] }),
  session(12, { roomNumber: 2, classroomName: 'A102', candidates: 20, needed: 1 }),
];

const SETTINGS: InvigilationSettings = {
  staff: [
    { id: 1, staffNumber: 'T001', name: 'Wang', departmentName: 'Maths' },
    { id: 2, staffNumber: 'T002', name: 'Li', departmentName: 'Maths' },
    { id: 3, staffNumber: 'T003', name: 'Zhao', departmentName: 'English' },
    { id: 4, staffNumber: 'T004', name: 'Sun', departmentName: '' },
  ],
  avoidOwnSubject: true,
  twoInvigilatorsFrom: 25,
  unavailable: [{ staffId: 3, staffName: 'Zhao', examDate: '2026-11-25', startTime: '08:00', endTime: '12:00', reason: 'Training' }],
};

const LOADS: InvigilatorLoad[] = [
  { staffId: 1, staffNumber: 'T001', name: 'Wang', sessions: 1, hours: 1.5, byRole: { Chief: 1.5 } },
  { staffId: 3, staffNumber: 'T003', name: 'Zhao', sessions: 1, hours: 2, byRole: { Chief: 2 } },
  { staffId: 2, staffNumber: 'T002', name: 'Li', sessions: 1, hours: 1.5, byRole: { Assistant: 1.5 } },
  { staffId: 4, staffNumber: 'T004', name: 'Sun', sessions: 1, hours: 2, byRole: { Patrol: 2 } },
];

const mine = (courseName: string, roleName: string, hours: number, extra: Partial<MyInvigilation> = {}): MyInvigilation => ({
  batchName: 'Grade 10 midterm',
  courseName,
  examDate: '2026-11-25',
  startTime: '08:30',
  endTime: '10:00',
  roomNumber: 1,
  classroomName: 'A101',
  roleName,
  hours,
  ...extra,
});
const MINE = [mine('Maths', 'Chief', 1.5), mine('English', 'Chief', 2, { examDate: '2026-11-26', endTime: '10:30' }), mine('Physics', 'Patrol', 1, { examDate: '2026-11-27', roomNumber: 2 })];

const success = vi.fn();
const warning = vi.fn();
const confirm = vi.fn();

const originalMatchMedia = window.matchMedia;

function signIn(permissions: string[]) {
  useSession.setState({ permissions, roles: [], user: { userId: 'T001', username: 'Wang', userType: 3, displayName: 'Wang' } });
}
const OFFICE = ['exam:invigilation', 'exam:invigilation:edit'];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T09:00:00') });
  viewport(1366);
  stub.reset();
  success.mockClear();
  warning.mockClear();
  confirm.mockReset();
  vi.mocked(download).mockClear();
  vi.mocked(saveBlob).mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning, info: vi.fn() }, modal: { confirm, warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  stub
    .on(`${ROOMS}/exams`, () => ({ total: EXAMS.length, rows: EXAMS }))
    .on(`${ROOMS}/exam`, (o) => EXAMS.find((row) => row.id === (o?.json as { batchId: number }).batchId))
    .on(`${BASE}/mine`, () => MINE)
    .on(`${BASE}/settings`, () => SETTINGS)
    .on(`${BASE}/sessions`, () => SESSIONS)
    .on(`${BASE}/loads`, () => LOADS)
    .on(`${BASE}/staff`, () => [
      { id: 5, staffNumber: 'T005', name: 'Zhou', departmentName: 'Physics' },
      { id: 1, staffNumber: 'T001', name: 'Wang', departmentName: 'Maths' },
    ])
    .on(`${BASE}/settings/save`, () => null)
    .on(`${BASE}/arrange`, () => ({ assigned: 3, unfilled: 1 }))
    .on(`${BASE}/assign`, () => null);
  signIn(OFFICE);
});

afterEach(async () => {
  vi.useRealTimers();
  window.matchMedia = originalMatchMedia;
  useSession.setState({ user: null, permissions: [] });
  await act(() => i18n.changeLanguage('zh'));
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/kwgl/jkap" element={<InvigilationPage route={route} />} />
          <Route path="/kwapjt/pk" element={<InvigilationArrangementPage route={arrangeRoute} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The options of a Select's own dropdown (found through its listbox), once it is open. */
function optionsOf(testId: string): HTMLElement[] {
  const combobox = within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox');
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? combobox.getAttribute('aria-owns') ?? '');
  const dropdown = listbox?.closest('.ant-select-dropdown');
  return dropdown ? [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')] : [];
}

/** Opens a Select and clicks the option whose text starts with `text`. */
async function pick(testId: string, text: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = optionsOf(testId).find((el) => el.textContent?.startsWith(text));
    if (!found) throw new Error(`no option ${text}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

/** Opens a date picker and clicks the day. */
async function pickDate(testId: string, date: string) {
  fireEvent.mouseDown(screen.getByTestId(testId));
  fireEvent.click(screen.getByTestId(testId));
  const cell = await waitFor(() => {
    const found = document.querySelector(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${date}"]`);
    if (!found) throw new Error(`no day ${date}`);
    return found as HTMLElement;
  });
  fireEvent.click(cell);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe('InvigilationPage', () => {
  it('shows a teacher their own duties with the hours per role, and the exams to view', async () => {
    signIn(['exam:invigilation']);
    renderAt('/kwgl/jkap');
    const table = await screen.findByTestId('invigilation-mine-table');
    expect(within(table).getByText('Physics')).toBeInTheDocument();
    expect(within(table).getAllByText('Grade 10 midterm')).toHaveLength(3);
    expect(within(table).getByText(t('examRoom.roomName', { number: 2 }) + ' · A101')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-26 08:30–10:30')).toBeInTheDocument();
    expect(screen.getByTestId('invigilation-mine-totals')).toHaveTextContent(t('invigilationPage.mineTotal', { count: 3, hours: '4.5' }));
    expect(screen.getAllByTestId('invigilation-mine-role').map((tag) => tag.textContent)).toEqual([
      t('invigilationPage.roleHours', { role: 'Chief', hours: '3.5' }),
      t('invigilationPage.roleHours', { role: 'Patrol', hours: '1' }),
    ]);

    fireEvent.click(screen.getByTestId('invigilation-tab-exams'));
    expect(await screen.findByText('Grade 11 monthly test')).toBeInTheDocument();
    // Without the edit button every exam is only viewed.
    expect(screen.getByTestId('invigilation-open-1')).toHaveTextContent(t('invigilationPage.view'));
    expect(screen.getByTestId('invigilation-open-2')).toHaveTextContent(t('invigilationPage.view'));
    expect(screen.getByTestId('invigilation-progress-1')).toHaveTextContent('3 / 5');
    expect(screen.getByTestId('invigilation-published-2')).toHaveTextContent(t('invigilationPage.published'));

    fireEvent.click(screen.getByTestId('invigilation-open-1'));
    expect(await screen.findByTestId('invigilation-exam-name')).toHaveTextContent('Grade 10 midterm');
    await screen.findByTestId('invigilation-invigilators-11');
    for (const testId of ['invigilation-arrange', 'invigilation-export', 'invigilation-change-11']) expect(screen.queryByTestId(testId)).toBeNull();
    // The settings are shown read-only, without the staff search.
    await waitFor(() => expect(screen.getByTestId('invigilation-settings-open')).toBeEnabled());
    fireEvent.click(screen.getByTestId('invigilation-settings-open'));
    const dialog = await screen.findByTestId('invigilation-settings');
    expect(within(dialog).getByText('T003')).toBeInTheDocument();
    expect(screen.queryByTestId('invigilation-settings-ok')).toBeNull();
    expect(screen.queryByTestId('invigilation-staff-search')).toBeNull();
    expect(screen.queryByTestId('invigilation-pool-remove-1')).toBeNull();
    expect(stub.calls(`${BASE}/staff`)).toHaveLength(0);
  });

  it('shows the duties as cards on a phone', async () => {
    viewport(390);
    signIn(['exam:invigilation']);
    renderAt('/kwgl/jkap');
    const cards = await screen.findByTestId('invigilation-mine-cards');
    expect(within(cards).getAllByTestId(/^invigilation-mine-card-/)).toHaveLength(3);
    expect(screen.getByTestId('invigilation-mine-card-2')).toHaveTextContent('Physics');
    expect(screen.getByTestId('invigilation-mine-card-2')).toHaveTextContent(t('invigilationPage.hoursValue', { hours: '1' }));
    expect(screen.queryByTestId('invigilation-mine-table')).toBeNull();
  });

  it('lands the office on the exams, searches them and opens one to arrange', async () => {
    renderAt('/kwgl/jkap');
    expect(await screen.findByText('Grade 10 midterm')).toBeInTheDocument();
    expect(stub.bodies(`${ROOMS}/exams`)[0]?.search).toEqual({ keyword: '', termId: '', gradeId: '' });
    expect(screen.getByTestId('invigilation-open-1')).toHaveTextContent(t('invigilationPage.arrange'));
    // A published exam is only viewed.
    expect(screen.getByTestId('invigilation-open-2')).toHaveTextContent(t('invigilationPage.view'));
    type('invigilation-search-keyword', ' midterm ');
    fireEvent.click(screen.getByTestId('query-header-search'));
    await waitFor(() => expect(stub.bodies(`${ROOMS}/exams`).at(-1)?.search).toEqual({ keyword: 'midterm', termId: '', gradeId: '' }));

    fireEvent.click(screen.getByTestId('invigilation-open-1'));
    expect(await screen.findByTestId('invigilation-exam-name')).toHaveTextContent('Grade 10 midterm');
    expect(stub.bodies(`${ROOMS}/exam`)).toEqual([{ batchId: 1 }]);
    expect(screen.getByTestId('invigilation-summary-progress')).toHaveTextContent('3 / 5');
    fireEvent.click(screen.getByTestId('invigilation-back'));
    expect(await screen.findByTestId('invigilation-page')).toBeInTheDocument();
  });

  it('lists the sessions by time and subject with their invigilators, and the hours of each pool member', async () => {
    renderAt('/kwapjt/pk?batchId=1');
    const cell = await screen.findByTestId('invigilation-invigilators-11');
    // Chiefs first, each with their role.
    expect([...cell.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual([
      t('invigilationPage.onDuty', { name: 'Wang', role: t('invigilationPage.role.chief') }),
      t('invigilationPage.onDuty', { name: 'Li', role: t('invigilationPage.role.assistant') }),
    ]);
    // Both rooms of the Maths sitting come first, under one subject cell.
    const rows = [...screen.getByTestId('invigilation-sessions').querySelectorAll('tbody tr.ant-table-row')].map((row) => row.getAttribute('data-row-key'));
    expect(rows).toEqual(['11', '12', '21']);
    expect(screen.getByTestId('invigilation-sitting-11')).toHaveTextContent('Maths');
    expect(screen.queryByTestId('invigilation-sitting-12')).toBeNull();
    expect(screen.getByTestId('invigilation-sitting-21')).toHaveTextContent('2026-11-26 08:30–10:30');
    expect(screen.getByTestId('invigilation-invigilators-12')).toHaveTextContent(t('invigilationPage.nobody'));
    // A patrol does not count in the room.
    expect(screen.getByTestId('invigilation-missing-12')).toHaveTextContent(t('invigilationPage.missing', { count: 1 }));
    expect(screen.getByTestId('invigilation-missing-21')).toHaveTextContent(t('invigilationPage.missing', { count: 1 }));
    expect(screen.queryByTestId('invigilation-missing-11')).toBeNull();
    expect(screen.getByTestId('invigilation-short')).toHaveTextContent(t('invigilationPage.shortTotal', { count: 2 }));

    await pick('invigilation-subject', 'English');
    await waitFor(() => expect(screen.queryByTestId('invigilation-invigilators-11')).toBeNull());
    expect(screen.getByTestId('invigilation-invigilators-21')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('invigilation-tab-hours'));
    const loads = await screen.findByTestId('invigilation-loads');
    expect(within(loads).getByText('T004')).toBeInTheDocument();
    expect([...loads.querySelectorAll('thead th')].map((th) => th.textContent)).toContain(t('invigilationPage.roleHoursColumn', { role: 'Patrol' }));
    expect(screen.getByTestId('invigilation-balance')).toHaveTextContent(t('invigilationPage.balance', { count: 4, average: '1.75', least: '1.5', most: '2' }));

    fireEvent.click(screen.getByTestId('invigilation-export'));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenCalledWith(`${BASE}/loads/export`, { query: { batchId: 1 } });
  });

  it('changes a session by hand, showing the refusal of a clash in the dialog', async () => {
    renderAt('/kwapjt/pk?batchId=1');
    fireEvent.click(await screen.findByTestId('invigilation-change-12'));
    await screen.findByTestId('invigilation-assign');
    // Those placed elsewhere at the time or unavailable then are marked.
    await pick('invigilation-assign-chief', 'T001 Wang');
    const options = optionsOf('invigilation-assign-chief').map((option) => option.textContent);
    expect(options).toContain(`T001 Wang (${t('invigilationPage.busyIn', { room: `${t('examRoom.roomName', { number: 1 })} · A101` })})`);
    expect(options).toContain(`T003 Zhao (${t('invigilationPage.unavailableThen')})`);

    const refusal = 'Class time conflict, please change: Wang invigilates Maths of Grade 10 midterm on 2026-11-25 08:30-10:00';
    stub.on(`${BASE}/assign`, () => {
      throw new ApiError(refusal);
    });
    fireEvent.click(screen.getByTestId('invigilation-assign-ok'));
    expect(await screen.findByTestId('invigilation-assign-error')).toHaveTextContent(refusal);
    expect(stub.bodies(`${BASE}/assign`)).toEqual([{ sessionId: 12, invigilators: [{ staffId: 1, role: 'chief' }] }]);
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('invigilation-assign')).toBeInTheDocument();

    stub.on(`${BASE}/assign`, () => null);
    await pick('invigilation-assign-chief', 'T004 Sun');
    await pick('invigilation-assign-patrol', 'T002 Li');
    fireEvent.click(screen.getByTestId('invigilation-assign-ok'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invigilators saved'));
    const body = stub.bodies(`${BASE}/assign`).at(-1);
    expect(body).toEqual({ sessionId: 12, invigilators: [{ staffId: 4, role: 'chief' }, { staffId: 2, role: 'patrol' }] });
    expect(invigilationAssignSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('invigilation-assign')).toBeNull());
    await waitFor(() => expect(stub.calls(`${BASE}/sessions`).length).toBeGreaterThan(1));
  });

  it('edits the pool, the rules and the unavailable times, and saves them together', async () => {
    renderAt('/kwapjt/pk?batchId=1');
    await waitFor(() => expect(screen.getByTestId('invigilation-settings-open')).toBeEnabled());
    fireEvent.click(screen.getByTestId('invigilation-settings-open'));
    const dialog = await screen.findByTestId('invigilation-settings');
    expect(within(screen.getByTestId('invigilation-unavailable')).getByText('Training')).toBeInTheDocument();
    // Removing a member takes their unavailable times with them.
    fireEvent.click(screen.getByTestId('invigilation-pool-remove-3'));
    expect(within(screen.getByTestId('invigilation-unavailable')).queryByText('Training')).toBeNull();

    // The staff search adds someone to the pool.
    fireEvent.change(within(screen.getByTestId('invigilation-staff-search').closest('.ant-select') as HTMLElement).getByRole('combobox'), { target: { value: 'T00' } });
    await waitFor(() => expect(stub.bodies(`${BASE}/staff`).at(-1)).toEqual({ keyword: 'T00' }));
    await pick('invigilation-staff-search', 'T005');
    expect(await within(dialog).findByText('Zhou')).toBeInTheDocument();

    // An unavailable time needs its staff member, date and times.
    fireEvent.click(screen.getByTestId('invigilation-unavailable-add'));
    expect(await screen.findByTestId('invigilation-unavailable-error')).toHaveTextContent(t('invigilation.staffRequired'));
    await pick('invigilation-unavailable-staff', 'T005 Zhou');
    await pickDate('invigilation-unavailable-date', '2026-11-25');
    type('invigilation-unavailable-start', '1000');
    type('invigilation-unavailable-end', '9:30');
    expect(screen.getByTestId('invigilation-unavailable-start')).toHaveValue('10:00');
    fireEvent.click(screen.getByTestId('invigilation-unavailable-add'));
    await waitFor(() => expect(screen.getByTestId('invigilation-unavailable-error')).toHaveTextContent(t('exam.endBeforeStart')));
    type('invigilation-unavailable-end', '1200');
    type('invigilation-unavailable-reason', 'Meeting');
    fireEvent.click(screen.getByTestId('invigilation-unavailable-add'));
    expect(await within(screen.getByTestId('invigilation-unavailable')).findByText('Meeting')).toBeInTheDocument();
    expect(screen.queryByTestId('invigilation-unavailable-error')).toBeNull();

    fireEvent.click(screen.getByTestId('invigilation-avoid-own'));
    fireEvent.change(screen.getByTestId('invigilation-two-from'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('invigilation-settings-ok'));
    await waitFor(() => expect(stub.calls(`${BASE}/settings/save`)).toHaveLength(1));
    const body = stub.bodies(`${BASE}/settings/save`)[0];
    expect(body).toEqual({
      batchId: 1,
      staffIds: [1, 2, 4, 5],
      avoidOwnSubject: false,
      twoInvigilatorsFrom: 30,
      unavailable: [{ staffId: 5, examDate: '2026-11-25', startTime: '10:00', endTime: '12:00', reason: 'Meeting' }],
    });
    expect(invigilationSettingsSchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    await waitFor(() => expect(screen.queryByTestId('invigilation-settings')).toBeNull());
  });

  it('shows the refusal of the settings in the dialog', async () => {
    stub.on(`${BASE}/settings/save`, () => {
      throw new ApiError('Wang has an unavailable time but is not in the pool');
    });
    renderAt('/kwapjt/pk?batchId=1');
    await waitFor(() => expect(screen.getByTestId('invigilation-settings-open')).toBeEnabled());
    fireEvent.click(screen.getByTestId('invigilation-settings-open'));
    await screen.findByTestId('invigilation-settings');
    fireEvent.click(screen.getByTestId('invigilation-settings-ok'));
    expect(await screen.findByTestId('invigilation-settings-error')).toHaveTextContent('Wang has an unavailable time but is not in the pool');
    expect(screen.getByTestId('invigilation-settings')).toBeInTheDocument();
  });

  it('arranges automatically after confirming, warning when places stay empty', async () => {
    renderAt('/kwapjt/pk?batchId=1');
    fireEvent.click(await screen.findByTestId('invigilation-arrange'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    const asked = confirm.mock.calls[0]![0] as ModalFuncProps;
    expect(asked.title).toBe(t('invigilationPage.arrangeTitle', { name: 'Grade 10 midterm' }));
    expect(asked.content).toBe(t('invigilationPage.arrangeConfirm'));
    await act(async () => void (await asked.onOk?.()));
    expect(stub.bodies(`${BASE}/arrange`)).toEqual([{ batchId: 1 }]);
    expect(warning).toHaveBeenCalledWith('3 places filled, 1 left empty: too few staff are free at those times');
    await waitFor(() => expect(stub.calls(`${BASE}/loads`).length).toBeGreaterThan(1));
  });

  it('shows a published exam read-only to the office, and a missing exam with the way back', async () => {
    renderAt('/kwapjt/pk?batchId=2');
    expect(await screen.findByTestId('invigilation-locked')).toHaveTextContent(t('invigilationPage.publishedLocked'));
    await screen.findByTestId('invigilation-invigilators-11');
    expect(screen.queryByTestId('invigilation-arrange')).toBeNull();
    expect(screen.queryByTestId('invigilation-change-11')).toBeNull();
    // The hours are still exported.
    expect(screen.getByTestId('invigilation-export')).toBeInTheDocument();
  });

  it('asks for an exam when the address names none', async () => {
    renderAt('/kwapjt/pk');
    expect(await screen.findByTestId('invigilation-no-exam')).toHaveTextContent(t('invigilationPage.noExam'));
    fireEvent.click(screen.getByTestId('invigilation-back'));
    expect(await screen.findByTestId('invigilation-page')).toBeInTheDocument();
  });

  it('groups the sessions of a sitting together', () => {
    const grouped = groupSessions(SESSIONS);
    expect(grouped.map((row) => [row.id, row.span])).toEqual([
      [11, 2],
      [12, 0],
      [21, 1],
    ]);
  });

  it('shows English texts without Chinese but the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    signIn(['exam:invigilation']);
    renderAt('/kwgl/jkap');
    await screen.findByTestId('invigilation-mine-table');
    expect(screen.getByTestId('invigilation-tab-mine')).toHaveTextContent('My invigilation');
    fireEvent.click(screen.getByTestId('invigilation-tab-exams'));
    await screen.findByText('Grade 11 monthly test');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
