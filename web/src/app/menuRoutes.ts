import { parseMenuRemark, type Language, type MenuItem } from '@campus/contract';

/**
 * Runtime routes built from the server's menu tree (spec section 2). Every remark flag is honoured:
 * menuNameEng (English title), sfzdy + zdycs (custom page at /customPreview/{zdycs}), sfswsy (home page),
 * cdwz=top (also in the header menu), sfwblj or an http(s) url (external link), hidden, alwaysShow, noCache.
 */
export interface AppRoute {
  /** Unique key: the route path, or the external address, or a synthetic key for groups without an url. */
  key: string;
  /** Internal path (or the external address for external links). */
  path: string;
  /** The menu url as the server sent it; pages are looked up by it. */
  menuurl: string;
  title: string;
  titleEn?: string;
  icon?: string;
  sort: number;
  hidden: boolean;
  alwaysShow: boolean;
  noCache: boolean;
  /** sfswsy = 1: the user's home page. */
  home: boolean;
  /** cdwz = top: also in the header menu. */
  top: boolean;
  /** Custom page (sfzdy = 1) and its parameter (zdycs). */
  custom: boolean;
  customParam?: string;
  /** Opens in a new window instead of routing. */
  external: boolean;
  externalUrl?: string;
  /** True for leaves: an entry the router can show. */
  page: boolean;
  /** Keys of the ancestors, outermost first. */
  parents: string[];
  children: AppRoute[];
}

export const CUSTOM_PAGE_PREFIX = '/customPreview';
const HTTP_URL = /^https?:\/\//i;

function isFlag(value: string | undefined, expected = '1'): boolean {
  return value !== undefined && String(value).trim() === expected;
}

function joinPath(parent: string, child: string): string {
  if (!child) return parent;
  if (child.startsWith('/')) return normalise(child);
  const base = parent.startsWith('/') ? parent : '';
  return normalise(`${base}/${child}`);
}

function normalise(path: string): string {
  const cleaned = ('/' + path).replace(/\/+/g, '/');
  return cleaned.length > 1 ? cleaned.replace(/\/$/, '') : cleaned;
}

/** Converts the menu tree into routes, sorted by `sort` at every level. */
export function buildRoutes(menus: readonly MenuItem[] | null | undefined, parentPath = '', parents: string[] = []): AppRoute[] {
  if (!Array.isArray(menus)) return [];
  const sorted = menus
    .map((menu, index) => ({ menu, index }))
    .sort((a, b) => (Number(a.menu.sort) || 0) - (Number(b.menu.sort) || 0) || a.index - b.index);
  return sorted.map(({ menu, index }) => {
    const remark = parseMenuRemark(menu.remark);
    const url = (menu.menuurl ?? '').trim();
    const children = Array.isArray(menu.menus) ? menu.menus : [];
    const isLeaf = children.length === 0;
    const custom = isFlag(remark.sfzdy) && !!remark.zdycs;
    const httpUrl = HTTP_URL.test(url);
    const external = isLeaf && !custom && (httpUrl || isFlag(remark.sfwblj));
    let path: string;
    let externalUrl: string | undefined;
    if (custom) {
      path = `${CUSTOM_PAGE_PREFIX}/${encodeURIComponent(String(remark.zdycs))}`;
    } else if (external) {
      const address = httpUrl ? url : HTTP_URL.test(String(remark.zdycs ?? '')) ? String(remark.zdycs) : url;
      externalUrl = address;
      path = address;
    } else if (url && url !== '#') {
      path = joinPath(parentPath, url);
    } else {
      path = '';
    }
    const key = path || `group:${[...parents, String(index)].join('/')}:${menu.menuname}`;
    const route: AppRoute = {
      key,
      path,
      menuurl: url,
      title: menu.menuname ?? '',
      titleEn: remark.menuNameEng?.trim() || undefined,
      icon: menu.icon?.trim() || undefined,
      sort: Number(menu.sort) || 0,
      hidden: isFlag(remark.hidden),
      alwaysShow: isFlag(remark.alwaysShow),
      noCache: isFlag(remark.noCache),
      home: isFlag(remark.sfswsy),
      top: isFlag(remark.cdwz, 'top'),
      custom,
      customParam: custom ? String(remark.zdycs) : undefined,
      external,
      externalUrl,
      page: isLeaf && !!path,
      parents,
      children: [],
    };
    route.children = buildRoutes(children, path && !external ? path : parentPath, [...parents, key]);
    return route;
  });
}

