import { MESSAGE_CENTER_PERMISSION } from '@campus/contract';

/**
 * Layout routes hidden from the menu (spec section 2) that exist without a menu entry. Each names the
 * i18n key of its title and, optionally, the permission it needs. Kept apart from the page registry:
 * the route table needs these at sign-in, the registry's page loaders only come with the layout.
 */
export interface LayoutRouteSpec {
  titleKey: string;
  permission?: string;
}

/** The /demo/* developer pages (spec section 2): open to every signed-in user, one per shared component. */
export const demoLayoutRoutes: Record<string, LayoutRouteSpec> = {
  '/demo/picker': { titleKey: 'demo.picker.title' },
  '/demo/pagination': { titleKey: 'demo.pagination.title' },
  '/demo/tableWrap': { titleKey: 'demo.tableWrap.title' },
  '/demo/buttons': { titleKey: 'demo.buttons.title' },
  '/demo/pagHeader': { titleKey: 'demo.pagHeader.title' },
  '/demo/upload': { titleKey: 'upload.demo.title' },
};

export const layoutRoutes: Record<string, LayoutRouteSpec> = {
  '/messageCenter/xxzx': { titleKey: 'route.messageCenter', permission: MESSAGE_CENTER_PERMISSION },
  '/custom-page/drag': { titleKey: 'route.customPageDesigner', permission: 'system:customPage' },
  ...demoLayoutRoutes,
};
