import { sql, type SQL } from 'drizzle-orm';
import {
  MATERIAL_PERMISSIONS,
  knowledgeSearchSchema,
  materialSearchSchema,
  translate,
  type AbilityTemplateRow,
  type AttributeTemplateRow,
  type ChapterNode,
  type KnowledgeRow,
  type Language,
  type MaterialOptions,
  type PagedResult,
} from '@campus/contract';
import type { z } from 'zod';
import { abilityTemplates, attributeTemplates, knowledgePoints } from '../../../db/schema/index.ts';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { aliased, countMatches, keywordColumns, matchKeyword } from '../../../platform/keyword.ts';
import { defineList, type ListRequest } from '../../../platform/listing.ts';
import { idList } from '../../../platform/resource.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { localName } from '../../timetable/views/queries.ts';
import { abilityTemplateFormSchema, attributeTemplateFormSchema, chapterFormSchema } from '@campus/contract';

type AbilityForm = z.output<typeof abilityTemplateFormSchema>;
type AttributeForm = z.output<typeof attributeTemplateFormSchema>;
type ChapterForm = z.output<typeof chapterFormSchema>;

export async function materialOptions(db: DbOrTx, language: Language): Promise<MaterialOptions> {
  const [row] = await queryRows<{ courses: unknown; grades: unknown; first: unknown }>(db, sql`
    SELECT (SELECT json_build_object('courseId', course_id, 'gradeId', grade_id) FROM textbook_chapters ORDER BY id LIMIT 1) AS first, (SELECT coalesce(json_agg(json_build_object('id', co.id, 'name', ${localName('co', language)}) ORDER BY co.sort, co.id), '[]'::json) FROM courses co WHERE NOT co.is_elective) AS courses,
      (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', ${localName('g', language)}) ORDER BY g.sort), '[]'::json) FROM grades g) AS grades`);
  return { courses: jsonValue((row?.courses ?? []) as never), grades: jsonValue((row?.grades ?? []) as never), first: row?.first ? jsonValue(row.first as never) : null };
}

// 能力模板 ------------------------------------------------------------------------------------------------

/** The keyword of each template list: its name. */
const ABILITY_KEYWORD = keywordColumns(abilityTemplates.name);
const KNOWLEDGE_KEYWORD = keywordColumns(knowledgePoints.name);
const ATTRIBUTE_KEYWORD = keywordColumns(attributeTemplates.name);

export const abilityList = defineList({
  search: materialSearchSchema,
  sortColumns: { name: sql`a.name`, courseName: sql`co.sort`, updatedAt: sql`a.updated_at` },
  defaultSort: { field: 'courseName', order: 'asc' },
  tieBreaker: abilityTemplates.id,
});

const abilityColumns = (language: Language) => sql`
  a.id, a.course_id AS "courseId", ${localName('co', language)} AS "courseName", a.name, a.description, a.levels, a.enabled`;
const abilityFrom = sql`FROM ability_templates a JOIN courses co ON co.id = a.course_id`;
type AbilityRaw = Omit<AbilityTemplateRow, 'levels'> & { levels: AbilityTemplateRow['levels'] | string };

