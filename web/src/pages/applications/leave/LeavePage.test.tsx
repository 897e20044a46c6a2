import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ApplicationView, OnLeaveRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import LeavePage from './LeavePage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });
// The stub's envelope carries the server's msg for the writes, as the real client would.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { create: 'Sent for approval', withdraw: 'Withdrawn', cancel: 'Cancelled' };
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    upload: (path: string, parts: { fields?: Record<string, string>; files: File[] }) => calls.call(path, { form: { purpose: parts.fields?.purpose ?? '', name: parts.files[0]?.name ?? '' } }),
    download: () => Promise.reject(new Error('no download in tests')),
  };
});

const route = { path: '/sqsp/qjsq', title: '请假申请', titleEn: 'Leave application' } as AppRoute;
const CHILDREN = [
  { id: 11, name: 'Zhang Xiaoming', className: 'Class 8-1' },
  { id: 12, name: 'Zhang Xiaohong', className: 'Class 5-2' },
];

const row = (id: number, extra: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  id,
  type: 'studentLeave',
  status: 'pending',
  applicantName: 'Zhang Dad',
  studentId: 11,
  subjectName: 'Zhang Xiaoming',
  className: 'Class 8-1',
  leaveType: 'sick',
  leaveTypeName: 'Sick leave',
  startAt: '2026-11-25 08:00',
  endAt: '2026-11-26 17:00',
  duration: { days: 2, periods: 14 },
  reason: `Fever ${id}`,
  destination: '',
  follower: '',
  cancelled: false,
  returnedAt: '',
  cancelNote: '',
  step: 1,
  stepCount: 2,
  createdAt: '2026-11-24 20:00:00',
  canWithdraw: true,
  canCancel: false,
  details: {},
  termNames: [],
  certificate: null,
  ...extra,
});

const view = (id: number, extra: Partial<ApplicationView> = {}): ApplicationView => ({
  ...row(id),
  images: [{ id: 'img9', name: 'note.jpg', size: 2000, mimeType: 'image/jpeg' }],
  trail: [
    { step: 1, kind: 'classTeacher', approverNames: [], decision: 'approve', deciderName: 'Teacher Wang', comment: 'Rest well', decidedAt: '2026-11-24 21:00:00' },
    { step: 2, kind: 'divisionDirector', approverNames: ['Director Li'], decision: null, deciderName: '', comment: '', decidedAt: '' },
  ],
  canDecide: false,
  step: 2,
  ...extra,
});

const ON_LEAVE: OnLeaveRow[] = [
  { applicationId: 31, studentId: 41, studentName: 'Li Lei', studentNumber: 'S041', className: 'Class 8-1', leaveTypeName: 'Sick leave', startAt: '2026-11-25 08:00', endAt: '2026-11-25 17:00', reason: 'Cold' },
];

const original = window.matchMedia;
const success = vi.fn();
let views: Record<number, ApplicationView>;

function signIn(userType: 2 | 3 | 4) {
  useSession.setState({ user: { userId: 'x', username: 'x', userType, displayName: 'x' } });
  stub.on('/api/applications/leave/children', () => (userType === 4 ? CHILDREN : userType === 2 ? CHILDREN.slice(0, 1) : []));
}

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  viewport(1366);
  await act(() => i18n.changeLanguage('zh'));
  views = {};
  signIn(4);
  stub
    .on('/api/applications/leave/page', () => ({ total: 2, rows: [row(1), row(2, { status: 'approved', canWithdraw: false, canCancel: true, step: 2 })] }))
    .on('/api/applications/leave/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return views[id] ?? view(id);
    })
    .on('/api/applications/leave/withdraw', () => null)
    .on('/api/applications/leave/cancel', () => null)
    .on('/api/applications/leave/create', () => ({ id: 9, duration: { days: 1, periods: 7 } }))
    .on('/api/applications/leave/onLeave', (o) => ({ date: (o?.json as { search: { date?: string } }).search.date ?? '2026-11-25', total: 1, rows: ON_LEAVE }))
    .on('/dicts', () => ({ STD_LEAVE_TYPE: [{ code: 'sick', name: 'Sick leave' }, { code: 'personal', name: 'Personal leave' }] }))
    .on('/api/files/upload', (o) => [{ RESID: 'img1', name: (o?.form as { name: string }).name, size: 8, mimeType: 'image/jpeg', url: '/file/download/img1' }])
    .on('/file/download/img9', () => new Blob());
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

function renderPage(entry = '/sqsp/qjsq') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <LeavePage route={route} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pageBodies = () => stub.bodies('/api/applications/leave/page') as { search: Record<string, unknown> }[];
const inputOf = (testId: string, scope: HTMLElement | Document = document) => {
  const el = within(scope as HTMLElement).getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

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

function typeTime(testId: string, value: string, scope: HTMLElement) {
  const input = inputOf(testId, scope);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** The OK button of the open confirmation. */
const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary');
    if (!button) throw new Error('no confirmation');
    return button as HTMLElement;
  });

