import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';

/**
 * 选修课 demo data (issue 16). This term: the four clubs of the school seed (robotics, run by the demo
 * teacher T0001, calligraphy, choir, basketball) as approved declarations whose selection closed at the
 * start of term, their students' choices, ratings from most of them (not the demo student, who still has
 * theirs to give) and T0001's scores for half of the robotics club. Next term: the selection is open now
 * (first come), with five approved courses (围棋 already full), one declared and waiting for the office
 * (T0002's), one rejected with its reason and one draft (both T0001's).
 */

const INDICATORS: [string, string, number, boolean][] = [
  ['教学内容', '内容充实、难度适中，与课程简介一致', 5, true],
  ['教学方法', '讲解清楚，注重动手与互动', 5, true],
  ['课堂收获', '学到了新的知识或技能', 5, true],
  ['课程组织', '按时上课，课堂秩序良好', 5, true],
  ['总体满意度', '对这门课的整体评价', 10, true],
  ['场地设施', '（已停用）上课场地与器材', 5, false],
];

const INTROS: Record<string, string> = {
  机器人: '从搭建底盘到编写巡线程序，分组完成一台能参加校内挑战赛的机器人。',
  书法: '临习楷书经典碑帖，掌握笔法与结构，学期末举办班级书法小展。',
  合唱: '发声训练与多声部合唱，排练两首作品，参加学校艺术节演出。',
  篮球: '运球、传球、投篮与基本战术，每周安排分组对抗赛。',
  '3D打印': '用建模软件设计小物件并打印成品，了解增材制造的原理与应用。',
  围棋: '从规则、吃子到布局与死活，学期末进行校内循环赛。',
  摄影: '构图、光线与手机摄影后期，每两周完成一组校园主题作品。',
  街舞: 'Breaking 与 Hip-hop 基础步伐，编排一段集体舞蹈。',
  校园植物观察: '认识校园里的三十种植物，记录物候变化并制作植物名牌。',
  魔方入门: '三阶魔方层先法与公式记忆，学会在两分钟内复原。',
  英语戏剧: '排演英文短剧，练习口语表达与舞台表现。',
};

/** A course's lectures: `count` numbered topics. */
function lectures(name: string, count: number): string[] {
  const topics = ['课程介绍与安全须知', '基础知识', '基本技法练习', '分组练习', '案例欣赏', '进阶技法', '综合练习', '小组合作', '作品构思', '作品制作', '作品修改', '阶段展示', '拓展与交流', '复习与巩固', '期末展示', '总结与评价'];
  return Array.from({ length: count }, (_, i) => `第${i + 1}讲 ${name}：${topics[i % topics.length]}`);
}

