import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ApplicationView } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { useSession } from '../../../state/session.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import { EnrolmentCertificatePage, GradeCertificatePage } from './CertificatePage.tsx';
import { viewport } from '../../../test/viewport.ts';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

const files = vi.hoisted(() => ({ download: vi.fn(), saveBlob: vi.fn() }));
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: path.endsWith('/create') ? 'Sent for approval' : '', data: await calls.call(path, options) }),
    download: files.download,
  };
});
vi.mock('../../../api/exports.ts', async (original) => ({ ...(await original<typeof import('../../../api/exports.ts')>()), saveBlob: files.saveBlob }));

type Kind = 'enrolment' | 'grade';
const routes: Record<Kind, AppRoute> = {
  enrolment: { path: '/sqsp/zdzm', title: '在读证明申请', titleEn: 'Enrolment certificate' } as AppRoute,
  grade: { path: '/sqsp/cjzm', title: '成绩证明申请', titleEn: 'Grade certificate' } as AppRoute,
};
const CHILDREN = [
  { id: 11, name: 'Zhang Xiaoming', className: 'Class 8-1' },
  { id: 12, name: 'Zhang Xiaohong', className: 'Class 5-2' },
];
const TERMS = [
  { id: 3, name: '2026-2027 first term' },
  { id: 2, name: '2025-2026 second term' },
  { id: 1, name: '2025-2026 first term' },
];

const row = (kind: Kind, id: number, extra: Partial<ApplicationListRow> = {}): ApplicationListRow => ({
  id,
  type: kind === 'grade' ? 'gradeCertificate' : 'enrolmentCertificate',
  status: 'pending',
  applicantName: 'Zhang Dad',
  studentId: 11,
  subjectName: 'Zhang Xiaoming',
  className: 'Class 8-1',
  leaveType: '',
  leaveTypeName: '',
  startAt: '',
  endAt: '',
  duration: null,
  reason: '',
  destination: '',
  follower: '',
  cancelled: false,
  returnedAt: '',
  cancelNote: '',
  step: 1,
  stepCount: 1,
  createdAt: '2026-11-24 20:00:00',
  canWithdraw: true,
  canCancel: false,
  details: { purpose: `Visa ${id}`, english: id % 2 === 0, ...(kind === 'grade' ? { termIds: [3, 2] } : {}) },
  termNames: [],
  certificate: null,
  ...extra,
});

const approved = (id: number): Partial<ApplicationListRow> => ({
  status: 'approved',
  canWithdraw: false,
  certificate: { serialNumber: `ZS2026${String(id).padStart(6, '0')}`, issuedAt: '2026-11-25 10:00:00', verifyPath: `/verify/code${id}`, revokedAt: '', revokeReason: '' },
});

const view = (kind: Kind, id: number, extra: Partial<ApplicationView> = {}): ApplicationView => ({
  ...row(kind, id),
  images: [],
  trail: [{ step: 1, kind: 'academicOffice', approverNames: ['Head Zhao'], decision: null, deciderName: '', comment: '', decidedAt: '' }],
  canDecide: false,
  ...extra,
});

const original = window.matchMedia;
const success = vi.fn();
let views: Record<number, ApplicationView>;

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  files.download.mockReset().mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  files.saveBlob.mockReset();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  viewport(1366);
  await act(() => i18n.changeLanguage('zh'));
  views = {};
  useSession.setState({ user: { userId: 'x', username: 'x', userType: 4, displayName: 'x' } });
  for (const kind of ['enrolment', 'grade'] as const) {
    stub
      .on(`/api/applications/${kind}/children`, () => CHILDREN)
      .on(`/api/applications/${kind}/page`, () => ({ total: 2, rows: [row(kind, 1), row(kind, 2, approved(2))] }))
      .on(`/api/applications/${kind}/get`, (o) => {
        const id = (o?.json as { id: number }).id;
        return views[id] ?? view(kind, id);
      })
      .on(`/api/applications/${kind}/create`, () => ({ id: 9 }));
  }
  stub.on('/api/applications/grade/terms', () => TERMS);
});
afterEach(async () => {
  window.matchMedia = original;
  useSession.setState({ user: null });
  await act(() => i18n.changeLanguage('zh'));
});

