import { sql } from 'drizzle-orm';
import { CAMPUS_NAME_SPECIAL, type FetImportForm, type FetImportResult, type FetPreview, type Language } from '@campus/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../../../db/client.ts';
import type { Caller } from '../../../../platform/caller.ts';
import { badRequest } from '../../../../platform/errors.ts';
import { readWholeFile } from '../../../shared/files/service.ts';
import { periodList, teachingDays } from '../../views/queries.ts';
import { fetToProblem } from './convert.ts';
import { FetFormatError, parseFet, type FetActivity, type FetFile } from './parse.ts';
import { XmlError, childText, childrenNamed } from './xml.ts';

/**
 * FET import (docs/calls-timetable.md, "FET import"): a .fet upload previewed against the school's records,
 * then imported into a term as a draft of its own. Years are grades and groups are classes (a year without
 * groups is one class); a subgroup is a part of its class. The students a lesson occupies are kept as FET's
 * smallest sets ("atoms"), so two parts of one class may be taught at once and the checks still see who
 * is where.
 */

/** What an imported draft keeps of the import's choices, for generation: FET's names and the school's records. */
export interface FetNames {
  rooms: Record<string, number | null>;
  teachers: Record<string, number | null>;
  /** FET's classes (groups, years without groups) and the school's classes. */
  classes: Record<string, number | null>;
  /** The school's teaching days and periods at import: FET's day i and hour j are days[i] and periods[j]. */
  week: { days: number[]; periods: number[] };
}

interface ReadFet {
  fileName: string;
  xml: string;
  file: FetFile;
}

/** The caller's own upload of the fetImport purpose, read and parsed; anything else is refused (400). */
async function readUpload(db: DbOrTx, caller: Caller, fileId: string): Promise<ReadFet> {
  const [row] = await queryRows<{ name: string }>(db, sql`
    SELECT original_name AS name FROM files WHERE id = ${fileId} AND owner_user_id = ${caller.auth.userId} AND purpose = 'fetImport'`);
  if (!row) throw badRequest('arrange.fetFileMissing');
  const xml = (await readWholeFile(db, fileId)).toString('utf8');
  try {
    return { fileName: row.name, xml, file: parseFet(xml) };
  } catch (error) {
    if (error instanceof FetFormatError || error instanceof XmlError) throw badRequest('arrange.fetUnreadable', { error: error.message });
    throw error;
  }
}

/** A FET class: a group, or a year without groups. */
interface FetClass {
  name: string;
  year: string;
  students: number;
  atoms: string[];
}

/** The students of a FET file as the school sees them: classes, and what each students set stands for. */
export interface StudentsView {
  classes: FetClass[];
  /** A students set's classes, its atoms and, for part of a class, the part's name. */
  resolve(set: string): { classes: string[]; atoms: string[]; part: string | null } | undefined;
}

export function studentsView(file: FetFile): StudentsView {
  const classes = new Map<string, FetClass>();
  const sets = new Map<string, { classes: string[]; atoms: string[]; part: string | null }>();
  for (const year of file.years) {
    const yearClasses: string[] = [];
    const yearAtoms: string[] = [];
    if (year.groups.length === 0) {
      if (!classes.has(year.name)) classes.set(year.name, { name: year.name, year: year.name, students: year.students, atoms: [year.name] });
      yearClasses.push(year.name);
      yearAtoms.push(year.name);
    }
    for (const group of year.groups) {
      const atoms = group.subgroups.length === 0 ? [group.name] : group.subgroups.map((s) => s.name);
      if (!classes.has(group.name)) classes.set(group.name, { name: group.name, year: year.name, students: group.students, atoms });
      yearClasses.push(group.name);
      yearAtoms.push(...atoms);
      if (!sets.has(group.name)) sets.set(group.name, { classes: [group.name], atoms, part: null });
      // A subgroup is a part of the first group that holds it (in categorised years several groups do).
      for (const subgroup of group.subgroups) {
        if (!sets.has(subgroup.name)) sets.set(subgroup.name, { classes: [group.name], atoms: [subgroup.name], part: subgroup.name });
      }
    }
    if (!sets.has(year.name)) sets.set(year.name, { classes: [...new Set(yearClasses)], atoms: [...new Set(yearAtoms)], part: null });
  }
  return { classes: [...classes.values()], resolve: (set) => sets.get(set) };
}

