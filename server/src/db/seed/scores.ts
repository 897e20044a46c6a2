import { sql } from 'drizzle-orm';
import { intArray, queryRows, textArray, type Tx } from '../client.ts';
import { schoolInstant } from '../../platform/schoolClock.ts';
import { computeAnalysis } from '../../modules/scores/analysis/compute.ts';

/**
 * 换算规则 demo data (issue 15): the usual score systems (out of 100, 120 and 150, and a graded one), a
 * five-level rule for grades A to E and the senior exam's 等级赋分 rule placing candidates by rank.
 */
export async function seedScoreRules(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM score_conversion_rules) AS any`);
  if (done?.any) return;
  const rule = async (name: string, remarks: string, levels: [string, number, number, number, string, number, number][]) => {
    const [created] = await queryRows<{ id: number }>(tx, sql`INSERT INTO score_conversion_rules (name, remarks) VALUES (${name}, ${remarks}) RETURNING id`);
    for (const [index, [level, lowest, highest, converted, colour, lowestRate, highestRate]] of levels.entries()) {
      await tx.execute(sql`
        INSERT INTO score_conversion_levels (rule_id, name, lowest_score, highest_score, converted_score, colour, lowest_rate, highest_rate, sort)
        VALUES (${created!.id}, ${level}, ${lowest}, ${highest}, ${converted}, ${colour}, ${lowestRate}, ${highestRate}, ${index + 1})`);
    }
    return created!.id;
  };
  const fiveLevels = await rule('五级等级制', '初中学业水平等级：A 优秀、B 良好、C 中等、D 合格、E 待合格。', [
    ['A', 90, 100, 95, '#2e7d32', 0, 20],
    ['B', 80, 89, 85, '#1565c0', 20, 50],
    ['C', 70, 79, 75, '#f9a825', 50, 80],
    ['D', 60, 69, 65, '#ef6c00', 80, 95],
    ['E', 0, 59, 50, '#c62828', 95, 100],
  ]);
  await rule('高考选考等级赋分', '按考生排名比例划分等级后赋分（A 15%、B 35%、C 35%、D 13%、E 2%）。', [
    ['A', 86, 100, 93, '#2e7d32', 0, 15],
    ['B', 71, 85, 78, '#1565c0', 15, 50],
    ['C', 56, 70, 63, '#f9a825', 50, 85],
    ['D', 41, 55, 48, '#ef6c00', 85, 98],
    ['E', 30, 40, 35, '#c62828', 98, 100],
  ]);
  await tx.execute(sql`
    INSERT INTO score_systems (name, full_mark, pass_line, good_line, excellent_line, conversion_rule_id, remarks) VALUES
      ('百分制', 100, 60, 75, 90, NULL, '多数学科的常规考试。'),
      ('一百二十分制', 120, 72, 90, 108, NULL, '初中语文、数学、英语。'),
      ('一百五十分制', 150, 90, 112.5, 135, NULL, '高中语文、数学、英语。'),
      ('等级制', 100, 60, 80, 90, ${fiveLevels}, '体育、艺术等按等级报告的学科。')`);
}

/**
 * 成绩批次 demo data: 初二's mid-term scores being entered (the window open this week), 初一's monthly
 * test released, and 初二's final waiting for January.
 */
export async function seedScoreBatches(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM score_batches) AS any`);
  if (done?.any) return;
  const exams = await queryRows<{ id: number; name: string; termId: number; gradeId: number; category: string }>(tx, sql`
    SELECT id, name, term_id AS "termId", grade_id AS "gradeId", category FROM exam_batches WHERE grade_id IS NOT NULL ORDER BY id`);
  const system = async (name: string) => (await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_systems WHERE name = ${name}`))[0]!.id;
  const [hundred, hundredTwenty] = [await system('百分制'), await system('一百二十分制')];
  const plan: Record<string, { name: string; node: string; start: string; end: string; released: boolean }> = {
    midterm: { name: '初二期中考试成绩', node: '期中', start: '2026-11-15 08:00', end: '2026-11-30 18:00', released: false },
    monthly: { name: '初一十月月考成绩', node: '十月月考', start: '2026-10-28 12:00', end: '2026-11-05 18:00', released: true },
    final: { name: '初二期末考试成绩', node: '期末', start: '2027-01-16 08:00', end: '2027-01-22 18:00', released: false },
  };
  const weights: Record<string, number> = { chinese: 25, maths: 25, english: 25, physics: 15, chemistry: 10, history: 10 };
  for (const exam of exams) {
    const spec = plan[exam.category];
    if (!spec) continue;
    const [batch] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO score_batches (term_id, name, exam_node, grade_id, exam_batch_id, entry_start, entry_end, released, released_at)
      VALUES (${exam.termId}, ${spec.name}, ${spec.node}, ${exam.gradeId}, ${exam.id}, ${schoolInstant(spec.start)}, ${schoolInstant(spec.end)},
        ${spec.released}, ${spec.released ? schoolInstant('2026-11-06 09:00') : null})
      RETURNING id`);
    const subjects = await queryRows<{ courseId: number; code: string }>(tx, sql`
      SELECT s.course_id AS "courseId", co.code FROM exam_subjects s JOIN courses co ON co.id = s.course_id WHERE s.batch_id = ${exam.id} ORDER BY s.exam_date, s.start_time`);
    for (const subject of subjects) {
      const main = ['chinese', 'maths', 'english'].includes(subject.code);
      await tx.execute(sql`
        INSERT INTO score_batch_subjects (batch_id, course_id, score_system_id, weight)
        VALUES (${batch!.id}, ${subject.courseId}, ${main ? hundredTwenty : hundred}, ${exam.category === 'monthly' ? 30 : (weights[subject.code] ?? 0)})`);
    }
    await tx.execute(sql`INSERT INTO score_batch_classes (batch_id, class_id) SELECT ${batch!.id}, class_id FROM exam_batch_classes WHERE batch_id = ${exam.id}`);
  }
}

