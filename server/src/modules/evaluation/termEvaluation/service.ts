import { sql, type SQL } from 'drizzle-orm';
import {
  TERM_EVALUATION_PERMISSIONS,
  checkEvaluationValue,
  translate,
  type EvaluationClassProgress,
  type EvaluationFillOptions,
  type EvaluationItem,
  type EvaluationPeriodState,
  type EvaluationSheet,
  type EvaluationSheetSave,
  type EvaluationTheme,
  type EvaluationThemeFormParsed,
  type EvaluationThemeList,
  type Language,
} from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx, type Tx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { schoolToday } from '../../timetable/views/service.ts';
import { termChoice } from '../../shared/terms/service.ts';
import { localName } from '../../timetable/views/queries.ts';

/**
 * 期末评价 (issue 15): the office's themes (期末评价维护) and the class teacher's grid (期末评价填写).
 * Answers are kept per student and theme as item id → answer; the rules of an answer are the contract's
 * checkEvaluationValue, run here again on every save.
 */

export function periodOf(fillStart: string, fillEnd: string, today = schoolToday()): EvaluationPeriodState {
  return today < fillStart ? 'notStarted' : today > fillEnd ? 'closed' : 'open';
}

type ItemRaw = { id: number; name: string; kind: EvaluationItem['kind']; required: boolean; maxLength: number | null; min: string | number | null; max: string | number | null; precision: number | null; options: unknown };

const itemsJson = (theme: SQL) => sql`
  (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'kind', i.kind, 'required', i.required, 'maxLength', i.max_length,
      'min', i.min_value::float8, 'max', i.max_value::float8, 'precision', i.precision, 'options', i.options) ORDER BY i.sort, i.id), '[]'::json)
   FROM evaluation_items i WHERE i.theme_id = ${theme})`;

function itemsOf(raw: unknown): EvaluationItem[] {
  return (jsonValue<ItemRaw[]>(raw as string) ?? []).map((item) => ({
    ...item,
    min: item.min === null ? null : Number(item.min),
    max: item.max === null ? null : Number(item.max),
    options: (jsonValue<string[] | null>(item.options as string) ?? null) as string[] | null,
  }));
}

type ThemeRaw = Omit<EvaluationTheme, 'items' | 'period' | 'releasedAt' | 'gradeIds' | 'gradeNames'> & {
  items: unknown;
  releasedAtRaw: Date | string | null;
  gradeIds: unknown;
  gradeNames: unknown;
};

function themeSelect(language: Language, withCounts: boolean): SQL {
  return sql`
    SELECT th.id, th.term_id AS "termId", th.name, th.type, th.fill_start::text AS "fillStart", th.fill_end::text AS "fillEnd",
      th.released, th.released_at AS "releasedAtRaw", th.remarks, ${itemsJson(sql`th.id`)} AS items,
      (SELECT coalesce(json_agg(g.id ORDER BY g.sort, g.id), '[]'::json) FROM evaluation_theme_grades tg JOIN grades g ON g.id = tg.grade_id WHERE tg.theme_id = th.id) AS "gradeIds",
      (SELECT coalesce(json_agg(${localName('g', language)} ORDER BY g.sort, g.id), '[]'::json) FROM evaluation_theme_grades tg JOIN grades g ON g.id = tg.grade_id WHERE tg.theme_id = th.id) AS "gradeNames"
      ${withCounts
        ? sql`, (SELECT count(*)::int FROM evaluation_entries e WHERE e.theme_id = th.id) AS filled,
              (SELECT count(*)::int FROM students s JOIN classes c ON c.id = s.class_id JOIN evaluation_theme_grades tg ON tg.grade_id = c.grade_id AND tg.theme_id = th.id) AS students`
        : sql``}
    FROM evaluation_themes th`;
}