/** Every route of the tree, depth first. */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (list: readonly AppRoute[]): void => {
    for (const route of list) {
      out.push(route);
      walk(route.children);
    }
  };
  walk(routes);
  return out;
}

/** Routable pages by path (external links are not routed; they open a new window). */
export function pageRoutes(routes: readonly AppRoute[]): Map<string, AppRoute> {
  const map = new Map<string, AppRoute>();
  for (const route of flattenRoutes(routes)) if (route.page && !route.external && !map.has(route.path)) map.set(route.path, route);
  return map;
}

/** The title in the user's language: the English title when the language is en and one is configured. */
export function routeTitle(route: Pick<AppRoute, 'title' | 'titleEn'>, language: Language | string): string {
  return language === 'en' && route.titleEn ? route.titleEn : route.title;
}

/** The page flagged as the home page (sfswsy = 1), if any. */
export function findHomeRoute(routes: readonly AppRoute[]): AppRoute | undefined {
  return flattenRoutes(routes).find((r) => r.home && r.page && !r.external);
}

/** Entries that also appear in the header menu (cdwz = top). */
export function topRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return flattenRoutes(routes).filter((r) => r.top && (r.page || r.external));
}

/** The first page below a route (or the route itself): where a group crumb or a group link leads. */
export function firstPage(route: AppRoute): AppRoute | undefined {
  if (route.page) return route;
  for (const child of route.children) {
    const found = firstPage(child);
    if (found) return found;
  }
  return undefined;
}

/** A route and its ancestors, outermost first (for the breadcrumb). */
export function routeTrail(routes: readonly AppRoute[], key: string): AppRoute[] {
  const all = new Map(flattenRoutes(routes).map((r) => [r.key, r] as const));
  const route = all.get(key);
  if (!route) return [];
  return [...route.parents.map((k) => all.get(k)).filter((r): r is AppRoute => !!r), route];
}

/** What the sidebar shows for one entry: a direct link, or a submenu of further entries. */
export type SidebarNode =
  | { kind: 'link'; key: string; route: AppRoute; title: string; titleEn?: string; icon?: string }
  | { kind: 'submenu'; key: string; route: AppRoute; title: string; titleEn?: string; icon?: string; children: SidebarNode[] };

/**
 * Sidebar entries (spec section 2): hidden entries are left out; a parent whose visible children come to
 * exactly one (or whose only child is hidden) becomes a direct link unless it is flagged alwaysShow;
 * otherwise it is a submenu with nested children.
 */
export function sidebarNodes(routes: readonly AppRoute[]): SidebarNode[] {
  const nodes: SidebarNode[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const node = sidebarNode(route);
    if (node) nodes.push(node);
  }
  return nodes;
}

function sidebarNode(route: AppRoute): SidebarNode | undefined {
  if (route.children.length === 0) {
    if (!route.page) return undefined;
    return { kind: 'link', key: route.key, route, title: route.title, titleEn: route.titleEn, icon: route.icon };
  }
  const visible = route.children.filter((c) => !c.hidden);
  if (!route.alwaysShow || visible.length === 0) {
    if (visible.length === 1 && visible[0].children.filter((c) => !c.hidden).length === 0 && visible[0].page) {
      const only = visible[0];
      return { kind: 'link', key: only.key, route: only, title: only.title, titleEn: only.titleEn, icon: only.icon ?? route.icon };
    }
    if (visible.length === 0) {
      // Only hidden children: the parent itself links to its first page.
      const target = firstPage(route);
      if (!target) return undefined;
      return { kind: 'link', key: target.key, route: target, title: route.title, titleEn: route.titleEn, icon: route.icon ?? target.icon };
    }
  }
  const children = sidebarNodes(route.children);
  if (children.length === 0) return undefined;
  return { kind: 'submenu', key: route.key, route, title: route.title, titleEn: route.titleEn, icon: route.icon, children };
}
