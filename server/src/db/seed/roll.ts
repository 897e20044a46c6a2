import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { applicationFacts, startApproval, withdrawApplication } from '../../modules/applications/approvals/service.ts';
import { decideAsApprover } from './applications.ts';
import { applyRollChange } from '../../modules/roll/changes/service.ts';
import { schoolToday } from '../../modules/timetable/views/service.ts';
import { KEYWORD_PEOPLE } from './school.ts';

/**
 * 学籍异动 demo data (issue 14): in the demo class (T0002's), a transfer-out waiting for the division
 * director and an insert into the class approved for a later date; in the next class, a suspension that
 * took effect (the student left the class list), a resumption under way, two rejected and a withdrawn change.
 * The demo class keeps its 42 students until the approved insert's date.
 */
export async function seedRollChanges(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM roll_changes) AS any`);
  if (existing?.any) return;
  const users = new Map(
    (await queryRows<{ account: string; id: number }>(tx, sql`SELECT account, id FROM users WHERE account IN ('T0001', 'T0002', 'admin')`)).map((u) => [u.account, u.id]),
  );
  const [t1, t2, admin] = [users.get('T0001'), users.get('T0002'), users.get('admin')];
  if (!t1 || !t2 || !admin) return;
  const classes = await queryRows<{ id: number; code: string; name: string }>(tx, sql`SELECT id, code, name FROM classes WHERE code IN ('20190801', '20190802') ORDER BY code`);
  if (classes.length < 2) return;
  const [demoClass, nextClass] = classes as [(typeof classes)[0], (typeof classes)[0]];
  const pupils = async (classId: number) =>
    queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM students WHERE class_id = ${classId} ORDER BY student_number DESC LIMIT 5`);
  const [demoPupils, nextPupils] = [await pupils(demoClass.id), await pupils(nextClass.id)];
  if (demoPupils.length < 2 || nextPupils.length < 5) return;

  const day = (offset: number) => {
    const [y, m, d] = schoolToday().split('-').map(Number);
    const date = new Date(Date.UTC(y!, m! - 1, d! + offset));
    return date.toISOString().slice(0, 10);
  };
  const file = async (values: { applicant: number; studentId: number; kind: string; fromClass: { id: number; name: string } | null; toClass: { id: number; name: string } | null; date: string; reason: string; school?: string; daysAgo: number }) => {
    const details = {
      changeKind: values.kind,
      fromClassId: values.fromClass?.id ?? null,
      fromClassName: values.fromClass?.name ?? '',
      toClassId: values.toClass?.id ?? null,
      toClassName: values.toClass?.name ?? '',
      effectiveDate: values.date,
      school: values.school ?? '',
    };
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO applications (type, applicant_user_id, student_id, steps, start_at, reason, details, created_at)
      VALUES ('rollChange', ${values.applicant}, ${values.studentId}, '[]'::jsonb, ${new Date(`${values.date}T00:00:00`)}, ${values.reason}, ${JSON.stringify(details)}::jsonb,
        now() - make_interval(days => ${values.daysAgo}))
      RETURNING id`);
    await tx.execute(sql`
      INSERT INTO roll_changes (application_id, student_id, kind, from_class_id, to_class_id, effective_date, school)
      VALUES (${row!.id}, ${values.studentId}, ${values.kind}, ${values.fromClass?.id ?? null}, ${values.toClass?.id ?? null}, ${values.date}::date, ${values.school ?? ''})`);
    await startApproval(tx, row!.id, values.applicant);
    return row!.id;
  };
  // Each step by one of its approvers other than the applicant (the seed decides as them).
  const decide = (id: number, decision: 'approve' | 'reject', comment = '') => decideAsApprover(tx, id, decision, comment, t1);

  // The demo class: a transfer-out waiting for the division director (T0001).
  await file({ applicant: t2, studentId: demoPupils[0]!.id, kind: 'transferOut', fromClass: demoClass, toClass: null, date: day(14), reason: '随父母工作调动迁往外省。', school: '杭州市西湖区第一中学', daysAgo: 1 });
  // A student of the next class inserted into the demo class in ten days: approved, waiting for its date.
  const later = await file({ applicant: admin, studentId: nextPupils[0]!.id, kind: 'insertClass', fromClass: nextClass, toClass: demoClass, date: day(10), reason: '分层教学调整，转入(1)班。', daysAgo: 5 });
  await decide(later, 'approve', '同意。');
  await decide(later, 'approve');
  // The next class: a suspension that took effect last month, and its resumption under way.
  const suspended = await file({ applicant: admin, studentId: nextPupils[1]!.id, kind: 'suspend', fromClass: nextClass, toClass: null, date: day(-30), reason: '因病休学一学期，附医院诊断证明。', daysAgo: 35 });
  await decide(suspended, 'approve');
  await decide(suspended, 'approve', '同意休学，请保持联系。');
  await applyRollChange(tx, suspended, null);
  await file({ applicant: admin, studentId: nextPupils[1]!.id, kind: 'resume', fromClass: null, toClass: nextClass, date: day(3), reason: '病愈复学，已提交复查报告。', daysAgo: 0 });
  // Rejected and withdrawn.
  const rejected = await file({ applicant: admin, studentId: nextPupils[2]!.id, kind: 'transferOut', fromClass: nextClass, toClass: null, date: day(7), reason: '家长申请转学。', school: '市实验学校', daysAgo: 6 });
  await decide(rejected, 'reject', '未收到接收学校的接收函，请补充后重新提交。');
  const withdrawn = await file({ applicant: admin, studentId: nextPupils[3]!.id, kind: 'suspend', fromClass: nextClass, toClass: null, date: day(20), reason: '出国交流半年。', daysAgo: 4 });
  await withdrawApplication(tx, (await applicationFacts(tx, withdrawn, true))!, admin);
  // 张伟 of the next class, whom the keyword search finds here too: a suspension asked for and refused.
  const [zhangWei] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM students WHERE student_number = ${KEYWORD_PEOPLE.students.zhangWei.number} AND class_id = ${nextClass.id}`);
  if (zhangWei) {
    const refused = await file({ applicant: admin, studentId: zhangWei.id, kind: 'suspend', fromClass: nextClass, toClass: null, date: day(12), reason: '家长申请休学半年，随父母出国探亲。', daysAgo: 9 });
    await decide(refused, 'reject', '学期中途不宜休学，请补充出国证明材料后再申请。');
  }
}