/** The subjects a grade's exams score (course codes), by grade 1..12. */
function examSubjectsOf(grade: number): string[] {
  if (grade <= 6) return ['chinese', 'maths', 'english'];
  if (grade === 7) return ['chinese', 'maths', 'english', 'biology', 'history', 'geography'];
  if (grade === 8) return ['chinese', 'maths', 'english', 'physics', 'history', 'geography'];
  if (grade === 9) return ['chinese', 'maths', 'english', 'physics', 'chemistry', 'history'];
  return ['chinese', 'maths', 'english', 'physics', 'chemistry', 'biology'];
}

const MAIN = ['chinese', 'maths', 'english'];

/**
 * Fills a batch's scores for its classes' students: each student has a steady ability (the same in every
 * batch, so trends look like a real child's) and a day's form per subject; about one in 170 was absent.
 * `only` limits the subjects, `classes` the classes.
 */
async function fillScores(tx: Tx, batchId: number, only?: { courses: string[]; classIds?: number[] }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO scores (batch_id, student_id, course_id, score, mark, updated_at)
    SELECT b.id, s.id, bs.course_id,
      CASE WHEN r.absent THEN NULL ELSE least(ss.full_mark, greatest(0, round(ss.full_mark * (0.40 + 0.48 * r.ability + 0.16 * r.form) * 2) / 2)) END,
      CASE WHEN r.absent THEN 'absent' END,
      b.entry_start + interval '2 days'
    FROM score_batches b
    JOIN score_batch_classes bc ON bc.batch_id = b.id
    JOIN students s ON s.class_id = bc.class_id AND s.in_school_status = '1'
    JOIN score_batch_subjects bs ON bs.batch_id = b.id
    JOIN courses co ON co.id = bs.course_id
    JOIN score_systems ss ON ss.id = bs.score_system_id
    CROSS JOIN LATERAL (SELECT
      (abs(hashtext('ability:' || s.id || ':' || co.code)) % 1000) / 1000.0 * 0.5 + (abs(hashtext('ability:' || s.id)) % 1000) / 1000.0 * 0.5 AS ability,
      (abs(hashtext('form:' || s.id || ':' || b.id || ':' || co.id)) % 1000) / 1000.0 - 0.5 AS form,
      abs(hashtext('absent:' || s.id || ':' || b.id || ':' || co.id)) % 170 = 0 AS absent) r
    WHERE b.id = ${batchId}
      ${only ? sql`AND co.code = ANY(${textArray(only.courses)})` : sql``}
      ${only?.classIds ? sql`AND bc.class_id = ANY(${intArray(only.classIds)})` : sql``}`);
}

/**
 * Score demo data: every class has at least three exams with scores. Last term's mid-term and final of each
 * grade, released; this term's mid-term of every grade but 初二, released; 初一's monthly test (released);
 * 初二's mid-term being entered (Chinese and maths done, English done in 初二(1)班 part by part, the rest
 * waiting) and its final with Chinese split into parts ahead of time.
 */
export async function seedScores(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM scores) AS any`);
  if (done?.any) return;
  const terms = await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM terms`);
  const termOf = (code: string) => terms.find((term) => term.code === code)?.id;
  const [previous, current] = [termOf('2025-2026-2'), termOf('2026-2027-1')];
  if (!previous || !current) return;
  const grades = await queryRows<{ id: number; sort: number; name: string }>(tx, sql`
    SELECT g.id, g.sort, g.name FROM grades g WHERE EXISTS (SELECT 1 FROM classes c WHERE c.grade_id = g.id) ORDER BY g.sort`);
  const courses = new Map((await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM courses`)).map((row) => [row.code, row.id]));
  const system = async (name: string) => (await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_systems WHERE name = ${name}`))[0]!.id;
  const [hundred, hundredTwenty] = [await system('百分制'), await system('一百二十分制')];

  const addBatch = async (spec: { termId: number; gradeId: number; grade: number; name: string; node: string; start: string; end: string; releasedAt: string | null }) => {
    const [batch] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO score_batches (term_id, name, exam_node, grade_id, entry_start, entry_end, released, released_at)
      VALUES (${spec.termId}, ${spec.name}, ${spec.node}, ${spec.gradeId}, ${schoolInstant(spec.start)}, ${schoolInstant(spec.end)},
        ${spec.releasedAt !== null}, ${spec.releasedAt ? schoolInstant(spec.releasedAt) : null})
      ON CONFLICT (term_id, name) DO NOTHING RETURNING id`);
    if (!batch) return null;
    const codes = examSubjectsOf(spec.grade);
    const others = codes.filter((code) => !MAIN.includes(code));
    const weights = spec.grade <= 6 ? [35, 35, 30] : [25, 25, 25, ...others.map((_, i) => (i < 2 ? 10 : 5))];
    for (const [i, code] of codes.entries()) {
      const system = spec.grade > 6 && MAIN.includes(code) ? hundredTwenty : hundred;
      await tx.execute(sql`INSERT INTO score_batch_subjects (batch_id, course_id, score_system_id, weight) VALUES (${batch.id}, ${courses.get(code)!}, ${system}, ${weights[i] ?? 0})`);
    }
    await tx.execute(sql`INSERT INTO score_batch_classes (batch_id, class_id) SELECT ${batch.id}, id FROM classes WHERE grade_id = ${spec.gradeId}`);
    return batch.id;
  };

  for (const grade of grades) {
    const past = [
      { name: `2025-2026学年第二学期${grade.name}期中成绩`, node: '期中', start: '2026-04-27 08:00', end: '2026-05-08 18:00', releasedAt: '2026-05-11 09:00' },
      { name: `2025-2026学年第二学期${grade.name}期末成绩`, node: '期末', start: '2026-07-01 08:00', end: '2026-07-07 18:00', releasedAt: '2026-07-09 09:00' },
    ];
    for (const spec of past) {
      const id = await addBatch({ termId: previous, gradeId: grade.id, grade: grade.sort, ...spec });
      if (id) await fillScores(tx, id);
    }
    // 初二's mid-term comes from its 考务 exam (seedScoreBatches); the other grades' are released.
    if (grade.sort !== 8) {
      const id = await addBatch({ termId: current, gradeId: grade.id, grade: grade.sort, name: `${grade.name}期中考试成绩`, node: '期中', start: '2026-11-09 08:00', end: '2026-11-20 18:00', releasedAt: '2026-11-23 09:00' });
      if (id) await fillScores(tx, id);
    }
  }

  const seeded = await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM score_batches WHERE exam_batch_id IS NOT NULL`);
  const byName = (name: string) => seeded.find((batch) => batch.name === name)?.id;
  const monthly = byName('初一十月月考成绩');
  if (monthly) await fillScores(tx, monthly);
  const midterm = byName('初二期中考试成绩');
  if (midterm) {
    await fillScores(tx, midterm, { courses: ['chinese', 'maths'] });
    // English in two parts (listening 30, written 90), entered so far by 初二(1)班's teacher.
    const english = courses.get('english')!;
    const [listening, written] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO score_sub_items (batch_id, course_id, name, max_score, sort) VALUES (${midterm}, ${english}, '听力', 30, 0), (${midterm}, ${english}, '笔试', 90, 1) RETURNING id`);
    const [first] = await queryRows<{ id: number }>(tx, sql`
      SELECT c.id FROM classes c JOIN score_batch_classes bc ON bc.class_id = c.id AND bc.batch_id = ${midterm} ORDER BY c.sort LIMIT 1`);
    if (first) {
      await fillScores(tx, midterm, { courses: ['english'], classIds: [first.id] });
      // Listening is about a quarter of the score; written the rest, so the parts add up to the total.
      await tx.execute(sql`
        UPDATE scores SET sub_scores = jsonb_build_object(${String(listening!.id)}::text, l.part, ${String(written!.id)}::text, score - l.part)
        FROM (SELECT student_id AS sid, least(30, round(score / 4 * 2) / 2) AS part FROM scores WHERE batch_id = ${midterm} AND course_id = ${english} AND score IS NOT NULL) l
        WHERE batch_id = ${midterm} AND course_id = ${english} AND student_id = l.sid`);
    }
  }
  const final = byName('初二期末考试成绩');
  const chinese = courses.get('chinese');
  if (final && chinese) {
    await tx.execute(sql`
      INSERT INTO score_sub_items (batch_id, course_id, name, max_score, sort)
      SELECT ${final}, ${chinese}, v.name, v.max, v.sort FROM (VALUES ('积累运用', 30, 0), ('阅读理解', 40, 1), ('作文', 50, 2)) AS v(name, max, sort)
      WHERE EXISTS (SELECT 1 FROM score_batch_subjects WHERE batch_id = ${final} AND course_id = ${chinese})`);
  }
  // 初一's monthly test was hard: the office counts it against its own lines (考试分析设置).
  await tx.execute(sql`
    INSERT INTO score_analysis_settings (batch_id, pass_percent, good_percent, excellent_percent)
    SELECT id, 50, 70, 85 FROM score_batches WHERE name = '初一十月月考成绩' ON CONFLICT (batch_id) DO NOTHING`);
  // The released batches' analysis, computed now rather than by the background runner after the seed.
  const released = await queryRows<{ id: number }>(tx, sql`SELECT id FROM score_batches WHERE released`);
  await tx.execute(sql`UPDATE score_batches SET analysis_state = 'pending' WHERE released`);
  await computeAnalysis(tx, released.map((row) => row.id));
}

