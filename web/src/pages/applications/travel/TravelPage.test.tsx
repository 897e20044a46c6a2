import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ApplicationView } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import TravelPage from './TravelPage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: path.endsWith('/create') ? 'Sent for approval' : '', data: await calls.call(path, options) }),
    upload: (path: string, parts: { fields?: Record<string, string>; files: File[] }) => calls.call(path, { form: { purpose: parts.fields?.purpose ?? '', name: parts.files[0]?.name ?? '' } }),
    download: () => Promise.reject(new Error('no download in tests')),
  };
});

const route = { path: '/sqsp/wcsq', title: '外出申请', titleEn: 'Travel application' } as AppRoute;

const row = (id: number, extra: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  id,
  type: 'travel',
  status: 'pending',
  applicantName: 'Teacher Wang',
  studentId: null,
  subjectName: 'Teacher Wang',
  className: '',
  leaveType: '',
  leaveTypeName: '',
  startAt: '2026-12-03 08:00',
  endAt: '2026-12-03 17:00',
  duration: null,
  reason: 'Training',
  destination: `Education bureau ${id}`,
  follower: 'Teacher Li',
  cancelled: false,
  returnedAt: '',
  cancelNote: '',
  step: 1,
  stepCount: 1,
  createdAt: '2026-11-24 20:00:00',
  canWithdraw: true,
  canCancel: false,
  details: {},
  termNames: [],
  certificate: null,
  ...extra,
});

const view = (id: number): ApplicationView => ({
  ...row(id, { status: 'rejected', canWithdraw: false }),
  images: [],
  trail: [{ step: 1, kind: 'departmentHead', approverNames: [], decision: 'reject', deciderName: 'Head Zhao', comment: 'Send someone else', decidedAt: '2026-11-25 09:00:00' }],
  canDecide: false,
});
const original = window.matchMedia;
const success = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  viewport(1366);
  await act(() => i18n.changeLanguage('zh'));
  useSession.setState({ user: { userId: 'T0001', username: 'x', userType: 3, displayName: 'x' } });
  stub
    .on('/api/applications/travel/page', () => ({ total: 1, rows: [row(1)] }))
    .on('/api/applications/travel/get', (o) => view((o?.json as { id: number }).id))
    .on('/api/applications/travel/create', () => ({ id: 3 }))
    .on('/api/files/upload', (o) => [{ RESID: 'img1', name: (o?.form as { name: string }).name, size: 8, mimeType: 'image/jpeg', url: '/file/download/img1' }]);
});
afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null });
  await act(() => i18n.changeLanguage('zh'));
});

function renderPage(entry = '/sqsp/wcsq') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <TravelPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function typeTime(testId: string, value: string, scope: HTMLElement) {
  const el = within(scope).getByTestId(testId);
  const input = (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('TravelPage', () => {
  it('lists the staff member’s travel in a table and applies, refusing a missing destination and an end before the start', async () => {
    renderPage();
    await screen.findByText('Education bureau 1');
    expect(stub.bodies('/api/applications/travel/page')[0]).toMatchObject({ currPage: 0, search: { status: '', studentId: '' } });
    expect(document.querySelector('.ant-table-thead')).not.toBeNull();
    expect(screen.getByTestId('application-withdraw-1')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('application-apply'));
    const dialog = await screen.findByTestId('travel-dialog');
    fireEvent.click(screen.getByTestId('travel-dialog-ok'));
    expect(await within(dialog).findByText('外出地点不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('外出事由不能为空')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('travel-form-destination'), { target: { value: 'City education bureau' } });
    typeTime('travel-form-start', '2026-12-03 08:00', dialog);
    typeTime('travel-form-end', '2026-12-02 17:00', dialog);
    fireEvent.change(screen.getByTestId('travel-form-reason'), { target: { value: 'Training' } });
    fireEvent.click(screen.getByTestId('travel-dialog-ok'));
    expect(await within(dialog).findByText('结束时间不能早于开始时间')).toBeInTheDocument();
    expect(stub.calls('/api/applications/travel/create')).toHaveLength(0);

    typeTime('travel-form-end', '2026-12-03 17:00', dialog);
    fireEvent.change(screen.getByTestId('travel-form-follower'), { target: { value: 'Teacher Li' } });
    const picture = screen.getByTestId('travel-form-images').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(picture, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'invite.jpg', { type: 'image/jpeg' })] } });
    await within(dialog).findByText('invite.jpg');
    fireEvent.click(screen.getByTestId('travel-dialog-ok'));
    await waitFor(() =>
      expect(stub.bodies('/api/applications/travel/create')).toEqual([
        { destination: 'City education bureau', startAt: '2026-12-03 08:00', endAt: '2026-12-03 17:00', follower: 'Teacher Li', reason: 'Training', images: ['img1'] },
      ]),
    );
    expect(stub.bodies('/api/files/upload')[0]).toMatchObject({ purpose: 'travelImage' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sent for approval'));
  });

  it('opens a message link: every field and the rejection in the trail', async () => {
    renderPage('/sqsp/wcsq?id=4');
    const panel = await screen.findByTestId('application-detail');
    expect(stub.bodies('/api/applications/travel/get')[0]).toEqual({ id: 4 });
    expect(within(panel).getByTestId('application-fact-type')).toHaveTextContent('外出');
    expect(within(panel).getByTestId('application-fact-destination')).toHaveTextContent('Education bureau 4');
    expect(within(panel).getByTestId('application-fact-follower')).toHaveTextContent('Teacher Li');
    expect(within(panel).getByTestId('application-fact-status')).toHaveTextContent('未通过');
    const [entry] = within(panel).getAllByTestId('approval-trail-entry');
    expect(entry).toHaveTextContent('部门负责人');
    expect(entry).toHaveTextContent('不通过');
    expect(entry).toHaveTextContent('Send someone else');
    expect(screen.queryByTestId('application-withdraw-4')).toBeNull();
  });

  it('shows cards on a phone, and no Chinese in English', async () => {
    viewport(390);
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByText('Education bureau 1');
    expect(screen.getAllByTestId('application-card')).toHaveLength(1);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    fireEvent.click(screen.getByTestId('application-apply'));
    await screen.findByTestId('travel-dialog');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