/**
 * 招生管理 demo data: next year's first-grade intake registered (some not on the register or not yet
 * studying), three placed in class 1, and this year's first graders' registrations, enrolled (linked to
 * their students).
 */
export async function seedEnrolment(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM enrolment_candidates) AS any`);
  if (existing?.any) return;
  const [grade] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM grades ORDER BY sort LIMIT 1`);
  if (!grade) return;
  const [firstClass] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM classes WHERE grade_id = ${grade.id} ORDER BY sort LIMIT 1`);
  if (!firstClass) return;
  const year = Number(schoolToday().slice(0, 4));
  const intake: [string, '1' | '2', string, boolean, boolean, string, string, string][] = [
    ['陈思远', '1', '2020-04-18', true, true, '陈建国', '13800001001', '育才幼儿园'],
    ['刘雨桐', '2', '2020-07-02', true, true, '刘芳', '13800001002', '阳光幼儿园'],
    ['杨子涵', '2', '2020-01-26', true, true, '杨帆', '13800001003', '实验幼儿园'],
    ['黄嘉怡', '2', '2020-10-09', false, true, '黄立', '13800001004', '外省随迁'],
    ['周浩然', '1', '2020-03-30', true, false, '周敏', '13800001005', '育才幼儿园'],
    ['吴一诺', '1', '2020-08-15', true, true, '吴刚', '13800001006', ''],
    ['郑可欣', '2', '2020-12-01', true, true, '郑洁', '13800001007', '实验幼儿园'],
    ['孙铭泽', '1', '2020-05-21', false, false, '孙伟', '13800001008', '外省随迁'],
  ];
  const ids = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO enrolment_candidates (name, gender, birth_date, grade_id, entry_year, on_register, studying, guardian_name, guardian_phone, previous_school, note)
    VALUES ${sql.join(
      intake.map(([name, gender, birth, onRegister, studying, guardian, phone, school]) => sql`(${name}, ${gender}, ${birth}::date, ${grade.id}, ${year + 1}, ${onRegister}, ${studying}, ${guardian}, ${phone}, ${school}, '')`),
      sql`, `,
    )}
    RETURNING id`);
  await tx.execute(sql`UPDATE enrolment_candidates SET class_id = ${firstClass.id} WHERE id IN (${ids[0]!.id}, ${ids[1]!.id}, ${ids[2]!.id})`);
  // This year's first graders came through enrolment: their registrations are the enrolled ones.
  await tx.execute(sql`
    INSERT INTO enrolment_candidates (name, gender, birth_date, grade_id, entry_year, on_register, studying, guardian_name, guardian_phone, class_id, student_id, created_at)
    SELECT s.name, s.gender, s.birth_date, ${grade.id}, s.entry_year, TRUE, TRUE, s.name || '家长', '1390000' || lpad((row_number() OVER (ORDER BY s.id))::text, 4, '0'),
      s.class_id, s.id, make_date(s.entry_year, 7, 1)
    FROM students s WHERE s.class_id = ${firstClass.id} ORDER BY s.id LIMIT 10`);
}