/**
 * 总评 demo data: last term's overall score of every grade with exams (期中 40 %, 期末 60 %, complete), and
 * 初二's this term, still waiting for its mid-term's release and the final.
 */
export async function seedOverallSchemes(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM overall_schemes) AS any`);
  if (done?.any) return;
  const batches = await queryRows<{ id: number; termId: number; gradeId: number; gradeName: string; node: string; code: string }>(tx, sql`
    SELECT b.id, b.term_id AS "termId", b.grade_id AS "gradeId", g.name AS "gradeName", b.exam_node AS node, t.code
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id
    WHERE (t.code = '2025-2026-2' AND b.exam_node IN ('期中', '期末')) OR (t.code = '2026-2027-1' AND g.code = 'G08' AND b.exam_node IN ('期中', '期末'))
    ORDER BY g.sort, b.entry_start`);
  const schemes = new Map<string, typeof batches>();
  for (const batch of batches) schemes.set(`${batch.termId}-${batch.gradeId}`, [...(schemes.get(`${batch.termId}-${batch.gradeId}`) ?? []), batch]);
  for (const parts of schemes.values()) {
    const [first] = parts;
    if (!first || parts.length < 2) continue;
    const [scheme] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO overall_schemes (term_id, grade_id, name, remarks)
      VALUES (${first.termId}, ${first.gradeId}, ${`${first.gradeName}学期总评`}, '期中 40%，期末 60%。') RETURNING id`);
    for (const part of parts) {
      await tx.execute(sql`INSERT INTO overall_scheme_parts (scheme_id, batch_id, weight) VALUES (${scheme!.id}, ${part.id}, ${part.node === '期中' ? 40 : 60})`);
    }
  }
}