export async function listAbilities(db: DbOrTx, request: ListRequest<z.infer<typeof materialSearchSchema>, keyof typeof abilityList.spec.sortColumns>, withTotal: boolean, language: Language) {
  const parts: SQL[] = [sql`TRUE`];
  if (request.search.courseId) parts.push(sql`a.course_id = ${request.search.courseId}`);
  const keyword = matchKeyword(request.search.keyword, ABILITY_KEYWORD, aliased('a'));
  if (keyword) parts.push(keyword);
  const where = sql.join(parts, sql` AND `);
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<AbilityRaw>(db, sql`
    SELECT ${abilityColumns(language)} ${abilityFrom} WHERE ${where}
    ORDER BY ${abilityList.spec.sortColumns[request.sortField]} ${direction}, a.name, a.id LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 ${abilityFrom} WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map((row) => ({ ...row, levels: jsonValue(row.levels) })) };
}

export async function findAbility(db: DbOrTx, id: number, language: Language): Promise<AbilityTemplateRow | undefined> {
  const [row] = await queryRows<AbilityRaw>(db, sql`SELECT ${abilityColumns(language)} ${abilityFrom} WHERE a.id = ${id}`);
  return row ? { ...row, levels: jsonValue(row.levels) } : undefined;
}

async function checkAbility(tx: Tx, form: AbilityForm): Promise<void> {
  const [course] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM courses WHERE id = ${form.courseId}`);
  if (!course) throw badRequest('material.unknownReference');
  const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ability_templates WHERE course_id = ${form.courseId} AND name = ${form.name} AND id <> ${form.id ?? 0}`);
  if (named) throw conflict('material.nameTaken', { name: form.name });
}

export async function createAbility(db: Db, form: AbilityForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkAbility(tx, form);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO ability_templates (course_id, name, description, levels, enabled) VALUES (${form.courseId}, ${form.name}, ${form.description}, ${JSON.stringify(form.levels)}::jsonb, ${form.enabled})
      RETURNING id`);
    return row!.id;
  });
}

export async function updateAbility(db: Db, form: AbilityForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await checkAbility(tx, form);
    const changed = await queryRows<{ id: number }>(tx, sql`
      UPDATE ability_templates SET course_id = ${form.courseId}, name = ${form.name}, description = ${form.description}, levels = ${JSON.stringify(form.levels)}::jsonb,
        enabled = ${form.enabled}, updated_at = now() WHERE id = ${form.id} RETURNING id`);
    if (!changed.length) throw notFound();
  });
}

export async function deleteAbilities(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await queryRows<{ id: number }>(tx, sql`DELETE FROM ability_templates WHERE id IN ${idList(ids)} RETURNING id`);
    if (removed.length !== ids.length) throw notFound();
  });
}

// 章节 ------------------------------------------------------------------------------------------------------

/** The chapters of a course and grade as an ordered tree, each with its approved knowledge points counted. */
export async function chapterTree(db: DbOrTx, courseId: number, gradeId: number): Promise<ChapterNode[]> {
  const rows = await queryRows<ChapterNode>(db, sql`
    SELECT c.id, c.course_id AS "courseId", c.grade_id AS "gradeId", c.parent_id AS "parentId", c.name, c.sort,
      (SELECT count(*)::int FROM knowledge_points k WHERE k.chapter_id = c.id AND k.status = 'approved') AS points
    FROM textbook_chapters c WHERE c.course_id = ${courseId} AND c.grade_id = ${gradeId} ORDER BY c.sort, c.id`);
  const byId = new Map(rows.map((row) => [row.id, { ...row } as ChapterNode]));
  const roots: ChapterNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The parent is of the same course and grade and not the chapter itself or one of its sections. */
async function checkChapter(tx: Tx, form: ChapterForm): Promise<void> {
  const [refs] = await queryRows<{ ok: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM courses WHERE id = ${form.courseId}) AND EXISTS (SELECT 1 FROM grades WHERE id = ${form.gradeId}) AS ok`);
  if (!refs?.ok) throw badRequest('material.unknownReference');
  if (!form.parentId) return;
  const [parent] = await queryRows<{ courseId: number; gradeId: number }>(tx, sql`SELECT course_id AS "courseId", grade_id AS "gradeId" FROM textbook_chapters WHERE id = ${form.parentId}`);
  if (!parent) throw badRequest('material.unknownReference');
  if (parent.courseId !== form.courseId || parent.gradeId !== form.gradeId) throw badRequest('material.parentElsewhere');
  if (form.id) {
    const [loop] = await queryRows<{ id: number }>(tx, sql`
      WITH RECURSIVE below AS (SELECT id FROM textbook_chapters WHERE id = ${form.id} UNION SELECT c.id FROM textbook_chapters c JOIN below b ON c.parent_id = b.id)
      SELECT id FROM below WHERE id = ${form.parentId}`);
    if (loop) throw badRequest('material.parentLoop');
  }
}

export async function createChapter(db: Db, form: ChapterForm): Promise<number> {
  return db.transaction(async (tx) => {
    await checkChapter(tx, form);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO textbook_chapters (course_id, grade_id, parent_id, name, sort) VALUES (${form.courseId}, ${form.gradeId}, ${form.parentId ?? null}, ${form.name}, ${form.sort}) RETURNING id`);
    return row!.id;
  });
}

