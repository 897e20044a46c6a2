import type { Envelope, PagedResult } from '@campus/contract';
import { call, request, type FormValue } from './client.ts';

/**
 * Typed calls of the shared components (spec section 7): the person / organisation / role picker, the
 * generic paged table and the delete-confirm button. Everything goes through the one request client, so a
 * `result: false` answer shows its msg as an error toast unless a call says otherwise.
 */

/** Default addresses of the picker calls; each one is overridable by a picker prop. */
export const PICKER_URLS = {
  /** People list: form { size, page (zero-based), search (JSON) } → { total, rows }. */
  users: '/components/getUserAllData',
  /** Names for ids: form { ids (JSON array) } → [{ USERID, USERNAME }]. */
  usersByIds: '/components/getUserData',
  /** Organisation tree: no body → [{ id, label, children? }]. */
  orgs: '/components/getOrgsData',
  /** Role groups: form { roleType } → [{ CODE, NAME, CHILD: [{ id, label, children? }] }]. */
  roles: '/components/getRoles',
} as const;

/** One row of the people list. USERTYPE: 1 administrator, 2 student, 3 teacher, 4 parent, otherwise other. */
export interface PersonRow {
  USERID: string;
  USERNAME: string;
  USERTYPE: string | number;
  XQMC?: string;
  DWMC?: string;
}

/** The people-list filters, sent as the JSON string `search` with these exact wire names. */
export interface PersonSearch {
  USERTYPE: string;
  KEYWORD: string;
  XQDM: string;
  DWDM: string;
  XNXQ: string;
}

export interface TreeNode {
  id: string;
  label: string;
  children?: TreeNode[];
}

export interface RoleGroup {
  CODE: string;
  NAME: string;
  CHILD: TreeNode[];
}

export async function fetchPeople(
  url: string,
  query: { size: number; page: number; search: PersonSearch },
  signal?: AbortSignal,
): Promise<PagedResult<PersonRow> & { more: boolean }> {
  const data = await call<(PagedResult<PersonRow> & { more?: unknown }) | null>(url, {
    form: { size: String(query.size), page: String(query.page), search: JSON.stringify(query.search) },
    signal,
  });
  // `more`: the keyword matched more people than the server counts (it reports the count it stopped at).
  return { total: Number(data?.total ?? 0), rows: Array.isArray(data?.rows) ? data.rows : [], more: data?.more === true };
}

/** Names of people by id (to show the tags of an initial value). */
export async function fetchPeopleByIds(ids: readonly string[], url: string = PICKER_URLS.usersByIds): Promise<Pick<PersonRow, 'USERID' | 'USERNAME'>[]> {
  if (!ids.length) return [];
  const data = await call<Pick<PersonRow, 'USERID' | 'USERNAME'>[] | null>(url, { form: { ids: JSON.stringify(ids) } });
  return Array.isArray(data) ? data : [];
}

type RawNode = { id?: unknown; label?: unknown; CODE?: unknown; NAME?: unknown; children?: unknown; CHILDREN?: unknown };

/** Accepts { id, label, children } nodes (and tolerates { CODE, NAME } ones); ids become strings. */
export function normaliseTree(nodes: unknown): TreeNode[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.map((raw: RawNode) => {
    const children = normaliseTree(raw.children ?? raw.CHILDREN);
    const node: TreeNode = { id: String(raw.id ?? raw.CODE ?? ''), label: String(raw.label ?? raw.NAME ?? '') };
    if (children.length) node.children = children;
    return node;
  });
}

/*
 * Organisation and role data rarely change: they are cached on the client for the life of the page (a
 * module cache keyed by address and role type). Signing out reloads the page, which empties it. A failed
 * call is not cached, so the next opening asks again.
 */
const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let entry = cache.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    cache.set(key, entry);
    entry.catch(() => cache.delete(key));
  }
  return entry;
}

/** Forgets the cached organisation and role data (tests, or after an administrator edits them). */
export function clearPickerCache(): void {
  cache.clear();
}

export function loadOrgTree(url: string = PICKER_URLS.orgs): Promise<TreeNode[]> {
  return cached(`orgs ${url}`, async () => normaliseTree(await call<unknown>(url)));
}

export function loadRoleGroups(url: string = PICKER_URLS.roles, roleType = ''): Promise<RoleGroup[]> {
  return cached(`roles ${url} ${roleType}`, async () => {
    const data = await call<unknown>(url, { form: { roleType } });
    if (!Array.isArray(data)) return [];
    return data.map((group: { CODE?: unknown; NAME?: unknown; CHILD?: unknown }) => ({
      CODE: String(group.CODE ?? ''),
      NAME: String(group.NAME ?? ''),
      CHILD: normaliseTree(group.CHILD),
    }));
  });
}

/** Sort order of the generic paged call: ascending, descending or none. */
export type SortOrder = 'asc' | 'desc' | '';

/**
 * The generic paged-table body (JSON): currPage is zero-based; `page` repeats it for servers that read
 * that name (the contract accepts it as an alias).
 */
export interface PagedQueryBody {
  currPage: number;
  limit: number;
  order: SortOrder;
  sortField: string;
  search: Record<string, unknown>;
  page: number;
}

/** A page of rows and whatever else the call answered beside them (e.g. counts over the whole list). */
export type PagedAnswer<Row> = PagedResult<Row> & { [more: string]: unknown };

export async function fetchPagedRows<Row>(url: string, body: PagedQueryBody & Record<string, unknown>, signal?: AbortSignal): Promise<PagedAnswer<Row>> {
  const data = await call<PagedAnswer<Row> | null>(url, { json: body, signal });
  const more = data && typeof data === 'object' ? data : {};
  return { ...more, total: Number(data?.total ?? 0), rows: Array.isArray(data?.rows) ? data.rows : [] };
}

export interface DeleteCallOptions {
  /** 'post' (default) sends `param` as the body; 'get' sends it as the query string. */
  method?: 'post' | 'get';
  /** Send `param` form-encoded instead of JSON (POST only). */
  form?: boolean;
}

export type DeleteParam = Record<string, unknown> | readonly unknown[];

/**
 * The delete-confirm button's call. Quiet: the button shows the outcome itself (msg as success or as a
 * warning); session expiry still opens the one expiry modal.
 */
export function sendDelete<T = unknown>(url: string, param: DeleteParam | undefined, options: DeleteCallOptions = {}): Promise<Envelope<T>> {
  if (options.method === 'get') {
    const query: Record<string, string> = {};
    if (param && !Array.isArray(param)) {
      for (const [key, value] of Object.entries(param)) {
        if (value === undefined || value === null) continue;
        query[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
    }
    return request<T>(url, { method: 'GET', query, silent: true });
  }
  if (options.form && param && !Array.isArray(param)) return request<T>(url, { form: param as Record<string, FormValue>, silent: true });
  return request<T>(url, { json: param ?? {}, silent: true });
}
