import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '@campus/contract';
import { recordVisitsOf } from './visits.ts';
import { useSession } from '../../state/session.ts';
import { useTabs } from '../../state/tabs.ts';

function menu(menuname: string, menuurl: string, menus?: MenuItem[]): MenuItem {
  return { menuname, menuurl, icon: 'SettingOutlined', sort: 0, remark: JSON.stringify({ menuNameEng: menuname + ' (en)' }), menus };
}

type Listener = (state: { location: { pathname: string; search: string } }) => void;

/** Stands in for the data router: only its subscription matters here. */
function fakeRouter() {
  const listeners: Listener[] = [];
  return {
    subscribe(listener: Listener) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    go(pathname: string, search = '') {
      for (const listener of listeners) listener({ location: { pathname, search } });
    },
    count: () => listeners.length,
  };
}

const menus = [menu('家校互动', '/jxhd', [menu('作业发布', '/jxhd/zyfb'), menu('通知发布', '/jxhd/tzfb')])];

describe('visited tabs follow every navigation', () => {
  beforeEach(() => {
    useTabs.getState().reset();
    useSession.setState({ token: 't', menus, permissions: [] });
  });

  it('two quick navigations both become tabs, even if only the last one renders', () => {
    const router = fakeRouter();
    const stop = recordVisitsOf(router as never);
    router.go('/jxhd/zyfb');
    router.go('/jxhd/tzfb', '?id=3');
    expect(useTabs.getState().visited.map((v) => [v.title, v.fullPath])).toEqual([
      ['作业发布', '/jxhd/zyfb'],
      ['通知发布', '/jxhd/tzfb?id=3'],
    ]);
    stop();
    expect(router.count()).toBe(0);
  });

  it('paths that are not the user’s pages, and navigations before sign-in, add nothing', () => {
    const router = fakeRouter();
    recordVisitsOf(router as never);
    router.go('/nowhere');
    router.go('/login');
    useSession.setState({ token: null });
    router.go('/jxhd/zyfb');
    expect(useTabs.getState().visited).toEqual([]);
  });
});
