import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  SURVEY_TITLE_MAX,
  surveySearchSchema,
  translate,
  type ClassAudience,
  type PagedResult,
  type SurveyDetail,
  type SurveyFormParsed,
  type SurveyPublish,
  type SurveyQuestion,
  type SurveyRow,
} from '@campus/contract';
import { intArray, jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { surveys } from '../../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { pageOfList } from '../../../platform/listPage.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { schoolInstant } from '../../../platform/schoolClock.ts';
import { taughtClassIds } from '../../../platform/scope.ts';
import { parsePickerValue } from '../../homeSchool/notices/service.ts';
import { codeNames, recipientSelect, unknownCodes } from '../../homeSchool/notices/queries.ts';
import { FROM, PHASE, lockAnswers, managedSurvey, messageRecipients, rowColumns, seesAll, surveyLink, surveyRecord, toRow, visibleSurveys, type Caller, type RawRow } from '../common.ts';

export const surveyList = defineList({
  search: surveySearchSchema,
  sortColumns: { title: sql`s.title`, startsAt: sql`s.starts_at`, updatedAt: sql`s.updated_at`, responseCount: sql`s.response_count` },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  tieBreaker: surveys.id,
});
type Search = ReturnType<typeof surveyList.parse>['search'];
/** The survey lists' keyword: the title. */
const SURVEY_KEYWORD = keywordColumns(surveys.title);

function filters(caller: Caller, search: Search, extra: SQL = sql`TRUE`): SQL {
  const parts: SQL[] = [visibleSurveys(caller), extra];
  const keyword = matchKeyword(search.keyword, SURVEY_KEYWORD, aliased('s'));
  if (keyword) parts.push(keyword);
  if (search.phase) parts.push(sql`${PHASE} = ${search.phase}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The caller's surveys (every survey with the administrators' right); `publishedOnly` for the statistics
 * page. In the shape of every large list (platform/listPage.ts): the matches carry the chosen sort's column.
 */
export async function pageSurveys(
  db: DbOrTx,
  caller: Caller,
  request: ListRequest<Search, keyof typeof surveyList.spec.sortColumns>,
  publishedOnly = false,
): Promise<PagedResult<SurveyRow>> {
  const where = filters(caller, request.search, publishedOnly ? sql`s.published` : sql`TRUE`);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const found = await pageOfList<RawRow>(
    db,
    request.search.keyword,
    {
      matching: sql`SELECT s.id, ${surveyList.spec.sortColumns[request.sortField]} AS sorted FROM surveys s WHERE ${where}`,
      order: { orderBy: sql`m.sorted ${direction}, m.id ${direction}` },
      details: { columns: rowColumns(caller), joins: sql`JOIN surveys s ON s.id = chosen.id LEFT JOIN users u ON u.id = s.owner_user_id` },
    },
    request,
  );
  return { ...found, rows: found.rows.map(toRow) };
}

export async function getSurvey(db: DbOrTx, caller: Caller, id: number): Promise<SurveyDetail> {
  const [row] = await queryRows<RawRow & { questions: SurveyQuestion[] | string; publicKey: string | null; recipients: string; classIds: number[]; classAudience: ClassAudience }>(db, sql`
    SELECT ${rowColumns(caller)}, s.questions, s.public_key AS "publicKey", s.recipients, s.class_ids AS "classIds", s.class_audience AS "classAudience"
    ${FROM} WHERE s.id = ${id} AND ${visibleSurveys(caller)}`);
  if (!row) throw notFound();
  const { questions, publicKey, recipients, classIds, classAudience, ...rest } = row;
  const picked = parsePickerValue(recipients);
  const [names, classes] = await Promise.all([
    codeNames(db, picked),
    classIds.length ? queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM classes WHERE id = ANY(${intArray(classIds.map(Number))}) ORDER BY code`) : Promise.resolve([]),
  ]);
  const nameOf = new Map(names.map((n) => [n.code, (caller.language === 'en' && n.nameEn) || n.name]));
  return {
    ...toRow(rest),
    questions: jsonValue(questions),
    publicKey: publicKey ?? '',
    recipients,
    recipientNames: recipients.split(',').map((code) => code.trim()).filter(Boolean).map((code) => ({ code, name: nameOf.get(code) ?? code })),
    classes,
    classAudience,
  };
}

