import type { createBrowserRouter } from 'react-router';
import { sessionState } from '../../state/session.ts';
import { DASHBOARD_PATH, useTabs, type TabView } from '../../state/tabs.ts';
import { buildRouteTable, resolveRoute, type RouteTable } from '../routeTable.ts';
import type { AppRoute } from '../menuRoutes.ts';

/** The tab of a route opened at a full path (path with query). */
export function tabViewFor(route: AppRoute, fullPath: string): TabView {
  return {
    name: route.key,
    path: route.path,
    fullPath,
    title: route.title,
    titleEn: route.titleEn,
    meta: { icon: route.icon, noCache: route.noCache, affix: route.path === DASHBOARD_PATH },
  };
}

let cached: { menus: unknown; permissions: unknown; table: RouteTable } | null = null;

function currentTable(): RouteTable | null {
  const { menus, permissions, token } = sessionState();
  if (!token || menus === null) return null;
  if (!cached || cached.menus !== menus || cached.permissions !== permissions) {
    cached = { menus, permissions, table: buildRouteTable(menus, permissions) };
  }
  return cached.table;
}

/** Adds the tab of a location the user reached, when it is a page of theirs. */
export function recordVisit(pathname: string, search: string): void {
  const table = currentTable();
  if (!table) return;
  const route = resolveRoute(table, pathname);
  if (route) useTabs.getState().add(tabViewFor(route, pathname + search));
}

/**
 * Every navigation becomes a tab, even one React never renders: navigations are transitions, and when
 * two arrive close together (a quick second click on a busy machine) React renders only the last one,
 * so a tab recorded only from the page's render would be lost.
 */
export function recordVisitsOf(router: Pick<ReturnType<typeof createBrowserRouter>, 'subscribe'>): () => void {
  return router.subscribe((state) => recordVisit(state.location.pathname, state.location.search));
}
