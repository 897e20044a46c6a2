import { sql } from 'drizzle-orm';
import { USER_TYPES } from '@campus/contract';
import { queryRows, type Db, type Tx } from '../client.ts';
import type { Caller } from '../../platform/caller.ts';
import { formatLocalTime } from '../../platform/schoolClock.ts';
import { decideChange, requestChange, saveBatch, saveBatchCourse, setChoice } from '../../modules/electives/shiftClasses/batches.ts';
import { formAndWrite, saveBlockPeriods } from '../../modules/electives/shiftClasses/classes.ts';
import { formClasses } from '../../modules/electives/shiftClasses/formation.ts';
import { GIVEN, SURNAMES } from './reference.ts';

/**
 * 走班 demo data (issue 16), made through the module's own rules: 高二's batch of 3+1+2 choices ended, every
 * student chose, its classes formed (not yet published: the office publishes them on /zbgl/pkzbjgl), with
 * change requests waiting, approved and not approved; 高一's batch in progress with most students chosen;
 * and 高一's second round, not started.
 */

const SUBJECTS: { code: string; group: 'first' | 'second' }[] = [
  { code: 'physics', group: 'first' },
  { code: 'history', group: 'first' },
  { code: 'chemistry', group: 'second' },
  { code: 'biology', group: 'second' },
  { code: 'politics', group: 'second' },
  { code: 'geography', group: 'second' },
];

/** The 12 combinations of 3+1+2 with how often schools see them (physics-chemistry-biology most). */
const WEIGHTS = [18, 9, 6, 8, 5, 4, 5, 8, 10, 7, 9, 11];

const minute = (offsetDays: number) => formatLocalTime(new Date(Date.now() + offsetDays * 86_400_000)).slice(0, 16);

export async function seedShiftClasses(tx: Tx, gradeSize = 0): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM shift_batches) AS any`);
  if (done?.any) return;
  const [facts] = await queryRows<{ termId: number | null; admin: number | null; senior1: number | null; senior2: number | null }>(tx, sql`
    SELECT (SELECT id FROM terms WHERE is_current) AS "termId", (SELECT id FROM users WHERE account = 'admin') AS admin,
      (SELECT id FROM grades WHERE name = '高一') AS senior1, (SELECT id FROM grades WHERE name = '高二') AS senior2`);
  if (!facts?.termId || !facts.admin || !facts.senior1 || !facts.senior2) return;
  const courses = await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM courses WHERE code IN ('physics', 'history', 'chemistry', 'biology', 'politics', 'geography')`);
  if (courses.length < SUBJECTS.length) return;
  // The module's writes open their own transactions: inside the seed's they are savepoints.
  const db = tx as unknown as Db;
  const admin: Caller = { auth: { userId: facts.admin } as Caller['auth'], permissions: new Set(), language: 'zh' };
  const termId = facts.termId;

  const makeBatch = async (gradeId: number, name: string, start: number, end: number) => {
    const id = await saveBatch(db, { termId, gradeId, name, scheme: '312', mode: 'full', choiceStart: minute(start), choiceEnd: minute(end), minClassSize: 10, maxClassSize: 45, blockCount: 3 });
    const ids: number[] = [];
    for (const [i, subject] of SUBJECTS.entries()) {
      ids.push(await saveBatchCourse(db, 'zh', { batchId: id, courseId: courses.find((c) => c.code === subject.code)!.id, level: '', choiceGroup: subject.group, weeklyHours: 4, sort: i }));
    }
    // Three blocks of four periods: Monday to Thursday afternoons.
    await saveBlockPeriods(db, { batchId: id, periods: [1, 2, 3].flatMap((block) => [1, 2, 3, 4].map((day) => ({ block, day, period: 4 + block }))) });
    return { id, ids };
  };
  const combinations = (ids: number[]) => [0, 1].flatMap((first) => [[2, 3], [2, 4], [2, 5], [3, 4], [3, 5], [4, 5]].map(([a, b]) => [ids[first]!, ids[a!]!, ids[b!]!]));
  const pick = (index: number, ids: number[]) => {
    const all = combinations(ids);
    const total = WEIGHTS.reduce((a, b) => a + b, 0);
    let at = (index * 37 + 11) % total;
    for (const [i, weight] of WEIGHTS.entries()) {
      if (at < weight) return all[i]!;
      at -= weight;
    }
    return all[0]!;
  };
  const studentsOf = (gradeId: number) =>
    queryRows<{ id: number; userId: number }>(tx, sql`
      SELECT s.id, s.user_id AS "userId" FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = ${gradeId} AND s.in_school_status = '1' ORDER BY s.student_number`);

  // 高二: ended last month, everyone chose, classes formed; change requests after the window.
  const senior2 = await makeBatch(facts.senior2, '高二选科走班（3+1+2）', -40, -30);
  const students2 = await studentsOf(facts.senior2);
  for (const [i, student] of students2.entries()) await setChoice(db, admin, { batchId: senior2.id, studentId: student.id, batchCourseIds: pick(i, senior2.ids) });
  await formAndWrite(db, senior2.id, 'zh', (input) => formClasses({ ...input, timeLimitMs: 10_000 }));
  const requests = students2.slice(0, 5);
  for (const [i, student] of requests.entries()) {
    const caller: Caller = { auth: { userId: student.userId } as Caller['auth'], permissions: new Set(), language: 'zh' };
    const current = pick(i, senior2.ids);
    const other = combinations(senior2.ids).find((c) => c.join() !== current.join() && c[0] === current[0])!;
    await requestChange(db, caller, { batchId: senior2.id, studentId: student.id, toCourseIds: other, reason: ['想报考医学专业，改选生物', '对地理更有兴趣', '与家长商量后调整', '竞赛方向调整', '成绩变化，重新选择'][i]! });
  }
  const changes = await queryRows<{ id: number }>(tx, sql`SELECT id FROM shift_choice_changes WHERE batch_id = ${senior2.id} ORDER BY id`);
  if (changes[0]) await decideChange(db, admin, { id: changes[0].id, approve: true, comment: '同意，已调入新班级' });
  if (changes[1]) await decideChange(db, admin, { id: changes[1].id, approve: false, comment: '该组合班额已满，暂不调整' });

  // 高一: in progress (opened three days ago, closes in ten), four in five have chosen.
  const senior1 = await makeBatch(facts.senior1, '高一选科（3+1+2）', -3, 10);
  if (gradeSize > 0) await growGrade(tx, facts.senior1, senior1.id, gradeSize, (i) => pick(i + 7, senior1.ids));
  const students1 = await studentsOf(facts.senior1);
  const grown = new Set((await queryRows<{ id: number }>(tx, sql`SELECT student_id AS id FROM shift_choices WHERE batch_id = ${senior1.id}`)).map((r) => r.id));
  for (const [i, student] of students1.entries()) {
    if (i % 5 === 4 || grown.has(student.id)) continue;
    await setChoice(db, admin, { batchId: senior1.id, studentId: student.id, batchCourseIds: pick(i + 3, senior1.ids) });
  }
  // 高一's second round, not started.
  await makeBatch(facts.senior1, '高一选科第二轮（调剂）', 30, 37);
}

