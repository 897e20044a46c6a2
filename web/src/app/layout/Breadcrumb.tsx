import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { firstPage, routeTitle, routeTrail, type AppRoute } from '../menuRoutes.ts';
import { resolveRoute, DASHBOARD_ROUTE, type RouteTable } from '../routeTable.ts';

export interface Crumb {
  key: string;
  title: string;
  /** Where the crumb links; undefined for the last crumb. */
  to?: string;
}

/** The first crumb is the home page and every crumb except the last is a link (spec section 2). */
export function crumbsFor(table: RouteTable, active: AppRoute | undefined, language: string): Crumb[] {
  const home: Crumb = { key: DASHBOARD_ROUTE.key, title: routeTitle(DASHBOARD_ROUTE, language), to: DASHBOARD_ROUTE.path };
  if (!active || active.key === DASHBOARD_ROUTE.key) return [{ ...home, to: undefined }];
  const trail = routeTrail(table.tree, active.key);
  const chain = trail.length ? trail : [active];
  const crumbs: Crumb[] = [home];
  chain.forEach((route, index) => {
    const last = index === chain.length - 1;
    const target = last ? undefined : firstPage(route);
    crumbs.push({ key: route.key, title: routeTitle(route, language), to: last ? undefined : target && !target.external ? target.path : DASHBOARD_ROUTE.path });
  });
  return crumbs;
}

export function Breadcrumb({ table }: { table: RouteTable }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const crumbs = crumbsFor(table, resolveRoute(table, location.pathname), i18n.language);
  return (
    <AntBreadcrumb
      className="app-breadcrumb"
      data-testid="breadcrumb"
      items={crumbs.map((c) => ({ key: c.key, title: c.to ? <Link to={c.to}>{c.title}</Link> : <span>{c.title}</span> }))}
    />
  );
}