function renderPage(kind: Kind, entry: string = routes[kind].path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Page = kind === 'grade' ? GradeCertificatePage : EnrolmentCertificatePage;
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="*" element={<Page route={routes[kind]} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

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

describe('CertificatePage', () => {
  it('refuses a grade certificate without a purpose or terms, then applies with the terms and an English page', async () => {
    renderPage('grade');
    await screen.findByText('Visa 1');
    expect(screen.getAllByTestId('application-terms')[0]).toHaveTextContent('2个学期');
    fireEvent.click(screen.getByTestId('application-apply'));
    const dialog = await screen.findByTestId('certificate-dialog');
    fireEvent.click(screen.getByTestId('certificate-dialog-ok'));
    expect(await within(dialog).findByText('请填写证明用途')).toBeInTheDocument();
    expect(within(dialog).getByText('请至少选择一个学期')).toBeInTheDocument();
    expect(stub.calls('/api/applications/grade/create')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('certificate-form-purpose'), { target: { value: ' Visa application ' } });
    await pick('certificate-form-terms', '2026-2027 first term');
    await pick('certificate-form-terms', '2025-2026 second term');
    fireEvent.click(screen.getByTestId('certificate-form-english'));
    fireEvent.click(screen.getByTestId('certificate-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/grade/create')).toEqual([{ studentId: 11, purpose: 'Visa application', english: true, termIds: [3, 2], reason: '' }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sent for approval'));
  });

  it('applies for an enrolment certificate for the other child, without terms', async () => {
    renderPage('enrolment');
    await screen.findByText('Visa 1');
    expect(screen.queryByTestId('application-terms')).toBeNull();
    fireEvent.click(screen.getByTestId('application-apply'));
    const dialog = await screen.findByTestId('certificate-dialog');
    expect(within(dialog).queryByTestId('certificate-form-terms')).toBeNull();
    await pick('certificate-form-child', 'Zhang Xiaohong · Class 5-2');
    fireEvent.change(screen.getByTestId('certificate-form-purpose'), { target: { value: 'School transfer' } });
    fireEvent.change(screen.getByTestId('certificate-form-reason'), { target: { value: 'Moving city' } });
    fireEvent.click(screen.getByTestId('certificate-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/enrolment/create')).toEqual([{ studentId: 12, purpose: 'School transfer', english: false, termIds: [], reason: 'Moving city' }]));
    expect(stub.calls('/api/applications/grade/terms')).toHaveLength(0);
    // The list follows the child applied for.
    await waitFor(() => expect(stub.bodies('/api/applications/enrolment/page').at(-1)).toMatchObject({ search: { studentId: 12 } }));
  });

  it('lets a parent download an approved certificate from the list and from its detail, with the verification link', async () => {
    views[2] = view('enrolment', 2, { ...approved(2), reason: 'For the embassy' });
    renderPage('enrolment');
    await screen.findByText('Visa 1');
    expect(screen.queryByTestId('certificate-download-1')).toBeNull();
    expect(screen.getByTestId('application-withdraw-1')).toBeInTheDocument();
    expect(screen.getByTestId('certificate-cell-2')).toHaveTextContent('ZS2026000002');
    fireEvent.click(screen.getByTestId('certificate-download-2'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'ZS2026000002.pdf'));
    expect(files.download).toHaveBeenCalledWith('/api/applications/certificates/pdf', { query: { id: 2 } });

    fireEvent.click(screen.getByText('Visa 2'));
    const panel = await screen.findByTestId('application-detail');
    expect(panel).toHaveAttribute('data-status', 'approved');
    expect(within(panel).getByTestId('application-fact-type')).toHaveTextContent('在读证明');
    expect(within(panel).getByTestId('application-fact-purpose')).toHaveTextContent('Visa 2');
    expect(within(panel).getByTestId('application-fact-english')).toHaveTextContent('是');
    expect(within(panel).getByTestId('application-fact-reason')).toHaveTextContent('For the embassy');
    expect(within(panel).getByTestId('certificate-serial')).toHaveTextContent('ZS2026000002');
    expect(within(panel).getByTestId('certificate-verify-link')).toHaveAttribute('href', '/verify/code2');
    expect(screen.queryByTestId('application-withdraw-2')).toBeNull();
    fireEvent.click(within(panel).getByTestId('certificate-download-2'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledTimes(2));
  });

  it('shows a revoked certificate as revoked, with no download for the family; the office revokes one with a reason', async () => {
    const revoked = { ...approved(2).certificate!, revokedAt: '2026-11-26 09:00:00', revokeReason: 'Wrong class' };
    views[2] = view('enrolment', 2, { ...approved(2), certificate: revoked });
    stub.on('/api/applications/enrolment/page', () => ({ total: 1, rows: [row('enrolment', 2, { ...approved(2), certificate: revoked })] }));
    useSession.setState({ permissions: ['apply:enrolment'] });
    const family = renderPage('enrolment');
    const cell = await screen.findByTestId('certificate-cell-2');
    expect(within(cell).getByTestId('certificate-revoked')).toHaveTextContent('已作废');
    expect(screen.queryByTestId('certificate-download-2')).toBeNull();
    fireEvent.click(screen.getByText('Visa 2'));
    const panel = await screen.findByTestId('application-detail');
    expect(within(panel).getByTestId('certificate-revoked-line')).toHaveTextContent('Wrong class');
    expect(within(panel).queryByTestId('certificate-download-2')).toBeNull();
    expect(within(panel).queryByTestId('certificate-revoke')).toBeNull();
    family.unmount();

    // The office: still downloads, and revokes a valid one with a reason (required).
    views[2] = view('enrolment', 2, approved(2));
    stub.on('/api/applications/enrolment/page', () => ({ total: 1, rows: [row('enrolment', 2, approved(2))] })).on('/api/applications/certificates/revoke', () => null);
    useSession.setState({ permissions: ['apply:enrolment', 'apply:review:all'] });
    renderPage('enrolment', '/sqsp/zdzm?id=2');
    const office = await screen.findByTestId('application-detail');
    fireEvent.click(await within(office).findByTestId('certificate-revoke'));
    await screen.findByTestId('certificate-revoke-reason');
    fireEvent.click(screen.getByTestId('certificate-revoke-dialog-ok'));
    expect(await screen.findByText('请填写作废原因')).toBeInTheDocument();
    expect(stub.bodies('/api/applications/certificates/revoke')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('certificate-revoke-reason'), { target: { value: ' Issued twice ' } });
    fireEvent.click(screen.getByTestId('certificate-revoke-dialog-ok'));
    await waitFor(() => expect(stub.bodies('/api/applications/certificates/revoke')).toEqual([{ id: 2, reason: 'Issued twice' }]));
  });

  it("names a grade certificate's terms in its detail", async () => {
    views[1] = view('grade', 1, { termNames: ['2025-2026 second term', '2026-2027 first term'] });
    renderPage('grade', '/sqsp/cjzm?id=1');
    const panel = await screen.findByTestId('application-detail');
    expect(within(panel).getByTestId('application-fact-terms')).toHaveTextContent('2025-2026 second term2026-2027 first term');
    expect(within(panel).getByTestId('application-fact-english')).toHaveTextContent('否');
    expect(within(panel).getByTestId('certificate-pending')).toBeInTheDocument();
  });

  it('shows cards with the download on a phone, and no Chinese in English apart from the data', async () => {
    viewport(390);
    await act(() => i18n.changeLanguage('en'));
    renderPage('grade');
    await screen.findByText('Visa 1');
    expect(screen.getAllByTestId('application-card')).toHaveLength(2);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    expect(screen.getByTestId('certificate-download-2')).toHaveTextContent('Download PDF');
    expect(screen.getAllByText(/English page: No/)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('application-apply'));
    await screen.findByTestId('certificate-dialog');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
