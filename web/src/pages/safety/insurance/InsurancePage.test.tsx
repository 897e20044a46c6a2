import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ClaimDetail, InsuredChild } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import InsurancePage from './InsurancePage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
  };
});

const route = { path: '/bxjl/bxlp', title: '保险理赔', titleEn: 'Insurance claims' } as AppRoute;
const BASE = '/api/safety/insurance';
const policy = { id: 2, policyNo: 'PA-2026-0901', companyName: 'Ping An', startDate: '2026-09-01', endDate: '2027-08-31' };
const children = (insured: boolean): InsuredChild[] => [{ id: 11, name: 'Zhang Xiaoming', className: 'Class 8-1', policies: insured ? [policy] : [] }];
const claim = (id: number, extra: Partial<ClaimDetail> = {}): ClaimDetail => ({
  id,
  policyId: 2,
  policyNo: policy.policyNo,
  companyName: policy.companyName,
  studentId: 11,
  studentNumber: '201911001',
  studentName: 'Zhang Xiaoming',
  className: 'Class 8-1',
  accidentDate: '2026-11-06',
  place: `Stairs ${id}`,
  description: 'Twisted an ankle',
  amountClaimed: 920,
  status: 'paid',
  materialsReceived: true,
  paid: true,
  paidAmount: 900,
  paidDate: '2026-11-20',
  rejectReason: '',
  filedByName: 'Parent',
  createdAt: '2026-11-06 18:30',
  fileCount: 0,
  files: [],
  events: [
    { status: 'submitted', comment: '', byName: 'Parent', at: '2026-11-06 18:30' },
    { status: 'paid', comment: '', byName: 'Office', at: '2026-11-20 10:00' },
  ],
  ...extra,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/bxjl/bxlp']}>
        <InsurancePage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  stub.reset();
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  useSession.setState({ user: { userId: 'p', username: 'p', userType: 4, displayName: 'p' }, permissions: ['safety:insurance'] });
  stub.on(`${BASE}/claims/page`, () => ({ total: 1, rows: [claim(5)] })).on(`${BASE}/claims/get`, () => claim(5));
});
afterEach(async () => {
  useSession.setState({ user: null, permissions: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe('insurance claims, the family side', () => {
  it("lists the child's claims with their status, opens one with its history, and offers filing for an insured child", async () => {
    stub.on(`${BASE}/claims/children`, () => children(true));
    renderPage();
    const card = await screen.findByTestId('insurance-claim-5');
    expect(within(card).getByTestId('insurance-claim-status-5').textContent).toBe('paid');
    expect(card.textContent).toContain('Paid ¥900.00 on 2026-11-20');
    expect((screen.getByTestId('insurance-file') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(card);
    const detail = await screen.findByTestId('insurance-claim-detail');
    expect(detail.textContent).toContain('Progress');
    expect(detail.textContent).toContain('submitted');
  });

  it('says so when the child has no policy in force and does not let a claim be filed', async () => {
    stub.on(`${BASE}/claims/children`, () => children(false));
    renderPage();
    await waitFor(() => expect(screen.getByText('Zhang Xiaoming is not covered by a policy in force today')).toBeTruthy());
    expect((screen.getByTestId('insurance-file') as HTMLButtonElement).disabled).toBe(true);
  });
});
