import { sql } from 'drizzle-orm';
import { CONDUCT_REPLY_URL, DEFAULT_LANGUAGE, translate, type ConductCreate, type ConductRow, type ConductUpdate, type MyConductRow, type PagedResult } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { visibleStudents } from '../../../platform/scope.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import type { Caller } from '../common.ts';
import { conductById, isGuardianOf, pageConduct, type ConductFilter, type ConductRecord } from './queries.ts';

export const CONDUCT_PERMISSIONS = {
  view: 'homeSchool:performance',
  edit: 'homeSchool:performance:edit',
  remove: 'homeSchool:performance:delete',
  /** Every teacher's records and every student (administrators). */
  all: 'homeSchool:performance:all',
  reply: 'homeSchool:performanceReply',
} as const;

/** Dictionary STD_MESSAGE_TYPE: 通知公告 (a conduct record is news for the family). */
const CONDUCT_MESSAGE_TYPE = '3';
const replyLink = (id: number) => `${CONDUCT_REPLY_URL}?id=${id}`;

export type { Caller } from '../common.ts';

const seesAll = (caller: Caller) => caller.permissions.has(CONDUCT_PERMISSIONS.all);

function toRow(record: ConductRecord): ConductRow {
  return {
    id: record.id,
    studentId: record.studentId,
    studentName: record.studentName,
    studentNumber: record.studentNumber,
    className: record.className ?? '',
    category: record.category,
    content: record.content,
    result: record.result,
    askReply: record.askReply,
    publisherName: record.publisherName ?? '',
    createdAt: formatLocalTime(new Date(record.createdAt)),
    replies: record.replies,
  };
}

/**
 * Records a conduct entry for each chosen student (a teacher: students of the classes they lead or teach)
 * and sends their parents a message; one transaction for all.
 */
export async function createConduct(db: Db, caller: Caller, input: ConductCreate): Promise<number[]> {
  const studentIds = [...new Set(input.studentIds)];
  return db.transaction(async (tx) => {
    const scope = seesAll(caller) ? sql`TRUE` : visibleStudents(caller.auth, sql`s.id`);
    const found = await queryRows<{ id: number; name: string; mine: boolean }>(tx, sql`
      SELECT s.id, s.name, ${scope} AS mine FROM students s WHERE s.id = ANY(${sql.param(studentIds)}::int[])`);
    if (found.length !== studentIds.length) throw notFound();
    if (found.some((student) => !student.mine)) throw forbidden('homeSchool.conduct.studentNotYours');
    const ids: number[] = [];
    for (const student of found) {
      const [record] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO conduct_records (student_id, publisher_user_id, category, content, result, ask_reply)
        VALUES (${student.id}, ${caller.auth.userId}, ${input.category}, ${input.content}, ${input.result}, ${input.askReply})
        RETURNING id`);
      const id = record!.id;
      ids.push(id);
      // A message is the recipient's to read, whatever language its sender uses: the school's language.
      const title = translate(DEFAULT_LANGUAGE, 'homeSchool.conduct.messageTitle', {
        name: student.name,
        category: translate(DEFAULT_LANGUAGE, `homeSchool.conduct.category.${input.category}`),
      });
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
        SELECT g.parent_user_id, ${caller.auth.userId}, ${title.slice(0, 200)}, ${Array.from(input.content).slice(0, 100).join('')}, ${CONDUCT_MESSAGE_TYPE}, ${replyLink(id)}
        FROM guardians g JOIN users u ON u.id = g.parent_user_id AND u.enabled WHERE g.student_id = ${student.id}`);
    }
    return ids;
  });
}

async function managed(db: DbOrTx, caller: Caller, id: number, lock = false): Promise<ConductRecord> {
  const record = await conductById(db, id, null, lock);
  if (!record) throw notFound();
  if (!seesAll(caller) && record.publisherUserId !== caller.auth.userId) throw forbidden('homeSchool.notYourNotice');
  return record;
}