/** The form as stored: blanks of kinds that do not use them dropped, so a saved design reads the same back. */
export function normaliseQuestions(questions: SurveyQuestion[]): SurveyQuestion[] {
  return questions.map((q) => ({
    key: q.key,
    kind: q.kind,
    title: q.title,
    required: q.required,
    options: q.kind === 'single' || q.kind === 'multiple' ? q.options.map((o) => ({ label: o.label, jumpTo: q.kind === 'single' ? o.jumpTo : '' })) : [],
    minPicks: q.kind === 'multiple' ? q.minPicks : 0,
    maxPicks: q.kind === 'multiple' ? q.maxPicks : 0,
    long: q.kind === 'text' ? q.long : false,
    maxLength: q.kind === 'text' ? q.maxLength : 200,
    scale: q.kind === 'rating' ? q.scale : 5,
    rows: q.kind === 'matrix' ? q.rows : [],
    columns: q.kind === 'matrix' ? q.columns : [],
  }));
}

export async function createSurvey(db: Db, caller: Caller, form: SurveyFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO surveys (title, description, starts_at, ends_at, anonymous, questions, owner_user_id)
      VALUES (${form.title}, ${form.description}, ${schoolInstant(form.startsAt).toISOString()}::timestamptz, ${schoolInstant(form.endsAt).toISOString()}::timestamptz,
        ${form.anonymous}, ${JSON.stringify(normaliseQuestions(form.questions))}::jsonb, ${caller.auth.userId})
      RETURNING id`);
    return created!.id;
  });
}

/**
 * Changes a survey. Its title, description and window change at any time; once anybody has answered, its
 * questions and whether it is anonymous stay as they are (the tallies count positions of those questions,
 * and the answers were given under that promise of anonymity).
 */
export async function updateSurvey(db: Db, caller: Caller, form: SurveyFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await managedSurvey(tx, caller, form.id, 'update');
    await lockAnswers(tx, form.id, 'exclusive');
    const survey = (await surveyRecord(tx, form.id))!;
    const questions = normaliseQuestions(form.questions);
    if (survey.answered) {
      if (JSON.stringify(normaliseQuestions(survey.questions)) !== JSON.stringify(questions)) throw conflict('survey.questionsLocked');
      if (survey.anonymous !== form.anonymous) throw conflict('survey.anonymityLocked');
    }
    await tx.execute(sql`
      UPDATE surveys SET title = ${form.title}, description = ${form.description}, starts_at = ${schoolInstant(form.startsAt).toISOString()}::timestamptz,
        ends_at = ${schoolInstant(form.endsAt).toISOString()}::timestamptz, anonymous = ${form.anonymous}, questions = ${JSON.stringify(questions)}::jsonb, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

export async function deleteSurveys(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await managedSurvey(tx, caller, id, 'update');
      await lockAnswers(tx, id, 'exclusive');
      const survey = (await surveyRecord(tx, id))!;
      if (survey.published && survey.answered) throw conflict('survey.publishedDelete');
      await tx.execute(sql`DELETE FROM messages WHERE link = ${surveyLink(id)}`);
      await tx.execute(sql`DELETE FROM surveys WHERE id = ${id}`);
    }
  });
}

