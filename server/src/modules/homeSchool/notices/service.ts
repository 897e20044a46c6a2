import { sql } from 'drizzle-orm';
import {
  canMoveNotice,
  DEFAULT_LANGUAGE,
  MY_NOTICES_URL,
  NOTICE_ATTACHMENTS,
  NOTICE_REMIND_INTERVAL_MINUTES,
  type ClassAudience,
  type MyNoticeDetail,
  type MyNoticeRow,
  type NoticeAttachmentGroup,
  type NoticeAttachments,
  type NoticeCreate,
  type NoticeDetail,
  type NoticeReceipts,
  type NoticeRow,
  type NoticeStatus,
  type NoticeUpdate,
  type PagedResult,
  translate,
} from '@campus/contract';
import { queryRows, type Database, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { enqueueTask, registerTaskHandler, requeueTask, type TaskHandler } from '../../../platform/background.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';

import { taughtClassIds } from '../../../platform/scope.ts';
import { resolveDynamicRole, resolveProcedureRole } from '../../system/roles/dynamicSql.ts';
import { messagePreview, type Caller } from '../common.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import { attachedFileGroups, fileGroupsOf, registerFileReadRule, registerFileReference } from '../../shared/files/service.ts';
import {
  classNames,
  codeNames,
  deliverBatch,
  markNoticeMessagesRead,
  markReceiptRead,
  noticeById,
  pageMyNotices,
  pageNotices,
  pageReceipts,
  publishableClasses,
  reachesAnybody,
  receiptOf,
  remindUnread,
  unknownCodes,
  writeReceipts,
  saveAnswer,
  type NoticeRecord,
  type PublicationKind,
  type RecipientChoice,
} from './queries.ts';

export const NOTICE_PERMISSIONS = {
  view: 'homeSchool:notice',
  edit: 'homeSchool:notice:edit',
  remove: 'homeSchool:notice:delete',
  /** Publish to anyone and manage every notice (administrators). */
  all: 'homeSchool:notice:all',
  received: 'homeSchool:myNotices',
} as const;

/** 活动发布: the same rights for events. */
export const EVENT_PERMISSIONS = {
  view: 'homeSchool:event',
  edit: 'homeSchool:event:edit',
  remove: 'homeSchool:event:delete',
  all: 'homeSchool:event:all',
} as const;

const ALL_RIGHT: Record<PublicationKind, string> = { notice: NOTICE_PERMISSIONS.all, event: EVENT_PERMISSIONS.all };

/** What an event adds to a notice. */
export interface EventFields {
  place: string;
  eventAt: string;
  askJoin: boolean;
}

/** 'YYYY-MM-DD HH:mm' in the server's local time, as the screens send and show it. */
const localTime = (text: string) => new Date(text.replace(' ', 'T'));

/** Dictionary STD_MESSAGE_TYPE: 通知公告. */
const NOTICE_MESSAGE_TYPE = '3';
/** Recipients whose messages one step of the delivery writes. */
export const DELIVERY_BATCH = 5000;
export const NOTICE_DELIVERY = 'homeSchool.noticeDelivery';

export type { Caller } from '../common.ts';

const seesAll = (caller: Caller, kind: PublicationKind) => caller.permissions.has(ALL_RIGHT[kind]);
export const noticeLink = (id: number) => `${MY_NOTICES_URL}?id=${id}`;

// A recipient may open the files of the notices they received; a notice's files stay while it exists.
const attachedTo = (fileId: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM jsonb_each(n.attachments) AS groups WHERE jsonb_exists(groups.value, ${fileId}))`;
for (const purpose of new Set(Object.values(NOTICE_ATTACHMENTS))) {
  registerFileReadRule(
    purpose,
    (auth, _permissions, fileId) => sql`EXISTS (
      SELECT 1 FROM notice_recipients nr JOIN notices n ON n.id = nr.notice_id
      WHERE nr.user_id = ${auth.userId} AND ${attachedTo(fileId)})`,
  );
}
registerFileReference((fileId) => sql`EXISTS (SELECT 1 FROM notices n WHERE ${attachedTo(fileId)})`);

/** The Picker's value split by kind; a code of no known kind is refused with its text. */
export function parsePickerValue(value: string): Pick<RecipientChoice, 'accounts' | 'orgCodes' | 'roleCodes'> {
  const choice = { accounts: new Set<string>(), orgCodes: new Set<string>(), roleCodes: new Set<string>() };
  for (const raw of value.split(',')) {
    const code = raw.trim();
    if (!code) continue;
    const kind = code.slice(0, 2);
    const id = code.slice(2);
    if (!id) throw badRequest('homeSchool.badRecipient', { code });
    if (kind === 'U_') choice.accounts.add(id);
    else if (kind === 'O_') choice.orgCodes.add(id);
    else if (kind === 'R_') choice.roleCodes.add(id);
    else throw badRequest('homeSchool.badRecipient', { code });
  }
  return { accounts: [...choice.accounts], orgCodes: [...choice.orgCodes], roleCodes: [...choice.roleCodes] };
}

function choiceOf(notice: Pick<NoticeRecord, 'recipients' | 'dynamicAccounts' | 'classIds' | 'classAudience'>): RecipientChoice {
  const picked = parsePickerValue(notice.recipients);
  return { ...picked, accounts: [...new Set([...picked.accounts, ...notice.dynamicAccounts])], classIds: notice.classIds, classAudience: notice.classAudience };
}

/** Most accounts one dynamic role may bring to a notice. */
const DYNAMIC_RECIPIENTS_LIMIT = 100_000;

/**
 * The accounts of the dynamic roles among the Picker's R_ codes: their rule runs once, when the notice is
 * published, on the reader login (modules/system/roles/dynamicSql.ts), outside the publishing transaction; an
 * ordinary role's members are found by the delivery itself.
 */
export async function dynamicRecipients(database: Pick<Database, 'db' | 'kind'>, value: string): Promise<string[]> {
  const { roleCodes } = parsePickerValue(value);
  if (roleCodes.length === 0) return [];
  const dynamic = await queryRows<{ sql: string | null; procedure: string | null }>(database.db, sql`
    SELECT dynamic_sql AS sql, dynamic_procedure AS procedure FROM roles
    WHERE code = ANY(${sql.param(roleCodes)}::text[]) AND enabled AND role_type <> 'ordinary' AND (dynamic_sql IS NOT NULL OR dynamic_procedure IS NOT NULL)`);
  const accounts = new Set<string>();
  for (const role of dynamic) {
    const found = role.sql
      ? await resolveDynamicRole(database, role.sql, { limit: DYNAMIC_RECIPIENTS_LIMIT })
      : await resolveProcedureRole(database, role.procedure!, { limit: DYNAMIC_RECIPIENTS_LIMIT });
    for (const account of found) accounts.add(account);
  }
  return [...accounts];
}

/** The attachments of a write, each the caller's own upload of its group's purpose; answers the ids per group. */
function checkedAttachments(tx: Tx, caller: Caller, input: Record<NoticeAttachmentGroup, string[]>): Promise<Record<NoticeAttachmentGroup, string[]>> {
  return attachedFileGroups(tx, caller.auth, NOTICE_ATTACHMENTS, input, 'homeSchool.attachmentInvalid');
}

/** Classes the caller may publish to, as a condition; null for the administrators' right (any class). */
function classScope(caller: Caller, kind: PublicationKind) {
  return seesAll(caller, kind) ? null : taughtClassIds(caller.auth);
}

async function checkClasses(tx: Tx, caller: Caller, kind: PublicationKind, classIds: number[]): Promise<void> {
  if (classIds.length === 0) return;
  const scope = classScope(caller, kind);
  const rows = await queryRows<{ id: number; mine: boolean }>(tx, sql`
    SELECT c.id, ${scope ? sql`c.id IN (${scope})` : sql`TRUE`} AS mine FROM classes c WHERE c.id = ANY(${sql.param(classIds)}::int[])`);
  if (rows.length !== new Set(classIds).size) throw notFound();
  if (rows.some((row) => !row.mine)) throw forbidden('homeSchool.classNotYours');
}

/** Publishing: checks everything, stores the notice and queues its delivery in one transaction. */
export async function createNotice(
  db: Db,
  caller: Caller,
  input: NoticeCreate,
  event?: EventFields,
  /** What the chosen dynamic roles resolved to (dynamicRecipients). */
  dynamicAccounts: string[] = [],
): Promise<{ id: number; taskId: number; status: NoticeStatus }> {
  const kind: PublicationKind = event ? 'event' : 'notice';
  const picked = parsePickerValue(input.recipients);
  const pickedAny = picked.accounts.length + picked.orgCodes.length + picked.roleCodes.length > 0;
  // Without the administrators' right a teacher reaches their classes only, never people, units or roles.
  if (pickedAny && !seesAll(caller, kind)) throw forbidden('homeSchool.recipientsOutOfScope');
  const classIds = [...new Set(input.classIds)];
  return db.transaction(async (tx) => {
    await checkClasses(tx, caller, kind, classIds);
    const unknown = await unknownCodes(tx, picked);
    if (unknown.length) throw badRequest('homeSchool.badRecipient', { code: unknown[0]! });
    const attachments = await checkedAttachments(tx, caller, input);
    const choice: RecipientChoice = { ...picked, accounts: [...new Set([...picked.accounts, ...dynamicAccounts])], classIds, classAudience: input.classAudience };
    if (!(await reachesAnybody(tx, choice))) throw badRequest('homeSchool.noRecipients');
    const [notice] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO notices (kind, title, content, attachments, publisher_user_id, recipients, dynamic_accounts, class_ids, class_audience, status, place, event_at, ask_join)
      VALUES (${kind}, ${input.title}, ${input.content}, ${JSON.stringify(attachments)}::jsonb, ${caller.auth.userId}, ${input.recipients.trim()}, ${JSON.stringify(dynamicAccounts)}::jsonb,
              ${JSON.stringify(classIds)}::jsonb, ${input.classAudience}, 'queued', ${event?.place ?? null},
              ${event ? localTime(event.eventAt).toISOString() : null}::timestamptz, ${event?.askJoin ?? false})
      RETURNING id`);
    const taskId = await enqueueTask(tx, NOTICE_DELIVERY, { noticeId: notice!.id }, caller.auth.userId);
    await tx.execute(sql`UPDATE notices SET delivery_task_id = ${taskId} WHERE id = ${notice!.id}`);
    return { id: notice!.id, taskId, status: 'queued' as const };
  });
}

