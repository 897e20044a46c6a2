/**
 * Which page buttons a pager shows (spec section 9: 7 buttons in tables, 5 in the picker popover).
 * The first and the last page are always shown; at most `pagerCount` numbered buttons appear, with an
 * ellipsis ('prev-more' / 'next-more') where pages are left out. The current page sits in the middle
 * when it can.
 *
 *   pagerPages(1, 20, 7)  → 1 2 3 4 5 6 … 20
 *   pagerPages(10, 20, 7) → 1 … 8 9 10 11 12 … 20
 *   pagerPages(10, 20, 5) → 1 … 9 10 11 … 20
 */
export type PagerItem = number | 'prev-more' | 'next-more';

export function pagerPages(current: number, pageCount: number, pagerCount = 7): PagerItem[] {
  const count = Math.max(5, pagerCount % 2 === 0 ? pagerCount + 1 : pagerCount);
  if (pageCount <= 0) return [1];
  if (pageCount <= count) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), pageCount);
  const half = (count - 1) / 2;
  const showPrevMore = page > count - half;
  const showNextMore = page < pageCount - half;
  const middle: number[] = [];
  if (showPrevMore && !showNextMore) {
    for (let i = pageCount - (count - 2); i < pageCount; i += 1) middle.push(i);
  } else if (!showPrevMore && showNextMore) {
    for (let i = 2; i < count; i += 1) middle.push(i);
  } else {
    const offset = Math.floor(count / 2) - 1;
    for (let i = page - offset; i <= page + offset; i += 1) middle.push(i);
  }
  return [1, ...(showPrevMore ? (['prev-more'] as const) : []), ...middle, ...(showNextMore ? (['next-more'] as const) : []), pageCount];
}

/** How many pages `total` rows make at `pageSize` (at least 1, so an empty list still shows page 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}
