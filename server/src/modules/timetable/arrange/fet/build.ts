import { sql } from 'drizzle-orm';
import type { Language } from '@campus/contract';
import { jsonValue, queryRows, type DbOrTx } from '../../../../db/client.ts';
import { localName } from '../../views/queries.ts';
import { outsideUsesSql } from '../conflicts.ts';
import type { Built, BuiltActivity } from '../generation.ts';
import { fetToProblem } from './convert.ts';
import type { FetNames } from './importer.ts';
import { studentsView } from './importer.ts';
import { parseFet } from './parse.ts';

/**
 * The solver's problem for an imported draft: the FET document solved again with every constraint the
 * converter keeps, plus what the term holds outside the draft (teaching classes, electives, teachers'
 * unavailable periods) on the teachers, classes and rooms the import matched, and the draft's locked
 * activities fixed where they are.
 */
export async function buildFetProblem(db: DbOrTx, draftId: number, termId: number, language: Language): Promise<Built> {
  const [draft] = await queryRows<{ document: string; names: FetNames | string }>(db, sql`SELECT fet_document AS document, fet_names AS names FROM timetable_drafts WHERE id = ${draftId}`);
  if (!draft?.document) throw new Error(`draft ${draftId} has no FET document`);
  const file = parseFet(draft.document);
  const names = jsonValue<FetNames>(draft.names);
  const { problem, activityIds } = fetToProblem(file);
  const hours = problem.hours;
  const days = names.week.days.slice(0, problem.days);
  const periods = names.week.periods.slice(0, hours);
  const slotOf = (day: number, period: number): number | undefined => {
    const d = days.indexOf(day);
    const h = periods.indexOf(period);
    return d < 0 || h < 0 ? undefined : d * hours + h;
  };

  const [rows, locked, outside, unavailable] = await Promise.all([
    queryRows<{ id: number; fetId: number; classIds: number[]; courseId: number; courseName: string; teacherId: number | null; label: string | null; className: string }>(db, sql`
      SELECT a.id, a.fet_id AS "fetId", a.class_ids AS "classIds", a.course_id AS "courseId", ${localName('co', language)} AS "courseName", a.teacher_id AS "teacherId", a.label,
        (SELECT string_agg(c.name, ', ' ORDER BY c.sort, c.id) FROM classes c WHERE c.id = ANY (a.class_ids)) || coalesce(' · ' || a.label, '') AS "className"
      FROM timetable_draft_activities a JOIN courses co ON co.id = a.course_id WHERE a.draft_id = ${draftId}`),
    queryRows<{ activityId: number; day: number; period: number; classroomId: number | null }>(db, sql`
      SELECT activity_id AS "activityId", day, min(period) AS period, min(classroom_id) AS "classroomId"
      FROM timetable_draft_lessons WHERE draft_id = ${draftId} AND locked AND activity_id IS NOT NULL GROUP BY activity_id, day`),
    queryRows<{ kind: 'teacher' | 'room' | 'class'; owner: number; day: number; period: number }>(db, sql`
      SELECT DISTINCT u.kind, u.owner, u.day, u.period FROM (${outsideUsesSql(termId, language)}) u`),
    queryRows<{ staffId: number; day: number; period: number }>(db, sql`SELECT staff_id AS "staffId", day, period FROM teacher_unavailable_periods WHERE term_id = ${termId}`),
  ]);

  // The problem's resources by kind and name, and the school's records each stands for.
  const resourceOf = new Map(problem.resources.map((r, i) => [`${r.kind}:${r.name}`, i]));
  const reverse = (map: Record<string, number | null>) => {
    const result = new Map<number, string[]>();
    for (const [name, id] of Object.entries(map)) if (id !== null) result.set(id, [...(result.get(id) ?? []), name]);
    return result;
  };
  const teacherNames = reverse(names.teachers);
  const roomNames = reverse(names.rooms);
  const classNames = reverse(names.classes);
  const atomsOfClass = new Map(studentsView(file).classes.map((c) => [c.name, c.atoms]));
  const resourcesOf = (kind: 'teacher' | 'room' | 'class', owner: number): number[] => {
    if (kind === 'class') {
      const atoms = (classNames.get(owner) ?? []).flatMap((name) => atomsOfClass.get(name) ?? []);
      return atoms.map((a) => resourceOf.get(`students:${a}`)).filter((i) => i !== undefined);
    }
    const named = (kind === 'teacher' ? teacherNames : roomNames).get(owner) ?? [];
    return named.map((n) => resourceOf.get(`${kind}:${n}`)).filter((i) => i !== undefined);
  };
  const blocked = new Map<number, Set<number>>();
  const block = (resource: number, slot: number | undefined) => {
    if (slot === undefined) return;
    let set = blocked.get(resource);
    if (!set) blocked.set(resource, (set = new Set(problem.resources[resource]!.unavailable ?? [])));
    set.add(slot);
  };
  for (const use of outside) for (const r of resourcesOf(use.kind, use.owner)) block(r, slotOf(use.day, use.period));
  for (const u of unavailable) for (const r of resourcesOf('teacher', u.staffId)) block(r, slotOf(u.day, u.period));
  for (const [r, set] of blocked) problem.resources[r]!.unavailable = [...set].sort((a, b) => a - b);

  // The draft's activities beside the problem's; a locked one is fixed at its start (and its room, if a choice).
  const byFetId = new Map(rows.map((r) => [r.fetId, r]));
  const index = new Map(activityIds.map((fetId, i) => [fetId, i]));
  const roomOfResource = new Map<number, number>();
  for (const [name, id] of Object.entries(names.rooms)) {
    const r = resourceOf.get(`room:${name}`);
    if (r !== undefined && id !== null) roomOfResource.set(r, id);
  }
  const rowById = new Map(rows.map((r) => [r.id, r]));
  let lockedCount = 0;
  for (const lesson of locked) {
    const row = rowById.get(lesson.activityId);
    const at = row ? index.get(row.fetId) : undefined;
    const slot = slotOf(lesson.day, lesson.period);
    if (at === undefined || slot === undefined) continue;
    const activity = problem.activities[at]!;
    activity.fixedStart = slot;
    delete activity.allowedStarts;
    const room = lesson.classroomId ? activity.roomChoices?.find((r) => roomOfResource.get(r) === lesson.classroomId) : undefined;
    if (room !== undefined) activity.fixedRoom = room;
    lockedCount++;
  }

  const activities: BuiltActivity[] = activityIds.map((fetId) => {
    const row = byFetId.get(fetId);
    return row
      ? { classIds: row.classIds, className: row.className ?? '', courseId: row.courseId, courseName: row.courseName, teacherId: row.teacherId, roomIds: [], activityId: row.id, label: row.label }
      : { classIds: [], className: '', courseId: 0, courseName: '', teacherId: null, roomIds: [], activityId: null, label: null };
  });
  return { problem, activities, days, periods, locked: lockedCount, overfull: new Map(), roomOfResource };
}