export async function seedElectives(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM elective_declarations) AS any`);
  if (done?.any) return;
  await tx.execute(sql`
    INSERT INTO elective_indicators (name, description, max_score, sort, enabled)
    SELECT x.name, x.description, x.max_score, x.sort, x.enabled
    FROM jsonb_to_recordset(${JSON.stringify(INDICATORS.map(([name, description, max, enabled], i) => ({ name, description, max_score: max, sort: i + 1, enabled })))}::jsonb)
      AS x(name text, description text, max_score int, sort int, enabled boolean)`);

  const [terms] = await queryRows<{ current: number; next: number | null; currentStart: string }>(tx, sql`
    SELECT (SELECT id FROM terms WHERE is_current) AS current,
      (SELECT id FROM terms WHERE start_date > (SELECT start_date FROM terms WHERE is_current) ORDER BY start_date LIMIT 1) AS next,
      (SELECT start_date::text FROM terms WHERE is_current) AS "currentStart"`);
  if (!terms?.current) return;
  const seniorGrades = sql`ARRAY(SELECT id FROM grades WHERE sort >= 7 ORDER BY sort)`;
  const admin = sql`(SELECT id FROM users WHERE account = 'admin')`;

  // This term: the school seed's clubs, approved before the term, chosen first come in its first week.
  await tx.execute(sql`
    INSERT INTO elective_selection_settings (term_id, selection_start, selection_end, mode, updated_by_user_id)
    VALUES (${terms.current}, ${terms.currentStart}::date - 7 + time '08:00', ${terms.currentStart}::date + 4 + time '17:00', 'first_come', ${admin})`);
  const sessions = await queryRows<{ id: number; name: string; teacherId: number; classroomId: number; day: number; period: number; weekFrom: number; weekTo: number; size: number }>(tx, sql`
    SELECT es.id, co.name, es.teacher_id AS "teacherId", es.classroom_id AS "classroomId", es.day, es.period, es.week_from AS "weekFrom", es.week_to AS "weekTo",
      (SELECT count(*)::int FROM elective_enrolments ee WHERE ee.session_id = es.id) AS size
    FROM elective_sessions es JOIN courses co ON co.id = es.course_id WHERE es.term_id = ${terms.current} AND es.teacher_id IS NOT NULL AND es.classroom_id IS NOT NULL
    ORDER BY es.id`);
  for (const session of sessions) {
    const capacity = Math.min(200, Math.max(40, session.size + 5));
    await tx.execute(sql`UPDATE elective_sessions SET capacity = ${capacity}, enrolled = ${session.size} WHERE id = ${session.id}`);
    await tx.execute(sql`
      INSERT INTO elective_declarations (term_id, teacher_id, name, intro, lectures, capacity, grade_ids, day, period, week_from, week_to, classroom_id,
        status, review_comment, reviewed_by_user_id, reviewed_at, session_id, created_at, updated_at)
      VALUES (${terms.current}, ${session.teacherId}, ${session.name}, ${INTROS[session.name] ?? `${session.name}社团课程`}, ${JSON.stringify(lectures(session.name, 16))}::jsonb,
        ${capacity}, ${seniorGrades}, ${session.day}, ${session.period}, ${session.weekFrom}, ${session.weekTo}, ${session.classroomId},
        'approved', '内容完整，同意开设', ${admin}, ${terms.currentStart}::date - 10 + time '10:00', ${session.id},
        ${terms.currentStart}::date - 20 + time '09:00', ${terms.currentStart}::date - 10 + time '10:00')`);
  }
  await tx.execute(sql`
    INSERT INTO elective_choices (term_id, student_id, kind, session_id, status, chosen_at, chosen_by_user_id)
    SELECT ${terms.current}, ee.student_id, 'major', ee.session_id, 'enrolled', ${terms.currentStart}::date - 6 + (ee.student_id % 300) * interval '1 minute' + time '08:00', s.user_id
    FROM elective_enrolments ee JOIN elective_sessions es ON es.id = ee.session_id JOIN students s ON s.id = ee.student_id
    WHERE es.term_id = ${terms.current}
    ON CONFLICT DO NOTHING`);
  // Most students have rated their course; the demo student 201911001 has not yet.
  await tx.execute(sql`
    INSERT INTO elective_ratings (session_id, student_id, comment, rated_at)
    SELECT ee.session_id, ee.student_id, (ARRAY['很喜欢这门课', '老师讲得很清楚', '希望多一些实践时间', '', '收获很大'])[1 + ee.student_id % 5], now() - (ee.student_id % 20) * interval '1 day'
    FROM (SELECT ee.*, row_number() OVER (PARTITION BY ee.session_id ORDER BY ee.student_id) AS n FROM elective_enrolments ee) ee
    JOIN elective_sessions es ON es.id = ee.session_id JOIN students s ON s.id = ee.student_id
    WHERE es.term_id = ${terms.current} AND ee.n % 4 <> 0 AND s.student_number <> '201911001'`);
  await tx.execute(sql`
    INSERT INTO elective_rating_scores (session_id, student_id, indicator_id, score)
    SELECT r.session_id, r.student_id, i.id, greatest(1, i.max_score - ((r.student_id + i.id) % 3) - CASE WHEN i.max_score = 10 THEN (r.student_id % 3) ELSE 0 END)
    FROM elective_ratings r JOIN elective_indicators i ON i.enabled`);
  // T0001 has scored half of the robotics club so far.
  await tx.execute(sql`
    INSERT INTO elective_grades (session_id, student_id, score, comment, graded_by_user_id, graded_at)
    SELECT ee.session_id, ee.student_id, 75 + (ee.student_id % 5) * 5 + (ee.student_id % 2) * 0.5,
      (ARRAY['搭建认真，程序调试有耐心', '动手能力强', '能与组员合作完成任务', '按时完成作品'])[1 + ee.student_id % 4], st.user_id, now() - interval '3 days'
    FROM (SELECT ee.*, row_number() OVER (PARTITION BY ee.session_id ORDER BY ee.student_id) AS n FROM elective_enrolments ee) ee
    JOIN elective_sessions es ON es.id = ee.session_id JOIN staff st ON st.id = es.teacher_id
    WHERE es.term_id = ${terms.current} AND st.staff_number = 'T0001' AND ee.n % 2 = 0`);

  if (!terms.next) return;
  // Next term: selection open now, first come.
  await tx.execute(sql`
    INSERT INTO elective_selection_settings (term_id, selection_start, selection_end, mode, updated_by_user_id)
    VALUES (${terms.next}, date_trunc('day', now()) - interval '3 days' + interval '8 hours', date_trunc('day', now()) + interval '21 days' + interval '17 hours', 'first_come', ${admin})`);
  const teachers = await queryRows<{ id: number; number: string }>(tx, sql`
    SELECT id, staff_number AS number FROM staff WHERE staff_number IN ('T0001', 'T0002')
    UNION ALL (SELECT id, staff_number FROM staff WHERE staff_number NOT IN ('T0001', 'T0002') ORDER BY staff_number LIMIT 4)`);
  const teacher = (n: number) => teachers[n]!.id;
  const t0001 = teachers.find((x) => x.number === 'T0001')!.id;
  const t0002 = teachers.find((x) => x.number === 'T0002')!.id;
  const others = teachers.filter((x) => x.number !== 'T0001' && x.number !== 'T0002');
  const rooms = await queryRows<{ id: number }>(tx, sql`SELECT id FROM classrooms WHERE capacity IS NULL OR capacity >= 50 ORDER BY id DESC LIMIT 6`);
  const room = (n: number) => rooms[n % rooms.length]!.id;
  interface Plan {
    name: string;
    teacherId: number;
    capacity: number;
    day: number;
    period: number;
    status: 'approved' | 'declared' | 'rejected' | 'declarable';
    comment?: string;
    takers?: number;
  }
  const plans: Plan[] = [
    { name: '3D打印', teacherId: t0001, capacity: 30, day: 4, period: 8, status: 'approved', takers: 12 },
    { name: '围棋', teacherId: others[0]?.id ?? teacher(0), capacity: 2, day: 2, period: 8, status: 'approved', takers: 2 },
    { name: '摄影', teacherId: others[1]?.id ?? teacher(0), capacity: 35, day: 4, period: 8, status: 'approved', takers: 20 },
    { name: '街舞', teacherId: others[2]?.id ?? teacher(0), capacity: 40, day: 2, period: 8, status: 'approved', takers: 8 },
    { name: '合唱', teacherId: others[3]?.id ?? teacher(0), capacity: 60, day: 5, period: 8, status: 'approved', takers: 15 },
    { name: '校园植物观察', teacherId: t0002, capacity: 30, day: 5, period: 8, status: 'declared' },
    { name: '魔方入门', teacherId: t0001, capacity: 30, day: 2, period: 8, status: 'rejected', comment: '与已开设的益智类课程重复，建议调整为魔方与空间思维拓展后重新申报' },
    { name: '英语戏剧', teacherId: t0001, capacity: 25, day: 5, period: 8, status: 'declarable' },
  ];
  let taken = 0;
  for (const [index, plan] of plans.entries()) {
    const reviewed = plan.status === 'approved' || plan.status === 'rejected';
    const [declaration] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO elective_declarations (term_id, teacher_id, name, intro, lectures, capacity, grade_ids, day, period, week_from, week_to, classroom_id,
        status, review_comment, reviewed_by_user_id, reviewed_at, created_at, updated_at)
      VALUES (${terms.next}, ${plan.teacherId}, ${plan.name}, ${INTROS[plan.name] ?? plan.name}, ${JSON.stringify(lectures(plan.name, 12 + (index % 4)))}::jsonb, ${plan.capacity},
        ${seniorGrades}, ${plan.day}, ${plan.period}, 2, 17, ${room(index)}, ${plan.status}, ${plan.comment ?? (plan.status === 'approved' ? '同意开设' : '')},
        ${reviewed ? admin : null}, ${reviewed ? sql`now() - interval '6 days'` : null}, now() - interval '14 days' + ${index}::int * interval '3 hours', now() - interval '5 days' + ${index}::int * interval '1 hour')
      RETURNING id`);
    if (plan.status !== 'approved') continue;
    const [course] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO courses (code, name, is_elective, sort, research_group_id)
      VALUES (${`elective-${declaration!.id}`}, ${plan.name}, TRUE, 200, (SELECT research_group_id FROM staff WHERE id = ${plan.teacherId})) RETURNING id`);
    const [session] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO elective_sessions (term_id, course_id, teacher_id, classroom_id, day, period, week_from, week_to, capacity)
      VALUES (${terms.next}, ${course!.id}, ${plan.teacherId}, ${room(index)}, ${plan.day}, ${plan.period}, 2, 17, ${plan.capacity}) RETURNING id`);
    await tx.execute(sql`UPDATE elective_declarations SET session_id = ${session!.id} WHERE id = ${declaration!.id}`);
    // Students of the senior grades other than the demo student take its first seats (each a course of their own).
    await tx.execute(sql`
      WITH takers AS (
        SELECT s.id, s.user_id FROM students s JOIN classes c ON c.id = s.class_id JOIN grades g ON g.id = c.grade_id
        WHERE g.sort >= 7 AND s.in_school_status = '1' AND s.student_number <> '201911001' ORDER BY s.id OFFSET ${taken} LIMIT ${plan.takers ?? 0}),
      enrolled AS (INSERT INTO elective_enrolments (session_id, student_id) SELECT ${session!.id}, id FROM takers RETURNING student_id)
      INSERT INTO elective_choices (term_id, student_id, kind, session_id, status, chosen_at, chosen_by_user_id)
      SELECT ${terms.next}, t.id, 'major', ${session!.id}, 'enrolled', now() - interval '2 days' + (t.id % 500) * interval '1 minute', t.user_id FROM takers t`);
    await tx.execute(sql`UPDATE elective_sessions SET enrolled = (SELECT count(*) FROM elective_enrolments WHERE session_id = ${session!.id}) WHERE id = ${session!.id}`);
    taken += plan.takers ?? 0;
  }
}
