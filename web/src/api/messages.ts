import { call } from './client.ts';
import { fetchDictionary, type DictItem } from './dictionaries.ts';
import type { PagedResult } from '@campus/contract';

/** Message calls (spec sections 3, 4 and 7). MESSAGE_STATUS: '0' unread, '1' read. */

export interface MessageRow {
  MESSAGE_ID: string | number;
  MESSAGE_TITLE: string;
  MESSAGE_CONTENT?: string;
  MESSAGE_TYPE: string;
  MESSAGE_TYPE_NAME?: string;
  MESSAGE_STATUS: string | number;
  MESSAGE_LINK?: string | null;
  CREATE_TIME: string;
}

export const MESSAGE_STATUS = { unread: '0', read: '1' } as const;
/** The pane's page size (spec section 9). */
export const PANE_PAGE_SIZE = 10;

export interface RecipientQuery {
  title?: string;
  /** Zero-based. */
  page?: number;
  size?: number;
  /** '0' unread, '1' read, '' all. */
  status?: string;
  type?: string;
}

export function isUnread(message: Pick<MessageRow, 'MESSAGE_STATUS'>): boolean {
  return String(message.MESSAGE_STATUS) === MESSAGE_STATUS.unread;
}

/** POST /api/message/info/getInfoByRecipient → data { result, count: { COUNT } }. */
export async function fetchRecipientMessages(query: RecipientQuery = {}, signal?: AbortSignal): Promise<PagedResult<MessageRow>> {
  const data = await call<{ result?: unknown; count?: { COUNT?: unknown } | null } | null>('/api/message/info/getInfoByRecipient', {
    form: {
      title: query.title ?? '',
      page: query.page ?? 0,
      size: query.size ?? PANE_PAGE_SIZE,
      status: query.status ?? MESSAGE_STATUS.unread,
      type: query.type ?? '',
    },
    signal,
  });
  const total = Number(data?.count?.COUNT ?? 0);
  return { total: Number.isFinite(total) ? total : 0, rows: Array.isArray(data?.result) ? (data.result as MessageRow[]) : [] };
}

/** POST /api/message/info/getInfoById → data.obj (the message with its MESSAGE_CONTENT). */
export async function fetchMessage(id: string | number): Promise<MessageRow | null> {
  const data = await call<{ obj?: MessageRow | null } | null>('/api/message/info/getInfoById', { form: { id: String(id) } });
  return data?.obj ?? null;
}

/** POST /api/message/info/markRead → data { unread } (the caller's unread count afterwards, when sent). */
export async function markMessageRead(id: string | number): Promise<number | null> {
  const data = await call<{ unread?: unknown } | null>('/api/message/info/markRead', { form: { id: String(id) } });
  const unread = Number(data?.unread);
  return data && data.unread !== undefined && Number.isFinite(unread) ? unread : null;
}

/** POST /api/message/info/unreadCount → data { count }. Quiet: the badge simply keeps its value on failure. */
export async function fetchUnreadCount(): Promise<number> {
  const data = await call<{ count?: unknown } | null>('/api/message/info/unreadCount', { silent: true });
  const count = Number(data?.count);
  return Number.isFinite(count) ? count : 0;
}

/** The message centre's paged call: the generic paged table's JSON body, search { range, status, type, title }. */
export const MESSAGE_CENTER_URL = '/api/message/center/page';

export type MessageRange = 'week' | 'month' | 'threeMonths';
export const MESSAGE_RANGES: readonly MessageRange[] = ['week', 'month', 'threeMonths'];

export interface MessageCenterSearch {
  range: MessageRange;
  status: string;
  type: string;
  title: string;
}

export type { DictItem };

export const MESSAGE_TYPE_DICT = 'STD_MESSAGE_TYPE';

/** Type names: the dictionary STD_MESSAGE_TYPE. */
export function fetchMessageTypes(): Promise<DictItem[]> {
  return fetchDictionary(MESSAGE_TYPE_DICT);
}
