import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200, 500] as const;
export const MAX_PAGE_SIZE = 500;

/**
 * The generic paged-table call (spec section 7): JSON { currPage (zero-based), limit, order, sortField,
 * search }. `search` may arrive as an object or as a JSON string; `page` is accepted as an alias.
 */
export const pagedQuerySchema = z.object({
  currPage: z.coerce.number().int().min(0, 'errors.badRequest').max(1_000_000, 'errors.badRequest').default(0),
  limit: z.coerce.number().int().min(1, 'errors.badRequest').max(MAX_PAGE_SIZE, 'paging.limitTooLarge').default(10),
  order: z.enum(['asc', 'desc', '']).optional().default(''),
  sortField: z.string().max(64, 'validation.tooLong').optional().default(''),
  search: z
    .union([z.record(z.string(), z.unknown()), z.string().max(4000, 'validation.tooLong')])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return {} as Record<string, unknown>;
      if (typeof value !== 'string') return value;
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'paging.badSearch' });
      return z.NEVER;
    }),
  page: z.unknown().optional(),
});
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

export interface PagedResult<Row> {
  total: number;
  rows: Row[];
  /** True when a keyword matched more rows than were counted: `total` is then a lower bound ("1,000+"). */
  totalCapped?: boolean;
}

/**
 * The query string of every list's Excel export (`GET …/export`): the list's search and sort, so that a
 * plain download link works.
 */
export const exportQuerySchema = z.object({
  search: z.string().max(4000, 'validation.tooLong').optional(),
  sortField: z.string().max(64, 'validation.tooLong').optional().default(''),
  order: z.enum(['asc', 'desc', '']).optional().default(''),
});
