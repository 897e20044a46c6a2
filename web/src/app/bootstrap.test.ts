import { beforeEach, describe, expect, it } from 'vitest';
import { takeTokenFromUrl } from './bootstrap.ts';
import { useSession } from '../state/session.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ token: null, isHall: false, loginFailed: true });
});

describe('token in the URL', () => {
  it('is stored and removed from the URL, keeping other parameters', () => {
    window.history.replaceState(null, '', '/jxhd/zyfb?token=abc&tab=2#top');
    expect(takeTokenFromUrl()).toBe(true);
    expect(useSession.getState().token).toBe('abc');
    expect(useSession.getState().loginFailed).toBe(false);
    expect(localStorage.getItem('X-TOKEN-XX')).toBe('abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/jxhd/zyfb?tab=2#top');
    expect(useSession.getState().isHall).toBe(false);
  });

  it('with isHall=1 hides the menu header', () => {
    window.history.replaceState(null, '', '/dashboard?token=xyz&isHall=1');
    takeTokenFromUrl();
    expect(useSession.getState().isHall).toBe(true);
    expect(sessionStorage.getItem('isHall')).toBe('1');
    expect(window.location.search).toBe('');
  });

  it('does nothing without a token', () => {
    window.history.replaceState(null, '', '/login?isHall=1');
    expect(takeTokenFromUrl()).toBe(false);
    expect(useSession.getState().isHall).toBe(false);
  });
});