export async function updateChapter(db: Db, form: ChapterForm & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ courseId: number; gradeId: number; used: boolean }>(tx, sql`
      SELECT course_id AS "courseId", grade_id AS "gradeId",
        EXISTS (SELECT 1 FROM textbook_chapters WHERE parent_id = c.id) OR EXISTS (SELECT 1 FROM knowledge_points WHERE chapter_id = c.id) AS used
      FROM textbook_chapters c WHERE id = ${form.id} FOR UPDATE`);
    if (!current) throw notFound();
    // A chapter with sections or points keeps its course and grade (they hang on it).
    if (current.used && (current.courseId !== form.courseId || current.gradeId !== form.gradeId)) throw conflict('material.chapterInUse', { name: form.name });
    await checkChapter(tx, form);
    await tx.execute(sql`
      UPDATE textbook_chapters SET course_id = ${form.courseId}, grade_id = ${form.gradeId}, parent_id = ${form.parentId ?? null}, name = ${form.name}, sort = ${form.sort}, updated_at = now()
      WHERE id = ${form.id}`);
  });
}

export async function deleteChapters(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM textbook_chapters WHERE id IN ${idList(ids)} FOR UPDATE`);
    if (rows.length !== ids.length) throw notFound();
    const [used] = await queryRows<{ name: string }>(tx, sql`
      SELECT c.name FROM textbook_chapters c WHERE c.id IN ${idList(ids)}
        AND (EXISTS (SELECT 1 FROM textbook_chapters s WHERE s.parent_id = c.id AND NOT (s.id IN ${idList(ids)})) OR EXISTS (SELECT 1 FROM knowledge_points k WHERE k.chapter_id = c.id))
      LIMIT 1`);
    if (used) throw conflict('material.chapterInUse', { name: used.name });
    // Sections before their chapters: delete the leaves of the set until none is left.
    for (let left = ids.length; left > 0; ) {
      const removed = await queryRows<{ id: number }>(tx, sql`
        DELETE FROM textbook_chapters c WHERE c.id IN ${idList(ids)} AND NOT EXISTS (SELECT 1 FROM textbook_chapters s WHERE s.parent_id = c.id) RETURNING c.id`);
      if (!removed.length) break;
      left -= removed.length;
    }
  });
}

// 知识点审批 ------------------------------------------------------------------------------------------------

export const knowledgeList = defineList({
  search: knowledgeSearchSchema,
  sortColumns: { createdAt: sql`k.created_at`, status: sql`k.status`, name: sql`k.name` },
  defaultSort: { field: 'createdAt', order: 'desc' },
  tieBreaker: knowledgePoints.id,
});

const self = (caller: Caller) => sql`(SELECT id FROM staff WHERE user_id = ${caller.auth.userId})`;

/** Courses whose points the caller reviews: the office all, a group leader their group's courses. */
function reviewedCourses(caller: Caller): SQL {
  if (caller.permissions.has(MATERIAL_PERMISSIONS.reviewAll)) return sql`SELECT id FROM courses`;
  return sql`SELECT co.id FROM courses co JOIN research_group_profiles p ON p.org_unit_id = co.research_group_id WHERE p.leader_staff_id = ${self(caller)}`;
}

export async function pageKnowledge(db: DbOrTx, caller: Caller, request: ListRequest<z.infer<typeof knowledgeSearchSchema>, keyof typeof knowledgeList.spec.sortColumns>): Promise<PagedResult<KnowledgeRow>> {
  const s = request.search;
  const language = caller.language;
  // Teachers see the approved points, their own proposals and what they review.
  const parts: SQL[] = [sql`(k.status = 'approved' OR k.proposed_by_id = ${self(caller)} OR c.course_id IN (${reviewedCourses(caller)}))`];
  if (s.courseId) parts.push(sql`c.course_id = ${s.courseId}`);
  if (s.gradeId) parts.push(sql`c.grade_id = ${s.gradeId}`);
  if (s.status) parts.push(sql`k.status = ${s.status}`);
  const keyword = matchKeyword(s.keyword, KNOWLEDGE_KEYWORD, aliased('k'));
  if (keyword) parts.push(keyword);
  const where = sql.join(parts, sql` AND `);
  const from = sql`FROM knowledge_points k JOIN textbook_chapters c ON c.id = k.chapter_id JOIN courses co ON co.id = c.course_id JOIN grades g ON g.id = c.grade_id LEFT JOIN staff st ON st.id = k.proposed_by_id`;
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<Omit<KnowledgeRow, 'reviewedAt' | 'createdAt'> & { reviewedRaw: Date | string | null; createdRaw: Date | string }>(db, sql`
    SELECT k.id, k.chapter_id AS "chapterId", c.name AS "chapterName", ${localName('co', language)} AS "courseName", ${localName('g', language)} AS "gradeName", k.name, k.description,
      k.status, coalesce(st.name, '') AS "proposerName", k.review_comment AS "reviewComment", k.reviewed_at AS "reviewedRaw", k.created_at AS "createdRaw",
      k.proposed_by_id IS NOT DISTINCT FROM ${self(caller)} AS mine,
      (c.course_id IN (${reviewedCourses(caller)}) AND k.proposed_by_id IS DISTINCT FROM ${self(caller)}) AS reviewable
    ${from} WHERE ${where}
    ORDER BY ${knowledgeList.spec.sortColumns[request.sortField]} ${direction}, k.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = await countMatches(db, sql`SELECT 1 ${from} WHERE ${where}`, s.keyword);
  return { ...counted, rows: rows.map(({ reviewedRaw, createdRaw, ...row }) => ({ ...row, reviewedAt: reviewedRaw ? schoolMinute(reviewedRaw) : '', createdAt: schoolMinute(createdRaw) })) };
}