function themeOf(row: ThemeRaw, today: string): EvaluationTheme {
  const { releasedAtRaw, items, gradeIds, gradeNames, ...rest } = row;
  return {
    ...rest,
    gradeIds: jsonValue<number[]>(gradeIds as string) ?? [],
    gradeNames: jsonValue<string[]>(gradeNames as string) ?? [],
    items: itemsOf(items),
    period: periodOf(row.fillStart, row.fillEnd, today),
    releasedAt: releasedAtRaw ? schoolMinute(releasedAtRaw) : null,
  };
}

export async function themeList(db: DbOrTx, language: Language, termId: number | undefined): Promise<EvaluationThemeList> {
  const choice = await termChoice(db, language, termId);
  const grades = await queryRows<{ id: number; name: string }>(db, sql`SELECT g.id, ${localName('g', language)} AS name FROM grades g ORDER BY g.sort, g.id`);
  if (!choice.termId) return { ...choice, grades, themes: [] };
  const rows = await queryRows<ThemeRaw>(db, sql`${themeSelect(language, true)} WHERE th.term_id = ${choice.termId} ORDER BY th.fill_start, th.id`);
  const today = schoolToday();
  return { ...choice, grades, themes: rows.map((row) => themeOf(row, today)) };
}

async function readTheme(db: DbOrTx, language: Language, themeId: number): Promise<EvaluationTheme> {
  const [row] = await queryRows<ThemeRaw>(db, sql`${themeSelect(language, false)} WHERE th.id = ${themeId}`);
  if (!row) throw notFound();
  return { ...themeOf(row, schoolToday()), filled: 0, students: 0 };
}

/** An item's answer (jsonb) in one theme's entries, as text. */
const answer = (itemId: number) => sql`(e.answers ->> ${String(itemId)})`;

/**
 * Answers already given that a changed item would no longer accept: a number out of the new range or with
 * more decimals, an option no longer offered, a text now too long. Answers how many students have one.
 */
async function answersNotFitting(tx: Tx, themeId: number, itemId: number, item: EvaluationThemeFormParsed['items'][number]): Promise<number> {
  const value = answer(itemId);
  let misfit: SQL;
  if (item.kind === 'number') {
    misfit = sql`(${value})::numeric < ${item.min!} OR (${value})::numeric > ${item.max!} OR scale((${value})::numeric) > ${item.precision ?? 0}`;
  } else if (item.kind === 'enum') {
    misfit = sql`NOT (${value} = ANY(${sql`ARRAY[${sql.join((item.options ?? []).map((option) => sql`${option}`), sql`, `)}]::text[]`}))`;
  } else {
    misfit = sql`char_length(${value}) > ${item.maxLength ?? 0}`;
  }
  const [row] = await queryRows<{ count: number }>(tx, sql`
    SELECT count(*)::int AS count FROM evaluation_entries e WHERE e.theme_id = ${themeId} AND ${value} IS NOT NULL AND (${misfit})`);
  return row?.count ?? 0;
}

/**
 * Creates or changes a theme with its items and grades in one transaction. Once students have answers, an
 * item keeps its type and cannot be removed, its settings must still accept every answer given, and a
 * grade with answers stays.
 */
