import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MESSAGE_CENTER_PERMISSION } from '@campus/contract';
import type { AppRoute } from '../app/menuRoutes.ts';
import { CUSTOM_PAGE_PREFIX } from '../app/menuRoutes.ts';
import { demoLayoutRoutes, demoPageLoaders } from './demo/routes.ts';

/** What every page receives: the route it was opened through (title, menu url, custom-page parameter). */
export interface PageProps {
  route: AppRoute;
}

export type PageComponent = ComponentType<PageProps>;
export type PageLoader = () => Promise<{ default: PageComponent }>;

/**
 * Menu url → lazily imported page. Later issues add their screens here, e.g.
 *   '/system/user': () => import('./system/UserPage.tsx'),
 * A menu url without an entry renders the NotAvailable page, which names the area.
 * Custom pages (sfzdy = 1) are looked up under '/customPreview'.
 */
export const pageLoaders: Record<string, PageLoader> = {
  ...demoPageLoaders,
  '/kbgl/xskb': () => import('./timetable/StudentTimetablePage.tsx'),
  '/kbgl/jskb': () => import('./timetable/TeacherTimetablePage.tsx'),
  '/kbgl/bjkb': () => import('./timetable/ClassTimetablePage.tsx'),
  '/rygl/xsxx': () => import('./students/StudentsPage.tsx'),
  '/messageCenter/xxzx': () => import('./messageCenter/MessageCenterPage.tsx'),
  '/xtgl/yhgl': () => import('./system/UsersPage.tsx'),
  '/xtgl/jsgl': () => import('./system/RolesPage.tsx'),
  '/xtgl/rzgl': () => import('./system/OperationLogPage.tsx'),
  '/datasynchronization': () => import('./system/JobsPage.tsx'),
  '/job/log': () => import('./system/JobLogPage.tsx'),
  '/xtgl/xtpz': () => import('./system/SystemConfigPage.tsx'),
  '/xtgl/mmgz': () => import('./system/PasswordRulePage.tsx'),
  '/xtgl/zzjg': () => import('./system/OrganisationPage.tsx'),
  '/xtgl/xl': () => import('./system/CalendarPage.tsx'),
  '/xtgl/xqgl': () => import('./system/CampusesPage.tsx'),
  '/xtgl/lygl': () => import('./system/BuildingsPage.tsx'),
  '/xtgl/jsglr': () => import('./system/ClassroomsPage.tsx'),
  '/xtgl/kcgl': () => import('./system/CoursesPage.tsx'),
  '/xtgl/njks': () => import('./system/GradeCourseHoursPage.tsx'),
  '/xtgl/jyzgl': () => import('./system/ResearchGroupsPage.tsx'),
  '/xtgl/bjgl': () => import('./system/ClassesPage.tsx'),
  '/xtgl/xsgl': () => import('./system/StudentsAdminPage.tsx'),
  '/rygl/jzggl': () => import('./records/StaffPage.tsx'),
  '/rygl/bmgl': () => import('./system/DepartmentsPage.tsx'),
  '/xtgl/cdgl': () => import('./system/MenusPage.tsx'),
  '/xtgl/zdgl': () => import('./system/DictionariesPage.tsx'),
  '/xtgl/jslx': () => import('./system/RoleTypesPage.tsx'),
  '/xtgl/sykp': () => import('./system/HomeCardsPage.tsx'),
  '/custom-page': () => import('./customPages/CustomPagesPage.tsx'),
  '/custom-page/drag': () => import('./customPages/CustomPageDesigner.tsx'),
  [CUSTOM_PAGE_PREFIX]: () => import('./customPages/CustomPageView.tsx'),
};

/**
 * Layout routes hidden from the menu (spec section 2) that exist without a menu entry. Each names the
 * i18n key of its title and, optionally, the permission it needs.
 */
export interface LayoutRouteSpec {
  titleKey: string;
  permission?: string;
}

export const layoutRoutes: Record<string, LayoutRouteSpec> = {
  '/messageCenter/xxzx': { titleKey: 'route.messageCenter', permission: MESSAGE_CENTER_PERMISSION },
  '/custom-page/drag': { titleKey: 'route.customPageDesigner', permission: 'system:customPage' },
  ...demoLayoutRoutes,
};

const NotAvailable = lazy(() => import('./common/NotAvailable.tsx'));
const cache = new Map<string, LazyExoticComponent<PageComponent>>();

function normaliseUrl(url: string): string {
  const cleaned = ('/' + url.trim()).replace(/\/+/g, '/').replace(/\?.*$/, '');
  return cleaned.length > 1 ? cleaned.replace(/\/$/, '') : cleaned;
}

/** The registry key of a route: its menu url (or its path), or '/customPreview' for custom pages. */
export function pageKey(route: Pick<AppRoute, 'custom' | 'menuurl' | 'path'>): string {
  if (route.custom) return CUSTOM_PAGE_PREFIX;
  return normaliseUrl(route.menuurl || route.path);
}

/** The page component of a route; stable per key so React keeps its state. */
export function pageComponent(route: Pick<AppRoute, 'custom' | 'menuurl' | 'path'>, loaders: Record<string, PageLoader> = pageLoaders): PageComponent {
  const key = pageKey(route);
  const loader = loaders[key] ?? loaders[normaliseUrl(route.path)];
  if (!loader) return NotAvailable;
  let component = cache.get(key);
  if (!component) {
    component = lazy(loader);
    cache.set(key, component);
  }
  return component;
}

export function hasPage(route: Pick<AppRoute, 'custom' | 'menuurl' | 'path'>, loaders: Record<string, PageLoader> = pageLoaders): boolean {
  return !!(loaders[pageKey(route)] ?? loaders[normaliseUrl(route.path)]);
}
