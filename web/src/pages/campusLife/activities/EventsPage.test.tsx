import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BrowseEventRow, EventBrowse } from '@campus/contract';
import { ApiError, stub } from '../../../components/Timetable/callStub.ts';
import { setFeedback, type Feedback } from '../../../app/feedback.ts';
import type { AppRoute } from '../../../app/menuRoutes.ts';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../state/session.ts';
import { EventsPage } from './EventsPage.tsx';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 10_000 });

// A handler that throws the stub's ApiError is a refusal: shown by the client, rejected with an ApiError.
vi.mock('../../../api/client.ts', async () => {
  const { clientModule, ApiError: Refusal, stub: calls } = await import('../../../components/Timetable/callStub.ts');
  const { feedback: shown } = await import('../../../app/feedback.ts');
  const wrap = async (path: string, options?: { json?: unknown; silent?: boolean }) => {
    try {
      return await calls.call(path, options);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      shown().message.error(error.message);
      throw error;
    }
  };
  return {
    ...clientModule,
    call: wrap,
    request: async (path: string, options?: { json?: unknown }) => {
      const data = (await wrap(path, options)) as { msg?: string } | null;
      return { result: true, code: 200, msg: data?.msg ?? '', data };
    },
  };
});

const route = { path: '/xysh/hdbm', title: '活动报名', titleEn: 'Activities' } as AppRoute;
const BROWSE = '/api/campusLife/activities/browse';
const SIGNUP = '/api/campusLife/activities/signup';

const event = (id: number, extra: Partial<BrowseEventRow> = {}): BrowseEventRow => ({
  id,
  kind: 'activity',
  title: `Activity ${id}`,
  host: 'Youth league',
  place: 'Gate',
  startsAt: '2026-12-02 17:00',
  endsAt: '2026-12-02 21:00',
  signupStart: '2026-11-25 17:00',
  signupEnd: '2026-12-01 17:00',
  capacity: 20,
  signedUp: 19,
  audience: 'Grade 8',
  description: '',
  familySignup: true,
  weekFrom: null,
  weekTo: null,
  status: 'published',
  phase: 'open',
  signup: 'none',
  attended: null,
  canSignUp: true,
  canCancel: false,
  ...extra,
});

const success = vi.fn();
const error = vi.fn();

beforeEach(async () => {
  stub.reset();
  success.mockClear();
  error.mockClear();
  setFeedback({ message: { error, success, warning: vi.fn(), info: vi.fn() }, modal: { confirm: vi.fn(), warning: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
  await act(() => i18n.changeLanguage('en'));
  useSession.setState({ permissions: ['campusLife:activity'], roles: ['parent'] });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <EventsPage route={route} kind="activity" />
    </QueryClientProvider>,
  );
}

describe('EventsPage (students and parents)', () => {
  it("signs the chosen child up, shows the server's refusal when full, and reads the list again", async () => {
    const children = [
      { id: 5, name: 'Amy Li', className: 'Class 8-1' },
      { id: 6, name: 'Ben Li', className: 'Class 6-2' },
    ];
    let signed = false;
    stub
      .on(BROWSE, (options): EventBrowse => {
        const { studentId } = (options?.json ?? {}) as { studentId?: number };
        const student = studentId === 6 ? children[1]! : children[0]!;
        return { student, children, rows: [event(1, signed ? { signup: 'signed', signedUp: 20, phase: 'full', canSignUp: false, canCancel: true } : {}), event(2, { signedUp: 20, phase: 'full', canSignUp: true })] };
      })
      .on(SIGNUP, (options) => {
        const { id } = options?.json as { id: number };
        if (id === 2) throw new ApiError('Class size is full or over');
        signed = true;
        return { msg: 'Signed up for Activity 1' };
      });
    renderPage();
    const first = await screen.findByTestId('campus-card-1');
    expect(within(first).getByText(i18n.t('campusLife.phase.open'))).toBeInTheDocument();
    expect(screen.getByTestId('campus-card-seats-1')).toHaveTextContent('19/20');
    // The second child is chosen: the list is read for them, and the sign-up is theirs.
    fireEvent.click(await screen.findByTestId('campus-child-6'));
    await waitFor(() => expect(stub.bodies(BROWSE).some((body) => (body as { studentId?: number }).studentId === 6)).toBe(true));
    fireEvent.click(await screen.findByTestId('campus-signup-2'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Class size is full or over'));
    fireEvent.click(screen.getByTestId('campus-signup-1'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Signed up for Activity 1'));
    expect(stub.bodies(SIGNUP)).toEqual([
      { id: 2, studentId: 6 },
      { id: 1, studentId: 6 },
    ]);
    await waitFor(() => expect(screen.getByTestId('campus-card-seats-1')).toHaveTextContent('20/20'));
    expect(screen.getByTestId('campus-cancel-signup-1')).toBeEnabled();
    expect(screen.queryByTestId('campus-signup-1')).toBeNull();
  });
});
