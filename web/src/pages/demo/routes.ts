import type { PageLoader } from '../registry.ts';
import { withTexts } from '../../i18n/areas.ts';

/** The /demo/* developer pages (spec section 2), one per shared component; their routes: ../layoutRoutes.ts. */
export const demoPageLoaders: Record<string, PageLoader> = {
  '/demo/picker': withTexts(['demo'], () => import('./PickerDemo.tsx')),
  '/demo/pagination': withTexts(['demo'], () => import('./PaginationDemo.tsx')),
  '/demo/tableWrap': withTexts(['demo'], () => import('./TableWrapDemo.tsx')),
  '/demo/buttons': withTexts(['demo'], () => import('./ButtonsDemo.tsx')),
  '/demo/pagHeader': withTexts(['demo'], () => import('./PagHeaderDemo.tsx')),
  '/demo/upload': withTexts(['demo'], () => import('./UploadDemo.tsx')),
};
