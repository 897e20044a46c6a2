import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, SURVEY_PERMISSIONS, SURVEY_URLS, translate, type SurveyPhase, type SurveyQuestion, type SurveyRow } from '@campus/contract';
import { jsonValue, queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { Caller } from '../../platform/caller.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { schoolMinute } from '../../platform/schoolClock.ts';

export { callerOf, type Caller } from '../../platform/caller.ts';

/** Dictionary STD_MESSAGE_TYPE: 通知公告 (a survey to answer reads as a notice of the school). */
export const SURVEY_MESSAGE_TYPE = '3';

/** Where a recipient's message leads: their answering page, opened on the survey. */
export const surveyLink = (id: number) => `${SURVEY_URLS.answer}?id=${id}`;

/** Every survey for the administrators' right; a designer their own. */
export const seesAll = (caller: Caller) => caller.permissions.has(SURVEY_PERMISSIONS.all);

export function visibleSurveys(caller: Caller): SQL {
  return seesAll(caller) ? sql`TRUE` : sql`s.owner_user_id = ${caller.auth.userId}`;
}

/** The state a survey is in now (contract SURVEY_PHASES), as SQL on the alias s. */
export const PHASE = sql`CASE WHEN NOT s.published THEN 'draft' WHEN NOT s.in_use THEN 'stopped'
  WHEN now() < s.starts_at THEN 'upcoming' WHEN now() > s.ends_at THEN 'closed' ELSE 'open' END`;

/** Whether anybody has answered (its questions and anonymity are then fixed). */
export const ANSWERED = sql`EXISTS (SELECT 1 FROM survey_respondents r WHERE r.survey_id = s.id)`;

export function rowColumns(caller: Caller): SQL {
  return sql`
    s.id, s.title, s.description, s.starts_at AS "startsAtRaw", s.ends_at AS "endsAtRaw", s.anonymous, s.in_use AS "inUse", s.published,
    s.is_public AS "isPublic", ${PHASE} AS phase, jsonb_array_length(s.questions)::int AS "questionCount", s.recipient_total AS "recipientTotal",
    s.response_count + (SELECT count(*)::int FROM survey_answer_queue q WHERE q.survey_id = s.id) AS "responseCount",
    coalesce(u.display_name, '') AS "ownerName", s.owner_user_id = ${caller.auth.userId} AS mine,
    (NOT s.published OR NOT ${ANSWERED}) AS "questionsEditable", s.updated_at AS "updatedAtRaw"`;
}

export const FROM = sql`FROM surveys s LEFT JOIN users u ON u.id = s.owner_user_id`;

export type RawRow = Omit<SurveyRow, 'startsAt' | 'endsAt' | 'updatedAt'> & { startsAtRaw: Date | string; endsAtRaw: Date | string; updatedAtRaw: Date | string };

export const toRow = ({ startsAtRaw, endsAtRaw, updatedAtRaw, ...raw }: RawRow): SurveyRow => ({
  ...raw,
  phase: raw.phase as SurveyPhase,
  startsAt: schoolMinute(startsAtRaw),
  endsAt: schoolMinute(endsAtRaw),
  updatedAt: schoolMinute(updatedAtRaw),
});

/**
 * Answers and design changes of one survey exclude each other without a row lock: an answer holds the
 * survey's advisory lock shared (thousands at once, no multixact on the survey row), a change of its
 * questions, anonymity or publication holds it alone, so it sees every answer given before it.
 */
export async function lockAnswers(tx: Tx, surveyId: number, mode: 'shared' | 'exclusive'): Promise<void> {
  await tx.execute(mode === 'shared'
    ? sql`SELECT pg_advisory_xact_lock_shared(hashtext('survey-answers'), ${surveyId})`
    : sql`SELECT pg_advisory_xact_lock(hashtext('survey-answers'), ${surveyId})`);
}

/** A survey's facts the writes need, locked for the transaction. */
export interface SurveyRecord {
  id: number;
  title: string;
  ownerUserId: number | null;
  published: boolean;
  inUse: boolean;
  anonymous: boolean;
  isPublic: boolean;
  open: boolean;
  ended: boolean;
  answered: boolean;
  questions: SurveyQuestion[];
  recipientTotal: number;
  lastRemindedAt: Date | null;
}

export async function surveyRecord(db: DbOrTx, id: number, lock: '' | 'update' = ''): Promise<SurveyRecord | null> {
  const [row] = await queryRows<SurveyRecord>(db, sql`
    SELECT s.id, s.title, s.owner_user_id AS "ownerUserId", s.published, s.in_use AS "inUse", s.anonymous, s.is_public AS "isPublic",
      (s.published AND s.in_use AND now() BETWEEN s.starts_at AND s.ends_at) AS open, now() > s.ends_at AS ended,
      ${ANSWERED} AS answered, s.questions, s.recipient_total AS "recipientTotal", s.last_reminded_at AS "lastRemindedAt"
    FROM surveys s WHERE s.id = ${id} ${lock === 'update' ? sql`FOR UPDATE` : sql``}`);
  return row ? { ...row, questions: jsonValue(row.questions) } : null;
}

/** A survey the caller manages (their own, or any with the administrators' right); another's is not there for them. */
export async function managedSurvey(db: DbOrTx, caller: Caller, id: number, lock: '' | 'update' = ''): Promise<SurveyRecord> {
  const survey = await surveyRecord(db, id, lock);
  if (!survey) throw notFound();
  checkManages(caller, survey.ownerUserId);
  return survey;
}

/** The caller manages a survey of this owner: their own, or any with the administrators' right. */
export function checkManages(caller: Caller, ownerUserId: number | null): void {
  if (seesAll(caller) || ownerUserId === caller.auth.userId) return;
  // A designer learns nothing of a colleague's survey; the statistics page answers the same.
  if (caller.permissions.has(SURVEY_PERMISSIONS.design) || caller.permissions.has(SURVEY_PERMISSIONS.statistics)) throw notFound();
  throw forbidden('survey.notYours');
}

/** One message to each user of `recipients` (a user-id subquery), in the school's language, linking to the survey. */
export async function messageRecipients(tx: Tx, caller: Caller, surveyId: number, recipients: SQL, key: 'survey.message.published' | 'survey.message.reminder', title: string): Promise<number> {
  const text = translate(DEFAULT_LANGUAGE, key, { title }).slice(0, 200);
  const [row] = await queryRows<{ n: number }>(tx, sql`
    WITH written AS (
      INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
      SELECT r.user_id, ${caller.auth.userId}, ${text}, ${text.slice(0, 100)}, ${SURVEY_MESSAGE_TYPE}, ${surveyLink(surveyId)} FROM (${recipients}) AS r(user_id)
      RETURNING 1)
    SELECT count(*)::int AS n FROM written`);
  return row?.n ?? 0;
}
