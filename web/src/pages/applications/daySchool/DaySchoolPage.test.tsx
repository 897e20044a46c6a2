import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import dayjs from 'dayjs';
import type { ApplicationView } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import DaySchoolPage from './DaySchoolPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(), saveBlob: vi.fn() }));
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const messages: Record<string, string> = { create: 'Sent for approval', withdraw: 'Withdrawn' };
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: messages[path.split('/').at(-1) ?? ''] ?? '', data: await calls.call(path, options) }),
    download: files.download,
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

const route = { path: '/sqsp/zdsq', title: '走读申请', titleEn: 'Day-school application' } as AppRoute;
const CHILDREN = [
  { id: 11, name: 'Zhang Xiaoming', className: 'Class 8-1' },
  { id: 12, name: 'Zhang Xiaohong', className: 'Class 5-2' },
];

const row = (id: number, extra: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  id,
  type: 'daySchool',
  status: 'pending',
  applicantName: 'Zhang Dad',
  studentId: 11,
  subjectName: 'Zhang Xiaoming',
  className: 'Class 8-1',
  leaveType: '',
  leaveTypeName: '',
  startAt: '2026-12-01 00:00',
  endAt: '2027-01-15 23:59',
  duration: null,
  reason: `Closer to home ${id}`,
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
  details: { startDate: '2026-12-01', endDate: '2027-01-15', address: `No. ${id} Garden Road`, guardian: 'Zhang Wei (father)', guardianPhone: '13800138000', transport: 'bus' },
  termNames: [],
  certificate: null,
  ...extra,
});

const APPROVED: Partial<ApplicationListRow> = {
  status: 'approved',
  canWithdraw: false,
  step: 2,
  certificate: { serialNumber: 'ZD2026000002', issuedAt: '2026-11-25 10:00:00', verifyPath: '/verify/abc123', revokedAt: '', revokeReason: '' },
};

const view = (id: number, extra: Partial<ApplicationView> = {}): ApplicationView => ({
  ...row(id),
  images: [],
  trail: [
    { step: 1, kind: 'classTeacher', approverNames: [], decision: 'approve', deciderName: 'Teacher Wang', comment: '', decidedAt: '2026-11-24 21:00:00' },
    { step: 2, kind: 'divisionDirector', approverNames: ['Director Li'], decision: null, deciderName: '', comment: '', decidedAt: '' },
  ],
  canDecide: false,
  ...extra,
});

const original = window.matchMedia;
const success = vi.fn();
let views: Record<number, ApplicationView>;

function signIn(userType: 2 | 4) {
  useSession.setState({ user: { userId: 'x', username: 'x', userType, displayName: 'x' } });
  stub.on('/api/applications/daySchool/children', () => (userType === 4 ? CHILDREN : CHILDREN.slice(0, 1)));
}

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  files.download.mockReset().mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  files.saveBlob.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  viewport(1366);
  await act(() => i18n.changeLanguage('zh'));
  views = {};
  signIn(4);
  stub
    .on('/api/applications/daySchool/page', () => ({ total: 2, rows: [row(1), row(2, APPROVED)] }))
    .on('/api/applications/daySchool/get', (o) => {
      const id = (o?.json as { id: number }).id;
      return views[id] ?? view(id);
    })
    .on('/api/applications/daySchool/withdraw', () => null)
    .on('/api/applications/daySchool/create', () => ({ id: 9 }));
});
afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null });
  await act(() => i18n.changeLanguage('zh'));
});

