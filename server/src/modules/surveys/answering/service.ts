import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { checkAnswers, type MySurveyRow, type PublicSurveyRow, type SurveyAnswers, type SurveyForAnswer, type SurveyQuestion } from '@campus/contract';
import { queryRows, textArray, type Db, type DbOrTx } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { lockAnswers, surveyLink, surveyRecord, type SurveyRecord } from '../common.ts';

/** The respondent keys of survey_respondents (see its schema): a user, or a browser's random key hashed. */
export const userKey = (userId: number) => `u:${userId}`;
export const browserKey = (respondentKey: string) => `b:${createHash('sha256').update(respondentKey).digest('base64url')}`;

const STATE = sql`CASE WHEN EXISTS (SELECT 1 FROM survey_respondents r WHERE r.survey_id = s.id AND r.respondent_key = 'u:' || sr.user_id::text) THEN 'answered'
  WHEN s.in_use AND now() BETWEEN s.starts_at AND s.ends_at THEN 'todo' ELSE 'closed' END`;

/** The surveys sent to the caller (a parent's are their own, answered as themself): to answer, answered, closed. */
export async function pageMySurveys(db: DbOrTx, auth: AuthContext, state: '' | 'todo' | 'answered' | 'closed' | undefined, page: { offset: number; limit: number }): Promise<{ total: number; todo: number; rows: MySurveyRow[] }> {
  const base = sql`FROM survey_recipients sr JOIN surveys s ON s.id = sr.survey_id WHERE sr.user_id = ${auth.userId} AND s.published`;
  const filtered = state ? sql`AND ${STATE} = ${state}` : sql``;
  const [rows, [count]] = await Promise.all([
    queryRows<Omit<MySurveyRow, 'startsAt' | 'endsAt'> & { startsAt: Date; endsAt: Date }>(db, sql`
      SELECT s.id, s.title, s.starts_at AS "startsAt", s.ends_at AS "endsAt", s.anonymous, jsonb_array_length(s.questions)::int AS "questionCount", ${STATE} AS state
      ${base} ${filtered}
      ORDER BY (${STATE} = 'todo') DESC, s.ends_at DESC, s.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    queryRows<{ total: number; todo: number }>(db, sql`SELECT count(*) FILTER (WHERE TRUE ${filtered})::int AS total, count(*) FILTER (WHERE ${STATE} = 'todo')::int AS todo ${base}`),
  ]);
  return { total: count?.total ?? 0, todo: count?.todo ?? 0, rows: rows.map((row) => ({ ...row, startsAt: schoolMinute(row.startsAt), endsAt: schoolMinute(row.endsAt) })) };
}

/** How many open surveys wait for the caller's answer (the dashboard's card). */
export async function surveysToAnswer(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM survey_recipients sr JOIN surveys s ON s.id = sr.survey_id
    WHERE sr.user_id = ${userId} AND s.published AND s.in_use AND now() BETWEEN s.starts_at AND s.ends_at
      AND NOT EXISTS (SELECT 1 FROM survey_respondents r WHERE r.survey_id = s.id AND r.respondent_key = ${userKey(userId)})`);
  return row?.n ?? 0;
}

async function answeredAny(db: DbOrTx, surveyId: number, keys: string[]): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`
    SELECT EXISTS (SELECT 1 FROM survey_respondents WHERE survey_id = ${surveyId} AND respondent_key = ANY(${textArray(keys)})) AS any`);
  return row?.any === true;
}

async function isRecipient(db: DbOrTx, surveyId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM survey_recipients WHERE survey_id = ${surveyId} AND user_id = ${userId}) AS any`);
  return row?.any === true;
}

async function formOf(db: DbOrTx, survey: SurveyRecord, keys: string[], needsLogin: boolean): Promise<SurveyForAnswer> {
  const [facts] = await queryRows<{ title: string; description: string; startsAt: Date; endsAt: Date }>(db, sql`
    SELECT title, description, starts_at AS "startsAt", ends_at AS "endsAt" FROM surveys WHERE id = ${survey.id}`);
  const answered = keys.length > 0 && (await answeredAny(db, survey.id, keys));
  return {
    id: survey.id,
    title: facts!.title,
    description: facts!.description,
    startsAt: schoolMinute(facts!.startsAt),
    endsAt: schoolMinute(facts!.endsAt),
    anonymous: survey.anonymous,
    questions: survey.questions,
    state: answered ? 'answered' : survey.open ? 'open' : 'closed',
    needsLogin,
  };
}

/** A survey sent to the caller, or a public one, as its answering form. */
export async function mySurveyForm(db: DbOrTx, auth: AuthContext, id: number): Promise<SurveyForAnswer> {
  const survey = await surveyRecord(db, id);
  if (!survey || !survey.published || !(survey.isPublic || (await isRecipient(db, id, auth.userId)))) throw notFound();
  return formOf(db, survey, [userKey(auth.userId)], false);
}

async function publicSurvey(db: DbOrTx, key: string): Promise<SurveyRecord> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM surveys WHERE public_key = ${key} AND is_public AND published`);
  const survey = row ? await surveyRecord(db, row.id) : null;
  if (!survey) throw notFound('survey.linkInvalid');
  return survey;
}

