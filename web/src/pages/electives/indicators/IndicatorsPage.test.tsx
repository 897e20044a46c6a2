import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { IndicatorRow } from '@campus/contract';
import { stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import IndicatorsPage from './IndicatorsPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  return {
    ...clientModule,
    ApiError,
    ERROR_DURATION_SECONDS: 5,
    request: async (path: string, options?: { json?: unknown }) => ({ result: true, code: 200, msg: path.endsWith('/create') ? 'Added successfully' : '', data: await calls.call(path, options) }),
  };
});

const route = { path: '/kcsbpc/pjzb', title: '评价指标', titleEn: 'Rating indicators' } as AppRoute;
const BASE = '/api/electives/indicators';

const ROWS: IndicatorRow[] = [
  { id: 1, name: 'Interest', description: 'Was it interesting?', maxScore: 5, sort: 1, enabled: true, used: 12 },
  { id: 2, name: 'Workload', description: '', maxScore: 10, sort: 2, enabled: true, used: 0 },
];

const success = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  setFeedback({ message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('zh'));
  useSession.setState({ permissions: ['elective:indicators'], roles: [] });
  stub
    .on(`${BASE}/list`, () => ROWS)
    .on(`${BASE}/create`, () => ({ id: 3 }))
    .on(`${BASE}/update`, () => null);
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <IndicatorsPage route={route} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('IndicatorsPage', () => {
  it('keeps a used indicator from deletion, offering to disable it instead', async () => {
    renderPage();
    expect(await screen.findByText('Interest')).toBeInTheDocument();
    expect(screen.getByTestId('elective-indicator-delete-1')).toBeDisabled();
    expect(screen.getByTestId('elective-indicator-delete-2')).toBeEnabled();
    fireEvent.mouseEnter(screen.getByTestId('elective-indicator-used-1'));
    expect(await screen.findByText(i18n.t('electiveIndicators.usedHint', { count: 12 }))).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('elective-indicator-toggle-1'));
    await waitFor(() => expect(stub.bodies(`${BASE}/update`)).toEqual([{ id: 1, name: 'Interest', description: 'Was it interesting?', maxScore: 5, sort: 1, enabled: false }]));
  });

  it('adds an indicator, refusing a highest score out of range', async () => {
    renderPage();
    await screen.findByText('Interest');
    fireEvent.click(screen.getByTestId('elective-indicator-add'));
    const dialog = await screen.findByTestId('elective-indicator-dialog');
    fireEvent.change(screen.getByTestId('elective-indicator-name'), { target: { value: ' Fairness ' } });
    fireEvent.change(screen.getByTestId('elective-indicator-max'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('elective-indicator-dialog-ok'));
    expect(await within(dialog).findByText(i18n.t('elective.maxScoreRange'))).toBeInTheDocument();
    expect(stub.calls(`${BASE}/create`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('elective-indicator-max'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('elective-indicator-dialog-ok'));
    await waitFor(() => expect(stub.bodies(`${BASE}/create`)).toEqual([{ name: 'Fairness', description: '', maxScore: 10, sort: 3, enabled: true }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added successfully'));
  });

  it('shows English texts without Chinese', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    await screen.findByText('Interest');
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await act(() => i18n.changeLanguage('zh'));
  });
});