export async function saveTheme(db: Db, input: EvaluationThemeFormParsed, by: number): Promise<{ id: number; name: string }> {
  return db.transaction(async (tx) => {
    const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE id = ${input.termId}`);
    if (!term) throw badRequest('termEvaluation.termUnknown');
    const gradeIds = [...new Set(input.gradeIds)];
    const [known] = await queryRows<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM grades WHERE id IN (${sql.join(gradeIds.map((id) => sql`${id}`), sql`, `)})`);
    if ((known?.count ?? 0) !== gradeIds.length) throw badRequest('termEvaluation.gradeUnknown');
    const [taken] = await queryRows<{ id: number }>(tx, sql`
      SELECT id FROM evaluation_themes WHERE term_id = ${input.termId} AND name = ${input.name} ${input.id ? sql`AND id <> ${input.id}` : sql``}`);
    if (taken) throw conflict('termEvaluation.nameTaken', { name: input.name });

    let themeId: number;
    if (input.id) {
      // The theme's row lock: two offices changing one theme take turns, and a grid saving meanwhile waits.
      const [existing] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM evaluation_themes WHERE id = ${input.id} FOR UPDATE`);
      if (!existing) throw notFound();
      themeId = input.id;
      const hasAnswers = (await queryRows(tx, sql`SELECT 1 FROM evaluation_entries WHERE theme_id = ${themeId} LIMIT 1`)).length > 0;
      const current = await queryRows<{ id: number; name: string; kind: string }>(tx, sql`SELECT id, name, kind FROM evaluation_items WHERE theme_id = ${themeId}`);
      const currentById = new Map(current.map((item) => [item.id, item]));
      if (input.items.some((item) => item.id && !currentById.has(item.id))) throw badRequest('errors.badRequest');
      if (hasAnswers) {
        const kept = new Set(input.items.flatMap((item) => (item.id ? [item.id] : [])));
        for (const item of current) {
          const changed = input.items.find((next) => next.id === item.id);
          if ((!kept.has(item.id) || (changed && changed.kind !== item.kind)) && (await answered(tx, themeId, item.id))) {
            throw conflict('termEvaluation.itemInUse', { item: item.name });
          }
        }
        for (const item of input.items) {
          if (!item.id) continue;
          const count = await answersNotFitting(tx, themeId, item.id, item);
          if (count > 0) throw conflict('termEvaluation.valuesOutside', { item: item.name, count });
        }
        const [lost] = await queryRows<{ name: string }>(tx, sql`
          SELECT g.name FROM evaluation_entries e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = coalesce(e.class_id, s.class_id)
            JOIN grades g ON g.id = c.grade_id
          WHERE e.theme_id = ${themeId} AND c.grade_id NOT IN (${sql.join(gradeIds.map((id) => sql`${id}`), sql`, `)}) LIMIT 1`);
        if (lost) throw conflict('termEvaluation.gradeInUse', { grade: lost.name });
      }
      await tx.execute(sql`
        UPDATE evaluation_themes SET term_id = ${input.termId}, name = ${input.name}, type = ${input.type}, fill_start = ${input.fillStart},
          fill_end = ${input.fillEnd}, remarks = ${input.remarks}, updated_at = now() WHERE id = ${themeId}`);
      const keep = input.items.flatMap((item) => (item.id ? [item.id] : []));
      await tx.execute(sql`DELETE FROM evaluation_items WHERE theme_id = ${themeId} ${keep.length ? sql`AND id NOT IN (${sql.join(keep.map((id) => sql`${id}`), sql`, `)})` : sql``}`);
      await tx.execute(sql`DELETE FROM evaluation_theme_grades WHERE theme_id = ${themeId}`);
    } else {
      const [created] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO evaluation_themes (term_id, name, type, fill_start, fill_end, remarks, created_by)
        VALUES (${input.termId}, ${input.name}, ${input.type}, ${input.fillStart}, ${input.fillEnd}, ${input.remarks}, ${by}) RETURNING id`);
      themeId = created!.id;
    }
    await tx.execute(sql`INSERT INTO evaluation_theme_grades (theme_id, grade_id) VALUES ${sql.join(gradeIds.map((id) => sql`(${themeId}, ${id})`), sql`, `)}`);
    for (const [index, item] of input.items.entries()) {
      const settings = {
        maxLength: item.kind === 'text' ? item.maxLength! : null,
        min: item.kind === 'number' ? item.min! : null,
        max: item.kind === 'number' ? item.max! : null,
        precision: item.kind === 'number' ? (item.precision ?? 0) : null,
        options: item.kind === 'enum' ? JSON.stringify(item.options) : null,
      };
      if (item.id) {
        await tx.execute(sql`
          UPDATE evaluation_items SET name = ${item.name}, kind = ${item.kind}, required = ${item.required}, max_length = ${settings.maxLength},
            min_value = ${settings.min}, max_value = ${settings.max}, precision = ${settings.precision}, options = ${settings.options}::jsonb, sort = ${index}
          WHERE id = ${item.id} AND theme_id = ${themeId}`);
      } else {
        await tx.execute(sql`
          INSERT INTO evaluation_items (theme_id, name, kind, required, max_length, min_value, max_value, precision, options, sort)
          VALUES (${themeId}, ${item.name}, ${item.kind}, ${item.required}, ${settings.maxLength}, ${settings.min}, ${settings.max}, ${settings.precision}, ${settings.options}::jsonb, ${index})`);
      }
    }
    return { id: themeId, name: input.name };
  });
}