/** A notice the caller manages: their own, or any with the administrators' right. */
async function managedNotice(db: DbOrTx, caller: Caller, kind: PublicationKind, id: number, lock = false): Promise<NoticeRecord> {
  const notice = await noticeById(db, id, lock);
  if (!notice || notice.kind !== kind) throw notFound();
  if (!seesAll(caller, kind) && notice.publisherUserId !== caller.auth.userId) throw forbidden('homeSchool.notYourNotice');
  return notice;
}

/** A notice or event the caller may look at as its publisher; another's is not there for them. */
async function ownNotice(db: DbOrTx, caller: Caller, kind: PublicationKind, id: number): Promise<NoticeRecord> {
  const notice = await noticeById(db, id);
  if (!notice || notice.kind !== kind || (!seesAll(caller, kind) && notice.publisherUserId !== caller.auth.userId)) throw notFound();
  return notice;
}

export async function updateNotice(db: Db, caller: Caller, input: NoticeUpdate, event?: Omit<EventFields, 'askJoin'>): Promise<void> {
  const kind: PublicationKind = event ? 'event' : 'notice';
  await db.transaction(async (tx) => {
    await managedNotice(tx, caller, kind, input.id, true);
    const attachments = await checkedAttachments(tx, caller, input);
    await tx.execute(sql`
      UPDATE notices SET title = ${input.title}, content = ${input.content}, attachments = ${JSON.stringify(attachments)}::jsonb, updated_at = now()
             ${event ? sql`, place = ${event.place}, event_at = ${localTime(event.eventAt).toISOString()}::timestamptz` : sql``}
      WHERE id = ${input.id}`);
  });
}

