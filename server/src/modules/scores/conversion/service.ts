import { sql, type SQL } from 'drizzle-orm';
import {
  conversionRuleSearchSchema,
  scoreSystemSearchSchema,
  type ConversionRuleFormParsed,
  type ConversionRuleRow,
  type PagedResult,
  type ScoreSystemFormParsed,
  type ScoreSystemRow,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import { scoreConversionRules, scoreSystems } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';

/** 换算规则 (/cjgl/hsgz): conversion rules and score systems share the page and its rights. */
export const SCORE_RULE_PERMISSION = 'score:conversion';

// ---- Conversion rules --------------------------------------------------------------------------

export const conversionRuleList = defineList({
  search: conversionRuleSearchSchema,
  sortColumns: { name: sql`r.name`, updatedAt: sql`r.updated_at` },
  defaultSort: { field: 'name', order: 'asc' },
  tieBreaker: scoreConversionRules.id,
});
type RuleSearch = ReturnType<typeof conversionRuleList.parse>['search'];
const RULE_KEYWORD = keywordColumns(scoreConversionRules.name);

const RULE_COLUMNS = sql`
  r.id, r.name, r.enabled, r.remarks, to_char(r.updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS "updatedAt",
  (SELECT coalesce(json_agg(json_build_object('name', l.name, 'lowestScore', l.lowest_score, 'highestScore', l.highest_score, 'convertedScore', l.converted_score,
      'colour', l.colour, 'enabled', l.enabled, 'lowestRate', l.lowest_rate, 'highestRate', l.highest_rate) ORDER BY l.sort, l.id), '[]'::json)
     FROM score_conversion_levels l WHERE l.rule_id = r.id) AS levels,
  (SELECT count(*)::int FROM score_systems s WHERE s.conversion_rule_id = r.id) AS systems`;

type RawRule = Omit<ConversionRuleRow, 'levels'> & { levels: ConversionRuleRow['levels'] | string };
const toRule = (row: RawRule): ConversionRuleRow => ({ ...row, levels: jsonValue(row.levels) });

function ruleConditions(search: RuleSearch): SQL {
  const parts: SQL[] = [sql`TRUE`];
  const keyword = matchKeyword(search.keyword, RULE_KEYWORD, aliased('r'));
  if (keyword) parts.push(keyword);
  if (search.enabled !== undefined) parts.push(sql`r.enabled = ${search.enabled}`);
  return sql.join(parts, sql` AND `);
}

export async function listConversionRules(db: DbOrTx, request: ListRequest<RuleSearch, 'name' | 'updatedAt'>, withTotal: boolean): Promise<PagedResult<ConversionRuleRow>> {
  const where = ruleConditions(request.search);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<RawRule>(db, sql`
    SELECT ${RULE_COLUMNS} FROM score_conversion_rules r WHERE ${where}
    ORDER BY ${conversionRuleList.spec.sortColumns[request.sortField]} ${direction}, r.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 FROM score_conversion_rules r WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map(toRule) };
}

export async function findConversionRule(db: DbOrTx, id: number): Promise<ConversionRuleRow | undefined> {
  const [row] = await queryRows<RawRule>(db, sql`SELECT ${RULE_COLUMNS} FROM score_conversion_rules r WHERE r.id = ${id}`);
  return row ? toRule(row) : undefined;
}

async function writeLevels(tx: Tx, ruleId: number, form: ConversionRuleFormParsed): Promise<void> {
  await tx.execute(sql`DELETE FROM score_conversion_levels WHERE rule_id = ${ruleId}`);
  await tx.execute(sql`
    INSERT INTO score_conversion_levels (rule_id, name, lowest_score, highest_score, converted_score, colour, enabled, lowest_rate, highest_rate, sort)
    SELECT ${ruleId}, l.name, l."lowestScore", l."highestScore", l."convertedScore", l.colour, l.enabled, l."lowestRate", l."highestRate", l.sort
    FROM jsonb_to_recordset(${JSON.stringify(form.levels.map((level, index) => ({ ...level, sort: index + 1 })))}::jsonb)
      AS l(name text, "lowestScore" int, "highestScore" int, "convertedScore" int, colour text, enabled boolean, "lowestRate" int, "highestRate" int, sort int)`);
}

async function refuseRuleName(tx: Tx, name: string, selfId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-rule-name'))`);
  const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_conversion_rules WHERE name = ${name} AND id <> ${selfId} LIMIT 1`);
  if (taken) throw conflict('scoreRule.nameTaken');
}

export async function createConversionRule(db: Db, form: ConversionRuleFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await refuseRuleName(tx, form.name, 0);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO score_conversion_rules (name, enabled, remarks) VALUES (${form.name}, ${form.enabled}, ${form.remarks}) RETURNING id`);
    await writeLevels(tx, created!.id, form);
    return created!.id;
  });
}

