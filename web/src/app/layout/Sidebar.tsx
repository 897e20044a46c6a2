import { useEffect, useMemo, useState } from 'react';
import { Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sidebarNodes, routeTitle, type AppRoute, type SidebarNode } from '../menuRoutes.ts';
import { resolveRoute, DASHBOARD_ROUTE, type RouteTable } from '../routeTable.ts';
import { MenuIcon } from '../../components/MenuIcon/index.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { appLogo, appTitle } from '../appTitle.ts';
import { usePhone } from '../../hooks/usePhone.ts';
import { getTheme } from '../../theme/themes.ts';

/** Sidebar widths: collapsing changes the width by 144 px (spec sections 2 and 9). */
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_WIDTH_CHANGE = 144;
export const SIDEBAR_COLLAPSED_WIDTH = SIDEBAR_WIDTH - SIDEBAR_WIDTH_CHANGE;

type MenuItems = NonNullable<MenuProps['items']>;

function toItems(nodes: SidebarNode[], language: string, depth = 0): MenuItems {
  return nodes.map((node) => {
    const label = routeTitle(node, language);
    // Top-level entries always carry an icon (the collapsed sidebar shows only icons); nested ones when set.
    const icon = depth === 0 || node.icon ? <MenuIcon name={node.icon} /> : undefined;
    if (node.kind === 'submenu') {
      return { key: node.key, icon, label, children: toItems(node.children, language, depth + 1) };
    }
    return {
      key: node.key,
      icon,
      label: <span data-path={node.route.path}>{label}</span>,
      title: label,
    };
  });
}

function collectLinks(nodes: SidebarNode[], into = new Map<string, AppRoute>()): Map<string, AppRoute> {
  for (const node of nodes) {
    if (node.kind === 'link') into.set(node.key, node.route);
    else collectLinks(node.children, into);
  }
  return into;
}

/** Opens a menu route: external links in a new window, pages through the router. */
export function useOpenRoute(): (route: AppRoute) => void {
  const navigate = useNavigate();
  return (route) => {
    if (route.external && route.externalUrl) window.open(route.externalUrl, '_blank', 'noopener');
    else navigate(route.path);
  };
}

export function Sidebar({ table }: { table: RouteTable }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const phone = usePhone();
  const wide = usePreferences((s) => s.sidebarOpen);
  const phoneMenuOpen = usePreferences((s) => s.phoneMenuOpen);
  const setPhoneMenuOpen = usePreferences((s) => s.setPhoneMenuOpen);
  const themeName = usePreferences((s) => s.theme);
  // The drawer always shows the whole menu; the collapsed icon bar is for wide screens.
  const open = phone || wide;
  const config = useSession((s) => s.config);
  const location = useLocation();
  const openRoute = useOpenRoute();

  const nodes = useMemo(() => sidebarNodes(table.tree), [table.tree]);
  const links = useMemo(() => {
    const map = collectLinks(nodes);
    map.set(DASHBOARD_ROUTE.key, DASHBOARD_ROUTE);
    return map;
  }, [nodes]);
  const items = useMemo<MenuItems>(
    () => [
      { key: DASHBOARD_ROUTE.key, icon: <MenuIcon name="HomeOutlined" />, label: <span data-path={DASHBOARD_ROUTE.path}>{routeTitle(DASHBOARD_ROUTE, language)}</span> },
      ...toItems(nodes, language),
    ],
    [nodes, language],
  );

  const active = resolveRoute(table, location.pathname);
  const activeKey = active?.key ?? location.pathname;
  // Inline (expanded) and pop-up (collapsed) submenus keep separate open states.
  const [openKeys, setOpenKeys] = useState<string[]>(() => active?.parents ?? []);
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => {
    // Opening a page (also from a tab or the breadcrumb) unfolds its groups.
    if (active?.parents.length) setOpenKeys((keys) => Array.from(new Set([...keys, ...active.parents])));
  }, [active]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const route = links.get(String(key));
    if (route) openRoute(route);
    if (route && phone) setPhoneMenuOpen(false);
  };

  const brand = (
    <div className="app-sider-brand" title={appTitle(config, language)}>
      <img src={appLogo(config)} alt="" className="app-sider-logo" />
      {open && <span className="app-sider-title">{appTitle(config, language)}</span>}
    </div>
  );
  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[activeKey]}
      openKeys={open ? openKeys : popupKeys}
      onOpenChange={(keys) => (open ? setOpenKeys(keys as string[]) : setPopupKeys(keys as string[]))}
      onClick={onClick}
      inlineIndent={18}
      className="app-sider-menu"
    />
  );

  if (phone) {
    return (
      <Drawer
        placement="left"
        open={phoneMenuOpen}
        onClose={() => setPhoneMenuOpen(false)}
        closable={false}
        size={Math.min(SIDEBAR_WIDTH + 60, 300)}
        className="app-sider-drawer"
        styles={{ body: { padding: 0, background: getTheme(themeName).sider } }}
        data-testid="sidebar"
      >
        <div className="app-sider app-sider-phone" data-collapsed="0">
          {brand}
          {menu}
        </div>
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      className="app-sider"
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsible
      collapsed={!open}
      trigger={null}
      data-testid="sidebar"
      data-collapsed={open ? '0' : '1'}
    >
      {brand}
      {menu}
    </Layout.Sider>
  );
}