/** The active activities that can become lessons: a subject and at least one known students set. */
function lessonActivities(file: FetFile, view: StudentsView): { activity: FetActivity; classes: string[]; atoms: string[]; part: string | null }[] {
  const seen = new Set<number>();
  const result: { activity: FetActivity; classes: string[]; atoms: string[]; part: string | null }[] = [];
  for (const activity of file.activities) {
    if (!activity.active || seen.has(activity.id) || activity.subject === '') continue;
    seen.add(activity.id);
    const resolved = activity.students.map((s) => view.resolve(s)).filter((r) => r !== undefined);
    if (resolved.length === 0) continue;
    const parts = resolved.map((r) => r.part).filter((p): p is string => p !== null);
    result.push({
      activity,
      classes: [...new Set(resolved.flatMap((r) => r.classes))],
      atoms: [...new Set(resolved.flatMap((r) => r.atoms))],
      part: parts.length && parts.length === resolved.length ? parts.join(', ') : null,
    });
  }
  return result;
}

const norm = (name: string) => name.trim().toLowerCase();

/** Each name's first record of that (normalised) name, and the names several records share. */
function byName<T extends { id: number; name: string; nameEn?: string | null }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    for (const name of new Set([norm(row.name), row.nameEn ? norm(row.nameEn) : ''])) {
      if (!name) continue;
      map.set(name, [...(map.get(name) ?? []), row]);
    }
  }
  return map;
}

/** The file's week must fit the school's: FET's day i and hour j are the school's i-th teaching day and j-th period. */
async function schoolWeek(db: DbOrTx, file: FetFile, language: Language) {
  const [days, periods] = await Promise.all([teachingDays(db, language), periodList(db, language)]);
  if (file.days.length > days.length) throw badRequest('arrange.fetTooManyDays', { file: file.days.length, school: days.length });
  if (file.hours.length > periods.length) throw badRequest('arrange.fetTooManyHours', { file: file.hours.length, school: periods.length });
  return { days: days.map((d) => d.day), periods: periods.map((p) => p.sort) };
}

/** The 100 % not-available times of teachers, as the school's days and periods. */
function teacherUnavailable(file: FetFile, week: { days: number[]; periods: number[] }): { teacher: string; day: number; period: number }[] {
  const result: { teacher: string; day: number; period: number }[] = [];
  for (const c of file.timeConstraints) {
    if (!c.active || c.weight < 100 || c.kind !== 'ConstraintTeacherNotAvailableTimes') continue;
    const teacher = childText(c.element, 'Teacher');
    for (const time of childrenNamed(c.element, 'Not_Available_Time')) {
      const d = file.days.indexOf(childText(time, 'Day'));
      const h = file.hours.indexOf(childText(time, 'Hour'));
      if (d >= 0 && h >= 0) result.push({ teacher, day: week.days[d]!, period: week.periods[h]! });
    }
  }
  return result;
}

/** Active constraints by FET's name: those generation honours and those it cannot express. */
function constraintSummary(file: FetFile, ignored: { constraint: string; count: number }[]) {
  const active = new Map<string, number>();
  for (const c of [...file.timeConstraints, ...file.spaceConstraints]) if (c.active) active.set(c.kind, (active.get(c.kind) ?? 0) + 1);
  const dropped = new Map<string, number>();
  for (const item of ignored) {
    const kind = item.constraint.replace(/ \(soft\)$/, '');
    dropped.set(kind, (dropped.get(kind) ?? 0) + item.count);
  }
  const kept = [...active]
    .map(([constraint, count]) => ({ constraint, count: count - (dropped.get(constraint) ?? 0) }))
    .filter((k) => k.count > 0)
    .sort((a, b) => b.count - a.count);
  return { kept, ignored: [...ignored].sort((a, b) => b.count - a.count) };
}

interface SchoolRecords {
  grades: { id: number; name: string; nameEn: string | null }[];
  classes: { id: number; name: string; gradeId: number }[];
  staff: { id: number; name: string; staffNumber: string }[];
  courses: { id: number; name: string; nameEn: string | null }[];
  classrooms: { id: number; name: string }[];
}