/** Deletes notices with their receipts and messages; one the caller may not delete refuses the whole call. */
export async function deleteNotices(db: Db, caller: Caller, ids: number[], kind: PublicationKind = 'notice'): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of new Set(ids)) await managedNotice(tx, caller, kind, id, true);
    const unique = [...new Set(ids)];
    await tx.execute(sql`DELETE FROM messages WHERE link = ANY(${sql.param(unique.map(noticeLink))}::text[]) AND type = ${NOTICE_MESSAGE_TYPE}`);
    await tx.execute(sql`UPDATE background_tasks SET status = 'done', finished_at = now() WHERE id IN (SELECT delivery_task_id FROM notices WHERE id = ANY(${sql.param(unique)}::int[])) AND status IN ('queued', 'failed')`);
    await tx.execute(sql`DELETE FROM notices WHERE id = ANY(${sql.param(unique)}::int[])`);
  });
}

function attachmentsOf(db: DbOrTx, stored: Record<string, string[]>): Promise<NoticeAttachments> {
  return fileGroupsOf(db, Object.keys(NOTICE_ATTACHMENTS) as NoticeAttachmentGroup[], stored);
}

function toRow(notice: NoticeRecord): NoticeRow & Partial<EventExtras> {
  const event: Partial<EventExtras> =
    notice.kind === 'event'
      ? { place: notice.place ?? '', eventAt: notice.eventAt ? formatLocalTime(new Date(notice.eventAt)) : '', askJoin: notice.askJoin, joined: notice.joined, declined: notice.declined }
      : {};
  return {
    ...event,
    id: notice.id,
    title: notice.title,
    publisherName: notice.publisherName ?? '',
    createdAt: formatLocalTime(new Date(notice.createdAt)),
    status: notice.status,
    recipientTotal: notice.recipientTotal,
    readCount: notice.readCount,
    deliveredCount: notice.deliveredCount,
  };
}

