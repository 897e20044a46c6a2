import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Dropdown, Layout, Menu, Tooltip, type MenuProps } from 'antd';
import {
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from './Breadcrumb.tsx';
import { LanguageButton } from './LanguageButton.tsx';
import { ThemePicker } from './ThemePicker.tsx';
import { MessageBell } from './MessageBell.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { toggleFullscreen } from './fullscreen.ts';
import { useOpenRoute } from './Sidebar.tsx';
import { routeTitle, topRoutes } from '../menuRoutes.ts';
import { resolveRoute, type RouteTable } from '../routeTable.ts';
import { signOut } from '../session.ts';
import { MenuIcon } from '../../components/MenuIcon/index.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { usePhone } from '../../hooks/usePhone.ts';

/** The second-factor settings (issue 12) load when opened. */
const MfaDialog = lazy(() => import('../mfa/MfaDialog.tsx'));

/** Change password is offered unless the login type is IDS (spec section 2). */
export function canChangePassword(loginType: string): boolean {
  return loginType !== 'IDS';
}

function useFullscreenState(): boolean {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return full;
}

export function TopBar({ table }: { table: RouteTable }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const openRoute = useOpenRoute();
  const sidebarOpen = usePreferences((s) => s.sidebarOpen);
  const toggleSidebar = usePreferences((s) => s.toggleSidebar);
  const setPhoneMenuOpen = usePreferences((s) => s.setPhoneMenuOpen);
  const phone = usePhone();
  const user = useSession((s) => s.user);
  const loginType = useSession((s) => s.config.loginType);
  const fullscreen = useFullscreenState();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [securityOpen, setSecurityOpen] = useState(false);

  const top = useMemo(() => topRoutes(table.tree), [table.tree]);
  const active = resolveRoute(table, location.pathname);
  const name = user?.displayName || user?.username || user?.userId || '';

  const userMenu: MenuProps = {
    items: [
      ...(canChangePassword(loginType) ? [{ key: 'password', icon: <KeyOutlined />, label: <span data-testid="menu-change-password">{t('topbar.changePassword')}</span> }] : []),
      { key: 'security', icon: <SafetyCertificateOutlined />, label: <span data-testid="menu-security">{t('topbar.security')}</span> },
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('topbar.logout')}</span>, danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'password') setPasswordOpen(true);
      if (key === 'security') setSecurityOpen(true);
      if (key === 'logout') void signOut();
    },
  };

  return (
    <Layout.Header className="app-header" data-testid="top-bar">
      <div className="app-header-left">
        <Tooltip title={phone ? undefined : sidebarOpen ? t('topbar.collapse') : t('topbar.expand')}>
          <Button
            type="text"
            icon={sidebarOpen || phone ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={phone ? () => setPhoneMenuOpen(true) : toggleSidebar}
            aria-label={t('topbar.toggleMenu')}
            data-testid="sidebar-toggle"
          />
        </Tooltip>
        {!phone && <Breadcrumb table={table} />}
      </div>
      {top.length > 0 && !phone && (
        <Menu
          className="app-header-menu"
          mode="horizontal"
          selectedKeys={active ? [active.key] : []}
          items={top.map((r) => ({ key: r.key, icon: r.icon ? <MenuIcon name={r.icon} /> : undefined, label: routeTitle(r, i18n.language) }))}
          onClick={({ key }) => {
            const route = top.find((r) => r.key === key);
            if (route) openRoute(route);
          }}
          data-testid="header-menu"
        />
      )}
      <div className="app-header-right">
        <MessageBell />
        <Tooltip title={t('topbar.home')}>
          <Button type="text" icon={<HomeOutlined />} onClick={() => navigate('/dashboard')} aria-label={t('topbar.home')} data-testid="home-button" />
        </Tooltip>
        {!phone && (
          <Tooltip title={fullscreen ? t('topbar.exitFullscreen') : t('topbar.fullscreen')}>
            <Button
              type="text"
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => toggleFullscreen()}
              aria-label={t('topbar.fullscreen')}
              data-testid="fullscreen-button"
            />
          </Tooltip>
        )}
        {!phone && <ThemePicker />}
        <LanguageButton type="text" />
        <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
          <Button type="text" className="app-user" data-testid="user-menu">
            <Avatar size={26} icon={<UserOutlined />} className="app-user-avatar" />
            <span className="app-user-name" data-testid="user-name">
              {name}
            </span>
            <DownOutlined className="app-user-caret" />
          </Button>
        </Dropdown>
      </div>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      {securityOpen && (
        <Suspense fallback={null}>
          <MfaDialog open={securityOpen} onClose={() => setSecurityOpen(false)} />
        </Suspense>
      )}
    </Layout.Header>
  );
}
