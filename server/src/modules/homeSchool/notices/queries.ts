import { sql, type SQL } from 'drizzle-orm';
import type { ClassAudience, NoticeStatus, PagedResult } from '@campus/contract';
import { batchedVariants, intArray, perRequestStatement, queryRows, requestValue, textArray, type DbOrTx, type Tx } from '../../../db/client.ts';
import { notices, users } from '../../../db/schema/index.ts';
import { aliased, keywordColumns, matchKeyword, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';

/** The title box of the publishers' notices and events, and of 我的通知. */
const TITLE_KEYWORD = keywordColumns(notices.title);
/** A notice's receipts: the recipient's name, its initials or account. */
const RECIPIENT_KEYWORD = keywordColumns(users.displayName, users.nameInitials, users.account);

/** In-school students only: a student who left receives nothing, nor do their parents through them. */
const IN_SCHOOL = `'1'`;

/** What a notice is sent to, as chosen (the Picker's codes split by kind, and the classes). */
export interface RecipientChoice {
  accounts: string[];
  orgCodes: string[];
  roleCodes: string[];
  classIds: number[];
  classAudience: ClassAudience;
}


/**
 * Every enabled user the choice reaches, once each, with the child a parent was reached through (the
 * first of theirs found). One statement, so 200,000 recipients never pass through the server's memory.
 */
export function recipientSelect(choice: RecipientChoice): SQL {
  const parts: SQL[] = [];
  if (choice.accounts.length) {
    parts.push(sql`SELECT u.id AS user_id, NULL::int AS via_student_id FROM users u WHERE u.account = ANY(${textArray(choice.accounts)}) AND u.enabled`);
  }
  if (choice.orgCodes.length) {
    parts.push(sql`
      SELECT st.user_id, NULL::int AS via_student_id FROM staff st JOIN users u ON u.id = st.user_id AND u.enabled
      WHERE st.campus_id IN (SELECT id FROM chosen_units) OR st.establishment_dept_id IN (SELECT id FROM chosen_units)
         OR st.working_dept_id IN (SELECT id FROM chosen_units) OR st.research_group_id IN (SELECT id FROM chosen_units)`);
  }
  if (choice.roleCodes.length) {
    parts.push(sql`
      SELECT ur.user_id, NULL::int AS via_student_id FROM user_roles ur
      JOIN roles r ON r.id = ur.role_id AND r.enabled
      JOIN users u ON u.id = ur.user_id AND u.enabled
      WHERE r.code = ANY(${textArray(choice.roleCodes)})`);
  }
  if (choice.classIds.length && choice.classAudience !== 'parents') {
    parts.push(sql`
      SELECT s.user_id, s.id AS via_student_id FROM students s JOIN users u ON u.id = s.user_id AND u.enabled
      WHERE s.class_id = ANY(${intArray(choice.classIds)}) AND s.in_school_status = ${sql.raw(IN_SCHOOL)}`);
  }
  if (choice.classIds.length && choice.classAudience !== 'students') {
    parts.push(sql`
      SELECT g.parent_user_id AS user_id, s.id AS via_student_id FROM students s
      JOIN guardians g ON g.student_id = s.id
      JOIN users u ON u.id = g.parent_user_id AND u.enabled
      WHERE s.class_id = ANY(${intArray(choice.classIds)}) AND s.in_school_status = ${sql.raw(IN_SCHOOL)}`);
  }
  if (parts.length === 0) parts.push(sql`SELECT NULL::int AS user_id, NULL::int AS via_student_id WHERE FALSE`);
  const units = choice.orgCodes.length
    ? sql`WITH RECURSIVE chosen_units AS (
            SELECT o.id FROM org_units o WHERE o.code = ANY(${textArray(choice.orgCodes)})
            UNION SELECT o.id FROM org_units o JOIN chosen_units c ON o.parent_id = c.id)`
    : sql``;
  return sql`${units} SELECT reached.user_id, min(reached.via_student_id) AS via_student_id
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS reached GROUP BY reached.user_id`;
}

/** Whether the choice reaches anybody (answered at publishing, before the delivery counts them). */
export async function reachesAnybody(db: DbOrTx, choice: RecipientChoice): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`SELECT EXISTS (${recipientSelect(choice)} LIMIT 1) AS any`);
  return row?.any === true;
}