export async function proposeKnowledge(db: Db, caller: Caller, form: { chapterId: number; name: string; description: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const [staff] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM staff WHERE user_id = ${caller.auth.userId}`);
    if (!staff) throw forbidden('material.notStaff');
    const [chapter] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM textbook_chapters WHERE id = ${form.chapterId}`);
    if (!chapter) throw badRequest('material.unknownReference');
    const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM knowledge_points WHERE chapter_id = ${form.chapterId} AND name = ${form.name} AND status <> 'rejected'`);
    if (named) throw conflict('material.nameTaken', { name: form.name });
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO knowledge_points (chapter_id, name, description, proposed_by_id) VALUES (${form.chapterId}, ${form.name}, ${form.description}, ${staff.id}) RETURNING id`);
    return row!.id;
  });
}

/** The leader of the course's group (or the office) approves or rejects pending points; never their own. */
export async function reviewKnowledge(db: Db, caller: Caller, input: { ids: number[]; decision: 'approve' | 'reject'; comment: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.ids)];
    const rows = await queryRows<{ id: number; status: string; own: boolean; mayReview: boolean }>(tx, sql`
      SELECT k.id, k.status, k.proposed_by_id IS NOT DISTINCT FROM ${self(caller)} AS own, c.course_id IN (${reviewedCourses(caller)}) AS "mayReview"
      FROM knowledge_points k JOIN textbook_chapters c ON c.id = k.chapter_id WHERE k.id IN ${idList(ids)} ORDER BY k.id FOR UPDATE OF k`);
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) {
      if (row.own) throw forbidden('material.self');
      if (!row.mayReview) throw forbidden('material.notReviewer');
      if (row.status !== 'pending') throw conflict('material.notPending', { action: translate(caller.language, 'material.reviewed') });
    }
    await tx.execute(sql`
      UPDATE knowledge_points SET status = ${input.decision === 'approve' ? 'approved' : 'rejected'}, review_comment = ${input.comment},
        reviewed_by_user_id = ${caller.auth.userId}, reviewed_at = now()
      WHERE id IN ${idList(ids)}`);
    return ids.length;
  });
}