async function answered(tx: Tx, themeId: number, itemId: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`SELECT 1 FROM evaluation_entries e WHERE e.theme_id = ${themeId} AND ${answer(itemId)} IS NOT NULL LIMIT 1`);
  return rows.length > 0;
}

/** Deletes themes nobody has filled in; one with answers stops the whole deletion. */
export async function deleteThemes(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const themes = await queryRows<{ id: number; name: string }>(tx, sql`
      SELECT id, name FROM evaluation_themes WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id FOR UPDATE`);
    if (themes.length !== new Set(ids).size) throw notFound();
    const [used] = await queryRows<{ name: string }>(tx, sql`
      SELECT th.name FROM evaluation_themes th WHERE th.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        AND EXISTS (SELECT 1 FROM evaluation_entries e WHERE e.theme_id = th.id) ORDER BY th.id LIMIT 1`);
    if (used) throw conflict('termEvaluation.hasValues', { name: used.name });
    await tx.execute(sql`DELETE FROM evaluation_themes WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    return themes.length;
  });
}

/** Shows themes to students and parents, or hides them again. */
export async function releaseThemes(db: Db, ids: number[], released: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`
      UPDATE evaluation_themes SET released = ${released}, released_at = ${released ? sql`coalesce(released_at, now())` : sql`NULL`}, updated_at = now()
      WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) RETURNING id`);
    if (rows.length !== new Set(ids).size) throw notFound();
    return rows.length;
  });
}

/** Per class of the theme's grades: students, those filled in, and the class teacher. */
export async function themeProgress(db: DbOrTx, language: Language, themeId: number): Promise<EvaluationClassProgress[]> {
  const [theme] = await queryRows<{ id: number }>(db, sql`SELECT id FROM evaluation_themes WHERE id = ${themeId}`);
  if (!theme) throw notFound();
  return queryRows<EvaluationClassProgress>(db, sql`
    SELECT c.id AS "classId", c.name AS "className", ${localName('g', language)} AS "gradeName", st.name AS "classTeacherName",
      (SELECT count(*)::int FROM students s WHERE s.class_id = c.id AND EXISTS (SELECT 1 FROM evaluation_entries e WHERE e.theme_id = ${themeId} AND e.student_id = s.id)) AS filled,
      (SELECT count(*)::int FROM students s WHERE s.class_id = c.id) AS students
    FROM evaluation_theme_grades tg JOIN grades g ON g.id = tg.grade_id JOIN classes c ON c.grade_id = g.id LEFT JOIN staff st ON st.id = c.class_teacher_id
    WHERE tg.theme_id = ${themeId}
    ORDER BY g.sort, g.id, c.sort, c.name`);
}

// ---------------------------------------------------------------------------------------------------
// The class teacher's grid.

const seesEveryClass = (caller: Caller) => caller.permissions.has(TERM_EVALUATION_PERMISSIONS.fillAll);

/** Classes the caller leads (a subquery of class ids). */
export const ledClassIds = (userId: number): SQL => sql`SELECT c0.id FROM classes c0 JOIN staff st0 ON st0.id = c0.class_teacher_id WHERE st0.user_id = ${userId}`;

export async function fillOptions(db: DbOrTx, caller: Caller, termId: number | undefined): Promise<EvaluationFillOptions> {
  const choice = await termChoice(db, caller.language, termId);
  const today = schoolToday();
  const themes = choice.termId
    ? (await queryRows<ThemeRaw>(db, sql`${themeSelect(caller.language, false)} WHERE th.term_id = ${choice.termId} ORDER BY th.fill_start, th.id`)).map((row) => {
        const theme = themeOf(row, today);
        return { id: theme.id, name: theme.name, type: theme.type, gradeIds: theme.gradeIds, fillStart: theme.fillStart, fillEnd: theme.fillEnd, period: theme.period, released: theme.released };
      })
    : [];
  const classes = await queryRows<EvaluationFillOptions['classes'][number]>(db, sql`
    SELECT c.id, c.name, c.grade_id AS "gradeId", ${localName('g', caller.language)} AS "gradeName"
    FROM classes c JOIN grades g ON g.id = c.grade_id
    ${seesEveryClass(caller) ? sql`` : sql`WHERE c.id IN (${ledClassIds(caller.auth.userId)})`}
    ORDER BY g.sort, g.id, c.sort, c.name`);
  return { ...choice, themes, classes };
}

interface SheetContext {
  theme: EvaluationTheme;
  className: string;
}

async function sheetContext(db: DbOrTx, caller: Caller, themeId: number, classId: number): Promise<SheetContext> {
  const theme = await readTheme(db, caller.language, themeId);
  const [cls] = await queryRows<{ name: string; gradeId: number; led: boolean }>(db, sql`
    SELECT c.name, c.grade_id AS "gradeId", c.id IN (${ledClassIds(caller.auth.userId)}) AS led FROM classes c WHERE c.id = ${classId}`);
  if (!cls) throw notFound();
  if (!seesEveryClass(caller) && !cls.led) throw forbidden('termEvaluation.notYourClass');
  if (!theme.gradeIds.includes(cls.gradeId)) throw badRequest('termEvaluation.classNotInTheme', { className: cls.name });
  return { theme, className: cls.name };
}

type SheetRowRaw = { studentId: number; name: string; studentNumber: string; answers: unknown; updatedAtRaw: Date | string | null; updatedByName: string | null };

/** The class's students with their answers; a row's updatedAt is the exact instant (the save's `since`). */
async function sheetRows(db: DbOrTx, themeId: number, classId: number): Promise<(SheetRowRaw & { updatedAt: string | null })[]> {
  const rows = await queryRows<SheetRowRaw & { updatedAt: string | null }>(db, sql`
    SELECT s.id AS "studentId", s.name, s.student_number AS "studentNumber", e.answers, e.updated_at AS "updatedAtRaw",
      e.updated_at::text AS "updatedAt", u.display_name AS "updatedByName"
    FROM students s LEFT JOIN evaluation_entries e ON e.theme_id = ${themeId} AND e.student_id = s.id LEFT JOIN users u ON u.id = e.updated_by
    WHERE s.class_id = ${classId}
    ORDER BY s.student_number`);
  return rows;
}

export async function fillSheet(db: DbOrTx, caller: Caller, themeId: number, classId: number): Promise<EvaluationSheet> {
  const context = await sheetContext(db, caller, themeId, classId);
  const rows = await sheetRows(db, themeId, classId);
  const { filled: _filled, students: _students, ...theme } = context.theme;
  return {
    theme,
    classId,
    className: context.className,
    editable: theme.period === 'open',
    rows: rows.map((row) => ({
      studentId: row.studentId,
      name: row.name,
      studentNumber: row.studentNumber,
      values: (jsonValue<Record<string, string | number>>(row.answers as string) ?? {}) as Record<string, string | number>,
      updatedAt: row.updatedAt,
      savedAt: row.updatedAtRaw ? schoolMinute(row.updatedAtRaw) : null,
      updatedByName: row.updatedByName,
    })),
  };
}

/**
 * Saves the changed rows of a class's grid in one transaction: the theme must be open, every answer must
 * fit its item, a row with any answer must have every required one, and a row someone else saved since it
 * was read is not overwritten ('changed meanwhile', with their name). A row with no answer left is removed.
 */
export async function saveSheet(db: Db, caller: Caller, input: EvaluationSheetSave): Promise<number> {
  const language = caller.language;
  return db.transaction(async (tx) => {
    // The theme's row lock (shared): the office cannot change the items under a save, and two saves of one
    // class take turns on the class's lock below.
    await tx.execute(sql`SELECT id FROM evaluation_themes WHERE id = ${input.themeId} FOR SHARE`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('evaluation-sheet'), ${input.classId})`);
    const context = await sheetContext(tx, caller, input.themeId, input.classId);
    const { theme } = context;
    if (theme.period !== 'open') throw badRequest('termEvaluation.outsidePeriod', { name: theme.name, start: theme.fillStart, end: theme.fillEnd });
    const rows = await sheetRows(tx, input.themeId, input.classId);
    const byStudent = new Map(rows.map((row) => [row.studentId, row]));
    const items = new Map(theme.items.map((item) => [String(item.id), item]));
    const seen = new Set<number>();
    const writes: { studentId: number; answers: Record<string, string | number> | null }[] = [];
    for (const row of input.rows) {
      const current = byStudent.get(row.studentId);
      if (!current || seen.has(row.studentId)) throw badRequest('termEvaluation.notInClass', { className: context.className });
      seen.add(row.studentId);
      if ((current.updatedAt ?? null) !== (row.since ?? null)) {
        throw conflict('termEvaluation.changedMeanwhile', { student: current.name, by: current.updatedByName ?? '—' });
      }
      const answers: Record<string, string | number> = {};
      for (const [itemId, raw] of Object.entries(row.values)) {
        const item = items.get(itemId);
        if (!item) throw badRequest('errors.badRequest');
        const value = typeof raw === 'string' ? raw.trim() : raw;
        if (value === null || value === '') continue;
        const problem = checkEvaluationValue(item, value);
        if (problem) {
          throw badRequest('termEvaluation.cellError', { student: current.name, item: item.name, error: translate(language, problem.key, problem.values) });
        }
        answers[itemId] = item.kind === 'number' ? Number(value) : value;
      }
      if (Object.keys(answers).length > 0) {
        const missing = theme.items.find((item) => item.required && answers[String(item.id)] === undefined);
        if (missing) throw badRequest('termEvaluation.cellError', { student: current.name, item: missing.name, error: translate(language, 'termEvaluation.valueRequired') });
      }
      writes.push({ studentId: row.studentId, answers: Object.keys(answers).length > 0 ? answers : null });
    }
    const kept = writes.filter((write) => write.answers);
    const cleared = writes.filter((write) => !write.answers).map((write) => write.studentId);
    if (kept.length > 0) {
      await tx.execute(sql`
        INSERT INTO evaluation_entries (theme_id, student_id, class_id, answers, updated_by, updated_at)
        VALUES ${sql.join(kept.map((write) => sql`(${input.themeId}, ${write.studentId}, ${input.classId}, ${JSON.stringify(write.answers)}::jsonb, ${caller.auth.userId}, clock_timestamp())`), sql`, `)}
        ON CONFLICT (theme_id, student_id) DO UPDATE SET class_id = excluded.class_id, answers = excluded.answers, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
    }
    if (cleared.length > 0) {
      await tx.execute(sql`DELETE FROM evaluation_entries WHERE theme_id = ${input.themeId} AND student_id IN (${sql.join(cleared.map((id) => sql`${id}`), sql`, `)})`);
    }
    return writes.length;
  });
}