async function schoolRecords(db: DbOrTx, file: FetFile, view: StudentsView): Promise<SchoolRecords> {
  // Only the records whose names the file uses are read (a district has thousands of staff).
  const lower = (names: string[]) => JSON.stringify([...new Set(names.map(norm))]);
  const nameIn = (column: string, names: string[]) => sql`lower(trim(${sql.raw(column)})) IN (SELECT jsonb_array_elements_text(${lower(names)}::jsonb))`;
  const teachers = [...new Set([...file.teachers, ...file.activities.flatMap((a) => a.teachers)])];
  const subjects = [...new Set([...file.subjects, ...file.activities.map((a) => a.subject)])].filter(Boolean);
  const [grades, classes, staffRows, courses, classrooms] = await Promise.all([
    queryRows<SchoolRecords['grades'][number]>(db, sql`SELECT id, name, name_en AS "nameEn" FROM grades ORDER BY sort, id`),
    queryRows<SchoolRecords['classes'][number]>(db, sql`SELECT id, name, grade_id AS "gradeId" FROM classes WHERE ${nameIn('name', view.classes.map((c) => c.name))} ORDER BY sort, id`),
    queryRows<SchoolRecords['staff'][number]>(db, sql`SELECT id, name, staff_number AS "staffNumber" FROM staff WHERE ${nameIn('name', teachers)} ORDER BY id`),
    queryRows<SchoolRecords['courses'][number]>(db, sql`SELECT id, name, name_en AS "nameEn" FROM courses WHERE ${nameIn('name', subjects)} OR ${nameIn('name_en', subjects)} ORDER BY sort, id`),
    queryRows<SchoolRecords['classrooms'][number]>(db, sql`SELECT id, name FROM classrooms WHERE ${nameIn('name', file.rooms.map((r) => r.name))} ORDER BY id`),
  ]);
  return { grades, classes, staff: staffRows, courses, classrooms };
}

export async function previewFet(db: Db, caller: Caller, body: { termId: number; fileId: string }): Promise<FetPreview> {
  const [term] = await queryRows(db, sql`SELECT 1 FROM terms WHERE id = ${body.termId}`);
  if (!term) throw badRequest('arrange.unknownReference');
  const { fileName, file } = await readUpload(db, caller, body.fileId);
  const week = await schoolWeek(db, file, caller.language);
  const view = studentsView(file);
  const activities = lessonActivities(file, view);
  if (activities.length === 0) throw badRequest('arrange.fetNoActivities');
  const { ignored } = fetToProblem(file);
  const records = await schoolRecords(db, file, view);

  const grades = byName(records.grades);
  const yearGrade = new Map(file.years.map((y) => [y.name, grades.get(norm(y.name))?.[0]?.id ?? null]));
  const classes = byName(records.classes);
  const staff = byName(records.staff);
  const courses = byName(records.courses);
  const rooms = byName(records.classrooms);
  const teacherNames = [...new Set([...file.teachers, ...activities.flatMap((a) => a.activity.teachers)])];
  const subjectNames = [...new Set(activities.map((a) => a.activity.subject))];
  const usedRooms = new Map(file.rooms.map((r) => [r.name, r]));

  return {
    fileName,
    institution: file.institution,
    days: file.days.length,
    hours: file.hours.length,
    schoolDays: week.days.length,
    schoolPeriods: week.periods.length,
    activities: activities.length,
    activityHours: activities.reduce((sum, a) => sum + Math.max(1, a.activity.duration), 0),
    years: file.years.map((y) => ({ name: y.name, gradeId: yearGrade.get(y.name) ?? null })),
    groups: view.classes.map((c) => {
      const same = classes.get(norm(c.name)) ?? [];
      const grade = yearGrade.get(c.year);
      const match = same.find((row) => row.gradeId === grade) ?? same[0];
      return { name: c.name, year: c.year, students: c.students, classId: match?.id ?? null };
    }),
    teachers: teacherNames.map((name) => {
      const same = staff.get(norm(name)) ?? [];
      return {
        name,
        staffId: same.length === 1 ? same[0]!.id : null,
        candidates: same.length > 1 ? same.map((s) => ({ id: s.id, name: `${s.name} (${s.staffNumber})` })) : [],
      };
    }),
    subjects: subjectNames.map((name) => ({ name, courseId: courses.get(norm(name))?.[0]?.id ?? null })),
    rooms: [...usedRooms.values()].map((r) => ({
      name: r.name,
      capacity: r.capacity === Number.MAX_SAFE_INTEGER ? 0 : r.capacity,
      classroomId: rooms.get(norm(r.name))?.[0]?.id ?? null,
    })),
    unavailable: teacherUnavailable(file, week).length,
    ...constraintSummary(file, ignored),
  };
}

/** A name the school's rules accept for a record it creates: special characters replaced, cut to length. */
const schoolName = (name: string, max: number) => name.replace(new RegExp(CAMPUS_NAME_SPECIAL.source, 'g'), '-').trim().slice(0, max) || '-';

