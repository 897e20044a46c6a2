import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PermissionPayload } from '@campus/contract';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { Guard } from '../Guard.tsx';
import { setFeedback, type Feedback } from '../feedback.ts';
import { resetExpiryState } from '../../api/client.ts';
import { useSession, DEFAULT_CLIENT_CONFIG } from '../../state/session.ts';

const payload: PermissionPayload = {
  menus: [{ menuname: 'A', menuurl: '/a', icon: '', sort: 1, remark: '{}' }],
  permission: [],
  roles: [],
  userInfo: { username: 'Teacher', userId: 'T0001', userType: 3, displayName: 'Teacher' },
  requestId: 'r',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The dialog where the app has it: inside the guarded layout, with the fixed routes beside it. */
function renderSignedIn() {
  const router = createMemoryRouter(
    [
      { path: '/404', element: <p>not found page</p> },
      { path: '/login', element: <p>login page</p> },
      {
        path: '*',
        element: (
          <Guard>
            <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
              <p>protected content</p>
              <ChangePasswordDialog open onClose={() => undefined} />
            </QueryClientProvider>
          </Guard>
        ),
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let success: ReturnType<typeof vi.fn>;
let modalWarning: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetExpiryState();
  useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG }, tokenHeader: 'X-TOKEN-XX', token: null, loginFailed: false, menus: null, user: null, publicKey: null, account: '' });
  useSession.getState().setToken('tok-1');
  useSession.getState().setPermissionPayload(payload);
  success = vi.fn();
  modalWarning = vi.fn();
  setFeedback({
    message: { error: vi.fn(), success, warning: vi.fn(), info: vi.fn() },
    modal: { warning: modalWarning, confirm: vi.fn(), info: vi.fn(), error: vi.fn() },
  } as unknown as Feedback);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('change password dialog', () => {
  it('after a successful change lands on the login page (not 404) with the message shown and the session cleared', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/api/login/getPwdStrategy')) return json({ code: 200, result: true, data: { rule: '', description: '' }, msg: '' });
      if (url.endsWith('/api/login/updatePwd')) return json({ code: 200, result: true, data: null, msg: 'Password changed, please log in again' });
      // The server ended every session of the user: any later call with the old token is refused.
      return json({ code: 50014, result: false, data: null, msg: 'expired' }, 401);
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderSignedIn();
    expect(await screen.findByText('protected content')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('password-old'), { target: { value: 'Demo@2026' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'Demo@2027' } });
    fireEvent.change(screen.getByTestId('password-check'), { target: { value: 'Demo@2027' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));

    expect(await screen.findByText('login page')).toBeInTheDocument();
    // Let any navigation still scheduled (the guard's) run before judging where the browser is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('not found page')).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Password changed, please log in again');
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().menus).toBeNull();
    expect(localStorage.getItem('X-TOKEN-XX')).toBeNull();
    expect(modalWarning).not.toHaveBeenCalled();
    const updatePwd = fetchMock.mock.calls.find(([url]) => url.endsWith('/api/login/updatePwd'));
    expect(updatePwd).toBeDefined();
  });

  it('a refused change keeps the session and the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/api/login/getPwdStrategy')
          ? json({ code: 200, result: true, data: { rule: '', description: '' }, msg: '' })
          : json({ code: 400, result: false, data: null, msg: 'The old password is wrong' }, 400),
      ),
    );
    const router = renderSignedIn();
    fireEvent.change(await screen.findByTestId('password-old'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'Demo@2027' } });
    fireEvent.change(screen.getByTestId('password-check'), { target: { value: 'Demo@2027' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /OK|确\s*定/ })).not.toHaveClass('ant-btn-loading'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/a');
    expect(useSession.getState().token).toBe('tok-1');
    expect(success).not.toHaveBeenCalled();
  });
});