/**
 * 自定义群体 and 考试成绩维护 demo data: 李秀英's (T0002) top ten of 初二(1)班 by last term's final and her
 * shared group of students near the pass line in maths; and one corrected score of that final (a question
 * missed in marking), so the history is not empty.
 */
export async function seedGroupsAndCorrections(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM student_groups) AS any`);
  if (done?.any) return;
  const [owner] = await queryRows<{ userId: number; classId: number }>(tx, sql`
    SELECT u.id AS "userId", c.id AS "classId" FROM users u JOIN staff st ON st.user_id = u.id JOIN classes c ON c.class_teacher_id = st.id
    WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1`);
  const [final] = await queryRows<{ id: number }>(tx, sql`
    SELECT b.id FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id
    WHERE t.code = '2025-2026-2' AND g.code = 'G08' AND b.exam_node = '期末'`);
  if (!owner || !final) return;
  const group = async (name: string, remarks: string, shared: boolean, members: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO student_groups (name, remarks, shared, owner_user_id) VALUES (${name}, ${remarks}, ${shared}, ${owner.userId}) RETURNING id`);
    await tx.execute(sql`INSERT INTO student_group_members (group_id, student_id) SELECT ${row!.id}, x.id FROM (${members}) x`);
  };
  await group('初二(1)班尖子生', '上学期期末总分班级前十。', false, sql`
    SELECT s.id FROM students s JOIN scores sc ON sc.student_id = s.id AND sc.batch_id = ${final.id}
    WHERE s.class_id = ${owner.classId} GROUP BY s.id ORDER BY sum(sc.score) DESC NULLS LAST LIMIT 10`);
  await group('初二数学临界生', '上学期期末数学 65–80 分（满分 120），本学期重点辅导。', true, sql`
    SELECT s.id FROM students s JOIN scores sc ON sc.student_id = s.id AND sc.batch_id = ${final.id}
    JOIN courses co ON co.id = sc.course_id AND co.code = 'maths'
    WHERE s.class_id = ${owner.classId} AND sc.score BETWEEN 65 AND 80`);
  const [admin] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE account = 'admin'`);
  const [target] = await queryRows<{ studentId: number; courseId: number; score: number }>(tx, sql`
    SELECT sc.student_id AS "studentId", sc.course_id AS "courseId", sc.score::float8 AS score FROM scores sc
    JOIN students s ON s.id = sc.student_id AND s.class_id = ${owner.classId} JOIN courses co ON co.id = sc.course_id AND co.code = 'physics'
    WHERE sc.batch_id = ${final.id} AND sc.score IS NOT NULL AND sc.score <= 95 ORDER BY s.student_number LIMIT 1`);
  if (target) {
    await tx.execute(sql`UPDATE scores SET score = ${target.score + 5}, updated_by = ${admin?.id ?? null} WHERE batch_id = ${final.id} AND student_id = ${target.studentId} AND course_id = ${target.courseId}`);
    await tx.execute(sql`
      INSERT INTO score_corrections (batch_id, student_id, course_id, old_score, new_score, reason, corrected_by, corrected_at)
      VALUES (${final.id}, ${target.studentId}, ${target.courseId}, ${target.score}, ${target.score + 5}, '阅卷复核：第 18 题漏计 5 分。', ${admin?.id ?? null}, '2026-07-08 10:30+08')`);
    // The figures were computed with the score before its correction.
    await tx.execute(sql`UPDATE score_batches SET analysis_state = 'pending' WHERE id = ${final.id}`);
    await computeAnalysis(tx, [final.id]);
  }
}