interface EventExtras {
  place: string;
  eventAt: string;
  askJoin: boolean;
  joined: number;
  declined: number;
}

export async function listNotices(
  db: DbOrTx,
  caller: Caller,
  filter: { title?: string; status?: NoticeStatus | '' },
  page: { offset: number; limit: number },
  kind: PublicationKind = 'notice',
): Promise<PagedResult<NoticeRow>> {
  const { rows, ...counted } = await pageNotices(
    db,
    { kind, publisherUserId: seesAll(caller, kind) ? null : caller.auth.userId, title: filter.title, status: filter.status || undefined },
    page,
  );
  return { ...counted, rows: rows.map(toRow) };
}

export async function noticeDetail(db: DbOrTx, caller: Caller, id: number, kind: PublicationKind = 'notice'): Promise<NoticeDetail> {
  // Reading another teacher's notice is not refused by name: it is simply not there for this caller.
  const notice = await ownNotice(db, caller, kind, id);
  const picked = parsePickerValue(notice.recipients);
  const [attachments, names, classes] = await Promise.all([attachmentsOf(db, notice.attachments), codeNames(db, picked), classNames(db, notice.classIds)]);
  const nameOf = new Map(names.map((row) => [row.code, (caller.language === 'en' && row.nameEn) || row.name]));
  return {
    ...toRow(notice),
    content: notice.content,
    attachments,
    recipients: notice.recipients,
    recipientNames: notice.recipients
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean)
      .map((code) => ({ code, name: nameOf.get(code) ?? code })),
    classes,
    classAudience: notice.classAudience as ClassAudience,
    lastRemindedAt: notice.lastRemindedAt ? formatLocalTime(new Date(notice.lastRemindedAt)) : null,
    error: notice.error,
  };
}

export async function noticeReceipts(
  db: DbOrTx,
  caller: Caller,
  id: number,
  filter: { read?: '' | '0' | '1'; answer?: '' | 'join' | 'decline' | 'none'; keyword?: string },
  page: { offset: number; limit: number },
  kind: PublicationKind = 'notice',
): Promise<NoticeReceipts> {
  const notice = await ownNotice(db, caller, kind, id);
  const result = await pageReceipts(db, notice, { read: filter.read || undefined, answer: filter.answer || undefined, keyword: filter.keyword || undefined }, page);
  return {
    ...result,
    rows: result.rows.map((row) => ({
      ...row,
      relation: row.relation ?? '',
      readAt: row.readAt ? formatLocalTime(new Date(row.readAt)) : null,
      remindedAt: row.remindedAt ? formatLocalTime(new Date(row.remindedAt)) : null,
      answeredAt: row.answeredAt ? formatLocalTime(new Date(row.answeredAt)) : null,
    })),
  };
}