/** The proposer withdraws a pending point. */
export async function withdrawKnowledge(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: string; own: boolean }>(tx, sql`
      SELECT status, proposed_by_id IS NOT DISTINCT FROM ${self(caller)} AS own FROM knowledge_points WHERE id = ${id} FOR UPDATE`);
    if (!row || !row.own) throw notFound();
    if (row.status !== 'pending') throw conflict('material.notPending', { action: translate(caller.language, 'material.withdrawn') });
    await tx.execute(sql`DELETE FROM knowledge_points WHERE id = ${id}`);
  });
}

// 属性项模板 --------------------------------------------------------------------------------------------------

export const attributeList = defineList({
  search: materialSearchSchema,
  sortColumns: { name: sql`t.name`, updatedAt: sql`t.updated_at` },
  defaultSort: { field: 'name', order: 'asc' },
  tieBreaker: attributeTemplates.id,
});
type AttributeRaw = Omit<AttributeTemplateRow, 'items'> & { items: AttributeTemplateRow['items'] | string };

export async function listAttributes(db: DbOrTx, request: ListRequest<z.infer<typeof materialSearchSchema>, keyof typeof attributeList.spec.sortColumns>, withTotal: boolean) {
  const where = matchKeyword(request.search.keyword, ATTRIBUTE_KEYWORD, aliased('t')) ?? sql`TRUE`;
  const direction = request.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<AttributeRaw>(db, sql`
    SELECT t.id, t.name, t.description, t.items, t.enabled FROM attribute_templates t WHERE ${where}
    ORDER BY ${attributeList.spec.sortColumns[request.sortField]} ${direction}, t.id LIMIT ${request.limit} OFFSET ${request.offset}`);
  const counted = withTotal ? await countMatches(db, sql`SELECT 1 FROM attribute_templates t WHERE ${where}`, request.search.keyword) : { total: rows.length };
  return { ...counted, rows: rows.map((row) => ({ ...row, items: jsonValue(row.items) })) };
}

export async function findAttribute(db: DbOrTx, id: number): Promise<AttributeTemplateRow | undefined> {
  const [row] = await queryRows<AttributeRaw>(db, sql`SELECT t.id, t.name, t.description, t.items, t.enabled FROM attribute_templates t WHERE t.id = ${id}`);
  return row ? { ...row, items: jsonValue(row.items) } : undefined;
}

const cleanItems = (form: AttributeForm) => JSON.stringify(form.items.map((item) => ({ ...item, options: item.kind === 'enum' ? item.options.filter(Boolean) : [] })));

export async function saveAttribute(db: Db, form: AttributeForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [named] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM attribute_templates WHERE name = ${form.name} AND id <> ${form.id ?? 0}`);
    if (named) throw conflict('material.nameTaken', { name: form.name });
    if (form.id) {
      const changed = await queryRows<{ id: number }>(tx, sql`
        UPDATE attribute_templates SET name = ${form.name}, description = ${form.description}, items = ${cleanItems(form)}::jsonb, enabled = ${form.enabled}, updated_at = now()
        WHERE id = ${form.id} RETURNING id`);
      if (!changed.length) throw notFound();
      return form.id;
    }
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO attribute_templates (name, description, items, enabled) VALUES (${form.name}, ${form.description}, ${cleanItems(form)}::jsonb, ${form.enabled}) RETURNING id`);
    return row!.id;
  });
}

export async function deleteAttributes(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await queryRows<{ id: number }>(tx, sql`DELETE FROM attribute_templates WHERE id IN ${idList(ids)} RETURNING id`);
    if (removed.length !== ids.length) throw notFound();
  });
}
