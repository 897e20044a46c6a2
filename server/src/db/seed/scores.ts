import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { schoolInstant } from '../../platform/schoolClock.ts';

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