/** Which of the Picker's codes name nothing (an unknown account, unit or role). */
export async function unknownCodes(db: DbOrTx, choice: Pick<RecipientChoice, 'accounts' | 'orgCodes' | 'roleCodes'>): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(db, sql`
    SELECT 'U_' || a AS code FROM unnest(${textArray(choice.accounts)}) AS a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.account = a)
    UNION ALL
    SELECT 'O_' || o FROM unnest(${textArray(choice.orgCodes)}) AS o WHERE NOT EXISTS (SELECT 1 FROM org_units u WHERE u.code = o)
    UNION ALL
    SELECT 'R_' || r FROM unnest(${textArray(choice.roleCodes)}) AS r WHERE NOT EXISTS (SELECT 1 FROM roles x WHERE x.code = r)`);
  return rows.map((row) => row.code);
}

/** Writes the receipts of a notice (once each; a resumed delivery adds nothing twice) and answers how many it has. */
export async function writeReceipts(tx: Tx, noticeId: number, choice: RecipientChoice): Promise<number> {
  await tx.execute(sql`
    INSERT INTO notice_recipients (notice_id, user_id, via_student_id)
    SELECT ${noticeId}, recipients.user_id, recipients.via_student_id FROM (${recipientSelect(choice)}) AS recipients
    ON CONFLICT DO NOTHING`);
  const [row] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM notice_recipients WHERE notice_id = ${noticeId}`);
  return row!.total;
}

/**
 * One batch of the delivery: a message to each of the next `limit` recipients after `afterUserId` (the
 * task's bookmark, saved in the same transaction), in user order. Answers how many were written and the
 * last recipient. `guard` skips recipients who already have a message of this notice: for a delivery that
 * has lost its bookmark (a resend without its task), so nobody is written to twice.
 */
export async function deliverBatch(
  tx: Tx,
  notice: { id: number; title: string; preview: string; link: string; senderUserId: number | null },
  messageType: string,
  limit: number,
  afterUserId: number,
  guard = false,
): Promise<{ written: number; lastUserId: number | null }> {
  const [row] = await queryRows<{ written: number; last: number | null }>(tx, sql`
    WITH batch AS (
      SELECT nr.user_id FROM notice_recipients nr
      WHERE nr.notice_id = ${notice.id} AND nr.user_id > ${afterUserId}
      ORDER BY nr.user_id LIMIT ${limit}),
    written AS (
      INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
      SELECT batch.user_id, ${notice.senderUserId}, ${notice.title}, ${notice.preview}, ${messageType}, ${notice.link} FROM batch
      ${guard ? sql`WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.recipient_user_id = batch.user_id AND m.link = ${notice.link})` : sql``}
      RETURNING 1)
    SELECT (SELECT count(*)::int FROM written) AS written, (SELECT max(user_id) FROM batch) AS last`);
  return { written: row!.written, lastUserId: row!.last };
}

export type PublicationKind = 'notice' | 'event';

export interface NoticeRecord {
  id: number;
  kind: PublicationKind;
  place: string | null;
  eventAt: Date | null;
  askJoin: boolean;
  /** Answers of an event's recipients (0 for a notice). */
  joined: number;
  declined: number;
  title: string;
  content: string;
  attachments: Record<string, string[]>;
  publisherUserId: number | null;
  publisherName: string | null;
  recipients: string;
  dynamicAccounts: string[];
  classIds: number[];
  classAudience: ClassAudience;
  status: NoticeStatus;
  recipientTotal: number;
  deliveredCount: number;
  readCount: number;
  deliveryTaskId: number | null;
  error: string | null;
  lastRemindedAt: Date | null;
  createdAt: Date;
}

const NOTICE_COLUMNS = sql`
  n.id, n.kind, n.place, n.event_at AS "eventAt", n.ask_join AS "askJoin",
  CASE WHEN n.kind = 'event' AND n.ask_join THEN (SELECT count(*)::int FROM notice_recipients a WHERE a.notice_id = n.id AND a.answer = 'join') ELSE 0 END AS joined,
  CASE WHEN n.kind = 'event' AND n.ask_join THEN (SELECT count(*)::int FROM notice_recipients a WHERE a.notice_id = n.id AND a.answer = 'decline') ELSE 0 END AS declined,
  n.title, n.content, n.attachments, n.publisher_user_id AS "publisherUserId", p.display_name AS "publisherName",
  n.recipients, n.dynamic_accounts AS "dynamicAccounts", n.class_ids AS "classIds", n.class_audience AS "classAudience", n.status,
  n.recipient_total AS "recipientTotal", n.delivered_count AS "deliveredCount", n.read_count AS "readCount",
  n.delivery_task_id::int AS "deliveryTaskId", n.error, n.last_reminded_at AS "lastRemindedAt", n.created_at AS "createdAt"`;

export async function noticeById(db: DbOrTx, id: number, lock = false): Promise<NoticeRecord | null> {
  const [row] = await queryRows<NoticeRecord>(db, sql`
    SELECT ${NOTICE_COLUMNS} FROM notices n LEFT JOIN users p ON p.id = n.publisher_user_id
    WHERE n.id = ${id} ${lock ? sql`FOR UPDATE OF n` : sql``}`, { prepared: true });
  return row ?? null;
}

export interface NoticeListFilter {
  kind: PublicationKind;
  /** Only this publisher's notices; null: everyone's. */
  publisherUserId: number | null;
  title?: string;
  status?: NoticeStatus;
}

/** A publisher's notices or events newest first (platform/listPage.ts): the page's ten are counted and named alone. */
export function pageNotices(db: DbOrTx, filter: NoticeListFilter, page: { offset: number; limit: number }): Promise<PagedResult<NoticeRecord>> {
  const where = sql.join(
    [
      sql`n.kind = ${filter.kind}`,
      filter.publisherUserId === null ? sql`TRUE` : sql`n.publisher_user_id = ${filter.publisherUserId}`,
      matchKeyword(filter.title, TITLE_KEYWORD, aliased('n')) ?? sql`TRUE`,
      filter.status ? sql`n.status = ${filter.status}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  return pageOfList<NoticeRecord>(
    db,
    filter.title,
    {
      matching: sql`SELECT n.id, n.created_at FROM notices n WHERE ${where}`,
      // The time indexes by kind and by publisher hold this order: a common word's page walks them.
      order: { orderBy: sql`m.created_at DESC, m.id DESC`, walk: true },
      details: { columns: NOTICE_COLUMNS, joins: sql`JOIN notices n ON n.id = chosen.id LEFT JOIN users p ON p.id = n.publisher_user_id` },
    },
    page,
  );
}

