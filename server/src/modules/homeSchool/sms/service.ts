import { sql, type SQL } from 'drizzle-orm';
import type { PagedResult, SmsRow, SmsSendResult, SmsState, SmsStudentOption } from '@campus/contract';
import type { Config } from '../../../config.ts';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { smsMessages, students, users } from '../../../db/schema/index.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { keywordColumns, matchKeywordAcross } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { smsChannelOf, type SmsMessage } from '../../../platform/sms.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';

export const SMS_PERMISSIONS = {
  view: 'homeSchool:sms',
  send: 'homeSchool:sms:edit',
  /** Every class and the whole outbox (administrators). */
  all: 'homeSchool:sms:all',
} as const;

export type { Caller } from '../../../platform/caller.ts';

const seesAll = (caller: Caller) => caller.permissions.has(SMS_PERMISSIONS.all);

/** Classes whose parents the caller may text: those they lead (class teacher), or all with the right. */
function classScope(caller: Caller): SQL {
  return seesAll(caller)
    ? sql`TRUE`
    : sql`c.class_teacher_id IN (SELECT st.id FROM staff st WHERE st.user_id = ${caller.auth.userId})`;
}

export async function smsClasses(db: DbOrTx, caller: Caller): Promise<{ id: number; name: string; gradeName: string }[]> {
  return queryRows(db, sql`
    SELECT c.id, c.name, g.name AS "gradeName" FROM classes c JOIN grades g ON g.id = c.grade_id WHERE ${classScope(caller)} ORDER BY g.code, c.code`);
}

export async function smsStudents(db: DbOrTx, caller: Caller, classId: number): Promise<SmsStudentOption[]> {
  const [cls] = await queryRows<{ mine: boolean }>(db, sql`SELECT ${classScope(caller)} AS mine FROM classes c WHERE c.id = ${classId}`);
  if (!cls) throw notFound();
  if (!cls.mine) throw forbidden('homeSchool.sms.studentNotYours');
  return queryRows(db, sql`
    SELECT s.id, s.name, s.student_number AS "studentNumber", c.name AS "className",
           (SELECT count(*)::int FROM guardians g WHERE g.student_id = s.id AND g.phone IS NOT NULL AND g.phone <> '') AS phones
    FROM students s JOIN classes c ON c.id = s.class_id
    WHERE s.class_id = ${classId} AND s.in_school_status = '1'
    ORDER BY s.student_number`);
}

/** Hands the messages to the channel outside any transaction and records each outcome. */
async function dispatch(db: Db, config: Pick<Config, 'sms'>, messages: SmsMessage[]): Promise<{ sent: number; failed: number }> {
  if (messages.length === 0) return { sent: 0, failed: 0 };
  const channel = smsChannelOf(config);
  const outcomes = await channel.send(messages);
  const okState: SmsState = channel.name === 'outbox' ? 'outbox' : 'sent';
  await db.transaction(async (tx) => {
    for (const outcome of outcomes) {
      await tx.execute(
        outcome.ok
          ? sql`UPDATE sms_messages SET state = ${okState}, channel = ${channel.name}, attempts = attempts + 1, error = NULL, sent_at = now() WHERE id = ${outcome.id}`
          : sql`UPDATE sms_messages SET state = 'failed', channel = ${channel.name}, attempts = attempts + 1, error = ${outcome.error.slice(0, 500)} WHERE id = ${outcome.id}`,
      );
    }
  });
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  return { sent: outcomes.length - failed, failed };
}

/**
 * Texts the parents (with a number on record) of the chosen students: the messages are stored first, in one
 * transaction, then handed to the channel, so a failure leaves each message with its state and error.
 */
export async function sendSms(db: Db, config: Pick<Config, 'sms'>, caller: Caller, studentIds: number[], content: string): Promise<SmsSendResult> {
  const unique = [...new Set(studentIds)];
  const { messages, withoutPhone } = await db.transaction(async (tx) => {
    const found = await queryRows<{ id: number; mine: boolean }>(tx, sql`
      SELECT s.id, (s.class_id IN (SELECT c.id FROM classes c WHERE ${classScope(caller)})) AS mine FROM students s WHERE s.id = ANY(${sql.param(unique)}::int[])`);
    if (found.length !== unique.length) throw notFound();
    if (found.some((student) => !student.mine)) throw forbidden('homeSchool.sms.studentNotYours');
    const [counts] = await queryRows<{ without: number }>(tx, sql`
      SELECT count(*)::int AS without FROM guardians g WHERE g.student_id = ANY(${sql.param(unique)}::int[]) AND (g.phone IS NULL OR g.phone = '')`);
    const rows = await queryRows<{ id: number; phone: string }>(tx, sql`
      INSERT INTO sms_messages (sender_user_id, recipient_user_id, student_id, phone, content)
      SELECT DISTINCT ON (g.student_id, g.phone) ${caller.auth.userId}, g.parent_user_id, g.student_id, g.phone, ${content}
      FROM guardians g WHERE g.student_id = ANY(${sql.param(unique)}::int[]) AND g.phone IS NOT NULL AND g.phone <> ''
      RETURNING id, phone`);
    if (rows.length === 0) throw badRequest('homeSchool.sms.noPhones');
    return { messages: rows.map((row) => ({ id: row.id, phone: row.phone, text: content })), withoutPhone: counts!.without };
  });
  return { ...(await dispatch(db, config, messages)), withoutPhone };
}

