import { sql } from 'drizzle-orm';
import {
  SURVEY_REMIND_INTERVAL_MINUTES,
  type NonRespondentRow,
  type QuestionStatistics,
  type SurveyPhase,
  type SurveyQuestion,
  type SurveyStatistics,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { PHASE, checkManages, managedSurvey, messageRecipients, type Caller } from '../common.ts';
import { flushAll } from '../answering/tally.ts';

const percent = (count: number, of: number) => (of > 0 ? Math.round((count / of) * 1000) / 10 : 0);

interface StatisticsFacts {
  ownerUserId: number | null;
  title: string;
  anonymous: boolean;
  questions: SurveyQuestion[] | string;
  phase: SurveyPhase;
  responseCount: number;
  recipientTotal: number;
  queued: boolean;
  tallies: [number, number, number, number][] | string;
}

/** Everything the statistics need, in one statement: the survey, whether answers wait, and its tallies. */
async function statisticsFacts(db: DbOrTx, id: number): Promise<StatisticsFacts | undefined> {
  const [row] = await queryRows<StatisticsFacts>(db, sql`
    SELECT s.owner_user_id AS "ownerUserId", s.title, s.anonymous, s.questions, ${PHASE} AS phase, s.response_count AS "responseCount",
      s.recipient_total AS "recipientTotal", EXISTS (SELECT 1 FROM survey_answer_queue q WHERE q.survey_id = s.id) AS queued,
      (SELECT coalesce(json_agg(json_build_array(t.question, t."row", t.option, t.count)), '[]'::json) FROM survey_tallies t WHERE t.survey_id = s.id) AS tallies
    FROM surveys s WHERE s.id = ${id}`, { prepared: true });
  return row;
}

/**
 * A survey's statistics from its running tallies: a handful of rows per question, whatever the number of
 * responses, read in one statement. Answers still queued are moved first (none once the survey has closed
 * and the last batch ran).
 */
export async function surveyStatistics(db: Db, caller: Caller, id: number): Promise<SurveyStatistics> {
  let facts = await statisticsFacts(db, id);
  if (!facts) throw notFound();
  checkManages(caller, facts.ownerUserId);
  if (facts.queued) {
    await flushAll(db, id);
    facts = (await statisticsFacts(db, id))!;
  }
  const survey = { anonymous: facts.anonymous, questions: jsonValue(facts.questions) };
  // A text question's "answered" tally is its number of texts: nothing here reads the answers themselves.
  const tallies = jsonValue(facts.tallies).map(([question, row, option, count]) => ({ question, row, option, count }));
  const count = (question: number, row: number, option: number) =>
    tallies.find((t) => t.question === question && t.row === row && t.option === option)?.count ?? 0;
  const questions: QuestionStatistics[] = survey.questions.map((q, index) => {
    const answered = count(index, 0, -1);
    const base: QuestionStatistics = { index, key: q.key, kind: q.kind, title: q.title, answered, counts: [], average: null, matrix: [], columns: [], texts: 0 };
    switch (q.kind) {
      case 'single':
      case 'multiple':
        return { ...base, counts: q.options.map((option, o) => ({ label: option.label, count: count(index, 0, o), percent: percent(count(index, 0, o), answered) })) };
      case 'rating': {
        const counts = Array.from({ length: q.scale }, (_, i) => ({ label: String(i + 1), count: count(index, 0, i + 1), percent: percent(count(index, 0, i + 1), answered) }));
        const sum = counts.reduce((total, c, i) => total + c.count * (i + 1), 0);
        return { ...base, counts, average: answered ? Math.round((sum / answered) * 100) / 100 : null };
      }
      case 'matrix':
        return { ...base, columns: q.columns, matrix: q.rows.map((row, r) => ({ row, counts: q.columns.map((_, c) => count(index, r, c)) })) };
      case 'text':
        return { ...base, texts: answered };
    }
  });
  return { id, title: facts.title, anonymous: survey.anonymous, phase: facts.phase, recipientTotal: facts.recipientTotal, responseCount: facts.responseCount, questions };
}

/** A text question's answers, a page of them, in the random order the batches gave them. */
export async function textAnswers(db: DbOrTx, caller: Caller, id: number, question: number, page: { offset: number; limit: number }): Promise<{ total: number; rows: { text: string }[] }> {
  await managedSurvey(db, caller, id);
  const [rows, [counted]] = await Promise.all([
    queryRows<{ text: string }>(db, sql`
      SELECT body AS text FROM survey_text_answers WHERE survey_id = ${id} AND question = ${question} ORDER BY sort_key, body LIMIT ${page.limit} OFFSET ${page.offset}`),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM survey_text_answers WHERE survey_id = ${id} AND question = ${question}`),
  ]);
  return { total: counted?.n ?? 0, rows };
}

/** Every text of a survey for the workbook (at most what one export holds). */
export async function allTexts(db: DbOrTx, id: number, limit: number): Promise<{ question: number; text: string }[]> {
  return queryRows(db, sql`SELECT question, body AS text FROM survey_text_answers WHERE survey_id = ${id} ORDER BY question, sort_key, body LIMIT ${limit}`);
}

const NOT_ANSWERED = (id: number) => sql`
  FROM survey_recipients sr JOIN users u ON u.id = sr.user_id
  WHERE sr.survey_id = ${id} AND NOT EXISTS (SELECT 1 FROM survey_respondents r WHERE r.survey_id = sr.survey_id AND r.respondent_key = 'u:' || sr.user_id::text)`;

/** Who has not answered a named survey yet (an anonymous one does not tell). */
export async function nonRespondents(db: DbOrTx, caller: Caller, id: number, page: { offset: number; limit: number }): Promise<{ total: number; rows: NonRespondentRow[] }> {
  const survey = await managedSurvey(db, caller, id);
  if (survey.anonymous) throw conflict('survey.remindNamedOnly');
  const [rows, [counted]] = await Promise.all([
    queryRows<NonRespondentRow>(db, sql`
      SELECT u.account, u.display_name AS name, u.user_type AS "userType",
        coalesce(CASE WHEN u.user_type = 4 THEN (SELECT vs.name || ' · ' || coalesce(vc.name, '') FROM students vs LEFT JOIN classes vc ON vc.id = vs.class_id WHERE vs.id = sr.via_student_id)
          WHEN u.user_type = 2 THEN (SELECT sc.name FROM students ss JOIN classes sc ON sc.id = ss.class_id WHERE ss.user_id = sr.user_id LIMIT 1) END, '') AS relation
      ${NOT_ANSWERED(id)} ORDER BY sr.user_id LIMIT ${page.limit} OFFSET ${page.offset}`),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${NOT_ANSWERED(id)}`),
  ]);
  return { total: counted?.n ?? 0, rows };
}

/** A reminder message to everyone who has not answered a named, open survey, at most once in the interval. */
export async function remindNonRespondents(db: Db, caller: Caller, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const survey = await managedSurvey(tx, caller, id, 'update');
    if (survey.anonymous) throw conflict('survey.remindNamedOnly');
    if (!survey.open) throw conflict('survey.remindClosed');
    if (survey.lastRemindedAt && Date.now() - new Date(survey.lastRemindedAt).getTime() < SURVEY_REMIND_INTERVAL_MINUTES * 60_000) {
      throw conflict('survey.remindTooSoon', { minutes: SURVEY_REMIND_INTERVAL_MINUTES });
    }
    const count = await messageRecipients(tx, caller, id, sql`SELECT sr.user_id ${NOT_ANSWERED(id)}`, 'survey.message.reminder', survey.title);
    if (count === 0) throw conflict('survey.remindNobody');
    await tx.execute(sql`UPDATE surveys SET last_reminded_at = now() WHERE id = ${id}`);
    return count;
  });
}