/** The public link's form (no session needed); `respondentKey` tells this browser whether it has answered. */
export async function publicSurveyForm(db: DbOrTx, auth: AuthContext | null, key: string, respondentKey: string | undefined): Promise<SurveyForAnswer> {
  const survey = await publicSurvey(db, key);
  const keys = [...(auth ? [userKey(auth.userId)] : []), ...(respondentKey ? [browserKey(respondentKey)] : [])];
  return formOf(db, survey, keys, !survey.anonymous && !auth);
}

/** The open public surveys (/survey/wjdt/wjdtListNotLogin). */
export async function publicSurveys(db: DbOrTx): Promise<PublicSurveyRow[]> {
  const rows = await queryRows<Omit<PublicSurveyRow, 'endsAt'> & { endsAt: Date }>(db, sql`
    SELECT s.title, s.description, s.ends_at AS "endsAt", s.public_key AS key, jsonb_array_length(s.questions)::int AS "questionCount"
    FROM surveys s WHERE s.published AND s.is_public AND s.in_use AND now() BETWEEN s.starts_at AND s.ends_at
    ORDER BY s.ends_at, s.id LIMIT 100`);
  return rows.map((row) => ({ ...row, endsAt: schoolMinute(row.endsAt) }));
}

/**
 * One answer sheet, in one transaction: the survey must be open (published, in use, inside its window), the
 * sheet must fit the design and its skips, and none of the respondent's keys may have answered already
 * (the primary key of survey_respondents settles two submissions at once). The sheet goes to the queue
 * without any mark of who gave it; see the schema of survey_respondents for why that keeps it anonymous.
 */
async function submit(db: Db, surveyOf: (db: DbOrTx) => Promise<SurveyRecord>, keys: string[], answers: SurveyAnswers): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await surveyOf(tx);
    // A designer cannot change the questions under an answer being given.
    await lockAnswers(tx, found.id, 'shared');
    const survey = (await surveyRecord(tx, found.id))!;
    if (!survey.open) throw conflict('survey.notOpen');
    const checked = checkAnswers(survey.questions as SurveyQuestion[], answers);
    if (!checked.ok) throw badRequest(checked.problem.key, { question: checked.problem.question, ...checked.problem.params });
    const inserted = await queryRows<{ key: string }>(tx, sql`
      INSERT INTO survey_respondents (survey_id, respondent_key) SELECT ${survey.id}, k FROM unnest(${textArray(keys)}) AS k
      ON CONFLICT DO NOTHING RETURNING respondent_key AS key`);
    if (inserted.length < keys.length) throw conflict('survey.alreadySubmitted');
    await tx.execute(sql`INSERT INTO survey_answer_queue (survey_id, answers) VALUES (${survey.id}, ${JSON.stringify(checked.sheet)}::jsonb)`);
    // The recipient's message about it has done its work.
    await tx.execute(sql`UPDATE messages SET status = 1, read_at = now() WHERE recipient_user_id IN (SELECT substr(k, 3)::int FROM unnest(${textArray(keys)}) AS k WHERE k LIKE 'u:%') AND status = 0 AND link = ${surveyLink(survey.id)}`);
    return survey.id;
  });
}

/** A signed-in recipient answers (a parent as themself); a public survey may be answered from the menu too. */
export async function submitMine(db: Db, auth: AuthContext, id: number, answers: SurveyAnswers): Promise<number> {
  return submit(
    db,
    async (tx) => {
      const survey = await surveyRecord(tx, id);
      if (!survey || !survey.published || !(survey.isPublic || (await isRecipient(tx, id, auth.userId)))) throw notFound();
      return survey;
    },
    [userKey(auth.userId)],
    answers,
  );
}

/**
 * The public link: one answer per browser (its random key, kept in its storage) and, when the caller is
 * signed in, per user as well. A named survey needs a session: its answers name their person.
 */
export async function submitPublic(db: Db, auth: AuthContext | null, key: string, respondentKey: string, answers: SurveyAnswers): Promise<number> {
  return submit(
    db,
    async (tx) => {
      const survey = await publicSurvey(tx, key);
      if (!survey.anonymous && !auth) throw forbidden('survey.loginToAnswer');
      return survey;
    },
    [...(auth ? [userKey(auth.userId)] : []), browserKey(respondentKey)],
    answers,
  );
}