/** Sends the caller's failed messages again (any with the administrators' right). */
export async function retrySms(db: Db, config: Pick<Config, 'sms'>, caller: Caller, ids: number[]): Promise<SmsSendResult> {
  const unique = [...new Set(ids)];
  const rows = await queryRows<{ id: number; phone: string; content: string; state: string; senderUserId: number | null }>(db, sql`
    SELECT id, phone, content, state, sender_user_id AS "senderUserId" FROM sms_messages WHERE id = ANY(${sql.param(unique)}::int[])`);
  if (rows.length !== unique.length) throw notFound();
  if (!seesAll(caller) && rows.some((row) => row.senderUserId !== caller.auth.userId)) throw forbidden('homeSchool.notYourNotice');
  if (rows.some((row) => row.state !== 'failed')) throw conflict('homeSchool.sms.notRetryable');
  return { ...(await dispatch(db, config, rows.map((row) => ({ id: row.id, phone: row.phone, text: row.content })))), withoutPhone: 0 };
}

/** The outbox's keyword: the phone, the text, the child's name or initials, the parent's (the recipient's) name or initials. */
const MESSAGE_KEYWORD = keywordColumns(smsMessages.phone, smsMessages.content);
const STUDENT_KEYWORD = keywordColumns(students.name, students.nameInitials);
const RECIPIENT_KEYWORD = keywordColumns(users.displayName, users.nameInitials);

/** The outbox: the caller's messages, or everyone's with the administrators' right, newest first (platform/listPage.ts). */
export async function pageSms(
  db: DbOrTx,
  caller: Caller,
  search: { keyword?: string; state?: SmsState | '' },
  page: { offset: number; limit: number },
): Promise<PagedResult<SmsRow>> {
  const parts: SQL[] = [seesAll(caller) ? sql`TRUE` : sql`m.sender_user_id = ${caller.auth.userId}`];
  if (search.state) parts.push(sql`m.state = ${search.state}`);
  // By the message's own indexed keys, never one OR over the joined child's and parent's columns.
  const keyword = matchKeywordAcross(search.keyword, [
    { key: sql`m.id`, columns: MESSAGE_KEYWORD },
    { key: sql`m.student_id`, columns: STUDENT_KEYWORD },
    { key: sql`m.recipient_user_id`, columns: RECIPIENT_KEYWORD },
  ]);
  if (keyword) parts.push(keyword);
  const found = await pageOfList<Omit<SmsRow, 'createdAt' | 'sentAt'> & { createdAt: Date; sentAt: Date | null }>(
    db,
    search.keyword,
    {
      matching: sql`SELECT m.id, m.created_at FROM sms_messages m WHERE ${sql.join(parts, sql` AND `)}`,
      order: { orderBy: sql`m.created_at DESC, m.id DESC` },
      details: {
        columns: sql`m.id, coalesce(p.display_name, '') AS "senderName", coalesce(r.display_name, '') AS "recipientName", coalesce(s.name, '') AS "studentName",
             coalesce(c.name, '') AS "className", m.phone, m.content, m.state, m.channel, m.attempts, m.error, m.created_at AS "createdAt", m.sent_at AS "sentAt"`,
        joins: sql`JOIN sms_messages m ON m.id = chosen.id LEFT JOIN users r ON r.id = m.recipient_user_id LEFT JOIN users p ON p.id = m.sender_user_id
          LEFT JOIN students s ON s.id = m.student_id LEFT JOIN classes c ON c.id = s.class_id`,
      },
    },
    page,
  );
  return {
    ...found,
    rows: found.rows.map((row) => ({ ...row, createdAt: formatLocalTime(new Date(row.createdAt)), sentAt: row.sentAt ? formatLocalTime(new Date(row.sentAt)) : null })),
  };
}