interface TeachingPlan {
  gradeSort: number;
  course: string;
  /** Names and teachers (a staff number, or '' for a free teacher of the course's group). */
  groups: { name: string; teacher: string }[];
  lessons: number;
}

/**
 * 教学班 demo data (issue 14): in 初二, mathematics taught in two levels (T0001 teaches A层, where the demo
 * student is), and in 高二 the physics and history groups of 3+1+2; each group meets at times its teacher,
 * its room and its grade keep free, and one student was moved from B层 to A层 (so B层 lists them as removed).
 */
export async function seedTeachingClasses(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM teaching_classes) AS any`);
  if (existing?.any) return;
  const [term] = await queryRows<{ id: number; weekCount: number }>(tx, sql`SELECT id, week_count AS "weekCount" FROM terms WHERE is_current LIMIT 1`);
  const [admin] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE account = 'admin'`);
  if (!term || !admin) return;
  const plans: TeachingPlan[] = [
    { gradeSort: 8, course: 'maths', groups: [{ name: '初二数学A层', teacher: 'T0001' }, { name: '初二数学B层', teacher: '' }], lessons: 2 },
    { gradeSort: 11, course: 'physics', groups: [{ name: '高二物理选考1班', teacher: '' }, { name: '高二物理选考2班', teacher: '' }], lessons: 2 },
    { gradeSort: 11, course: 'history', groups: [{ name: '高二历史选考班', teacher: '' }], lessons: 2 },
  ];
  /** Slots of a grade, emptiest first (a 走班 period is best where the classes have nothing). */
  const gradeSlots = async (gradeId: number) =>
    queryRows<{ day: number; period: number }>(tx, sql`
      SELECT d AS day, p AS period FROM generate_series(1, 5) d CROSS JOIN generate_series(1, 7) p
      ORDER BY (SELECT count(*) FROM timetable_entries te JOIN classes c ON c.id = te.class_id
                WHERE te.term_id = ${term.id} AND c.grade_id = ${gradeId} AND te.day = d AND te.period = p), d, p`);
  const free = (column: 'teacher_id' | 'classroom_id', id: SQL, day: number, period: number) => sql`
    NOT EXISTS (SELECT 1 FROM timetable_entries te WHERE te.term_id = ${term.id} AND te.${sql.raw(column)} = ${id} AND te.day = ${day} AND te.period = ${period})
    AND NOT EXISTS (SELECT 1 FROM elective_sessions es WHERE es.term_id = ${term.id} AND es.${sql.raw(column)} = ${id} AND es.day = ${day} AND es.period = ${period})
    AND NOT EXISTS (SELECT 1 FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
                    WHERE tc.term_id = ${term.id} AND tc.${sql.raw(column)} = ${id} AND l.day = ${day} AND l.period = ${period})`;
  const high11Taken = new Set<string>();
  for (const plan of plans) {
    const [grade] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM grades WHERE sort = ${plan.gradeSort}`);
    const [course] = await queryRows<{ id: number; groupId: number | null }>(tx, sql`SELECT id, research_group_id AS "groupId" FROM courses WHERE code = ${plan.course}`);
    if (!grade || !course) continue;
    const pupils = await queryRows<{ id: number }>(tx, sql`
      SELECT s.id FROM students s JOIN classes c ON c.id = s.class_id WHERE c.grade_id = ${grade.id} AND s.in_school_status = '1'
      ORDER BY (s.student_number = '201911001') DESC, s.student_number`);
    // The physics groups share their times with history (a student takes one or the other).
    const share = plan.gradeSort === 11 ? [...high11Taken].map((key) => key.split(':').map(Number) as [number, number]) : [];
    const candidates = share.length ? share.map(([day, period]) => ({ day, period })) : await gradeSlots(grade.id);
    const ids: number[] = [];
    for (const group of plan.groups) {
      const slots: { day: number; period: number }[] = [];
      let teacherId: number | undefined;
      let roomId: number | undefined;
      for (const slot of candidates) {
        if (slots.length === plan.lessons) break;
        if (slots.some((s) => s.day === slot.day)) continue;
        const [teacher] = await queryRows<{ id: number }>(tx, sql`
          SELECT s.id FROM staff s WHERE ${group.teacher ? sql`s.staff_number = ${group.teacher}` : sql`s.research_group_id = ${course.groupId}`}
            AND ${free('teacher_id', sql`s.id`, slot.day, slot.period)} ${teacherId ? sql`AND s.id = ${teacherId}` : sql``}
          ORDER BY s.staff_number DESC LIMIT 1`);
        const [room] = await queryRows<{ id: number }>(tx, sql`
          SELECT cr.id FROM classrooms cr WHERE cr.name NOT LIKE '%实验%' AND ${free('classroom_id', sql`cr.id`, slot.day, slot.period)} ${roomId ? sql`AND cr.id = ${roomId}` : sql``}
          ORDER BY cr.code DESC LIMIT 1`);
        if (!teacher || !room) continue;
        teacherId = teacher.id;
        roomId = room.id;
        slots.push(slot);
      }
      if (!slots.length || !teacherId) continue;
      const [created] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO teaching_classes (term_id, name, course_id, grade_id, teacher_id, classroom_id, capacity, week_from, week_to, remarks)
        VALUES (${term.id}, ${group.name}, ${course.id}, ${grade.id}, ${teacherId}, ${roomId ?? null}, ${plan.gradeSort === 8 ? 70 : 50}, 1, ${term.weekCount}, '')
        RETURNING id`);
      for (const slot of slots) {
        await tx.execute(sql`INSERT INTO teaching_class_lessons (teaching_class_id, day, period) VALUES (${created!.id}, ${slot.day}, ${slot.period})`);
        if (plan.gradeSort === 11) high11Taken.add(`${slot.day}:${slot.period}`);
      }
      ids.push(created!.id);
    }
    if (!ids.length) continue;
    // Maths: alternate students between the levels. 高二: two in three take physics (split in two), one history.
    const members = pupils.map((pupil, i) => {
      if (plan.gradeSort === 8) return { pupil: pupil.id, group: i % ids.length };
      if (plan.course === 'physics') return i % 3 === 2 ? null : { pupil: pupil.id, group: Math.floor(i / 3) % ids.length };
      return i % 3 === 2 ? { pupil: pupil.id, group: 0 } : null;
    });
    for (const [index, id] of ids.entries()) {
      const chosen = members.filter((m) => m !== null && m.group === index).map((m) => m!.pupil);
      if (!chosen.length) continue;
      await tx.execute(sql`
        INSERT INTO teaching_class_students (teaching_class_id, student_id, added_at, added_by_user_id)
        SELECT ${id}, unnest(${sql.param(chosen)}::int[]), now() - interval '60 days', ${admin.id}`);
    }
    if (plan.gradeSort === 8 && ids.length === 2) {
      // The last student of B层 moved up to A层 a month ago.
      const [moved] = await queryRows<{ id: number }>(tx, sql`SELECT student_id AS id FROM teaching_class_students WHERE teaching_class_id = ${ids[1]} ORDER BY student_id DESC LIMIT 1`);
      if (moved) {
        await tx.execute(sql`UPDATE teaching_class_students SET removed_at = now() - interval '30 days', removed_by_user_id = ${admin.id} WHERE teaching_class_id = ${ids[1]} AND student_id = ${moved.id}`);
        await tx.execute(sql`INSERT INTO teaching_class_students (teaching_class_id, student_id, added_at, added_by_user_id) VALUES (${ids[0]}, ${moved.id}, now() - interval '30 days', ${admin.id})`);
      }
    }
  }
}
