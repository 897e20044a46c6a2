import { useEffect } from 'react';
import { Layout } from 'antd';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { TabsBar } from './TabsBar.tsx';
import { PageStack } from './PageStack.tsx';
import { tabViewFor } from './visits.ts';
import { DASHBOARD_ROUTE, useRouteTable } from '../routeTable.ts';
import { useSession } from '../../state/session.ts';
import { useTabs } from '../../state/tabs.ts';
import { QueryProvider } from '../queryClient.tsx';
import { usePhone } from '../../hooks/usePhone.ts';
import './layout.css';

/** Sidebar, top bar, tabs bar and the main area; the hall mode (?isHall=1 with a token) hides the menus. */
export function AppLayout() {
  const table = useRouteTable();
  const isHall = useSession((s) => s.isHall);
  const add = useTabs((s) => s.add);
  const phone = usePhone();
  useEffect(() => {
    add(tabViewFor(DASHBOARD_ROUTE, DASHBOARD_ROUTE.path));
  }, [add]);
  return (
    <QueryProvider>
      <Layout className={phone ? 'app-layout app-layout-phone' : 'app-layout'} hasSider={!isHall && !phone}>
        {!isHall && <Sidebar table={table} />}
        <Layout className="app-main">
          {!isHall && (
            <div className="app-header-wrap">
              <TopBar table={table} />
              {/* A phone has no room for tabs: the menu drawer and the browser's back take their place. */}
              {!phone && <TabsBar />}
            </div>
          )}
          <Layout.Content className="app-content" data-testid="app-content">
            <PageStack table={table} />
          </Layout.Content>
        </Layout>
      </Layout>
    </QueryProvider>
  );
}