/**
 * DEMO_SHIFT_GRADE_SIZE: the grade grows to `size` students in new classes of 45 (accounts without a
 * password), each new student with a choice in the batch, whose classes become 40 to 50.
 */
async function growGrade(tx: Tx, gradeId: number, batchId: number, size: number, choice: (index: number) => number[]): Promise<void> {
  const [facts] = await queryRows<{ students: number; classes: number; campusId: number; code: string }>(tx, sql`
    SELECT (SELECT count(*)::int FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = ${gradeId}) AS students,
      (SELECT count(*)::int FROM classes WHERE grade_id = ${gradeId}) AS classes,
      (SELECT campus_id FROM classes WHERE grade_id = ${gradeId} ORDER BY sort LIMIT 1) AS "campusId",
      (SELECT code FROM classes WHERE grade_id = ${gradeId} ORDER BY sort LIMIT 1) AS code`);
  if (!facts?.campusId || facts.students >= size) return;
  const missing = size - facts.students;
  const classCount = Math.ceil(missing / 45);
  const classIds: number[] = [];
  for (let k = 0; k < classCount; k++) {
    const number = facts.classes + k + 1;
    // Each new class has its own room, as a real grade's classes do (the formation teaches in them).
    const [room] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO classrooms (code, name, building, campus_id, capacity) VALUES (${`W10-${number}`}, ${`致远楼10${String(number).padStart(2, '0')}室`}, '致远楼', ${facts.campusId}, 50)
      RETURNING id`);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO classes (code, name, grade_id, campus_id, classroom_id, sort) VALUES (${`${facts.code.slice(0, -1)}9${String(number).padStart(2, '0')}`}, ${`高一(${number})班`}, ${gradeId}, ${facts.campusId}, ${room!.id}, ${1000 + number})
      RETURNING id`);
    classIds.push(row!.id);
  }
  const year = new Date().getFullYear();
  const people = Array.from({ length: missing }, (_, i) => ({
    account: `${year}9${String(i + 1).padStart(5, '0')}`,
    name: `${SURNAMES[i % SURNAMES.length]!}${GIVEN[(i * 7) % GIVEN.length]!}${GIVEN[(i * 11 + 3) % GIVEN.length]!}`,
    gender: i % 2 === 0 ? '1' : '2',
    classId: classIds[Math.floor(i / 45)]!,
    choice: choice(i),
  }));
  await tx.execute(sql`
    WITH p AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(people)}::jsonb) AS p(account text, name text, gender text, "classId" int, choice int[])),
    u AS (INSERT INTO users (account, display_name, user_type) SELECT account, name, ${USER_TYPES.student} FROM p RETURNING id, account),
    r AS (INSERT INTO user_roles (user_id, role_id) SELECT u.id, (SELECT id FROM roles WHERE code = 'student') FROM u),
    s AS (INSERT INTO students (user_id, student_number, name, gender, class_id, entry_year, in_school_status, enrolment_status)
          SELECT u.id, p.account, p.name, p.gender, p."classId", ${year}, '1', '1' FROM p JOIN u ON u.account = p.account RETURNING id, student_number)
    INSERT INTO shift_choices (batch_id, student_id, batch_course_ids)
    SELECT ${batchId}, s.id, (SELECT array_agg(x ORDER BY x) FROM unnest(p.choice) x) FROM s JOIN p ON p.account = s.student_number`);
  await tx.execute(sql`UPDATE shift_batches SET min_class_size = 40, max_class_size = 50 WHERE id = ${batchId}`);
}
