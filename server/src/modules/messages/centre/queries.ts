import { and, count, desc, asc, eq, gte, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { BatchedStatement, runPrepared, type DbOrTx, type Tx } from '../../../db/client.ts';
import { dictionaryItems, messages } from '../../../db/schema/index.ts';

/** Dictionary table of the message types. */
export const MESSAGE_TYPE_TABLE = 'STD_MESSAGE_TYPE';
/** Characters of the content a list shows; the whole text comes with getInfoById. */
export const LIST_CONTENT_LENGTH = 200;

export interface MessageFilter {
  title?: string;
  status?: 0 | 1;
  type?: string;
  /** Only messages created at or after this moment. */
  since?: Date;
}

export interface MessageRow {
  id: number;
  recipientUserId: number;
  title: string;
  content: string;
  type: string;
  typeName: string | null;
  typeNameEn: string | null;
  status: number;
  link: string | null;
  createdAt: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Always limited to the recipient: nobody lists another user's messages. */
function conditions(recipientUserId: number, filter: MessageFilter): SQL {
  const parts: SQL[] = [eq(messages.recipientUserId, recipientUserId)];
  if (filter.title) parts.push(ilike(messages.title, `%${escapeLike(filter.title)}%`));
  if (filter.status !== undefined) parts.push(eq(messages.status, filter.status));
  if (filter.type) parts.push(eq(messages.type, filter.type));
  if (filter.since) parts.push(gte(messages.createdAt, filter.since));
  return and(...parts)!;
}

function selectRows(db: DbOrTx, contentLength: number | null) {
  return db
    .select({
      id: messages.id,
      recipientUserId: messages.recipientUserId,
      title: messages.title,
      // A list needs only the start of a long text; one character more tells whether it was cut.
      content: contentLength === null ? messages.content : sql<string>`left(${messages.content}, ${contentLength + 1})`,
      type: messages.type,
      typeName: dictionaryItems.name,
      typeNameEn: dictionaryItems.nameEn,
      status: messages.status,
      link: messages.link,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(dictionaryItems, and(eq(dictionaryItems.tableName, MESSAGE_TYPE_TABLE), eq(dictionaryItems.code, messages.type)));
}

/**
 * The message bell's question (every page of every user asks it): all of the recipient's messages, newest
 * first, with their count. The count rides along with the page (an empty page still answers one row, which
 * carries the count), and concurrent users' pages share statements (BatchedStatement): a round trip costs
 * the database as much as this read. A request's values: recipient, page size, offset.
 */
const bellStatement = new BatchedStatement<Omit<MessageRow, 'id'> & { id: string | null; total: number }>(`
  SELECT request.position, counted.total, m.id::text AS id, m."recipientUserId", m.title, m.content, m.type,
         m."typeName", m."typeNameEn", m.status, m.link, m."createdAt"
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
  CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM messages WHERE recipient_user_id = (request.input->>0)::int) AS counted
  LEFT JOIN LATERAL (
    SELECT m.id, m.recipient_user_id AS "recipientUserId", m.title, left(m.content, ${LIST_CONTENT_LENGTH + 1}) AS content, m.type,
           d.name AS "typeName", d.name_en AS "typeNameEn", m.status, m.link, m.created_at AS "createdAt"
    FROM messages m
    LEFT JOIN dictionary_items d ON d.table_name = '${MESSAGE_TYPE_TABLE}' AND d.code = m.type
    WHERE m.recipient_user_id = (request.input->>0)::int
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT (request.input->>1)::bigint OFFSET (request.input->>2)::bigint
  ) AS m ON TRUE
  ORDER BY request.position, m."createdAt" DESC, m.id DESC`);

/** The same rows as the general query below (a test compares them), in one statement. */
async function bellPage(db: DbOrTx, recipientUserId: number, page: { offset: number; limit: number }): Promise<{ total: number; rows: MessageRow[] }> {
  const found = await bellStatement.run(db, [recipientUserId, page.limit, page.offset]);
  const rows = found.filter((row) => row.id !== null).map(({ total: _total, ...row }) => ({ ...row, id: Number(row.id) }));
  return { total: found[0]?.total ?? 0, rows };
}

/** A page of the recipient's messages, newest first (the id breaks ties so pages never overlap). */
export async function pageMessages(
  db: DbOrTx,
  recipientUserId: number,
  filter: MessageFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ total: number; rows: MessageRow[] }> {
  if (page.order === 'desc' && Object.values(filter).every((value) => value === undefined)) return bellPage(db, recipientUserId, page);
  const where = conditions(recipientUserId, filter);
  const direction = page.order === 'asc' ? asc : desc;
  // The message bell asks for this on every page of every user: prepared once per connection.
  const [rows, [{ total }]] = await Promise.all([
    runPrepared(selectRows(db, LIST_CONTENT_LENGTH).where(where).orderBy(direction(messages.createdAt), direction(messages.id)).limit(page.limit).offset(page.offset)),
    runPrepared(db.select({ total: count() }).from(messages).where(where)),
  ]);
  return { total, rows };
}

/** One message with its whole content, whoever it belongs to (the service checks the recipient). */
export async function messageById(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
  const [message] = await selectRows(db, null).where(eq(messages.id, id));
  return message;
}

/** Recipients of the given ids (missing ids are absent). */
export async function recipientsOf(tx: Tx, ids: number[]): Promise<{ id: number; recipientUserId: number }[]> {
  return tx.select({ id: messages.id, recipientUserId: messages.recipientUserId }).from(messages).where(inArray(messages.id, ids));
}

/** Marks unread messages read; `ids` null: every unread message of the recipient. Read ones keep their read time. */
export async function markMessagesRead(tx: Tx, recipientUserId: number, ids: number[] | null): Promise<void> {
  const where = [eq(messages.recipientUserId, recipientUserId), eq(messages.status, 0)];
  if (ids) where.push(inArray(messages.id, ids));
  await tx.update(messages).set({ status: 1, readAt: sql`now()` }).where(and(...where));
}

export async function unreadCount(db: DbOrTx, recipientUserId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(messages)
    .where(and(eq(messages.recipientUserId, recipientUserId), eq(messages.status, 0)));
  return total;
}