export interface ReceiptRecord {
  userId: number;
  account: string;
  name: string;
  userType: number;
  /** For a student their class; for a parent the children's names and classes (as reached). */
  relation: string | null;
  readAt: Date | null;
  remindedAt: Date | null;
  answer: 'join' | 'decline' | null;
  answeredAt: Date | null;
}

const RECEIPT_COLUMNS = sql`
  nr.user_id AS "userId", u.account, u.display_name AS name, u.user_type AS "userType",
  CASE WHEN u.user_type = 4 THEN (SELECT vs.name || ' · ' || coalesce(vc.name, '') FROM students vs LEFT JOIN classes vc ON vc.id = vs.class_id WHERE vs.id = nr.via_student_id)
       WHEN u.user_type = 2 THEN (SELECT sc.name FROM students ss JOIN classes sc ON sc.id = ss.class_id WHERE ss.user_id = nr.user_id)
  END AS relation,
  nr.read_at AS "readAt", nr.reminded_at AS "remindedAt", nr.answer, nr.answered_at AS "answeredAt"`;

/** The receipts of `part` ('unread' or 'read') in recipient order, a page of them, with names looked up for that page only. */
async function receiptSlice(db: DbOrTx, noticeId: number, part: 'unread' | 'read', offset: number, limit: number): Promise<ReceiptRecord[]> {
  if (limit <= 0) return [];
  return queryRows<ReceiptRecord>(db, sql`
    WITH slice AS (
      SELECT * FROM notice_recipients
      WHERE notice_id = ${noticeId} AND ${part === 'unread' ? sql`read_at IS NULL` : sql`read_at IS NOT NULL`}
      ORDER BY user_id LIMIT ${limit} OFFSET ${offset})
    SELECT ${RECEIPT_COLUMNS} FROM slice nr JOIN users u ON u.id = nr.user_id ORDER BY nr.user_id`, { prepared: true });
}

