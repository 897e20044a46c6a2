import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FormationReport, MyChoices, ShiftBatchRow, ShiftBlocks, ShiftClassRow, ShiftCourseRow } from '@campus/contract';
import { queryRows } from '../../../db/client.ts';
import { backgroundOf } from '../../../platform/background.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { createTestApp, DEMO_PASSWORD, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };
const BASE = '/api/electives/shift';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (path: string, payload: unknown, account = 'admin', headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `${BASE}${path}`, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const data = async <T>(path: string, payload: unknown, account = 'admin') => {
  const body = (await call(path, payload, account)).json();
  if (!body.result) throw new Error(`${path}: ${body.msg}`);
  return body.data as T;
};
const msg = async (path: string, payload: unknown, account = 'admin') => (await call(path, payload, account, EN)).json().msg as string;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** Logs in a student account of another grade (given the demo password) and remembers its token. */
async function loginStudent(account: string): Promise<void> {
  if (tokens[account]) return;
  await t.database.db.execute(sql`UPDATE users SET password_hash = ${await hashPassword(account, DEMO_PASSWORD, t.config.argon2)} WHERE account = ${account}`);
  tokens[account] = await t.login(account);
}

async function batchNamed(name: string): Promise<ShiftBatchRow> {
  const page = await data<{ rows: ShiftBatchRow[] }>('/batches/page', { currPage: 0, limit: 20 });
  return page.rows.find((b) => b.name === name)!;
}

describe('class shifting (走班管理)', () => {
  it('is the office’s to manage; a page opened without its batch is told to start again', async () => {
    for (const account of ['T0001', '201911001', 'jz201911001']) expect((await call('/batches/page', { currPage: 0, limit: 10 }, account)).statusCode).toBe(403);
    expect(await msg('/courses/list', {})).toBe('Parameters lost, re-enter from the management page');
    expect(await msg('/blocks/get', { batchId: 999999 })).toBe('Parameters lost, re-enter from the management page');
    const page = await data<{ rows: ShiftBatchRow[] }>('/batches/page', { currPage: 0, limit: 20 });
    expect(page.rows.map((b) => b.status).sort()).toEqual(['ended', 'inProgress', 'notStarted']);
  });

  it('checks a batch’s window, sizes and blocks, and its subjects once each', async () => {
    const [grade] = await rows<{ id: number; termId: number }>(sql`SELECT g.id, (SELECT id FROM terms WHERE is_current) AS "termId" FROM grades g WHERE g.name = '高三'`);
    const form = { termId: grade!.termId, gradeId: grade!.id, name: '高三测试', scheme: '312', choiceStart: '2026-12-01 08:00', choiceEnd: '2026-12-10 18:00' };
    expect(await msg('/batches/save', { ...form, choiceEnd: '2026-11-30 08:00' })).toBe('The choice window must end after it starts');
    expect(await msg('/batches/save', { ...form, minClassSize: 50, maxClassSize: 40 })).toBe('The smallest class size cannot be above the largest');
    expect(await msg('/batches/save', { ...form, blockCount: 2 })).toBe('Time blocks are a whole number from 3 to 8');
    expect(await msg('/batches/save', { ...form, choiceStart: '12/01/2026' })).toBe('Enter the choice window as YYYY-MM-DD HH:mm');
    const { id } = await data<{ id: number }>('/batches/save', form);
    const physics = (await rows<{ id: number }>(sql`SELECT id FROM courses WHERE code = 'physics'`))[0]!.id;
    await data('/courses/save', { batchId: id, courseId: physics, choiceGroup: 'first', weeklyHours: 4 });
    expect(await msg('/courses/save', { batchId: id, courseId: physics, choiceGroup: 'first', weeklyHours: 4 })).toBe('Physics is already a subject of this batch');
    expect(await msg('/courses/save', { batchId: id, courseId: physics, weeklyHours: 11 })).toBe('Weekly hours are a whole number from 1 to 10');
    await data('/batches/delete', { ids: [id] });
  });

  it('lets a student choose inside the window by 3+1+2, and refuses other times and other people’s children', async () => {
    const batch = await batchNamed('高一选科（3+1+2）');
    const courses = await data<ShiftCourseRow[]>('/courses/list', { batchId: batch.id });
    const first = courses.filter((c) => c.choiceGroup === 'first');
    const second = courses.filter((c) => c.choiceGroup === 'second');
    const [student] = await rows<{ id: number; account: string }>(sql`
      SELECT s.id, u.account FROM students s JOIN users u ON u.id = s.user_id JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
      WHERE g.name = '高一' AND NOT EXISTS (SELECT 1 FROM shift_choices ch WHERE ch.batch_id = ${batch.id} AND ch.student_id = s.id) ORDER BY s.student_number LIMIT 1`);
    await loginStudent(student!.account);
    // Their dashboard counts the open round they have not chosen in.
    const cards = (await t.inject({ method: 'POST', url: '/api/dashboard/cards', headers: { [t.config.tokenHeader]: tokens[student!.account]! } })).json().data as { route: string; value?: number }[];
    expect(cards.find((c) => c.route === '/zbgl/xszy')?.value).toBe(1);
    const my = await data<MyChoices>('/my', {}, student!.account);
    const open = my.batches.find((b) => b.batch.id === batch.id)!;
    expect(open.canChoose).toBe(true);
    expect(await msg('/my/choose', { batchId: batch.id, studentId: student!.id, batchCourseIds: [first[0]!.id, first[1]!.id, second[0]!.id] }, student!.account)).toBe(
      'Under 3+1+2 choose one first-choice subject and two second-choice subjects',
    );
    expect(await msg('/my/choose', { batchId: batch.id, studentId: student!.id, batchCourseIds: [first[0]!.id, second[0]!.id] }, student!.account)).toBe('Choose 3 subjects');
    const choice = [first[0]!.id, second[0]!.id, second[1]!.id];
    await data('/my/choose', { batchId: batch.id, studentId: student!.id, batchCourseIds: choice }, student!.account);
    expect((await data<MyChoices>('/my', {}, student!.account)).batches.find((b) => b.batch.id === batch.id)!.chosen).toEqual([...choice].sort((a, b) => a - b));
    // The demo student is in 初二: not their grade; the demo parent's child is not this student.
    expect(await msg('/my/choose', { batchId: batch.id, studentId: student!.id, batchCourseIds: choice }, 'jz201911001')).toBe('You can only choose for your own child');
    const notStarted = await batchNamed('高一选科第二轮（调剂）');
    const later = await data<ShiftCourseRow[]>('/courses/list', { batchId: notStarted.id });
    const laterChoice = [later.find((c) => c.choiceGroup === 'first')!.id, ...later.filter((c) => c.choiceGroup === 'second').slice(0, 2).map((c) => c.id)];
    expect(await msg('/my/choose', { batchId: notStarted.id, studentId: student!.id, batchCourseIds: laterChoice }, student!.account)).toMatch(/has not started: it opens at/);
  });

  it('takes a change after the window as a request the office decides, and moves the student out of the dropped classes', async () => {
    const batch = await batchNamed('高二选科走班（3+1+2）');
    const [student] = await rows<{ id: number; account: string; ids: number[] }>(sql`
      SELECT s.id, u.account, ch.batch_course_ids AS ids FROM shift_choices ch JOIN students s ON s.id = ch.student_id JOIN users u ON u.id = s.user_id
      WHERE ch.batch_id = ${batch.id} AND NOT EXISTS (SELECT 1 FROM shift_choice_changes x WHERE x.student_id = s.id) ORDER BY s.student_number LIMIT 1`);
    await loginStudent(student!.account);
    const ended = await call('/my/choose', { batchId: batch.id, studentId: student!.id, batchCourseIds: student!.ids }, student!.account, EN);
    expect(ended.json().msg).toMatch(/ended at .*: ask for a change instead$/);
    expect(await msg('/my/change', { batchId: batch.id, studentId: student!.id, toCourseIds: student!.ids, reason: '想换' }, student!.account)).toBe('The new choice is the same as the current one');
    const courses = await data<ShiftCourseRow[]>('/courses/list', { batchId: batch.id });
    const firstId = student!.ids.find((id) => courses.find((c) => c.id === id)!.choiceGroup === 'first')!;
    const seconds = courses.filter((c) => c.choiceGroup === 'second' && !student!.ids.includes(c.id)).map((c) => c.id);
    const kept = student!.ids.filter((id) => id !== firstId && courses.find((c) => c.id === id)!.choiceGroup === 'second');
    const to = [firstId, kept[0]!, seconds[0]!];
    expect(await msg('/my/change', { batchId: batch.id, studentId: student!.id, toCourseIds: to, reason: '' }, student!.account)).toBe('The reason is required');
    await data('/my/change', { batchId: batch.id, studentId: student!.id, toCourseIds: to, reason: '对该科更有兴趣' }, student!.account);
    expect(await msg('/my/change', { batchId: batch.id, studentId: student!.id, toCourseIds: to, reason: '再次' }, student!.account)).toBe('A change request of this student is already waiting for review');
    const [request] = await rows<{ id: number }>(sql`SELECT id FROM shift_choice_changes WHERE student_id = ${student!.id} AND status = 'pending'`);
    expect((await call('/changes/decide', { id: request!.id, approve: true }, student!.account)).statusCode).toBe(403);
    await data('/changes/decide', { id: request!.id, approve: true, comment: '同意' });
    const [choice] = await rows<{ ids: number[] }>(sql`SELECT batch_course_ids AS ids FROM shift_choices WHERE batch_id = ${batch.id} AND student_id = ${student!.id}`);
    expect(choice!.ids).toEqual([...to].sort((a, b) => a - b));
    const dropped = student!.ids.filter((id) => !to.includes(id));
    const [left] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id WHERE m.student_id = ${student!.id} AND sc.batch_course_id = ANY(${sql.param(dropped)}::int[])`);
    expect(left!.n).toBe(0);
    expect(await msg('/changes/decide', { id: request!.id, approve: false })).toBe('Only a request waiting for review can be decided');
    const [message] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages m JOIN students s ON s.user_id = m.recipient_user_id WHERE s.id = ${student!.id} AND m.link = '/zbgl/xszy'`);
    expect(message!.n).toBe(1);
  });

  it('forms the choices into classes in blocks without a clash, then classes are numbered uniquely and moves are checked', async () => {
    const batch = await batchNamed('高一选科（3+1+2）');
    await data('/blocks/form', { batchId: batch.id });
    expect((await data<ShiftBlocks>('/blocks/get', { batchId: batch.id })).batch.formationStatus).toBe('running');
    expect(await msg('/students/choose', { batchId: batch.id, studentId: 1, batchCourseIds: [] })).toBe('The classes of this batch are being formed: wait for it to finish');
    await backgroundOf(t.app).runPending();
    const blocks = await data<ShiftBlocks>('/blocks/get', { batchId: batch.id });
    expect(blocks.batch.formationStatus).toBe('formed');
    const report = blocks.report as FormationReport;
    expect(report.error).toBeUndefined();
    expect(report.clashes).toBe(0);
    expect(report.placed).toBe(report.students);
    expect(report.classCount).toBeGreaterThanOrEqual(report.classLowerBound);
    const [clash] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (SELECT m.student_id, sc.block FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id
        WHERE sc.batch_id = ${batch.id} GROUP BY 1, 2 HAVING count(*) > 1) x`);
    expect(clash!.n).toBe(0);

    const classes = await data<ShiftClassRow[]>('/classes/list', { batchId: batch.id });
    expect(classes.every((c) => c.size >= 1 && c.size <= batch.maxClassSize)).toBe(true);
    const [a, b] = classes;
    expect(await msg('/classes/save', { id: a!.id, number: b!.number, name: a!.name })).toBe('Duplicate shift number, please re-enter');
    await data('/classes/save', { id: a!.id, number: 900, name: a!.name, teacherId: a!.teacherId, classroomId: a!.classroomId });

    // A move into another class of the subject in another block where the student has a class: a clash.
    const sameCourse = classes.filter((c) => c.batchCourseId === a!.batchCourseId && c.id !== a!.id);
    const [member] = await rows<{ studentId: number }>(sql`SELECT student_id AS "studentId" FROM shift_class_students WHERE shift_class_id = ${a!.id} LIMIT 1`);
    const otherBlock = sameCourse.find((c) => c.block !== a!.block);
    if (otherBlock) expect(await msg('/classes/move', { batchId: batch.id, studentId: member!.studentId, fromClassId: a!.id, toClassId: otherBlock.id })).toMatch(/^Class time conflict, please change: /);
    const sameBlock = sameCourse.find((c) => c.block === a!.block);
    const wrongCourse = classes.find((c) => c.batchCourseId !== a!.batchCourseId)!;
    expect(await msg('/classes/move', { batchId: batch.id, studentId: member!.studentId, fromClassId: a!.id, toClassId: wrongCourse.id })).toBe('A student moves between classes of the same subject only');
    if (sameBlock) {
      await t.database.db.execute(sql`UPDATE shift_batches SET max_class_size = ${sameBlock.size} WHERE id = ${batch.id}`);
      expect(await msg('/classes/move', { batchId: batch.id, studentId: member!.studentId, fromClassId: a!.id, toClassId: sameBlock.id })).toMatch(/^Class size is full or over: /);
      await t.database.db.execute(sql`UPDATE shift_batches SET max_class_size = 45 WHERE id = ${batch.id}`);
      await data('/classes/move', { batchId: batch.id, studentId: member!.studentId, fromClassId: a!.id, toClassId: sameBlock.id });
    }
    expect(otherBlock ?? sameBlock).toBeDefined();
  }, 90_000);

  it('publishes the classes as teaching classes with their block’s lessons and students, and tells the families', async () => {
    const batch = await batchNamed('高二选科走班（3+1+2）');
    await data('/blocks/publish', { batchId: batch.id });
    const [published] = await rows<{ classes: number; teaching: number; lessons: number; students: number; members: number }>(sql`
      SELECT count(*)::int AS classes, count(sc.teaching_class_id)::int AS teaching,
        (SELECT count(*)::int FROM teaching_class_lessons l JOIN shift_classes x ON x.teaching_class_id = l.teaching_class_id WHERE x.batch_id = ${batch.id}) AS lessons,
        (SELECT count(*)::int FROM teaching_class_students m JOIN shift_classes x ON x.teaching_class_id = m.teaching_class_id WHERE x.batch_id = ${batch.id} AND m.removed_at IS NULL) AS students,
        (SELECT count(*)::int FROM shift_class_students m JOIN shift_classes x ON x.id = m.shift_class_id WHERE x.batch_id = ${batch.id}) AS members
      FROM shift_classes sc WHERE sc.batch_id = ${batch.id}`);
    expect(published!.teaching).toBe(published!.classes);
    expect(published!.lessons).toBe(published!.classes * 4);
    expect(published!.students).toBe(published!.members);
    // Publishing again replaces them rather than adding more.
    await data('/blocks/publish', { batchId: batch.id });
    const [again] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM teaching_classes WHERE remarks = ${batch.name}`);
    expect(again!.n).toBe(published!.classes);
    const [student] = await rows<{ account: string; studentId: number }>(sql`
      SELECT u.account, s.id AS "studentId" FROM shift_class_students m JOIN shift_classes sc ON sc.id = m.shift_class_id JOIN students s ON s.id = m.student_id JOIN users u ON u.id = s.user_id
      WHERE sc.batch_id = ${batch.id} LIMIT 1`);
    await loginStudent(student!.account);
    const my = await data<MyChoices>('/my', {}, student!.account);
    expect(my.batches.find((b) => b.batch.id === batch.id)!.classes).toHaveLength(3);
  });
});
