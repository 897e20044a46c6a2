import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const ZH = { cookie: 'language=zh' };
const TERM = '2026-2027-1';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

const ids = {
  term: () => one<{ id: number }>(sql`SELECT id FROM terms WHERE code = ${TERM}`).then((r) => r.id),
  pastTerm: () => one<{ id: number }>(sql`SELECT id FROM terms WHERE code = '2025-2026-1'`).then((r) => r.id),
  grade: (sort: number) => one<{ id: number }>(sql`SELECT id FROM grades WHERE sort = ${sort}`).then((r) => r.id),
  course: (code: string) => one<{ id: number }>(sql`SELECT id FROM courses WHERE code = ${code}`).then((r) => r.id),
  staff: (number: string) => one<{ id: number }>(sql`SELECT id FROM staff WHERE staff_number = ${number}`).then((r) => r.id),
  klass: (code: string) => one<{ id: number }>(sql`SELECT id FROM classes WHERE code = ${code}`).then((r) => r.id),
};

/** A slot (Mon..Fri, periods 1..7) where none of the given teachers, rooms or students have anything this term. */
async function freeSlot(teacherIds: number[], roomIds: number[], studentIds: number[], avoid: { day: number; period: number }[] = []): Promise<{ day: number; period: number }> {
  const termId = await ids.term();
  const all = await rows<{ day: number; period: number }>(sql`
    SELECT d AS day, p AS period FROM generate_series(1, 5) d CROSS JOIN generate_series(1, 7) p
    WHERE NOT EXISTS (SELECT 1 FROM timetable_entries te WHERE te.term_id = ${termId} AND te.day = d AND te.period = p
                      AND (te.teacher_id = ANY(${sql.param(teacherIds)}::int[]) OR te.classroom_id = ANY(${sql.param(roomIds)}::int[])))
      AND NOT EXISTS (SELECT 1 FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
                      WHERE tc.term_id = ${termId} AND l.day = d AND l.period = p
                        AND (tc.teacher_id = ANY(${sql.param(teacherIds)}::int[]) OR tc.classroom_id = ANY(${sql.param(roomIds)}::int[])
                             OR EXISTS (SELECT 1 FROM teaching_class_students m WHERE m.teaching_class_id = tc.id AND m.removed_at IS NULL AND m.student_id = ANY(${sql.param(studentIds)}::int[]))))
    ORDER BY d DESC, p DESC`);
  const slot = all.find((s) => !avoid.some((a) => a.day === s.day && a.period === s.period));
  if (!slot) throw new Error('no free slot');
  return slot;
}

/** A new room, used by nobody yet. */
let rooms = 0;
const spareRoom = async () => {
  rooms += 1;
  return one<{ id: number; name: string }>(sql`
    INSERT INTO classrooms (code, name, campus_id) SELECT ${`TC-TEST-${rooms}`}, ${`走班测试教室${rooms}`}, campus_id FROM classrooms ORDER BY id LIMIT 1
    RETURNING id, name`);
};

/** A teacher other than the demo ones, with few lessons (freeSlot finds a time they are free). */
const spareTeacher = (offset = 0) =>
  one<{ id: number; name: string }>(sql`
    SELECT s.id, s.name FROM staff s WHERE s.staff_number NOT IN ('T0001', 'T0002')
    ORDER BY (SELECT count(*) FROM timetable_entries te WHERE te.teacher_id = s.id) + (SELECT count(*) FROM teaching_classes tc WHERE tc.teacher_id = s.id), s.staff_number
    LIMIT 1 OFFSET ${offset}`);

const studentsOf = (classCode: string, limit: number) =>
  rows<{ id: number; name: string }>(sql`
    SELECT s.id, s.name FROM students s JOIN classes c ON c.id = s.class_id WHERE c.code = ${classCode} AND s.in_school_status = '1'
      AND NOT EXISTS (SELECT 1 FROM teaching_class_students m WHERE m.student_id = s.id AND m.removed_at IS NULL)
    ORDER BY s.student_number DESC LIMIT ${limit}`);