/**
 * Who has read a notice: unread first, then read, each in recipient order. The counts come from the
 * notice's own counters, and a page reads only its rows through the unread and read indexes, so the
 * receipts of a notice to 200,000 parents open as fast as those of a class's. A keyword or an event's
 * answer filters and counts the matching receipts (a keyword's up to the keyword search's limit).
 */
export async function pageReceipts(
  db: DbOrTx,
  notice: { id: number; readCount: number; recipientTotal: number },
  filter: { read?: '0' | '1'; answer?: 'join' | 'decline' | 'none'; keyword?: string },
  page: { offset: number; limit: number },
): Promise<PagedResult<ReceiptRecord> & { read: number; unread: number }> {
  const read = notice.readCount;
  const unread = Math.max(0, notice.recipientTotal - notice.readCount);
  // The matching users by their keyword indexes, then their receipts by the notice's key: testing each
  // receipt's user against the keyword read every user of a notice to 200,000 parents.
  const keyword = matchKeywordAcross(filter.keyword, [{ key: sql`nr.user_id`, columns: RECIPIENT_KEYWORD }]);
  if (filter.answer || keyword) {
    const where = sql.join(
      [
        sql`nr.notice_id = ${notice.id}`,
        filter.read === '1' ? sql`nr.read_at IS NOT NULL` : filter.read === '0' ? sql`nr.read_at IS NULL` : sql`TRUE`,
        filter.answer === 'none' ? sql`nr.answer IS NULL` : filter.answer ? sql`nr.answer = ${filter.answer}` : sql`TRUE`,
        keyword ?? sql`TRUE`,
      ],
      sql` AND `,
    );
    // A receipt's key within its notice is its recipient.
    const found = await pageOfList<ReceiptRecord>(
      db,
      filter.keyword,
      {
        matching: sql`SELECT nr.user_id AS id, nr.read_at IS NOT NULL AS read FROM notice_recipients nr WHERE ${where}`,
        order: { orderBy: sql`m.read, m.id` },
        details: { columns: RECEIPT_COLUMNS, joins: sql`JOIN notice_recipients nr ON nr.notice_id = ${notice.id} AND nr.user_id = chosen.id JOIN users u ON u.id = nr.user_id` },
      },
      page,
    );
    return { ...found, read, unread };
  }
  if (filter.read === '0') return { total: unread, read, unread, rows: await receiptSlice(db, notice.id, 'unread', page.offset, page.limit) };
  if (filter.read === '1') return { total: read, read, unread, rows: await receiptSlice(db, notice.id, 'read', page.offset, page.limit) };
  // Everyone: the page may begin among the unread and go on among the read.
  const fromUnread = await receiptSlice(db, notice.id, 'unread', page.offset, Math.min(page.limit, unread - page.offset));
  const fromRead = await receiptSlice(db, notice.id, 'read', Math.max(0, page.offset - unread), page.limit - fromUnread.length);
  return { total: read + unread, read, unread, rows: [...fromUnread, ...fromRead] };
}