export async function updateConversionRule(db: Db, form: ConversionRuleFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_conversion_rules WHERE id = ${form.id} FOR UPDATE`);
    if (!current) throw notFound();
    await refuseRuleName(tx, form.name, form.id);
    await tx.execute(sql`UPDATE score_conversion_rules SET name = ${form.name}, enabled = ${form.enabled}, remarks = ${form.remarks}, updated_at = now() WHERE id = ${form.id}`);
    await writeLevels(tx, form.id, form);
  });
}

export async function deleteConversionRules(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string; used: boolean }>(tx, sql`
      SELECT r.id, r.name, (EXISTS (SELECT 1 FROM score_systems s WHERE s.conversion_rule_id = r.id)
        OR EXISTS (SELECT 1 FROM score_batches b WHERE b.conversion_rule_id = r.id)) AS used
      FROM score_conversion_rules r WHERE r.id IN ${idList(ids)} ORDER BY r.id FOR UPDATE OF r`);
    if (rows.length !== ids.length) throw notFound();
    const used = rows.find((row) => row.used);
    if (used) throw conflict('scoreRule.inUse', { name: used.name });
    await tx.execute(sql`DELETE FROM score_conversion_rules WHERE id IN ${idList(ids)}`);
  });
}

// ---- Score systems -----------------------------------------------------------------------------

export const scoreSystemList = defineList({
  search: scoreSystemSearchSchema,
  sortColumns: { name: sql`s.name`, fullMark: sql`s.full_mark` },
  defaultSort: { field: 'fullMark', order: 'asc' },
  tieBreaker: scoreSystems.id,
});
type SystemSearch = ReturnType<typeof scoreSystemList.parse>['search'];
const SYSTEM_KEYWORD = keywordColumns(scoreSystems.name);

const SYSTEM_COLUMNS = sql`
  s.id, s.name, s.full_mark AS "fullMark", s.pass_line::float8 AS "passLine", s.good_line::float8 AS "goodLine", s.excellent_line::float8 AS "excellentLine",
  s.conversion_rule_id AS "conversionRuleId", coalesce(r.name, '') AS "conversionRuleName", s.enabled, s.remarks,
  EXISTS (SELECT 1 FROM score_batch_subjects bs JOIN scores sc ON sc.batch_id = bs.batch_id AND sc.course_id = bs.course_id WHERE bs.score_system_id = s.id) AS "inUse"`;
const SYSTEM_FROM = sql`FROM score_systems s LEFT JOIN score_conversion_rules r ON r.id = s.conversion_rule_id`;

export async function listScoreSystems(db: DbOrTx, request: ListRequest<SystemSearch, 'name' | 'fullMark'>, withTotal: boolean): Promise<PagedResult<ScoreSystemRow>> {
  const where = matchKeyword(request.search.keyword, SYSTEM_KEYWORD, aliased('s')) ?? sql`TRUE`;
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<ScoreSystemRow>(db, sql`
    SELECT ${SYSTEM_COLUMNS} ${SYSTEM_FROM} WHERE ${where}
    ORDER BY ${scoreSystemList.spec.sortColumns[request.sortField]} ${direction}, s.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 FROM score_systems s WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows };
}

