import { useMemo } from 'react';
import { buildRoutes, findHomeRoute, pageRoutes, CUSTOM_PAGE_PREFIX, type AppRoute } from './menuRoutes.ts';
import { layoutRoutes } from '../pages/layoutRoutes.ts';
import { resources } from '../i18n/index.ts';
import { useSession } from '../state/session.ts';
import { DASHBOARD_PATH } from '../state/tabs.ts';

type Catalogue = Record<string, string>;
const zhTexts = resources.zh.translation as Catalogue;
const enTexts = resources.en.translation as Catalogue;

function fixedRoute(path: string, titleKey: string, extra: Partial<AppRoute> = {}): AppRoute {
  return {
    key: path,
    path,
    menuurl: path,
    title: zhTexts[titleKey] ?? titleKey,
    titleEn: enTexts[titleKey],
    sort: 0,
    hidden: true,
    alwaysShow: false,
    noCache: false,
    home: false,
    top: false,
    custom: false,
    external: false,
    page: true,
    parents: [],
    children: [],
    ...extra,
  };
}

/** The dashboard: title "home" (route.dashboard), not cached, never closable (spec section 2). */
export const DASHBOARD_ROUTE: AppRoute = fixedRoute(DASHBOARD_PATH, 'route.dashboard', { icon: 'HomeOutlined', noCache: true });

export interface RouteTable {
  /** The menu tree as routes. */
  tree: AppRoute[];
  /** Every routable path: dashboard, menu pages, layout routes the user may open. */
  byPath: Map<string, AppRoute>;
  /** Where "home" leads: the sfswsy page if one is flagged, otherwise the dashboard. */
  homePath: string;
}

export function buildRouteTable(menus: Parameters<typeof buildRoutes>[0], permissions: readonly string[]): RouteTable {
  const tree = buildRoutes(menus);
  const byPath = new Map<string, AppRoute>([[DASHBOARD_PATH, DASHBOARD_ROUTE]]);
  for (const [path, route] of pageRoutes(tree)) if (!byPath.has(path)) byPath.set(path, route);
  for (const [path, spec] of Object.entries(layoutRoutes)) {
    if (byPath.has(path)) continue;
    if (spec.permission && !permissions.includes(spec.permission)) continue;
    byPath.set(path, fixedRoute(path, spec.titleKey));
  }
  const home = findHomeRoute(tree);
  return { tree, byPath, homePath: home?.path ?? DASHBOARD_PATH };
}

export function useRouteTable(): RouteTable {
  const menus = useSession((s) => s.menus);
  const permissions = useSession((s) => s.permissions);
  return useMemo(() => buildRouteTable(menus, permissions), [menus, permissions]);
}

/** The route for a location path; custom pages resolve by their /customPreview/{zdycs} path. */
export function resolveRoute(table: RouteTable, pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const found = table.byPath.get(path);
  if (found) return found;
  if (path.startsWith(CUSTOM_PAGE_PREFIX + '/')) {
    // The URL may carry the parameter encoded differently from the menu.
    const param = decodeURIComponent(path.slice(CUSTOM_PAGE_PREFIX.length + 1));
    for (const route of table.byPath.values()) if (route.custom && route.customParam === param) return route;
  }
  return undefined;
}