/** A new draft with the same design, the caller's own. */
export async function copySurvey(db: Db, caller: Caller, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    await managedSurvey(tx, caller, id);
    const suffix = translate(caller.language, 'survey.copySuffix');
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO surveys (title, description, starts_at, ends_at, anonymous, questions, owner_user_id)
      SELECT left(title, ${SURVEY_TITLE_MAX - suffix.length}) || ${suffix}, description, starts_at, ends_at, anonymous, questions, ${caller.auth.userId}
      FROM surveys WHERE id = ${id} RETURNING id`);
    return created!.id;
  });
}

export async function setInUse(db: Db, caller: Caller, id: number, inUse: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await managedSurvey(tx, caller, id, 'update');
    await tx.execute(sql`UPDATE surveys SET in_use = ${inUse}, updated_at = now() WHERE id = ${id}`);
  });
}

/** Classes the caller may send a survey to: every class with the administrators' right, else those they lead or teach. */
export async function publishableClasses(db: DbOrTx, caller: Caller): Promise<{ id: number; name: string; gradeName: string }[]> {
  return queryRows(db, sql`
    SELECT c.id, c.name, g.name AS "gradeName" FROM classes c JOIN grades g ON g.id = c.grade_id
    ${seesAll(caller) ? sql`` : sql`WHERE c.id IN (${taughtClassIds(caller.auth)})`}
    ORDER BY g.code, c.code`);
}

/**
 * Publishes a survey (the route has checked the publishing right, spec 6): to the Picker's people, units and
 * roles (the administrators' right), to classes (students, parents or both, resolved as notices resolve
 * them), and/or publicly by a link with a random key. Each recipient gets a message leading to it.
 */
export async function publishSurvey(db: Db, caller: Caller, input: SurveyPublish): Promise<{ publicKey: string; recipientTotal: number }> {
  const picked = parsePickerValue(input.recipients);
  const pickedAny = picked.accounts.length + picked.orgCodes.length + picked.roleCodes.length > 0;
  if (pickedAny && !seesAll(caller)) throw forbidden('homeSchool.recipientsOutOfScope');
  const classIds = [...new Set(input.classIds)];
  return db.transaction(async (tx) => {
    const survey = await managedSurvey(tx, caller, input.id, 'update');
    if (survey.published) throw conflict('survey.alreadyPublished');
    if (survey.ended) throw conflict('survey.expiredPublish');
    await checkClasses(tx, caller, classIds);
    const unknown = await unknownCodes(tx, picked);
    if (unknown.length) throw badRequest('homeSchool.badRecipient', { code: unknown[0]! });
    const choice = { ...picked, classIds, classAudience: input.classAudience };
    const reached = pickedAny || classIds.length ? recipientSelect(choice) : null;
    let total = 0;
    if (reached) {
      const [row] = await queryRows<{ n: number }>(tx, sql`
        WITH written AS (
          INSERT INTO survey_recipients (survey_id, user_id, via_student_id)
          SELECT ${input.id}, r.user_id, r.via_student_id FROM (${reached}) AS r WHERE r.user_id IS NOT NULL
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM written`);
      total = row?.n ?? 0;
      if (total === 0 && !input.isPublic) throw badRequest('homeSchool.noRecipients');
    }
    const publicKey = input.isPublic ? randomBytes(18).toString('base64url') : null;
    await tx.execute(sql`
      UPDATE surveys SET published = TRUE, published_at = now(), is_public = ${input.isPublic}, public_key = ${publicKey}, recipients = ${input.recipients},
        class_ids = ${intArray(classIds)}, class_audience = ${input.classAudience}, recipient_total = ${total}, updated_at = now()
      WHERE id = ${input.id}`);
    if (total > 0) await messageRecipients(tx, caller, input.id, sql`SELECT user_id FROM survey_recipients WHERE survey_id = ${input.id}`, 'survey.message.published', survey.title);
    return { publicKey: publicKey ?? '', recipientTotal: total };
  });
}

async function checkClasses(tx: Tx, caller: Caller, classIds: number[]): Promise<void> {
  if (classIds.length === 0) return;
  const scope = seesAll(caller) ? null : taughtClassIds(caller.auth);
  const rows = await queryRows<{ id: number; mine: boolean }>(tx, sql`
    SELECT c.id, ${scope ? sql`c.id IN (${scope})` : sql`TRUE`} AS mine FROM classes c WHERE c.id = ANY(${intArray(classIds)})`);
  if (rows.length !== classIds.length) throw notFound();
  if (rows.some((row) => !row.mine)) throw forbidden('homeSchool.classNotYours');
}

/** Withdraws a publication nobody has answered yet: recipients, messages and the public link go. */
export async function unpublishSurvey(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await managedSurvey(tx, caller, id, 'update');
    await lockAnswers(tx, id, 'exclusive');
    const survey = (await surveyRecord(tx, id))!;
    if (!survey.published) throw conflict('survey.notPublished');
    if (survey.answered) throw conflict('survey.unpublishAnswered');
    await tx.execute(sql`DELETE FROM survey_recipients WHERE survey_id = ${id}`);
    await tx.execute(sql`DELETE FROM messages WHERE link = ${surveyLink(id)}`);
    await tx.execute(sql`
      UPDATE surveys SET published = FALSE, published_at = NULL, is_public = FALSE, public_key = NULL, recipients = '', class_ids = '{}', recipient_total = 0, updated_at = now()
      WHERE id = ${id}`);
  });
}