export interface MyNoticeRecord {
  id: number;
  kind: PublicationKind;
  place: string | null;
  eventAt: Date | null;
  askJoin: boolean;
  answer: 'join' | 'decline' | null;
  title: string;
  content: string;
  attachments: Record<string, string[]>;
  publisherName: string | null;
  createdAt: Date;
  readAt: Date | null;
}

type MyNoticesAnswer = {
  total: number;
  unread: number;
  rows: (Omit<MyNoticeRecord, 'eventAt' | 'createdAt' | 'readAt'> & { eventAt: string | null; createdAt: string; readAt: string | null })[] | null;
};

/**
 * A recipient's counts and page (SQL of values, so that one text serves a single request and a batch of
 * them alike): the columns, and the join that counts.
 */
function myNoticesStatement(values: { user: SQL; limit: SQL; offset: SQL }, filter: { title?: string; read?: '0' | '1' }): { columns: SQL; joins: SQL } {
  const where = sql.join(
    [
      sql`nr.user_id = ${values.user}`,
      filter.read === '1' ? sql`nr.read_at IS NOT NULL` : filter.read === '0' ? sql`nr.read_at IS NULL` : sql`TRUE`,
      matchKeyword(filter.title, TITLE_KEYWORD, aliased('n')) ?? sql`TRUE`,
    ],
    sql` AND `,
  );
  return {
    columns: sql`counted.total, counted.unread,
      (SELECT json_agg(page ORDER BY page.id DESC) FROM (
        -- Newest notice first: ids grow with publishing time, so the receipt index serves the order.
        SELECT n.id, n.kind, n.place, n.event_at AS "eventAt", n.ask_join AS "askJoin", nr.answer, n.title, left(n.content, 200) AS content, n.attachments, p.display_name AS "publisherName", n.created_at AS "createdAt", nr.read_at AS "readAt"
        FROM notice_recipients nr JOIN notices n ON n.id = nr.notice_id LEFT JOIN users p ON p.id = n.publisher_user_id
        WHERE ${where}
        ORDER BY nr.notice_id DESC
        LIMIT ${values.limit} OFFSET ${values.offset}) page) AS rows`,
    joins: sql`CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE ${where})::int AS total, count(*) FILTER (WHERE nr.read_at IS NULL)::int AS unread
      FROM notice_recipients nr JOIN notices n ON n.id = nr.notice_id WHERE nr.user_id = ${values.user}) counted`,
  };
}

/**
 * Pages without a title, what every recipient opens first, by read filter: concurrent recipients' pages
 * share statements (BatchedStatement), since a statement's round trip costs more than the few reads of one
 * recipient's notices. A request's values: user id, page size, offset.
 */
const myNoticesBatch = batchedVariants<'0' | '1' | undefined, MyNoticesAnswer>((read) => {
  return perRequestStatement(myNoticesStatement({ user: requestValue(0, 'int'), limit: requestValue(1, 'bigint'), offset: requestValue(2, 'bigint') }, { read }), true);
});

export async function pageMyNotices(
  db: DbOrTx,
  userId: number,
  filter: { title?: string; read?: '0' | '1' },
  page: { offset: number; limit: number },
): Promise<{ total: number; unread: number; rows: MyNoticeRecord[] }> {
  let answer: MyNoticesAnswer | undefined;
  if (!filter.title) {
    [answer] = await myNoticesBatch(filter.read).run(db, [userId, page.limit, page.offset]);
  } else {
    // One named statement (eight variants: read filter, and a short, long or cased title) for the counts and
    // the page: a recipient's rows are few, and a statement's planning and round trip cost more than its reads.
    [answer] = await queryRows<MyNoticesAnswer>(db, perRequestStatement(myNoticesStatement({ user: sql`${userId}`, limit: sql`${page.limit}`, offset: sql`${page.offset}` }, filter), false), { prepared: true });
  }
  const date = (value: string | null) => (value === null ? null : new Date(value));
  const rows = (answer!.rows ?? []).map((record) => ({ ...record, eventAt: date(record.eventAt), createdAt: new Date(record.createdAt), readAt: date(record.readAt) }));
  return { total: answer!.total, unread: answer!.unread, rows };
}

