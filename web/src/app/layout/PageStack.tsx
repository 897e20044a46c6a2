import { Activity, lazy, Suspense, useEffect } from 'react';
import { Button, Result, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routeTitle, type AppRoute } from '../menuRoutes.ts';
import { appTitle } from '../appTitle.ts';
import { useSession } from '../../state/session.ts';
import { resolveRoute, DASHBOARD_ROUTE, type RouteTable } from '../routeTable.ts';
import { pageComponent, type PageComponent } from '../../pages/registry.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary/index.ts';
import { useTabs } from '../../state/tabs.ts';
import { tabViewFor } from './visits.ts';

const Dashboard = lazy(() => import('../../pages/dashboard/Dashboard.tsx'));

function PageFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('page.failed')}
      extra={
        <Button type="primary" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

function PageLoading() {
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}

function PageHost({ route }: { route: AppRoute }) {
  const Page: PageComponent = route.key === DASHBOARD_ROUTE.key ? Dashboard : pageComponent(route);
  return (
    <ErrorBoundary fallback={(retry) => <PageFailed retry={retry} />}>
      <Suspense fallback={<PageLoading />}>
        <Page route={route} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The main area. Opening a page adds it to the visited tabs; visited pages stay mounted (hidden through
 * React's Activity) so they keep their state, except pages flagged noCache. Unknown paths go to /404.
 */
export function PageStack({ table }: { table: RouteTable }) {
  const location = useLocation();
  const route = resolveRoute(table, location.pathname);
  const visited = useTabs((s) => s.visited);
  const add = useTabs((s) => s.add);
  const fullPath = location.pathname + location.search;
  const config = useSession((s) => s.config);
  const { i18n } = useTranslation();

  useEffect(() => {
    if (route) add(tabViewFor(route, fullPath));
  }, [route, fullPath, add]);

  useEffect(() => {
    if (route) document.title = `${routeTitle(route, i18n.language)} - ${appTitle(config, i18n.language)}`;
  }, [route, config, i18n.language]);

  if (!route) return <Navigate to="/404" replace />;

  const kept: AppRoute[] = [];
  for (const view of visited) {
    if (view.meta.noCache || view.path === route.path) {
      if (view.path === route.path) kept.push(route);
      continue;
    }
    const found = resolveRoute(table, view.path);
    if (found) kept.push(found);
  }
  if (!kept.includes(route)) kept.push(route);

  return (
    <>
      {kept.map((r) => (
        <Activity key={r.key} mode={r.key === route.key ? 'visible' : 'hidden'}>
          <div className="page-view" data-page={r.path}>
            <PageHost route={r} />
          </div>
        </Activity>
      ))}
    </>
  );
}