/** A new message to every recipient who has not read the notice, at most once in the interval. */
export async function remindNotice(db: Db, caller: Caller, id: number, kind: PublicationKind = 'notice'): Promise<number> {
  return db.transaction(async (tx) => {
    const notice = await managedNotice(tx, caller, kind, id, true);
    if (notice.status !== 'delivered') throw conflict('homeSchool.remindNotDelivered');
    if (notice.lastRemindedAt && Date.now() - new Date(notice.lastRemindedAt).getTime() < NOTICE_REMIND_INTERVAL_MINUTES * 60_000) {
      throw conflict('homeSchool.remindTooSoon', { minutes: NOTICE_REMIND_INTERVAL_MINUTES });
    }
    if (notice.readCount >= notice.recipientTotal) throw conflict('homeSchool.remindNobody');
    const count = await remindUnread(
      tx,
      {
        id,
        // The recipients read it in the school's language, whatever the publisher's screen shows.
        title: translate(DEFAULT_LANGUAGE, 'homeSchool.reminderTitle', { title: notice.title }).slice(0, 200),
        preview: messagePreview(notice.content),
        link: noticeLink(id),
        senderUserId: caller.auth.userId,
      },
      NOTICE_MESSAGE_TYPE,
    );
    await tx.execute(sql`UPDATE notices SET last_reminded_at = now() WHERE id = ${id}`);
    return count;
  });
}

/** A failed delivery goes back in the queue; it resumes where it stopped. */
export async function resendNotice(db: Db, caller: Caller, id: number, kind: PublicationKind = 'notice'): Promise<number | null> {
  return db.transaction(async (tx) => {
    const notice = await managedNotice(tx, caller, kind, id, true);
    if (!canMoveNotice(notice.status, 'queued')) throw conflict('homeSchool.statusChange', {
        from: translate(caller.language, `homeSchool.status.${notice.status}`),
        to: translate(caller.language, 'homeSchool.status.queued'),
      });
    let taskId = notice.deliveryTaskId;
    if (taskId) await requeueTask(tx, taskId);
    else taskId = await enqueueTask(tx, NOTICE_DELIVERY, { noticeId: id }, caller.auth.userId);
    await tx.execute(sql`UPDATE notices SET status = 'queued', error = NULL, delivery_task_id = ${taskId} WHERE id = ${id}`);
    return taskId;
  });
}

export async function classesToPublishTo(db: DbOrTx, caller: Caller, kind: PublicationKind = 'notice'): Promise<{ id: number; name: string; gradeName: string }[]> {
  return publishableClasses(db, classScope(caller, kind));
}

interface MyRowSource {
  id: number;
  kind: PublicationKind;
  place: string | null;
  eventAt: Date | null;
  askJoin: boolean;
  answer: 'join' | 'decline' | null;
  title: string;
  publisherName: string | null;
  createdAt: Date;
  readAt: Date | null;
  attachments: Record<string, string[]>;
}

function toMyRow(row: MyRowSource): MyNoticeRow {
  return {
    id: row.id,
    kind: row.kind,
    place: row.place,
    eventAt: row.eventAt ? formatLocalTime(new Date(row.eventAt)) : null,
    askJoin: row.askJoin,
    answer: row.answer,
    title: row.title,
    publisherName: row.publisherName ?? '',
    createdAt: formatLocalTime(new Date(row.createdAt)),
    readAt: row.readAt ? formatLocalTime(new Date(row.readAt)) : null,
    attachmentCount: Object.values(row.attachments ?? {}).reduce((sum, ids) => sum + ids.length, 0),
  };
}

export async function listMyNotices(
  db: DbOrTx,
  auth: AuthContext,
  filter: { title?: string; read?: '' | '0' | '1' },
  page: { offset: number; limit: number },
): Promise<{ total: number; unread: number; rows: (MyNoticeRow & { summary: string })[] }> {
  const result = await pageMyNotices(db, auth.userId, { title: filter.title || undefined, read: filter.read || undefined }, page);
  return { total: result.total, unread: result.unread, rows: result.rows.map((row) => ({ ...toMyRow(row), summary: messagePreview(row.content) })) };
}

/** A received notice, whole; opening it marks it read, and its messages to the reader with it. */
export async function openMyNotice(db: Db, auth: AuthContext, id: number): Promise<MyNoticeDetail> {
  return db.transaction(async (tx) => {
    // Nothing of a notice the caller did not receive is told, not even that it exists.
    if (!(await receiptOf(tx, id, auth.userId))) throw notFound();
    await markReceiptRead(tx, id, auth.userId);
    await markNoticeMessagesRead(tx, auth.userId, noticeLink(id));
    const notice = (await noticeById(tx, id))!;
    const receipt = (await receiptOf(tx, id, auth.userId))!;
    return {
      ...toMyRow({ ...notice, readAt: receipt.readAt, answer: receipt.answer }),
      content: notice.content,
      attachments: await attachmentsOf(tx, notice.attachments),
    };
  });
}