async function baseForm(overrides: Record<string, unknown> = {}) {
  const teacher = await spareTeacher();
  const room = await spareRoom();
  return { termId: await ids.term(), name: `测试教学班${Math.floor(Math.random() * 1e6)}`, courseId: await ids.course('english'), gradeId: await ids.grade(8), teacherId: teacher.id, classroomId: room.id, capacity: 45, weekFrom: 1, weekTo: 18, lessons: [await freeSlot([teacher.id], [room.id], [])], remarks: '', ...overrides };
}

async function create(form: Record<string, unknown>): Promise<number> {
  const response = await call('/api/roll/teachingClasses/create', form, 'admin', EN);
  expect(response.json()).toMatchObject({ result: true });
  return response.json().data.id as number;
}

describe('teaching classes (教学班分配)', () => {
  it('the demo school has levelled maths and 3+1+2 groups drawn from several classes; a teacher sees only those they teach', async () => {
    const list = (await call('/api/roll/teachingClasses/page', { currPage: 0, limit: 50, search: { termId: await ids.term() } }, 'admin')).json().data;
    const names = list.rows.map((row: { name: string }) => row.name);
    expect(names).toEqual(expect.arrayContaining(['初二数学A层', '初二数学B层', '高二物理选考1班', '高二历史选考班']));
    const levelA = list.rows.find((row: { name: string }) => row.name === '初二数学A层');
    expect(levelA).toMatchObject({ teacherName: expect.any(String), courseName: '数学', gradeName: '初二', editable: true });
    expect(levelA.sourceClasses.length).toBeGreaterThanOrEqual(3);
    expect(levelA.lessons.length).toBe(2);
    const mine = (await call('/api/roll/teachingClasses/page', { currPage: 0, limit: 50, search: {} }, 'T0001')).json().data;
    expect(mine.rows.map((row: { name: string }) => row.name)).toEqual(['初二数学A层']);
    // Another's class is not found for the teacher; the list's sort allow-list refuses other columns.
    const levelB = list.rows.find((row: { name: string }) => row.name === '初二数学B层');
    expect((await call('/api/roll/teachingClasses/get', { id: levelB.id }, 'T0001')).statusCode).toBe(404);
    expect((await call('/api/roll/teachingClasses/page', { currPage: 0, limit: 10, sortField: 'remarks', order: 'asc' }, 'admin', EN)).json()).toMatchObject({ result: false, msg: 'This column cannot be sorted' });
    // B层 lists the student who moved up as removed.
    const removed = (await call('/api/roll/teachingClasses/students/page', { currPage: 0, limit: 10, search: { teachingClassId: levelB.id, status: 'removed' } }, 'admin')).json().data;
    expect(removed.total).toBe(1);
    expect(removed.rows[0]).toMatchObject({ status: 'removed', removedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /), removedByName: expect.any(String) });
    // Students and parents have no such page.
    expect((await call('/api/roll/teachingClasses/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
  });

  it("timetables show teaching classes: the student's lesson takes the class cell's place; the teacher's and the class's show it", async () => {
    const student = (await call('/mobileKb/queryXskb', { xh: '201911001', xnxq: TERM, zs: '3' }, '201911001')).json().data.data as { zc: number; jc: number; bq1: string; bjmc: string }[];
    const levelCells = student.filter((cell) => cell.bjmc === '初二数学A层');
    expect(levelCells.length).toBe(2);
    for (const cell of levelCells) expect(student.filter((c) => c.zc === cell.zc && c.jc === cell.jc)).toHaveLength(1);
    const teacher = (await call('/pk/queryPkInfoFb', { id: 'T0001', xnxq: TERM, type: '3', zs: '3' }, 'T0001')).json().data.data as { bjmc: string }[];
    expect(teacher.filter((cell) => cell.bjmc === '初二数学A层')).toHaveLength(2);
    const klass = (await call('/pk/queryPkInfoFb', { id: '20190801', xnxq: TERM, type: '1', zs: '3' }, 'T0002')).json().data.data as { bjmc: string }[];
    expect(klass.filter((cell) => cell.bjmc === '初二数学A层').length).toBe(2);
    expect(klass.filter((cell) => cell.bjmc === '初二数学B层').length).toBe(2);
  });

  it('refuses bad forms in the caller language and saves nothing', async () => {
    const before = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM teaching_classes`)).n;
    const form = await baseForm();
    const refused = async (payload: Record<string, unknown>, en: string, zh: string) => {
      expect((await call('/api/roll/teachingClasses/create', payload, 'admin', EN)).json()).toMatchObject({ result: false, msg: expect.stringContaining(en) });
      expect((await call('/api/roll/teachingClasses/create', payload, 'admin', ZH)).json()).toMatchObject({ result: false, msg: expect.stringContaining(zh) });
    };
    await refused({ ...form, termId: '' }, 'Choose the term', '请选择学年学期');
    await refused({ ...form, name: '' }, 'Name cannot be null', '');
    await refused({ ...form, name: 'x'.repeat(51) }, 'long', '');
    await refused({ ...form, weekFrom: 10, weekTo: 3 }, 'The last week cannot come before the first', '结束周不能早于开始周');
    await refused({ ...form, weekTo: 40 }, 'The term has 21 weeks', '本学期共 21 周');
    await refused({ ...form, lessons: [] }, 'Choose at least one weekly lesson', '请至少选择一节');
    await refused({ ...form, lessons: [{ day: 1, period: 1 }, { day: 1, period: 1 }] }, 'The same day and period is chosen twice', '同一天同一节次');
    await refused({ ...form, lessons: [{ day: 7, period: 1 }] }, 'Choose a teaching day and period', '请选择课表中的上课日和节次');
    await refused({ ...form, capacity: 0 }, 'The capacity is a whole number from 1 to 200', '容量为 1 到 200');
    await refused({ ...form, courseId: 999999 }, 'no longer exists', '已不存在');
    await refused({ ...form, termId: await ids.pastTerm(), weekTo: 18 }, 'This record has expired and can only be viewed', '此记录已过期');
    await refused({ ...form, name: '初二数学A层' }, 'already has this name', '已有同名');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM teaching_classes`)).n).toBe(before);
    // A teacher without the edit button cannot create.
    expect((await call('/api/roll/teachingClasses/create', form, 'T0001', EN)).statusCode).toBe(403);
  });

  it("refuses a time its teacher or room is busy ('Class time conflict' / 'Cannot operate in two identical rooms')", async () => {
    const t1 = await ids.staff('T0001');
    const [busy] = await rows<{ day: number; period: number; classroomId: number }>(sql`
      SELECT te.day, te.period, te.classroom_id AS "classroomId" FROM timetable_entries te JOIN terms t ON t.id = te.term_id
      WHERE t.code = ${TERM} AND te.teacher_id = ${t1} AND te.week_parity = 'all' AND te.classroom_id IS NOT NULL ORDER BY te.day, te.period LIMIT 1`);
    const form = await baseForm({ teacherId: t1, lessons: [{ day: busy!.day, period: busy!.period }] });
    const en = (await call('/api/roll/teachingClasses/create', form, 'admin', EN)).json();
    expect(en).toMatchObject({ result: false, msg: expect.stringMatching(/^Class time conflict, please change: .+ teaches .+ on .+, .+/) });
    const zh = (await call('/api/roll/teachingClasses/create', form, 'admin', ZH)).json();
    expect(zh.msg).toMatch(/^上课时间冲突，请更换：/);
    const teacher = await spareTeacher();
    const room = await one<{ name: string }>(sql`SELECT name FROM classrooms WHERE id = ${busy!.classroomId}`);
    const roomForm = await baseForm({ teacherId: teacher.id, classroomId: busy!.classroomId, lessons: [{ day: busy!.day, period: busy!.period }] });
    expect((await call('/api/roll/teachingClasses/create', roomForm, 'admin', EN)).json().msg).toMatch(new RegExp(`^Cannot operate in two identical rooms: ${room.name} holds`));
  });

  it('adds students from several classes as a second step, refuses the full, the wrong grade and the clashing, and keeps removed ones listed', async () => {
    const teacher = await spareTeacher();
    const room = await spareRoom();
    const [a, b] = [await studentsOf('20200702', 3), await studentsOf('20200703', 2)];
    const chosen = [...a, ...b];
    const slot = await freeSlot([teacher.id], [room.id], chosen.map((s) => s.id));
    const id = await create(await baseForm({ gradeId: await ids.grade(7), teacherId: teacher.id, classroomId: room.id, lessons: [slot], capacity: 5 }));
    // Candidates come from the classes chosen, in the teaching class's grade.
    const candidates = (await call('/api/roll/teachingClasses/students/candidates', { teachingClassId: id, classIds: [await ids.klass('20200702'), await ids.klass('20200703')] }, 'admin')).json().data;
    expect(candidates.length).toBeGreaterThan(40);
    expect(new Set(candidates.map((c: { className: string }) => c.className)).size).toBe(2);
    const added = (await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: chosen.map((s) => s.id) }, 'admin', EN)).json();
    expect(added).toMatchObject({ result: true, data: { count: 5 }, msg: '5 added' });
    const row = (await call('/api/roll/teachingClasses/get', { id }, 'admin')).json().data;
    expect(row).toMatchObject({ size: 5 });
    expect(row.sourceClasses).toHaveLength(2);
    // Full: one more is refused, in both languages.
    const [extra] = await studentsOf('20200701', 1);
    expect((await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [extra!.id] }, 'admin', EN)).json()).toMatchObject({ result: false, msg: 'Class size is full or over' });
    expect((await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [extra!.id] }, 'admin', ZH)).json().msg).toBe('班级人数已满或超出');
    // The capacity cannot drop below the students it has.
    const form = { ...(await baseForm()), ...row, id, capacity: 4, remarks: '' };
    expect((await call('/api/roll/teachingClasses/update', form, 'admin', EN)).json()).toMatchObject({ result: false, msg: 'The class has 5 students: the capacity cannot be lower' });
    // Remove two: listed as removed; then a student of another grade is refused.
    const removed = (await call('/api/roll/teachingClasses/students/remove', { teachingClassId: id, studentIds: [a[0]!.id, a[1]!.id] }, 'admin', EN)).json();
    expect(removed).toMatchObject({ result: true, msg: '2 removed' });
    const list = (await call('/api/roll/teachingClasses/students/page', { currPage: 0, limit: 20, search: { teachingClassId: id } }, 'admin')).json().data;
    expect(list.total).toBe(5);
    expect(list.rows.filter((r: { status: string }) => r.status === 'removed')).toHaveLength(2);
    expect((await call('/api/roll/teachingClasses/students/remove', { teachingClassId: id, studentIds: [a[0]!.id] }, 'admin', EN)).json().msg).toBe(`${a[0]!.name} is not in this teaching class`);
    const [senior] = await rows<{ id: number; name: string }>(sql`SELECT s.id, s.name FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id WHERE g.sort = 11 LIMIT 1`);
    expect((await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [senior!.id] }, 'admin', EN)).json().msg).toBe(`${senior!.name} is not a student in school of this grade`);
    // Adding a removed student again clears the removal.
    expect((await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [a[0]!.id] }, 'admin')).json()).toMatchObject({ result: true });
    expect((await one<{ removed: string | null }>(sql`SELECT removed_at AS removed FROM teaching_class_students WHERE teaching_class_id = ${id} AND student_id = ${a[0]!.id}`)).removed).toBeNull();
    // A teacher may look but not change.
    expect((await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [a[1]!.id] }, 'T0001')).statusCode).toBe(403);
    // Deleting is refused while it has students, and allowed once they are all removed.
    expect((await call('/api/roll/teachingClasses/delete', { ids: [id] }, 'admin', EN)).json().msg).toMatch(/^The selected option has been in use: .+ still has students/);
    const members = (await rows<{ id: number }>(sql`SELECT student_id AS id FROM teaching_class_students WHERE teaching_class_id = ${id} AND removed_at IS NULL`)).map((r) => r.id);
    await call('/api/roll/teachingClasses/students/remove', { teachingClassId: id, studentIds: members }, 'admin');
    expect((await call('/api/roll/teachingClasses/delete', { ids: [id] }, 'admin')).json()).toMatchObject({ result: true });
    expect(await rows(sql`SELECT 1 FROM teaching_class_students WHERE teaching_class_id = ${id}`)).toHaveLength(0);
  });

  it("refuses a student who has another teaching class at the time, and moving a class's lessons onto its students' other classes", async () => {
    const pupil = await one<{ id: number; name: string }>(sql`SELECT id, name FROM students WHERE student_number = '201911001'`);
    const levelA = await one<{ id: number }>(sql`SELECT id FROM teaching_classes WHERE name = '初二数学A层'`);
    const aSlots = await rows<{ day: number; period: number }>(sql`SELECT day, period FROM teaching_class_lessons WHERE teaching_class_id = ${levelA.id} ORDER BY day, period`);
    const teacher = await spareTeacher(1);
    const room = await spareRoom();
    const id = await create(await baseForm({ teacherId: teacher.id, classroomId: room.id, lessons: [aSlots[0]] }));
    const refused = (await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [pupil.id] }, 'admin', EN)).json();
    expect(refused).toMatchObject({ result: false, msg: expect.stringMatching(new RegExp(`^Class time conflict, please change: ${pupil.name} has 初二数学A层 on `)) });
    // The candidates say so before anyone tries.
    const candidates = (await call('/api/roll/teachingClasses/students/candidates', { teachingClassId: id, classIds: [await ids.klass('20190801')], keyword: '201911001' }, 'admin')).json().data;
    expect(candidates).toEqual([expect.objectContaining({ id: pupil.id, clash: '初二数学A层', member: false })]);
    // Elsewhere it is fine; moving the class onto A层's time is refused for that student.
    const other = await freeSlot([teacher.id], [room.id], [pupil.id], aSlots);
    const row = (await call('/api/roll/teachingClasses/get', { id }, 'admin')).json().data;
    const form = { ...row, lessons: [other], remarks: '' };
    expect((await call('/api/roll/teachingClasses/update', form, 'admin')).json()).toMatchObject({ result: true });
    expect((await call('/api/roll/teachingClasses/students/add', { teachingClassId: id, studentIds: [pupil.id] }, 'admin')).json()).toMatchObject({ result: true });
    expect((await call('/api/roll/teachingClasses/update', { ...form, lessons: [aSlots[0]] }, 'admin', EN)).json()).toMatchObject({ result: false, msg: expect.stringMatching(/^Class time conflict, please change: /) });
    // The student's timetable now shows both teaching classes.
    const week = (await call('/mobileKb/queryXskb', { xh: '201911001', xnxq: TERM, zs: '3' }, '201911001')).json().data.data as { zc: number; jc: number; bjmc: string }[];
    expect(week.find((cell) => cell.zc === other.day && cell.jc === other.period)?.bjmc).toBe(row.name);
    await call('/api/roll/teachingClasses/students/remove', { teachingClassId: id, studentIds: [pupil.id] }, 'admin');
  });

  it('exports the list as an Excel file with headers in the caller language', async () => {
    const response = await t.inject({ method: 'GET', url: `/api/roll/teachingClasses/export?search=${encodeURIComponent(JSON.stringify({ gradeId: await ids.grade(8) }))}`, headers: { [t.config.tokenHeader]: tokens.admin!, ...EN } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  });
});