/** FET's names of a kind mapped by the form; names the file does not have are refused, names left out are null. */
function mappingOf<K extends string>(names: string[], rows: ({ name: string } & Record<K, number | null>)[], key: K): Map<string, number | null> {
  const known = new Set(names);
  const map = new Map<string, number | null>(names.map((n) => [n, null]));
  for (const row of rows) {
    if (!known.has(row.name)) throw badRequest('arrange.fetUnknownName', { name: row.name });
    map.set(row.name, row[key]);
  }
  return map;
}

/** Every id must be a record of its table. */
async function checkIds(tx: Tx, table: string, ids: (number | null)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return;
  const [row] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)::int)`);
  if ((row?.n ?? 0) !== wanted.length) throw badRequest('arrange.unknownReference');
}

/** The next free codes of a pattern: `prefix` followed by a number. */
async function freeCodes(tx: Tx, table: string, prefix: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const taken = new Set((await queryRows<{ code: string }>(tx, sql`SELECT code FROM ${sql.raw(table)} WHERE code LIKE ${`${prefix}%`}`)).map((r) => r.code));
  const codes: string[] = [];
  for (let n = 1; codes.length < count; n++) if (!taken.has(`${prefix}${n}`)) codes.push(`${prefix}${n}`);
  return codes;
}

/** The ids of rows an INSERT … RETURNING id, code made, by their (unique) codes. */
async function insertedIds(tx: Tx, insert: ReturnType<typeof sql>): Promise<Map<string, number>> {
  return new Map((await queryRows<{ id: number; code: string }>(tx, insert)).map((r) => [r.code, r.id]));
}

export async function importFet(db: Db, caller: Caller, form: FetImportForm): Promise<FetImportResult> {
  const { xml, file } = await readUpload(db, caller, form.fileId);
  const view = studentsView(file);
  const activities = lessonActivities(file, view);
  if (activities.length === 0) throw badRequest('arrange.fetNoActivities');
  return db.transaction(async (tx) => {
    // One import of a term at a time (the codes of created records are taken from what exists).
    const [term] = await queryRows(tx, sql`SELECT id FROM terms WHERE id = ${form.termId} FOR UPDATE`);
    if (!term) throw badRequest('arrange.unknownReference');
    const week = await schoolWeek(tx, file, caller.language);

    const teacherNames = [...new Set([...file.teachers, ...activities.flatMap((a) => a.activity.teachers)])];
    const subjectNames = [...new Set(activities.map((a) => a.activity.subject))];
    const years = mappingOf(file.years.map((y) => y.name), form.years, 'gradeId');
    const groups = mappingOf(view.classes.map((c) => c.name), form.groups, 'classId');
    const teachers = mappingOf(teacherNames, form.teachers, 'staffId');
    const subjects = mappingOf(subjectNames, form.subjects, 'courseId');
    const rooms = mappingOf(file.rooms.map((r) => r.name), form.rooms, 'classroomId');
    await checkIds(tx, 'grades', [...years.values()]);
    await checkIds(tx, 'classes', [...groups.values()]);
    await checkIds(tx, 'staff', [...teachers.values()]);
    await checkIds(tx, 'courses', [...subjects.values()]);
    await checkIds(tx, 'classrooms', [...rooms.values()]);

    // Records to create: classes in their year's grade, courses, classrooms on the school's first campus.
    const newClasses = view.classes.filter((c) => groups.get(c.name) === null);
    for (const c of newClasses) if (!years.get(c.year)) throw badRequest('arrange.fetYearGrade', { year: c.year });
    const [campus] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM org_units WHERE kind = 'campus' ORDER BY sort, id LIMIT 1`);
    const newSubjects = subjectNames.filter((s) => subjects.get(s) === null);
    const newRooms = file.rooms.filter((r) => rooms.get(r.name) === null);
    if ((newClasses.length || newRooms.length) && !campus) throw badRequest('arrange.fetNoCampus');

    if (newClasses.length) {
      const [top] = await queryRows<{ top: string }>(tx, sql`SELECT coalesce(max(code::numeric), 0)::text AS top FROM classes WHERE code ~ '^[0-9]{1,29}$'`);
      const base = BigInt(top?.top ?? '0');
      const rows = newClasses.map((c, i) => ({
        code: (base + BigInt(i + 1)).toString(),
        name: schoolName(c.name, 50),
        gradeId: years.get(c.year)!,
        capacity: Math.min(Math.max(c.students, 1), 999),
      }));
      const created = await insertedIds(tx, sql`
        INSERT INTO classes (code, name, grade_id, campus_id, capacity, sort)
        SELECT r.code, r.name, r."gradeId", coalesce((SELECT campus_id FROM classes WHERE grade_id = r."gradeId" LIMIT 1), ${campus!.id}), r.capacity, 0
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(code text, name text, "gradeId" int, capacity int)
        RETURNING id, code`);
      newClasses.forEach((c, i) => groups.set(c.name, created.get(rows[i]!.code)!));
    }
    if (newSubjects.length) {
      const codes = await freeCodes(tx, 'courses', 'FET-', newSubjects.length);
      const rows = newSubjects.map((name, i) => ({ code: codes[i]!, name: schoolName(name, 100) }));
      const created = await insertedIds(tx, sql`
        INSERT INTO courses (code, name) SELECT r.code, r.name
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(code text, name text) RETURNING id, code`);
      newSubjects.forEach((name, i) => subjects.set(name, created.get(rows[i]!.code)!));
    }
    if (newRooms.length) {
      const codes = await freeCodes(tx, 'classrooms', 'FET-R', newRooms.length);
      const rows = newRooms.map((r, i) => ({
        code: codes[i]!,
        name: schoolName(r.name, 100),
        building: r.building ? schoolName(r.building, 100) : null,
        capacity: r.capacity === Number.MAX_SAFE_INTEGER ? null : Math.min(r.capacity, 1000),
      }));
      const created = await insertedIds(tx, sql`
        INSERT INTO classrooms (code, name, building, campus_id, capacity)
        SELECT r.code, r.name, r.building, ${campus!.id}, r.capacity
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(code text, name text, building text, capacity int)
        RETURNING id, code`);
      newRooms.forEach((r, i) => rooms.set(r.name, created.get(rows[i]!.code)!));
    }

    const fetNames: FetNames = { rooms: Object.fromEntries(rooms), teachers: Object.fromEntries(teachers), classes: Object.fromEntries(groups), week };
    const [draft] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO timetable_drafts (term_id, name, source, fet_document, fet_names, created_by_user_id)
      VALUES (${form.termId}, ${form.name}, 'fet', ${xml}, ${JSON.stringify(fetNames)}::jsonb, ${caller.auth.userId}) RETURNING id`);
    const activityRows = activities.map(({ activity, classes, atoms, part }) => ({
      fetId: activity.id,
      courseId: subjects.get(activity.subject)!,
      teacherId: activity.teachers.map((t) => teachers.get(t)).find((id) => id != null) ?? null,
      teacherNames: activity.teachers.join(', '),
      classIds: classes.map((c) => groups.get(c)!),
      atoms,
      label: part ? part.slice(0, 20) : null,
      duration: Math.max(1, Math.min(activity.duration, week.periods.length)),
    }));
    await tx.execute(sql`
      INSERT INTO timetable_draft_activities (draft_id, fet_id, course_id, teacher_id, teacher_names, class_ids, atoms, label, duration)
      SELECT ${draft!.id}, a."fetId", a."courseId", a."teacherId", a."teacherNames",
        ARRAY(SELECT jsonb_array_elements_text(a."classIds")::int), ARRAY(SELECT jsonb_array_elements_text(a.atoms)), a.label, a.duration
      FROM jsonb_to_recordset(${JSON.stringify(activityRows)}::jsonb)
        AS a("fetId" int, "courseId" int, "teacherId" int, "teacherNames" text, "classIds" jsonb, atoms jsonb, label text, duration smallint)`);

    const unavailable = teacherUnavailable(file, week)
      .map((u) => ({ staffId: teachers.get(u.teacher) ?? null, day: u.day, period: u.period }))
      .filter((u) => u.staffId !== null);
    if (unavailable.length) {
      await tx.execute(sql`
        INSERT INTO teacher_unavailable_periods (term_id, staff_id, day, period)
        SELECT DISTINCT ${form.termId}::int, u."staffId", u.day, u.period FROM jsonb_to_recordset(${JSON.stringify(unavailable)}::jsonb) AS u("staffId" int, day smallint, period smallint)
        ON CONFLICT DO NOTHING`);
    }
    return {
      draftId: draft!.id,
      created: { classes: newClasses.length, courses: newSubjects.length, classrooms: newRooms.length },
      activities: activityRows.length,
      unavailable: new Set(unavailable.map((u) => `${u.staffId}:${u.day}:${u.period}`)).size,
    };
  });
}