export async function findScoreSystem(db: DbOrTx, id: number): Promise<ScoreSystemRow | undefined> {
  const [row] = await queryRows<ScoreSystemRow>(db, sql`SELECT ${SYSTEM_COLUMNS} ${SYSTEM_FROM} WHERE s.id = ${id}`);
  return row;
}

async function checkSystem(tx: Tx, form: ScoreSystemFormParsed, selfId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-system-name'))`);
  const [taken] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_systems WHERE name = ${form.name} AND id <> ${selfId} LIMIT 1`);
  if (taken) throw conflict('scoreSystem.nameTaken');
  if (form.conversionRuleId) {
    const [rule] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_conversion_rules WHERE id = ${form.conversionRuleId} FOR SHARE`);
    if (!rule) throw badRequest('scoreSystem.unknownRule');
  }
}

export async function createScoreSystem(db: Db, form: ScoreSystemFormParsed): Promise<number> {
  return db.transaction(async (tx) => {
    await checkSystem(tx, form, 0);
    const [created] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO score_systems (name, full_mark, pass_line, good_line, excellent_line, conversion_rule_id, enabled, remarks)
      VALUES (${form.name}, ${form.fullMark}, ${form.passLine}, ${form.goodLine}, ${form.excellentLine}, ${form.conversionRuleId ?? null}, ${form.enabled}, ${form.remarks})
      RETURNING id`);
    return created!.id;
  });
}

export async function updateScoreSystem(db: Db, form: ScoreSystemFormParsed & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ name: string; fullMark: number; inUse: boolean }>(tx, sql`
      SELECT s.name, s.full_mark AS "fullMark",
        EXISTS (SELECT 1 FROM score_batch_subjects bs JOIN scores sc ON sc.batch_id = bs.batch_id AND sc.course_id = bs.course_id WHERE bs.score_system_id = s.id) AS "inUse"
      FROM score_systems s WHERE s.id = ${form.id} FOR UPDATE`);
    if (!current) throw notFound();
    // Scores already entered were checked against the full mark: it may not change under them.
    if (current.inUse && current.fullMark !== form.fullMark) throw conflict('scoreSystem.inUse', { name: current.name });
    await checkSystem(tx, form, form.id);
    await tx.execute(sql`
      UPDATE score_systems SET name = ${form.name}, full_mark = ${form.fullMark}, pass_line = ${form.passLine}, good_line = ${form.goodLine},
        excellent_line = ${form.excellentLine}, conversion_rule_id = ${form.conversionRuleId ?? null}, enabled = ${form.enabled}, remarks = ${form.remarks}
      WHERE id = ${form.id}`);
  });
}

/** Spec 6: 'Grade data exists under this system, cannot be deleted'; a system a batch uses waits for the batch. */
export async function deleteScoreSystems(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string; scored: boolean; used: boolean }>(tx, sql`
      SELECT s.id, s.name,
        EXISTS (SELECT 1 FROM score_batch_subjects bs JOIN scores sc ON sc.batch_id = bs.batch_id AND sc.course_id = bs.course_id WHERE bs.score_system_id = s.id) AS scored,
        EXISTS (SELECT 1 FROM score_batch_subjects bs WHERE bs.score_system_id = s.id) AS used
      FROM score_systems s WHERE s.id IN ${idList(ids)} ORDER BY s.id FOR UPDATE OF s`);
    if (rows.length !== ids.length) throw notFound();
    const scored = rows.find((row) => row.scored);
    if (scored) throw conflict('scoreSystem.inUse', { name: scored.name });
    const used = rows.find((row) => row.used);
    if (used) throw conflict('scoreSystem.usedByBatch', { name: used.name });
    await tx.execute(sql`DELETE FROM score_systems WHERE id IN ${idList(ids)}`);
  });
}

/** The enabled rules, for the score system form's choice. */
export async function ruleChoices(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM score_conversion_rules WHERE enabled ORDER BY name`);
}
