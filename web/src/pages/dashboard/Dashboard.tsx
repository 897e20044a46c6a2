import { useMemo } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { AppstoreOutlined, QrcodeOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCHOOL_TIME_ZONE } from '@campus/contract';
import { useSession } from '../../state/session.ts';
import { useRouteTable } from '../../app/routeTable.ts';
import { flattenRoutes, routeTitle, type AppRoute } from '../../app/menuRoutes.ts';
import { MenuIcon } from '../../components/MenuIcon/index.ts';
import type { PageProps } from '../registry.ts';
import { DashboardCards } from './DashboardCards.tsx';
import './dashboard.css';

export function greetingKey(hour: number): string {
  if (hour < 6) return 'dashboard.greeting.night';
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

export function userTypeKey(userType: number | undefined): string {
  return [1, 2, 3, 4].includes(Number(userType)) ? `userType.${Number(userType)}` : 'userType.other';
}

function firstVisiblePage(route: AppRoute): AppRoute | undefined {
  if (route.hidden) return undefined;
  if (route.page || route.external) return route;
  for (const child of route.children) {
    const found = firstVisiblePage(child);
    if (found) return found;
  }
  return undefined;
}

function openRoute(route: AppRoute, navigate: (path: string) => void): void {
  if (route.external && route.externalUrl) window.open(route.externalUrl, '_blank', 'noopener');
  else navigate(route.path);
}

/** The personal dashboard (/dashboard): greeting, account, quick access to the user's pages. */
export default function Dashboard(_props: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const table = useRouteTable();
  const language = i18n.language;

  const pages = useMemo(() => flattenRoutes(table.tree).filter((r) => (r.page || r.external) && !r.hidden), [table.tree]);
  const areas = table.tree.filter((r) => !r.hidden);
  // One shortcut per area: its first page, shown with the area's title and icon.
  const shortcuts = useMemo(
    () =>
      table.tree
        .filter((r) => !r.hidden)
        .map((area) => ({ area, target: firstVisiblePage(area) }))
        .filter((s): s is { area: AppRoute; target: AppRoute } => !!s.target),
    [table.tree],
  );
  const name = user?.displayName || user?.username || user?.userId || '';
  // The school's date: a parent abroad sees the day the school is living.
  const today = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'full', timeZone: SCHOOL_TIME_ZONE }).format(new Date());

  return (
    <div className="dashboard" data-testid="dashboard">
      <Card variant="borderless" className="dashboard-welcome">
        <div className="dashboard-welcome-inner">
          <Avatar size={64} className="dashboard-avatar">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div className="dashboard-welcome-text">
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t(greetingKey(new Date().getHours()), { name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {today} · <Tag color="processing">{t(userTypeKey(user?.userType))}</Tag>
            </Typography.Text>
          </div>
        </div>
      </Card>

      <DashboardCards />

      <Row gutter={[16, 16]} className="dashboard-stats">
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title={t('dashboard.stat.areas')} value={areas.length} prefix={<AppstoreOutlined />} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title={t('dashboard.stat.pages')} value={pages.length} prefix={<AppstoreOutlined />} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title={t('dashboard.stat.roles')} value={roles.length} prefix={<TeamOutlined />} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card variant="borderless">
            <Statistic title={t('dashboard.stat.permissions')} value={permissions.length} prefix={<SafetyCertificateOutlined />} />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card variant="borderless" title={t('dashboard.quickAccess')}>
            {shortcuts.length === 0 ? (
              <Empty description={t('dashboard.noPages')} />
            ) : (
              <div className="dashboard-shortcuts">
                {shortcuts.map(({ area, target }) => (
                  <button type="button" key={area.key} className="dashboard-shortcut" onClick={() => openRoute(target, navigate)}>
                    <span className="dashboard-shortcut-icon">
                      <MenuIcon name={area.icon ?? target.icon} />
                    </span>
                    <span className="dashboard-shortcut-title">{routeTitle(area, language)}</span>
                  </button>
                ))}
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card variant="borderless" title={t('dashboard.account')} className="dashboard-account">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: t('dashboard.account.name'), children: name },
                { key: 'id', label: t('dashboard.account.id'), children: user?.userId },
                { key: 'type', label: t('dashboard.account.type'), children: t(userTypeKey(user?.userType)) },
              ]}
            />
            <Button icon={<QrcodeOutlined />} block onClick={() => navigate('/qrcode')}>
              {t('dashboard.qrcode')}
            </Button>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
