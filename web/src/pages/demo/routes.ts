import type { LayoutRouteSpec, PageLoader } from '../registry.ts';

/**
 * The /demo/* developer pages (spec section 2): layout-wrapped, hidden from the menu, open to every
 * signed-in user. One page per shared component.
 */
export const demoLayoutRoutes: Record<string, LayoutRouteSpec> = {
  '/demo/picker': { titleKey: 'demo.picker.title' },
  '/demo/pagination': { titleKey: 'demo.pagination.title' },
  '/demo/tableWrap': { titleKey: 'demo.tableWrap.title' },
  '/demo/buttons': { titleKey: 'demo.buttons.title' },
  '/demo/pagHeader': { titleKey: 'demo.pagHeader.title' },
  '/demo/upload': { titleKey: 'upload.demo.title' },
};

export const demoPageLoaders: Record<string, PageLoader> = {
  '/demo/picker': () => import('./PickerDemo.tsx'),
  '/demo/pagination': () => import('./PaginationDemo.tsx'),
  '/demo/tableWrap': () => import('./TableWrapDemo.tsx'),
  '/demo/buttons': () => import('./ButtonsDemo.tsx'),
  '/demo/pagHeader': () => import('./PagHeaderDemo.tsx'),
  '/demo/upload': () => import('./UploadDemo.tsx'),
};