function renderPage(entry = '/sqsp/zdsq') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="*" element={<DaySchoolPage route={route} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pageBodies = () => stub.bodies('/api/applications/daySchool/page') as { search: Record<string, unknown> }[];
const inputOf = (testId: string, scope: HTMLElement) => {
  const el = within(scope).getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

async function pick(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') as HTMLElement).getByRole('combobox'));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

function typeDate(testId: string, value: string, scope: HTMLElement) {
  const input = inputOf(testId, scope);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('DaySchoolPage', () => {
  it("lists a parent's applications for the chosen child with their fields, and downloads an approved one's permit", async () => {
    renderPage();
    await screen.findByText('No. 1 Garden Road');
    expect(pageBodies()[0]).toMatchObject({ currPage: 0, limit: 10, search: { status: '', studentId: 11 } });
    expect(screen.getAllByTestId('application-dates')[0]).toHaveTextContent('2026-12-01 至 2027-01-15');
    expect(screen.getAllByText('乘公交车')).toHaveLength(2);
    expect(screen.getAllByTestId('application-guardian')[0]).toHaveTextContent('Zhang Wei (father) · 13800138000');
    // No time column: the dates stand for it.
    expect(screen.queryByTestId('application-time')).toBeNull();
    expect(screen.getByTestId('application-withdraw-1')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-download-1')).toBeNull();
    expect(screen.getByTestId('certificate-cell-2')).toHaveTextContent('ZD2026000002');

    fireEvent.click(screen.getByTestId('certificate-download-2'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'ZD2026000002.pdf'));
    expect(files.download).toHaveBeenCalledWith('/api/applications/certificates/pdf', { query: { id: 2 } });
    // The download does not open the application.
    expect(stub.calls('/api/applications/daySchool/get')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('day-school-child-12'));
    await waitFor(() => expect(pageBodies().at(-1)?.search).toEqual({ status: '', studentId: 12 }));
  });

  it('refuses an incomplete or wrong application with the messages, then applies for the chosen child', async () => {
    renderPage();
    await screen.findByText('No. 1 Garden Road');
    fireEvent.click(screen.getByTestId('application-apply'));
    const dialog = await screen.findByTestId('day-school-dialog');
    fireEvent.click(screen.getByTestId('day-school-dialog-ok'));
    for (const message of ['请填写走读开始日期', '请填写走读结束日期', '请填写家庭住址', '请填写接送人', '请填写接送人电话', '请选择上下学方式', '申请理由不能为空']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(stub.calls('/api/applications/daySchool/create')).toHaveLength(0);

    const start = dayjs().add(10, 'day').format('YYYY-MM-DD');
    const early = dayjs().add(5, 'day').format('YYYY-MM-DD');
    const end = dayjs().add(40, 'day').format('YYYY-MM-DD');
    // The last day first (any day from today), then a later first day: the end is before the start.
    typeDate('day-school-form-end', early, dialog);
    typeDate('day-school-form-start', start, dialog);
    fireEvent.change(screen.getByTestId('day-school-form-address'), { target: { value: ' No. 8 Garden Road ' } });
    fireEvent.change(screen.getByTestId('day-school-form-guardian'), { target: { value: 'Zhang Wei (father)' } });
    fireEvent.change(screen.getByTestId('day-school-form-phone'), { target: { value: '12345' } });
    await pick('day-school-form-transport', '骑自行车');
    fireEvent.change(screen.getByTestId('day-school-form-reason'), { target: { value: 'Moved near the school' } });
    fireEvent.click(screen.getByTestId('day-school-dialog-ok'));
    expect(await within(dialog).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入11位手机号或如010-12345678的固定电话')).toBeInTheDocument();
    expect(stub.calls('/api/applications/daySchool/create')).toHaveLength(0);

    typeDate('day-school-form-end', end, dialog);
    fireEvent.change(screen.getByTestId('day-school-form-phone'), { target: { value: '010-12345678' } });
    const loads = pageBodies().length;
    fireEvent.click(screen.getByTestId('day-school-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/applications/daySchool/create')).toEqual([
        { studentId: 11, startDate: start, endDate: end, address: 'No. 8 Garden Road', guardian: 'Zhang Wei (father)', guardianPhone: '010-12345678', transport: 'bicycle', reason: 'Moved near the school' },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sent for approval'));
    await waitFor(() => expect(pageBodies().length).toBeGreaterThan(loads));
  });

  it('opens the application of a message link with every field, the trail and the permit once approved', async () => {
    views[5] = view(5, { ...APPROVED, certificate: { serialNumber: 'ZD2026000005', issuedAt: '2026-11-25 10:00:00', verifyPath: '/verify/abc123', revokedAt: '', revokeReason: '' } });
    renderPage('/sqsp/zdsq?id=5');
    const panel = await screen.findByTestId('application-detail');
    expect(panel).toHaveAttribute('data-id', '5');
    expect(within(panel).getByTestId('application-fact-type')).toHaveTextContent('走读');
    expect(within(panel).getByTestId('application-fact-person')).toHaveTextContent('Zhang Xiaoming · Class 8-1');
    expect(within(panel).getByTestId('application-fact-dates')).toHaveTextContent('2026-12-01 至 2027-01-15');
    expect(within(panel).getByTestId('application-fact-transport')).toHaveTextContent('乘公交车');
    expect(within(panel).getByTestId('application-fact-address')).toHaveTextContent('No. 5 Garden Road');
    expect(within(panel).getByTestId('application-fact-guardian')).toHaveTextContent('Zhang Wei (father) · 13800138000');
    expect(within(panel).getByRole('link', { name: '13800138000' })).toHaveAttribute('href', 'tel:13800138000');
    expect(within(panel).getByTestId('application-fact-reason')).toHaveTextContent('Closer to home 5');
    expect(within(panel).getAllByTestId('approval-trail-entry')).toHaveLength(2);
    // No pictures for a day-school application.
    expect(within(panel).queryByRole('region', { name: '图片' })).toBeNull();
    expect(within(panel).getByRole('region', { name: '审批流程' })).toBeInTheDocument();
    expect(within(panel).getByTestId('certificate-serial')).toHaveTextContent('ZD2026000005');
    expect(within(panel).getByTestId('certificate-issued')).toHaveTextContent('2026-11-25 10:00');
    expect(within(panel).getByTestId('certificate-verify-link')).toHaveAttribute('href', '/verify/abc123');
    fireEvent.click(within(panel).getByTestId('certificate-download-5'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'ZD2026000005.pdf'));
  });

  it('withdraws a pending application from its detail, which says the permit comes with the approval', async () => {
    renderPage('/sqsp/zdsq?id=1');
    const panel = await screen.findByTestId('application-detail');
    expect(within(panel).getByTestId('certificate-pending')).toHaveTextContent('审批通过后生成证明');
    fireEvent.click(screen.getByTestId('application-withdraw-1'));
    const ok = await waitFor(() => {
      const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary');
      if (!button) throw new Error('no confirmation');
      return button as HTMLElement;
    });
    fireEvent.click(ok);
    await waitFor(() => expect(stub.bodies('/api/applications/daySchool/withdraw')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Withdrawn'));
  });

  it("shows a student's own applications as cards on a phone, with the permit's download", async () => {
    viewport(390);
    signIn(2);
    renderPage();
    await screen.findByText('No. 1 Garden Road');
    expect(screen.getAllByTestId('application-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    expect(screen.queryByTestId('day-school-children')).toBeNull();
    expect(pageBodies()[0].search).toEqual({ status: '', studentId: '' });
    expect(screen.getByTestId('certificate-download-2')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('application-card')[0]);
    expect(await screen.findByTestId('application-detail')).toHaveAttribute('data-id', '1');
  });

  it('shows no Chinese in English apart from the data', async () => {
    await act(() => i18n.changeLanguage('en'));
    views[2] = view(2, APPROVED);
    renderPage('/sqsp/zdsq?id=2');
    await screen.findByText('No. 1 Garden Road');
    await screen.findByTestId('certificate-serial');
    fireEvent.click(screen.getByTestId('application-apply'));
    await screen.findByTestId('day-school-dialog');
    expect(screen.getAllByText('By bus').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