describe('LeavePage', () => {
  it("lists a parent's applications for the chosen child, filters by status and switches child", async () => {
    renderPage();
    await screen.findByText('Fever 1');
    expect(pageBodies()).toHaveLength(1);
    expect(pageBodies()[0]).toMatchObject({ currPage: 0, limit: 10, search: { status: '', studentId: 11 } });
    const statuses = screen.getAllByTestId('application-status');
    expect(statuses[0]).toHaveTextContent('待审批');
    expect(statuses[1]).toHaveTextContent('已通过');
    expect(screen.getAllByTestId('application-progress')[0]).toHaveTextContent('第1/2步');
    expect(screen.getAllByTestId('leave-duration')[0]).toHaveTextContent('2天，14节课');
    // The row's actions: withdraw while pending, 销假 once approved.
    expect(screen.getByTestId('application-withdraw-1')).toBeInTheDocument();
    expect(screen.queryByTestId('application-cancel-1')).toBeNull();
    expect(screen.getByTestId('application-cancel-2')).toBeInTheDocument();
    // No staff tabs for a family.
    expect(screen.queryByTestId('leave-tab-onLeave')).toBeNull();

    await pick('application-search-status', '已通过');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询|search/i }));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ status: 'approved', studentId: 11 }));
    fireEvent.click(screen.getByTestId('leave-child-12'));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ status: 'approved', studentId: 12 }));
  });

  it('refuses an incomplete application with the messages, then applies for the chosen child with a picture', async () => {
    renderPage();
    await screen.findByText('Fever 1');
    fireEvent.click(screen.getByTestId('application-apply'));
    const dialog = await screen.findByTestId('leave-dialog');
    fireEvent.click(screen.getByTestId('leave-dialog-ok'));
    expect(await within(dialog).findByText('请选择请假类型')).toBeInTheDocument();
    expect(within(dialog).getByText('开始时间不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('结束时间不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('请假事由不能为空')).toBeInTheDocument();
    expect(stub.calls('/api/applications/leave/create')).toHaveLength(0);
    // The types come from the dictionary STD_LEAVE_TYPE.
    expect(stub.bodies('/dicts')).toEqual([{ typeArr: 'STD_LEAVE_TYPE' }]);

    await pick('leave-form-type', 'Sick leave');
    typeTime('leave-form-start', '2026-12-01 08:00', dialog);
    typeTime('leave-form-end', '2026-11-30 08:00', dialog);
    fireEvent.change(screen.getByTestId('leave-form-reason'), { target: { value: ' Fever ' } });
    fireEvent.click(screen.getByTestId('leave-dialog-ok'));
    expect(await within(dialog).findByText('结束时间必须晚于开始时间')).toBeInTheDocument();
    expect(stub.calls('/api/applications/leave/create')).toHaveLength(0);

    typeTime('leave-form-end', '2026-12-02 17:00', dialog);
    const picture = screen.getByTestId('leave-form-images').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(picture, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'note.jpg', { type: 'image/jpeg' })] } });
    await within(dialog).findByText('note.jpg');
    const loads = pageBodies().length;
    fireEvent.click(screen.getByTestId('leave-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/applications/leave/create')).toEqual([{ studentId: 11, leaveType: 'sick', startAt: '2026-12-01 08:00', endAt: '2026-12-02 17:00', reason: 'Fever', images: ['img1'] }]),
    );
    expect(stub.bodies('/api/files/upload')[0]).toMatchObject({ purpose: 'leaveImage' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sent for approval：共1天，7节课'));
    await waitFor(() => expect(pageBodies().length).toBeGreaterThan(loads));
  });

  it('opens the application of a message link with every field, the pictures and the trail, and withdraws it', async () => {
    renderPage('/sqsp/qjsq?id=5');
    const panel = await screen.findByTestId('application-detail');
    expect(panel).toHaveAttribute('data-id', '5');
    expect(stub.bodies('/api/applications/leave/get')[0]).toEqual({ id: 5 });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/sqsp\/qjsq$/));
    expect(within(panel).getByTestId('application-fact-type')).toHaveTextContent('学生请假');
    expect(within(panel).getByTestId('application-fact-person')).toHaveTextContent('Zhang Xiaoming · Class 8-1');
    expect(within(panel).getByTestId('application-fact-leaveType')).toHaveTextContent('Sick leave');
    expect(within(panel).getByTestId('application-fact-time')).toHaveTextContent('2026-11-25 08:00 至 2026-11-26 17:00');
    expect(within(panel).getByTestId('application-fact-duration')).toHaveTextContent('2天，14节课');
    expect(within(panel).getByTestId('application-fact-reason')).toHaveTextContent('Fever 5');
    expect(within(panel).getByTestId('application-fact-applicant')).toHaveTextContent('Zhang Dad');
    expect(within(panel).getByTestId('application-fact-status')).toHaveTextContent('第2/2步');
    expect(within(panel).getByTestId('application-images')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('approval-trail-entry')).toHaveLength(2);
    expect(within(panel).getByTestId('approval-trail')).toHaveTextContent('Teacher Wang');
    expect(within(panel).getByTestId('approval-trail')).toHaveTextContent('Director Li');

    fireEvent.click(screen.getByTestId('application-withdraw-5'));
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(stub.bodies('/api/applications/leave/withdraw')).toEqual([{ id: 5 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Withdrawn'));
    // The detail asks again.
    await waitFor(() => expect(stub.calls('/api/applications/leave/get').length).toBeGreaterThan(1));
  });

  it('records the return (销假) of an approved leave, within the leave', async () => {
    views[2] = view(2, { status: 'approved', canWithdraw: false, canCancel: true });
    renderPage();
    fireEvent.click(await screen.findByTestId('application-cancel-2'));
    const dialog = await screen.findByTestId('leave-cancel-dialog');
    expect(within(dialog.closest('.ant-modal') as HTMLElement).getByText(/2026-11-25 08:00 至 2026-11-26 17:00/)).toBeInTheDocument();
    typeTime('leave-cancel-returned', '2026-11-26 18:00', dialog);
    fireEvent.click(screen.getByTestId('leave-cancel-dialog-ok'));
    expect(await within(dialog).findByText('销假时间必须在原请假时间范围内')).toBeInTheDocument();
    expect(stub.calls('/api/applications/leave/cancel')).toHaveLength(0);
    typeTime('leave-cancel-returned', '2026-11-26 10:30', dialog);
    fireEvent.change(screen.getByTestId('leave-cancel-note'), { target: { value: 'Back early' } });
    fireEvent.click(screen.getByTestId('leave-cancel-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/leave/cancel')).toEqual([{ id: 2, returnedAt: '2026-11-26 10:30', note: 'Back early' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cancelled'));
  });

  it('shows a cancelled leave as returned early with the time of return', async () => {
    views[2] = view(2, { status: 'approved', canWithdraw: false, cancelled: true, returnedAt: '2026-11-26 10:30', cancelNote: 'Back early', trail: [] });
    renderPage('/sqsp/qjsq?id=2');
    const panel = await screen.findByTestId('application-detail');
    expect(within(panel).getByTestId('application-cancelled')).toHaveTextContent('已销假');
    expect(within(panel).getByTestId('application-returned')).toHaveTextContent('已于 2026-11-26 10:30 销假');
    expect(within(panel).getByTestId('application-returned')).toHaveTextContent('Back early');
    expect(screen.queryByTestId('application-withdraw-2')).toBeNull();
  });

  it('gives a teacher a table of their own leave and the students of their classes on leave today', async () => {
    signIn(3);
    stub.on('/api/applications/leave/page', () => ({ total: 1, rows: [row(7, { type: 'staffLeave', studentId: null, subjectName: 'Teacher Wang', className: '', applicantName: 'Teacher Wang' })] }));
    renderPage();
    await screen.findByText('Fever 7');
    expect(pageBodies()[0].search).toEqual({ status: '', studentId: '' });
    expect(document.querySelector('.ant-table-thead')).not.toBeNull();
    expect(screen.queryByTestId('leave-children')).toBeNull();
    fireEvent.click(screen.getByTestId('leave-tab-onLeave'));
    await screen.findByText('Li Lei');
    expect(screen.getByTestId('on-leave-count')).toHaveTextContent('2026-11-25 请假 1 人');
    expect(stub.bodies('/api/applications/leave/onLeave')[0]).toMatchObject({ currPage: 0, search: {} });
    // A student's leave opens read-only: withdrawing and 销假 are the family's.
    views[31] = view(31, { canWithdraw: true });
    fireEvent.click(screen.getByText('Li Lei'));
    const panel = await screen.findByTestId('application-detail');
    expect(panel).toHaveAttribute('data-id', '31');
    expect(screen.queryByTestId('application-withdraw-31')).toBeNull();
  });

  it('shows cards on a phone, without a table header', async () => {
    viewport(390);
    signIn(2);
    renderPage();
    await screen.findByText('Fever 1');
    expect(screen.getAllByTestId('application-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    // A student's own leave: no child to choose.
    expect(screen.queryByTestId('leave-children')).toBeNull();
    expect(screen.queryByTestId('leave-child-name')).toBeNull();
    fireEvent.click(screen.getAllByTestId('application-card')[0]);
    expect(await screen.findByTestId('application-detail')).toHaveAttribute('data-id', '1');
  });

  it('shows no Chinese in English apart from the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage('/sqsp/qjsq?id=1');
    await screen.findByText('Fever 1');
    await screen.findByTestId('application-detail');
    fireEvent.click(screen.getByTestId('application-apply'));
    await screen.findByTestId('leave-dialog');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
