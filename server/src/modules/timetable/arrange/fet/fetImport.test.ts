import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DraftDetail, DraftGrid, FetImportForm, FetImportResult, FetPreview } from '@campus/contract';
import { queryRows } from '../../../../db/client.ts';
import { backgroundOf } from '../../../../platform/background.ts';
import { createTestApp, loginDemoAccounts, uploadFile, type TestApp } from '../../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
let termId: number;
const EN = { cookie: 'language=en' };
const BASE = '/api/timetable/arrange';

const call = (path: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `${BASE}${path}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const data = async <T>(path: string, payload: unknown, account = 'admin') => {
  const response = await call(path, payload, account);
  const body = response.json();
  if (!body.result) throw new Error(`${path}: ${body.msg}`);
  return body.data as T;
};
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

/** The school's records the file names, read from the demo school. */
interface Known {
  grade: string;
  className: string;
  classId: number;
  teacher: string;
  staffId: number;
  course: string;
  courseId: number;
  room: string;
  roomId: number;
}
let known: Known;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
const HOURS = ['1', '2', '3', '4'];

/**
 * A small FET file: the demo grade with one of its classes and a new class split into two subgroups, a year
 * the school does not have, a teacher with a staff record and two without, a known and a new subject, a
 * known and a new room, and constraints kept and ignored.
 */
function fetDocument(k: Known, options: { days?: string[] } = {}): string {
  const days = options.days ?? DAYS;
  const activity = (id: number, teachers: string[], subject: string, students: string, duration: number) =>
    `<Activity>${teachers.map((x) => `<Teacher>${x}</Teacher>`).join('')}<Subject>${subject}</Subject><Students>${students}</Students><Duration>${duration}</Duration><Total_Duration>${duration}</Total_Duration><Id>${id}</Id><Activity_Group_Id>0</Activity_Group_Id><Active>true</Active></Activity>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<fet version="6.8.5">
<Institution_Name>FET 测试学校</Institution_Name>
<Days_List><Number_of_Days>${days.length}</Number_of_Days>${days.map((d) => `<Day><Name>${d}</Name></Day>`).join('')}</Days_List>
<Hours_List><Number_of_Hours>${HOURS.length}</Number_of_Hours>${HOURS.map((h) => `<Hour><Name>${h}</Name></Hour>`).join('')}</Hours_List>
<Teachers_List><Teacher><Name>${k.teacher}</Name></Teacher><Teacher><Name>Ghost</Name></Teacher><Teacher><Name>Ann Lee</Name></Teacher></Teachers_List>
<Subjects_List><Subject><Name>${k.course}</Name></Subject><Subject><Name>天文</Name></Subject></Subjects_List>
<Students_List>
<Year><Name>${k.grade}</Name><Number_of_Students>60</Number_of_Students>
  <Group><Name>${k.className}</Name><Number_of_Students>30</Number_of_Students></Group>
  <Group><Name>FET新班</Name><Number_of_Students>30</Number_of_Students>
    <Subgroup><Name>FET新班 A</Name><Number_of_Students>15</Number_of_Students></Subgroup>
    <Subgroup><Name>FET新班 B</Name><Number_of_Students>15</Number_of_Students></Subgroup></Group>
</Year>
<Year><Name>Y2</Name><Number_of_Students>20</Number_of_Students>
  <Group><Name>Z1</Name><Number_of_Students>20</Number_of_Students></Group>
</Year>
</Students_List>
<Rooms_List>
<Room><Name>${k.room}</Name><Building></Building><Capacity>60</Capacity><Virtual>false</Virtual></Room>
<Room><Name>FET Lab</Name><Building>Science</Building><Capacity>30</Capacity><Virtual>false</Virtual></Room>
</Rooms_List>
<Activities_List>
${activity(1, [k.teacher], k.course, k.grade, 1)}
${activity(2, ['Ghost'], '天文', 'FET新班 A', 2)}
${activity(3, ['Ann Lee'], '天文', 'FET新班 B', 1)}
${activity(4, [k.teacher], k.course, k.className, 1)}
${activity(5, ['Ann Lee'], k.course, 'Z1', 1)}
</Activities_List>
<Time_Constraints_List>
<ConstraintBasicCompulsoryTime><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsoryTime>
<ConstraintTeacherNotAvailableTimes><Weight_Percentage>100</Weight_Percentage><Teacher>${k.teacher}</Teacher><Number_of_Not_Available_Times>1</Number_of_Not_Available_Times>
  <Not_Available_Time><Day>Mon</Day><Hour>1</Hour></Not_Available_Time><Active>true</Active></ConstraintTeacherNotAvailableTimes>
<ConstraintTeacherMaxGapsPerWeek><Weight_Percentage>100</Weight_Percentage><Teacher>Ghost</Teacher><Max_Gaps>2</Max_Gaps><Active>true</Active></ConstraintTeacherMaxGapsPerWeek>
</Time_Constraints_List>
<Space_Constraints_List>
<ConstraintBasicCompulsorySpace><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsorySpace>
<ConstraintActivityPreferredRoom><Weight_Percentage>100</Weight_Percentage><Activity_Id>2</Activity_Id><Room>FET Lab</Room><Permanently_Locked>true</Permanently_Locked><Active>true</Active></ConstraintActivityPreferredRoom>
</Space_Constraints_List>
</fet>`;
}

async function uploadFet(xml: string, account = 'admin', name = 'school.fet'): Promise<string> {
  const response = await uploadFile(t, tokens[account]!, 'fetImport', name, Buffer.from(xml, 'utf8'));
  const body = response.json();
  if (!body.result) throw new Error(`upload: ${body.msg}`);
  return body.data[0].RESID as string;
}

/** The import form the preview suggests, with the unmatched year given a grade. */
function formFrom(preview: FetPreview, fileId: string, yearGrade: number | null): FetImportForm {
  return {
    termId,
    fileId,
    name: 'FET 导入',
    years: preview.years.map((y) => ({ name: y.name, gradeId: y.gradeId ?? yearGrade })),
    groups: preview.groups.map((g) => ({ name: g.name, classId: g.classId })),
    teachers: preview.teachers.map((x) => ({ name: x.name, staffId: x.staffId })),
    subjects: preview.subjects.map((s) => ({ name: s.name, courseId: s.courseId })),
    rooms: preview.rooms.map((r) => ({ name: r.name, classroomId: r.classroomId })),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  termId = (await one<{ id: number }>(sql`SELECT id FROM terms WHERE is_current`)).id;
  const klass = await one<{ grade: string; className: string; classId: number }>(sql`
    SELECT g.name AS grade, c.name AS "className", c.id AS "classId" FROM classes c JOIN grades g ON g.id = c.grade_id ORDER BY g.sort, c.sort, c.id LIMIT 1`);
  const teacher = await one<{ teacher: string; staffId: number }>(sql`
    SELECT s.name AS teacher, s.id AS "staffId" FROM staff s WHERE (SELECT count(*) FROM staff o WHERE o.name = s.name) = 1 ORDER BY s.id LIMIT 1`);
  const course = await one<{ course: string; courseId: number }>(sql`SELECT name AS course, id AS "courseId" FROM courses WHERE NOT is_elective ORDER BY sort, id LIMIT 1`);
  const room = await one<{ room: string; roomId: number }>(sql`
    SELECT name AS room, id AS "roomId" FROM classrooms cr WHERE (SELECT count(*) FROM classrooms o WHERE o.name = cr.name) = 1 ORDER BY id LIMIT 1`);
  known = { ...klass, ...teacher, ...course, ...room };
});
afterAll(() => t.close());

describe('FET import (排课管理)', () => {
  let fileId: string;
  let preview: FetPreview;
  let result: FetImportResult;

  it('accepts only FET documents as fetImport uploads', async () => {
    const html = await uploadFile(t, tokens.admin!, 'fetImport', 'page.fet', Buffer.from('<html><body>hi</body></html>'), EN);
    expect(html.statusCode).toBe(400);
    const renamed = await uploadFile(t, tokens.admin!, 'fetImport', 'school.xml', Buffer.from(fetDocument(known)), EN);
    expect(renamed.statusCode).toBe(400);
    const empty = await uploadFile(t, tokens.admin!, 'fetImport', 'school.fet', Buffer.alloc(0), EN);
    expect(empty.statusCode).toBe(400);
  });

  it('previews the file beside the school: names matched, the week compared, constraints kept and ignored', async () => {
    fileId = await uploadFet(fetDocument(known));
    for (const account of ['T0001', '201911001', 'jz201911001']) expect((await call('/fet/preview', { termId, fileId }, account)).statusCode).toBe(403);
    preview = await data<FetPreview>('/fet/preview', { termId, fileId });
    expect(preview).toMatchObject({ fileName: 'school.fet', institution: 'FET 测试学校', days: 5, hours: 4, activities: 5, activityHours: 6, unavailable: 1 });
    expect(preview.schoolDays).toBeGreaterThanOrEqual(5);
    expect(preview.years).toEqual([
      { name: known.grade, gradeId: expect.any(Number) },
      { name: 'Y2', gradeId: null },
    ]);
    expect(preview.groups).toEqual([
      { name: known.className, year: known.grade, students: 30, classId: known.classId },
      { name: 'FET新班', year: known.grade, students: 30, classId: null },
      { name: 'Z1', year: 'Y2', students: 20, classId: null },
    ]);
    expect(preview.teachers).toEqual([
      { name: known.teacher, staffId: known.staffId, candidates: [] },
      { name: 'Ghost', staffId: null, candidates: [] },
      { name: 'Ann Lee', staffId: null, candidates: [] },
    ]);
    expect(preview.subjects).toEqual([
      { name: known.course, courseId: known.courseId },
      { name: '天文', courseId: null },
    ]);
    expect(preview.rooms).toEqual([
      { name: known.room, capacity: 60, classroomId: known.roomId },
      { name: 'FET Lab', capacity: 30, classroomId: null },
    ]);
    expect(preview.kept.map((k) => k.constraint)).toEqual(expect.arrayContaining(['ConstraintTeacherNotAvailableTimes', 'ConstraintActivityPreferredRoom']));
    expect(preview.ignored).toEqual([{ constraint: 'ConstraintTeacherMaxGapsPerWeek', count: 1 }]);
  });

  it('refuses what it cannot import, in the caller’s language, and changes nothing', async () => {
    const eightDays = await uploadFet(fetDocument(known, { days: ['1', '2', '3', '4', '5', '6', '7', '8'] }));
    const tooLong = await call('/fet/preview', { termId, fileId: eightDays }, 'admin', EN);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toMatch(/^The FET file has 8 days a week; the school teaches on \d$/);

    const broken = await uploadFet('<?xml version="1.0"?><fet version="6"><Days_List><Day><Name>Mon</Name></Day></Days_List>');
    expect((await call('/fet/preview', { termId, fileId: broken }, 'admin', EN)).json().msg).toMatch(/^The file is not a FET file that can be read: /);

    // Another person's upload is not the caller's to import.
    const othersFile = (await uploadFile(t, tokens.T0001!, 'image', 'a.fet', Buffer.from(fetDocument(known)))).json();
    expect(othersFile.result).toBe(false);
    const foreign = await call('/fet/preview', { termId, fileId: 'abcdefABCDEF123456' }, 'admin', EN);
    expect(foreign.json().msg).toBe('The FET file was not found among your uploads: upload it again');

    const before = await one<{ classes: number; drafts: number; courses: number }>(sql`
      SELECT (SELECT count(*)::int FROM classes) AS classes, (SELECT count(*)::int FROM timetable_drafts) AS drafts, (SELECT count(*)::int FROM courses) AS courses`);
    const noGrade = await call('/fet/import', formFrom(preview, fileId, null), 'admin', EN);
    expect(noGrade.statusCode).toBe(400);
    expect(noGrade.json().msg).toBe('Choose a grade for the year "Y2": some of its classes are to be created');
    const unknownName = await call('/fet/import', { ...formFrom(preview, fileId, known.classId), teachers: [{ name: 'Nobody', staffId: null }] }, 'admin', EN);
    expect(unknownName.json().msg).toBe('"Nobody" is not a name in the FET file');
    const wrongId = await call('/fet/import', { ...formFrom(preview, fileId, 1), rooms: [{ name: 'FET Lab', classroomId: 987654 }] }, 'admin', EN);
    expect(wrongId.statusCode).toBe(400);
    const after = await one<typeof before>(sql`
      SELECT (SELECT count(*)::int FROM classes) AS classes, (SELECT count(*)::int FROM timetable_drafts) AS drafts, (SELECT count(*)::int FROM courses) AS courses`);
    expect(after).toEqual(before);
  });

  it('imports a draft of its own: missing classes, courses and rooms created, activities kept, unavailable periods recorded', async () => {
    const gradeId = (await one<{ id: number }>(sql`SELECT id FROM grades ORDER BY sort DESC, id DESC LIMIT 1`)).id;
    const response = await call('/fet/import', formFrom(preview, fileId, gradeId), 'admin', EN);
    expect(response.json().msg).toBe('Imported. Activities: 5; created: classes 2, courses 1, classrooms 1');
    result = response.json().data;
    expect(result.created).toEqual({ classes: 2, courses: 1, classrooms: 1 });
    const draft = await data<DraftDetail>('/drafts/get', { id: result.draftId });
    expect(draft).toMatchObject({ source: 'fet', status: 'editing', lessonCount: 0, unplacedCount: 6 });
    const created = await rows<{ name: string; gradeId: number; capacity: number }>(sql`
      SELECT name, grade_id AS "gradeId", capacity FROM classes WHERE name IN ('FET新班', 'Z1') ORDER BY name`);
    expect(created).toEqual([
      { name: 'FET新班', gradeId: expect.any(Number), capacity: 30 },
      { name: 'Z1', gradeId, capacity: 20 },
    ]);
    const unavailable = await rows(sql`SELECT 1 FROM teacher_unavailable_periods WHERE term_id = ${termId} AND staff_id = ${known.staffId} AND day = 1 AND period = 1`);
    expect(unavailable).toHaveLength(1);
    const activities = await rows<{ fetId: number; classes: number; teacherId: number | null; label: string | null; duration: number }>(sql`
      SELECT fet_id AS "fetId", cardinality(class_ids) AS classes, teacher_id AS "teacherId", label, duration FROM timetable_draft_activities
      WHERE draft_id = ${result.draftId} ORDER BY fet_id`);
    expect(activities).toEqual([
      { fetId: 1, classes: 2, teacherId: known.staffId, label: null, duration: 1 },
      { fetId: 2, classes: 1, teacherId: null, label: 'FET新班 A', duration: 2 },
      { fetId: 3, classes: 1, teacherId: null, label: 'FET新班 B', duration: 1 },
      { fetId: 4, classes: 1, teacherId: known.staffId, label: null, duration: 1 },
      { fetId: 5, classes: 1, teacherId: null, label: null, duration: 1 },
    ]);
  });

  it('generates the imported problem: combined lessons at once, the teacher kept off Monday’s first period, the room chosen, no conflict', async () => {
    await data('/drafts/generate', { id: result.draftId, seconds: 5 });
    await backgroundOf(t.app).runPending();
    const draft = await data<DraftDetail>('/drafts/get', { id: result.draftId });
    expect(draft.status).toBe('editing');
    expect(draft.report).toMatchObject({ placed: 6, total: 6, unplaced: [] });
    expect(draft.lessonCount).toBe(7);
    const lessons = await rows<{ fetId: number; classId: number; day: number; period: number; classroom: string | null; teacherId: number | null }>(sql`
      SELECT a.fet_id AS "fetId", l.class_id AS "classId", l.day, l.period, cr.name AS classroom, l.teacher_id AS "teacherId"
      FROM timetable_draft_lessons l JOIN timetable_draft_activities a ON a.id = l.activity_id LEFT JOIN classrooms cr ON cr.id = l.classroom_id
      WHERE l.draft_id = ${result.draftId} ORDER BY a.fet_id, l.class_id, l.period`);
    const combined = lessons.filter((l) => l.fetId === 1);
    expect(combined).toHaveLength(2);
    expect(new Set(combined.map((l) => `${l.day}:${l.period}`)).size).toBe(1);
    for (const l of lessons.filter((x) => x.teacherId === known.staffId)) expect(`${l.day}:${l.period}`).not.toBe('1:1');
    const double = lessons.filter((l) => l.fetId === 2);
    expect(double.map((l) => l.classroom)).toEqual(['FET Lab', 'FET Lab']);
    expect(double[1]!.period - double[0]!.period).toBe(1);
    expect(await data<string[]>('/drafts/conflicts', { id: result.draftId })).toEqual([]);
  });

  it('edits activities whole: removed and placed together, parts of a class side by side, clashes refused', async () => {
    const id = result.draftId;
    // Removing the combined lesson of one class unplaces it for both.
    const activity1 = (await one<{ id: number }>(sql`SELECT id FROM timetable_draft_activities WHERE draft_id = ${id} AND fet_id = 1`)).id;
    const lesson1 = (await one<{ id: number }>(sql`SELECT id FROM timetable_draft_lessons WHERE activity_id = ${activity1} LIMIT 1`)).id;
    await data('/drafts/remove', { id, lessonId: lesson1 });
    expect((await rows(sql`SELECT 1 FROM timetable_draft_lessons WHERE activity_id = ${activity1}`)).length).toBe(0);
    const unplaced = (await data<DraftGrid>('/drafts/grid', { id, kind: 'class', ownerId: known.classId })).unplaced;
    expect(unplaced).toEqual([expect.objectContaining({ activityId: activity1, missing: 1, courseId: known.courseId })]);

    // The teacher is not available on Monday's first period.
    const refused = await call('/drafts/place', { id, activityId: activity1, day: 1, period: 1 }, 'admin', EN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/is not available/);
    // A period the class already has (activity 4) is refused as a class clash.
    const four = await one<{ day: number; period: number }>(sql`
      SELECT l.day, l.period FROM timetable_draft_lessons l JOIN timetable_draft_activities a ON a.id = l.activity_id WHERE a.draft_id = ${id} AND a.fet_id = 4`);
    const clash = await call('/drafts/place', { id, activityId: activity1, day: four.day, period: four.period }, 'admin', EN);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toMatch(/^Class time conflict, please change/);

    // The first period free for both classes and the teacher (the term's teaching classes hold some): placed whole.
    let placedAt: { day: number; period: number } | undefined;
    for (let day = 1; day <= 5 && !placedAt; day++) {
      for (let period = 1; period <= 4 && !placedAt; period++) {
        if ((await call('/drafts/place', { id, activityId: activity1, day, period })).json().result) placedAt = { day, period };
      }
    }
    expect(placedAt).toBeDefined();
    expect((await rows(sql`SELECT 1 FROM timetable_draft_lessons WHERE activity_id = ${activity1}`)).length).toBe(2);
    expect((await call('/drafts/place', { id, activityId: activity1, ...placedAt! }, 'admin', EN)).json().msg).toBe('This activity is already in the timetable: move its lessons instead');

    // The two subgroups of the new class may be taught at the same time; moving the double past the day is refused.
    const [a2, a3] = await rows<{ id: number; day: number; period: number }>(sql`
      SELECT l.id, l.day, l.period FROM timetable_draft_lessons l JOIN timetable_draft_activities a ON a.id = l.activity_id
      WHERE a.draft_id = ${id} AND a.fet_id IN (2, 3) ORDER BY a.fet_id, l.period LIMIT 2`).then(async (first) => [
      first[0]!,
      await one<{ id: number; day: number; period: number }>(sql`
        SELECT l.id, l.day, l.period FROM timetable_draft_lessons l JOIN timetable_draft_activities a ON a.id = l.activity_id WHERE a.draft_id = ${id} AND a.fet_id = 3`),
    ]);
    const moved = await call('/drafts/move', { id, lessonId: a3!.id, day: a2!.day, period: a2!.period }, 'admin', EN);
    expect(moved.json().msg).not.toMatch(/conflict/i);
    const last = (await one<{ sort: number }>(sql`SELECT max(sort)::int AS sort FROM periods`)).sort;
    const pastDay = await call('/drafts/move', { id, lessonId: a2!.id, day: a2!.day, period: last }, 'admin', EN);
    expect(pastDay.json().msg).toBe('The lesson runs past the last period of the day: start it earlier');

    // Plan hours are not placed in an imported draft.
    const plan = await call('/drafts/place', { id, classId: known.classId, courseId: known.courseId, day: 2, period: 2 }, 'admin', EN);
    expect(plan.json().msg).toBe('An imported timetable places its activities: drag one from the list of activities not placed');
  });

  it('publishes an imported draft into the term’s timetable, the parts of a class labelled', async () => {
    await data('/drafts/publish', { id: result.draftId });
    const entries = await rows<{ label: string | null }>(sql`
      SELECT e.label FROM timetable_entries e JOIN classes c ON c.id = e.class_id WHERE e.term_id = ${termId} AND c.name = 'FET新班' ORDER BY e.label`);
    expect(entries.map((e) => e.label)).toEqual(expect.arrayContaining(['FET新班 A', 'FET新班 B']));
  });
});
