import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { InsuredRow, PolicyRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import PolicyDetailsPage from './PolicyDetailsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

/** The import answers with the server's refusal envelope (HTTP 400, result false, data.errors) or its result. */
const uploads = vi.hoisted(() => ({ answer: null as null | (() => unknown) }));

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  class EnvelopeError extends ApiError {
    envelope: unknown;
    constructor(message: string, envelope: unknown) {
      super(message);
      this.envelope = envelope;
    }
  }
  return {
    ...clientModule,
    ApiError,
    EnvelopeError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: '', data: await calls.call(path, options) }),
    download: vi.fn(async () => new Blob()),
    upload: vi.fn(async () => uploads.answer?.()),
  };
});
vi.mock('../../../api/exports.ts', () => ({ saveBlob: vi.fn() }));

const route = { path: '/cbxq/index', title: 'Insurance details', titleEn: 'Insurance details' } as AppRoute;
const BASE = '/api/safety/insurance';
const policy: PolicyRow = {
  id: 2,
  companyId: 1,
  companyName: 'Ping An',
  policyNo: 'PA-2026-0901',
  year: 2026,
  coverage: 'Accidents',
  premium: 80,
  startDate: '2026-09-01',
  endDate: '2027-08-31',
  current: true,
  insuredCount: 1,
  claimCount: 0,
};
const insured = (id: number, name: string): InsuredRow => ({ id, policyId: 2, studentId: id + 10, studentNumber: `20191100${id}`, studentName: name, className: 'Class 8-1', claimCount: 0, createdAt: '2026-09-01 08:00' });
const xlsx = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cbxq/index?policyId=2']}>
        <PolicyDetailsPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  stub.reset();
  uploads.answer = null;
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: {} } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  useSession.setState({ user: { userId: 'a', username: 'admin', userType: 1, displayName: 'Admin' }, permissions: ['safety:insurance', 'safety:insurance:manage'] });
  stub
    .on(`${BASE}/policies/get`, () => policy)
    .on(`${BASE}/insured/classes`, () => [{ id: 1, name: 'Class 8-1' }])
    .on(`${BASE}/insured/page`, () => ({ total: 1, rows: [insured(1, 'Zhang Xiaoming')] }));
});
afterEach(async () => {
  useSession.setState({ user: null, permissions: [] });
  await act(() => i18n.changeLanguage('zh'));
});

describe("a policy's insured students, imported from Excel", () => {
  it('downloads the template, lists every bad cell of a refused sheet, and refreshes the list after a clean import', async () => {
    const client = await import('../../../api/client.ts');
    renderPage();
    await screen.findByText('Zhang Xiaoming');
    fireEvent.click(screen.getByTestId('insurance-insured-import'));
    const dialog = await screen.findByTestId('insurance-insured-import-dialog');
    expect(dialog.textContent).toContain('2 MB and 3000 students');
    fireEvent.click(screen.getByTestId('insurance-insured-import-template'));
    await waitFor(() => expect(client.download).toHaveBeenCalledWith(`${BASE}/insured/template`));
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;

    // The upload rule is checked before anything is sent.
    fireEvent.change(input(), { target: { files: [xlsx('students.xls')] } });
    fireEvent.click(screen.getByTestId('insurance-insured-import-send'));
    await waitFor(() => expect(screen.getByTestId('insurance-insured-import-error')).toHaveTextContent('XLSX'));
    expect(client.upload).not.toHaveBeenCalled();

    const { EnvelopeError } = client as unknown as { EnvelopeError: new (message: string, envelope: unknown) => Error };
    uploads.answer = () => {
      throw new EnvelopeError('1 cells have errors; nothing was imported', {
        result: false,
        data: { imported: 0, skipped: 0, errors: [{ row: 3, column: 'Name', message: 'Student 201911002 is Li Hua, not Li Huaa' }] },
      });
    };
    fireEvent.change(input(), { target: { files: [xlsx('students.xlsx')] } });
    fireEvent.click(screen.getByTestId('insurance-insured-import-send'));
    const errors = await screen.findByTestId('insurance-insured-import-errors');
    expect(client.upload).toHaveBeenCalledWith(`${BASE}/insured/import?policyId=2`, expect.objectContaining({ files: [expect.any(File)] }), { silent: true });
    expect(within(errors).getByText('3')).toBeTruthy();
    expect(within(errors).getByText('Student 201911002 is Li Hua, not Li Huaa')).toBeTruthy();
    expect(screen.getByTestId('insurance-insured-import-error')).toHaveTextContent('nothing was imported');

    const listed = stub.calls(`${BASE}/insured/page`).length;
    stub.on(`${BASE}/insured/page`, () => ({ total: 2, rows: [insured(1, 'Zhang Xiaoming'), insured(2, 'Li Hua')] }));
    uploads.answer = () => ({ imported: 1, skipped: 1, errors: [] });
    fireEvent.click(screen.getByTestId('insurance-insured-import-send'));
    await waitFor(() => expect(screen.getByTestId('insurance-insured-import-success')).toHaveTextContent('1 students insured, 1 already insured'));
    expect(screen.queryByTestId('insurance-insured-import-errors')).toBeNull();
    await waitFor(() => expect(stub.calls(`${BASE}/insured/page`).length).toBeGreaterThan(listed));
    await screen.findByText('Li Hua');
  });
});
