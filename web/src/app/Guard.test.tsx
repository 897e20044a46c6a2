import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PermissionPayload } from '@campus/contract';
import { Guard } from './Guard.tsx';
import { clearLocalSession } from './session.ts';
import { setFeedback, type Feedback } from './feedback.ts';
import { useSession, DEFAULT_CLIENT_CONFIG } from '../state/session.ts';

const payload = (over: Partial<PermissionPayload>): PermissionPayload => ({
  menus: [{ menuname: 'A', menuurl: '/a', icon: '', sort: 1, remark: '{}' }],
  permission: [],
  roles: [],
  userInfo: { username: 'Admin', userId: 'admin', userType: 1, displayName: 'Admin' },
  requestId: 'r',
  ...over,
});

function respond(body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/404', element: <p>not found page</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '*', element: <Guard><p>protected content</p></Guard> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let warning: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG }, token: null, loginFailed: false, menus: null, user: null, publicKey: null });
  warning = vi.fn();
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning, info: vi.fn() }, modal: { warning: vi.fn(), confirm: vi.fn(), info: vi.fn(), error: vi.fn() } } as unknown as Feedback);
});
afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it('sends a visitor without a token to the 404 page', async () => {
    const router = renderAt('/xtgl/yhgl');
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends a failed login to the 404 page too', async () => {
    useSession.setState({ token: 't', loginFailed: true });
    renderAt('/a');
    expect(await screen.findByText('not found page')).toBeInTheDocument();
  });

  it('loads user info when missing, then shows the page', async () => {
    vi.stubGlobal('fetch', respond({ code: 200, result: true, data: payload({}), msg: '' }));
    useSession.setState({ token: 't' });
    renderAt('/a');
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(useSession.getState().user?.userId).toBe('admin');
  });

  it('on failure logs out, warns "please log in again" and goes to login', async () => {
    vi.stubGlobal('fetch', respond({ code: 50014, result: false, data: null, msg: 'expired' }));
    useSession.setState({ token: 't' });
    const router = renderAt('/a');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().token).toBeNull();
    expect(warning).toHaveBeenCalledWith(expect.stringMatching(/请重新登录|Please log in again/));
  });

  it('a session code of the server (50012, account disabled) ends the session too', async () => {
    vi.stubGlobal('fetch', respond({ code: 50012, result: false, data: null, msg: 'disabled' }));
    useSession.getState().setToken('t');
    const router = renderAt('/a');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('X-TOKEN-XX')).toBeNull();
  });

  it('an aborted user-info call (the page reloaded or left) is no session failure: no logout, no 404', async () => {
    const fetchMock = vi.fn(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    vi.stubGlobal('fetch', fetchMock);
    useSession.getState().setToken('t');
    const router = renderAt('/a');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByTestId('guard-retry')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a');
    // The next page (the reload) still finds the session.
    expect(useSession.getState().token).toBe('t');
    expect(localStorage.getItem('X-TOKEN-XX')).toBe('t');
    expect(warning).not.toHaveBeenCalled();
    expect(screen.queryByText('not found page')).not.toBeInTheDocument();
  });

  it('a call cut off by the browser (network failure) keeps the session and can be tried again', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response(JSON.stringify({ code: 200, result: true, data: payload({}), msg: '' }), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    useSession.getState().setToken('t');
    const router = renderAt('/a');
    fireEvent.click(await screen.findByTestId('guard-retry'));
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a');
    expect(useSession.getState().token).toBe('t');
    expect(warning).not.toHaveBeenCalled();
  });

  it('a session ended inside the app goes to the login page, not the 404 page', async () => {
    vi.stubGlobal('fetch', respond({ code: 200, result: true, data: payload({}), msg: '' }));
    useSession.setState({ token: 't' });
    const router = renderAt('/a');
    expect(await screen.findByText('protected content')).toBeInTheDocument();
    act(() => clearLocalSession());
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('blocks a user without menus with a dialog offering only re-login', async () => {
    vi.stubGlobal('fetch', respond({ code: 200, result: true, data: payload({ menus: [] }), msg: '' }));
    useSession.setState({ token: 't' });
    renderAt('/a');
    expect(await screen.findByText(/抱歉，您没有访问权限|Sorry, you have no permission to access/)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    const buttons = dialog.querySelectorAll('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0].textContent?.replace(/\s/g, '')).toMatch(/重新登录|Logagain|Login again/i);
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
  });

  it('blocks a user the system has no information for', async () => {
    vi.stubGlobal('fetch', respond({ code: 200, result: true, data: payload({ userInfo: null as never }), msg: '' }));
    useSession.setState({ token: 't' });
    renderAt('/a');
    expect(await screen.findByText(/系统中没有该用户的信息|System has no information for this user/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('dialog').querySelectorAll('button')).toHaveLength(1));
  });
});