/** An event's recipient answers whether they will join, until the event has begun; answering reads it too. */
export async function answerEvent(db: Db, auth: AuthContext, id: number, answer: 'join' | 'decline'): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await receiptOf(tx, id, auth.userId))) throw notFound();
    const notice = (await noticeById(tx, id))!;
    if (notice.kind !== 'event' || !notice.askJoin) throw conflict('homeSchool.answerNotAsked');
    if (notice.eventAt && new Date(notice.eventAt).getTime() <= Date.now()) throw conflict('homeSchool.expired');
    await saveAnswer(tx, id, auth.userId, answer);
    await markReceiptRead(tx, id, auth.userId);
    await markNoticeMessagesRead(tx, auth.userId, noticeLink(id));
  });
}

/**
 * The delivery of one notice: receipts first, then messages in batches in recipient order, each batch a
 * transaction of its own that also saves the bookmark (the last recipient written), so a resumed delivery
 * goes on after it. Between batches the delivery rests as long as the batch took: it uses at most half of
 * a database core, and the school's other calls keep their pace while 200,000 messages are written.
 */
export const noticeDelivery: TaskHandler<{ noticeId: number }> = {
  async run(db, task, step) {
    const id = task.payload.noticeId;
    let cursor = typeof task.state.cursor === 'number' ? task.state.cursor : 0;
    // A delivery that lost its bookmark (its task gone) but had written messages checks each recipient.
    let guard = false;
    if (!task.state.receipts) {
      const gone = await db.transaction(async (tx) => {
        const notice = await noticeById(tx, id, true);
        if (!notice) {
          await step.checkpoint(tx, { done: 0, total: 0 }, { receipts: true, gone: true });
          return true;
        }
        const total = await writeReceipts(tx, id, choiceOf(notice));
        // Thousands of receipts written at once leave the planner's statistics behind (autovacuum comes
        // later, and never on the embedded database), and the batches below would be planned for an
        // almost empty table.
        if (total > 1000) await tx.execute(sql`ANALYZE notice_recipients`);
        await tx.execute(sql`UPDATE notices SET status = 'delivering', recipient_total = ${total}, error = NULL WHERE id = ${id}`);
        guard = notice.deliveredCount > 0;
        await step.checkpoint(tx, { done: notice.deliveredCount, total }, { receipts: true, cursor, guard });
        return false;
      });
      if (gone) return;
    } else {
      guard = task.state.guard === true;
    }
    for (;;) {
      const started = performance.now();
      const written = await db.transaction(async (tx) => {
        const notice = await noticeById(tx, id, true);
        if (!notice) return 0;
        if (notice.status !== 'delivering') await tx.execute(sql`UPDATE notices SET status = 'delivering', error = NULL WHERE id = ${id}`);
        const batch = await deliverBatch(
          tx,
          { id, title: notice.title, preview: messagePreview(notice.content), link: noticeLink(id), senderUserId: notice.publisherUserId },
          NOTICE_MESSAGE_TYPE,
          DELIVERY_BATCH,
          cursor,
          guard,
        );
        const total = notice.recipientTotal;
        if (batch.lastUserId === null) {
          await tx.execute(sql`UPDATE notices SET status = 'delivered', delivered_count = recipient_total WHERE id = ${id}`);
          await step.checkpoint(tx, { done: total, total }, { receipts: true, cursor, guard });
          return 0;
        }
        cursor = batch.lastUserId;
        const delivered = Math.min(total, notice.deliveredCount + batch.written);
        await tx.execute(sql`UPDATE notices SET delivered_count = ${delivered} WHERE id = ${id}`);
        await step.checkpoint(tx, { done: delivered, total }, { receipts: true, cursor, guard });
        return Math.max(1, batch.written);
      });
      if (written === 0) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, performance.now() - started)));
    }
  },
  async failed(db, task, message) {
    await db.execute(sql`UPDATE notices SET status = 'failed', error = ${message.slice(0, 500)} WHERE id = ${task.payload.noticeId} AND status IN ('queued', 'delivering')`);
  },
};
registerTaskHandler(NOTICE_DELIVERY, noticeDelivery);