export async function updateConduct(db: Db, caller: Caller, input: ConductUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await managed(tx, caller, input.id, true);
    await tx.execute(sql`
      UPDATE conduct_records SET category = ${input.category}, content = ${input.content}, result = ${input.result}, updated_at = now() WHERE id = ${input.id}`);
  });
}

export async function deleteConduct(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    for (const id of unique) await managed(tx, caller, id, true);
    await tx.execute(sql`DELETE FROM messages WHERE link = ANY(${sql.param(unique.map(replyLink))}::text[])`);
    await tx.execute(sql`DELETE FROM conduct_records WHERE id = ANY(${sql.param(unique)}::int[])`);
  });
}

export async function listConduct(
  db: DbOrTx,
  caller: Caller,
  search: Omit<ConductFilter, 'publisherUserId' | 'parentUserId'>,
  page: { offset: number; limit: number },
): Promise<PagedResult<ConductRow>> {
  const { rows, ...counted } = await pageConduct(db, { ...search, publisherUserId: seesAll(caller) ? null : caller.auth.userId }, page);
  return { ...counted, rows: rows.map(toRow) };
}

export async function conductDetail(db: DbOrTx, caller: Caller, id: number): Promise<ConductRow> {
  const record = await conductById(db, id);
  if (!record || (!seesAll(caller) && record.publisherUserId !== caller.auth.userId)) throw notFound();
  return toRow(record);
}

function toMyRow(record: ConductRecord): MyConductRow {
  const { replies: _replies, studentNumber: _number, ...row } = toRow(record);
  return { ...row, myReply: record.myReply };
}

/** 表现回复: the records of the caller's children, newest first. */
export async function listMyConduct(
  db: DbOrTx,
  auth: AuthContext,
  search: Pick<ConductFilter, 'keyword' | 'category' | 'replied'>,
  page: { offset: number; limit: number },
): Promise<PagedResult<MyConductRow>> {
  const { rows, ...counted } = await pageConduct(db, { ...search, parentUserId: auth.userId }, page);
  return { ...counted, rows: rows.map(toMyRow) };
}

/** One record of a child of the caller's; opening it marks its message read. */
export async function openMyConduct(db: Db, auth: AuthContext, id: number): Promise<MyConductRow> {
  return db.transaction(async (tx) => {
    const record = await conductById(tx, id, auth.userId);
    if (!record || !(await isGuardianOf(tx, auth.userId, record.studentId))) throw notFound();
    await tx.execute(sql`UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id = ${auth.userId} AND status = 0 AND link = ${replyLink(id)}`);
    return toMyRow(record);
  });
}

/** A parent's reply (written again replaces the earlier one); the publisher gets a message. */
export async function replyToConduct(db: Db, auth: AuthContext, id: number, content: string): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await conductById(tx, id, auth.userId, true);
    if (!record || !(await isGuardianOf(tx, auth.userId, record.studentId))) throw notFound();
    if (!record.askReply) throw conflict('homeSchool.conduct.replyNotAsked');
    await tx.execute(sql`
      INSERT INTO conduct_replies (record_id, parent_user_id, content) VALUES (${id}, ${auth.userId}, ${content})
      ON CONFLICT (record_id, parent_user_id) DO UPDATE SET content = EXCLUDED.content, replied_at = now()`);
    await tx.execute(sql`UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id = ${auth.userId} AND status = 0 AND link = ${replyLink(id)}`);
    if (record.publisherUserId) {
      await tx.execute(sql`
        INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
        VALUES (${record.publisherUserId}, ${auth.userId}, ${translate(DEFAULT_LANGUAGE, 'homeSchool.conduct.messageTitle', {
          name: record.studentName,
          category: translate(DEFAULT_LANGUAGE, `homeSchool.conduct.category.${record.category}`),
        }).slice(0, 200)}, ${Array.from(content).slice(0, 100).join('')}, ${CONDUCT_MESSAGE_TYPE}, ${`/jxhd/bxfb?id=${id}`})`);
    }
  });
}
