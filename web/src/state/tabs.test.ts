import { beforeEach, describe, expect, it } from 'vitest';
import { addView, cachedViewNames, closeAllViews, closeOtherViews, closeView, dashboardView, stepView, useTabs, type TabView } from './tabs.ts';

function view(path: string, extra: Partial<TabView['meta']> = {}): TabView {
  return { name: path, path, fullPath: path, title: path, meta: { ...extra } };
}

const dash = dashboardView('Home', 'Home');
const a = view('/a');
const b = view('/b');
const c = view('/c', { noCache: true });
const list = [dash, a, b, c];

describe('tab rules', () => {
  it('adds a view once and keeps the dashboard first', () => {
    let views = addView([], a);
    views = addView(views, a);
    views = addView(views, dash);
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/a']);
    views = addView(views, { ...a, fullPath: '/a?x=1' });
    expect(views[1].fullPath).toBe('/a?x=1');
  });

  it('closing an inactive tab stays where it is', () => {
    const change = closeView(list, '/a', '/b');
    expect(change.views.map((v) => v.path)).toEqual(['/dashboard', '/b', '/c']);
    expect(change.navigateTo).toBeUndefined();
  });

  it('closing the active tab goes to the last remaining tab', () => {
    expect(closeView(list, '/c', '/c').navigateTo).toBe('/b');
    expect(closeView(list, '/a', '/a').navigateTo).toBe('/c');
  });

  it('closing the active tab with nothing left goes to /', () => {
    expect(closeView([a], '/a', '/a')).toEqual({ views: [], navigateTo: '/' });
  });

  it('the dashboard tab cannot be removed', () => {
    expect(closeView(list, '/dashboard', '/dashboard').views).toHaveLength(4);
    expect(closeAllViews(list, '/b').views.map((v) => v.path)).toEqual(['/dashboard']);
    expect(closeOtherViews(list, '/b', '/b').views.map((v) => v.path)).toEqual(['/dashboard', '/b']);
  });

  it('close others keeps the chosen tab and makes it current', () => {
    expect(closeOtherViews(list, '/a', '/c')).toEqual({ views: [dash, a], navigateTo: '/a' });
    expect(closeOtherViews(list, '/a', '/a').navigateTo).toBeUndefined();
  });

  it('close all goes to the remaining dashboard', () => {
    expect(closeAllViews(list, '/b').navigateTo).toBe('/dashboard');
    expect(closeAllViews(list, '/dashboard').navigateTo).toBeUndefined();
  });

  it('arrow buttons step to the neighbouring tab', () => {
    expect(stepView(list, '/a', -1)?.path).toBe('/dashboard');
    expect(stepView(list, '/a', 1)?.path).toBe('/b');
    expect(stepView(list, '/c', 1)).toBeUndefined();
    expect(stepView(list, '/dashboard', -1)).toBeUndefined();
  });

  it('noCache views (and the dashboard) are not kept alive', () => {
    expect(cachedViewNames(list)).toEqual(['/a', '/b']);
  });
});

describe('tabs store', () => {
  beforeEach(() => useTabs.getState().reset());

  it('persists the visited views in session storage', () => {
    useTabs.getState().add(a);
    useTabs.getState().add(dash);
    expect(JSON.parse(sessionStorage.getItem('visitedViews') ?? '[]').map((v: TabView) => v.path)).toEqual(['/dashboard', '/a']);
    expect(useTabs.getState().close('/a', '/a')).toBe('/dashboard');
    expect(useTabs.getState().visited.map((v) => v.path)).toEqual(['/dashboard']);
  });
});