export async function receiptOf(db: DbOrTx, noticeId: number, userId: number): Promise<{ readAt: Date | null; answer: 'join' | 'decline' | null } | null> {
  const [row] = await queryRows<{ readAt: Date | null; answer: 'join' | 'decline' | null }>(
    db,
    sql`SELECT read_at AS "readAt", answer FROM notice_recipients WHERE notice_id = ${noticeId} AND user_id = ${userId}`,
  );
  return row ?? null;
}

/** An event's answer; answering also reads it. */
export async function saveAnswer(tx: Tx, noticeId: number, userId: number, answer: 'join' | 'decline'): Promise<void> {
  await tx.execute(sql`UPDATE notice_recipients SET answer = ${answer}, answered_at = now() WHERE notice_id = ${noticeId} AND user_id = ${userId}`);
}

/** Marks the receipt read (the first read time stays) and keeps the notice's count in step; true when it was unread. */
export async function markReceiptRead(tx: Tx, noticeId: number, userId: number): Promise<boolean> {
  const changed = await queryRows<{ noticeId: number }>(tx, sql`
    UPDATE notice_recipients SET read_at = now() WHERE notice_id = ${noticeId} AND user_id = ${userId} AND read_at IS NULL
    RETURNING notice_id AS "noticeId"`);
  if (changed.length) await tx.execute(sql`UPDATE notices SET read_count = read_count + 1 WHERE id = ${noticeId}`);
  return changed.length > 0;
}

/** The notice's messages to the reader (the first and any reminders) read too. */
export async function markNoticeMessagesRead(tx: Tx, userId: number, link: string): Promise<void> {
  await tx.execute(sql`UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id = ${userId} AND status = 0 AND link = ${link}`);
}

/** A reminder message to each unread recipient; answers how many. */
export async function remindUnread(
  tx: Tx,
  notice: { id: number; title: string; preview: string; link: string; senderUserId: number | null },
  messageType: string,
): Promise<number> {
  const [row] = await queryRows<{ count: number }>(tx, sql`
    WITH unread AS (
      UPDATE notice_recipients SET reminded_at = now() WHERE notice_id = ${notice.id} AND read_at IS NULL RETURNING user_id),
    written AS (
      INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
      SELECT user_id, ${notice.senderUserId}, ${notice.title}, ${notice.preview}, ${messageType}, ${notice.link} FROM unread
      RETURNING 1)
    SELECT count(*)::int AS count FROM written`);
  return row!.count;
}

/** Classes the caller may publish to: all for an administrator's notice right, else those they lead or teach. */
export async function publishableClasses(db: DbOrTx, taught: SQL | null): Promise<{ id: number; name: string; gradeName: string }[]> {
  return queryRows(db, sql`
    SELECT c.id, c.name, g.name AS "gradeName" FROM classes c JOIN grades g ON g.id = c.grade_id
    ${taught ? sql`WHERE c.id IN (${taught})` : sql``}
    ORDER BY g.code, c.code`);
}

export async function classNames(db: DbOrTx, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return queryRows(db, sql`SELECT c.id, c.name FROM classes c WHERE c.id = ANY(${intArray(ids)}) ORDER BY c.code`);
}

/** Names of the Picker codes of a notice, as the Picker shows them. */
export async function codeNames(db: DbOrTx, choice: Pick<RecipientChoice, 'accounts' | 'orgCodes' | 'roleCodes'>): Promise<{ code: string; name: string; nameEn: string | null }[]> {
  return queryRows(db, sql`
    SELECT 'U_' || u.account AS code, u.display_name AS name, NULL AS "nameEn" FROM users u WHERE u.account = ANY(${textArray(choice.accounts)})
    UNION ALL
    SELECT 'O_' || o.code, o.name, o.name_en FROM org_units o WHERE o.code = ANY(${textArray(choice.orgCodes)})
    UNION ALL
    SELECT 'R_' || r.code, r.name, NULL FROM roles r WHERE r.code = ANY(${textArray(choice.roleCodes)})`);
}


