import { pagedQuerySchema, type Language, type PagedResult } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/envelope.ts';
import { badRequest } from '../../../platform/errors.ts';
import { LIST_CONTENT_LENGTH, pageMessages, type MessageFilter, type MessageRow } from './queries.ts';
import { MESSAGE_PERMISSION, markRead, rangeStart, readOwnMessage, unreadCount } from './service.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';

/** A message as the legacy screens read it (spec section 3, Messages). */
export interface MessageWire {
  MESSAGE_ID: number;
  MESSAGE_TITLE: string;
  MESSAGE_CONTENT: string;
  MESSAGE_TYPE: string;
  MESSAGE_TYPE_NAME: string;
  MESSAGE_STATUS: number;
  MESSAGE_LINK: string | null;
  CREATE_TIME: string;
}

/** The one mapping from a message row to the wire; lists carry at most 200 characters of the content. */
function toWire(row: MessageRow, language: Language, whole: boolean): MessageWire {
  const characters = Array.from(row.content);
  const content = !whole && characters.length > LIST_CONTENT_LENGTH ? `${characters.slice(0, LIST_CONTENT_LENGTH).join('')}…` : row.content;
  return {
    MESSAGE_ID: row.id,
    MESSAGE_TITLE: row.title,
    MESSAGE_CONTENT: content,
    MESSAGE_TYPE: row.type,
    MESSAGE_TYPE_NAME: (language === 'en' ? row.typeNameEn || row.typeName : row.typeName) ?? row.type,
    MESSAGE_STATUS: row.status,
    MESSAGE_LINK: row.link || null,
    CREATE_TIME: formatLocalTime(row.createdAt),
  };
}

/** Forms send '' for an unset field, JSON may send numbers: both read as the form would. */
const blank = (value: unknown) => (value === '' || value === null ? undefined : typeof value === 'number' ? String(value) : value);
const optionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max, 'validation.tooLong').optional());
const statusField = z.preprocess(blank, z.enum(['0', '1'], { error: 'errors.badRequest' }).optional());
const typeField = z.preprocess(blank, z.string().max(20, 'validation.tooLong').regex(/^[A-Za-z0-9_-]+$/, 'errors.badRequest').optional());
const messageId = z.preprocess(
  blank,
  z.string({ error: 'messages.idRequired' }).trim().regex(/^\d{1,15}$/, 'errors.badRequest').transform(Number),
);
/** A call without any body reads as an empty form. */
const form = <T extends z.ZodRawShape>(shape: T) => z.preprocess((value) => value ?? {}, z.object(shape));

const recipientListBody = form({
  title: optionalText(100),
  page: z.preprocess(blank, z.coerce.number({ error: 'errors.badRequest' }).int('errors.badRequest').min(0, 'errors.badRequest').max(1_000_000, 'errors.badRequest').default(0)),
  size: z.preprocess(blank, z.coerce.number({ error: 'errors.badRequest' }).int('errors.badRequest').min(1, 'errors.badRequest').max(100, 'messages.sizeTooLarge').default(10)),
  status: statusField,
  type: typeField,
});

const byIdBody = form({ id: messageId });

const markReadBody = form({
  id: z.union([z.string().max(20, 'validation.tooLong'), z.number()]).optional(),
  ids: z.union([z.string().max(10_000, 'validation.tooLong'), z.array(z.union([z.string(), z.number()])).max(500, 'errors.badRequest')]).optional(),
  all: z.union([z.string().max(5, 'validation.tooLong'), z.number(), z.boolean()]).optional(),
});

const centerSearch = z
  .object({
    range: z.preprocess(blank, z.enum(['week', 'month', 'threeMonths']).optional()),
    status: statusField,
    type: typeField,
    title: optionalText(100),
  })
  .strip();

/** Sort fields of the message centre (the wire name → the column the query orders by). */
const CENTER_SORT_FIELDS = new Set(['', 'createTime']);

function filterOf(input: { title?: string; status?: '0' | '1'; type?: string }): MessageFilter {
  return { title: input.title || undefined, status: input.status === undefined ? undefined : (Number(input.status) as 0 | 1), type: input.type };
}

/** The ids a markRead call names: `all`, or `id` and / or `ids` (comma-separated or an array). */
function markReadTarget(body: z.infer<typeof markReadBody>): { ids: number[] } | 'all' {
  if (body.all === true || body.all === 1 || body.all === '1' || body.all === 'true') return 'all';
  const texts = [
    ...(body.id === undefined ? [] : [String(body.id)]),
    ...(body.ids === undefined ? [] : Array.isArray(body.ids) ? body.ids.map(String) : body.ids.split(',')),
  ]
    .map((text) => text.trim())
    .filter((text) => text !== '');
  if (texts.length === 0) throw badRequest('messages.idRequired');
  if (texts.length > 500 || texts.some((text) => !/^\d{1,15}$/.test(text))) throw badRequest('errors.badRequest');
  return { ids: texts.map(Number) };
}

export async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const access = { permission: MESSAGE_PERMISSION };

  app.post(
    '/api/message/info/getInfoByRecipient',
    {
      config: { access, readOnly: true },
      schema: { tags: ['messages'], summary: "The caller's messages, newest first (message bell); page is zero-based", body: recipientListBody },
    },
    async (request) => {
      const body = request.body;
      const { total, rows } = await pageMessages(database.db, request.auth!.userId, filterOf(body), { offset: body.page * body.size, limit: body.size, order: 'desc' });
      return ok({ result: rows.map((row) => toWire(row, request.language, false)), count: { COUNT: total } });
    },
  );

  app.post(
    '/api/message/info/getInfoById',
    {
      config: { access, readOnly: true },
      schema: { tags: ['messages'], summary: 'One own message with its whole content (does not mark it read)', body: byIdBody },
    },
    async (request) => ok({ obj: toWire(await readOwnMessage(database.db, request.auth!, request.body.id), request.language, true) }),
  );

  app.post(
    '/api/message/info/markRead',
    {
      config: { access, audit: { module: 'message', operation: 'markRead' } },
      schema: { tags: ['messages'], summary: 'Mark own messages read: id, ids (comma-separated) or all=1; answers the remaining unread count', body: markReadBody },
    },
    async (request) => ok({ unread: await markRead(database.db, request.auth!, markReadTarget(request.body)) }),
  );

  app.post(
    '/api/message/info/unreadCount',
    {
      config: { access, readOnly: true },
      schema: { tags: ['messages'], summary: "The caller's unread message count (the bell's badge)" },
    },
    async (request) => ok({ count: await unreadCount(database.db, request.auth!.userId) }),
  );

  app.post(
    '/api/message/center/page',
    {
      config: { access, readOnly: true },
      schema: { tags: ['messages'], summary: 'Message centre, paged (generic paged-table call); search: range, status, type, title', body: pagedQuerySchema },
    },
    async (request) => {
      const query = request.body;
      const search = centerSearch.safeParse(query.search);
      if (!search.success) throw badRequest('paging.badSearch');
      if (!CENTER_SORT_FIELDS.has(query.sortField)) throw badRequest('paging.badSortField');
      const filter: MessageFilter = { ...filterOf(search.data), since: search.data.range ? rangeStart(search.data.range) : undefined };
      const { total, rows } = await pageMessages(database.db, request.auth!.userId, filter, {
        offset: query.currPage * query.limit,
        limit: query.limit,
        order: query.order === 'asc' ? 'asc' : 'desc',
      });
      const result: PagedResult<MessageWire> = { total, rows: rows.map((row) => toWire(row, request.language, false)) };
      return ok(result);
    },
  );
}
