import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';

/**
 * 考试批次 demo data (issue 15): the seeded mid-term (published, with its rooms and invigilators) becomes
 * 初二's, with its subjects' sittings; 初二 also has a final exam being planned (not published) and 初一 a
 * monthly test that is published; the weights of 初二's exams of the term total 80.
 */
export async function seedExams(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM exam_subjects) AS any`);
  if (done?.any) return;
  const [term] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM terms WHERE is_current LIMIT 1`);
  const [midterm] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM exam_batches WHERE name = '2026-2027学年第一学期期中考试'`);
  const grade = async (sort: number) => (await queryRows<{ id: number }>(tx, sql`SELECT id FROM grades WHERE sort = ${sort}`))[0]?.id;
  const [grade7, grade8] = [await grade(7), await grade(8)];
  if (!term || !grade7 || !grade8) return;
  const course = async (code: string) => (await queryRows<{ id: number }>(tx, sql`SELECT id FROM courses WHERE code = ${code}`))[0]?.id;

  const addParts = async (batchId: number, gradeId: number, subjects: [string, string, string, string][]) => {
    for (const [code, date, start, end] of subjects) {
      const courseId = await course(code);
      if (courseId) {
        await tx.execute(sql`INSERT INTO exam_subjects (batch_id, course_id, exam_date, start_time, end_time) VALUES (${batchId}, ${courseId}, ${date}::date, ${start}, ${end})`);
      }
    }
    await tx.execute(sql`INSERT INTO exam_batch_classes (batch_id, class_id) SELECT ${batchId}, id FROM classes WHERE grade_id = ${gradeId}`);
  };

  if (midterm) {
    await tx.execute(sql`
      UPDATE exam_batches SET grade_id = ${grade8}, category = 'midterm', level = 'school', weight_percent = 30, score_system = 100, pass_line = 60,
        published_at = '2026-11-03 09:00+08', remarks = '期中质量检测，各科统一命题。' WHERE id = ${midterm.id}`);
    await addParts(midterm.id, grade8, [
      ['chinese', '2026-11-10', '08:30', '10:30'],
      ['maths', '2026-11-11', '08:30', '10:30'],
      ['english', '2026-11-12', '08:30', '10:00'],
      ['physics', '2026-11-13', '08:30', '10:00'],
      ['chemistry', '2026-11-14', '08:30', '10:00'],
    ]);
  }
  const [final] = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO exam_batches (term_id, grade_id, name, category, level, weight_percent, score_system, pass_line, remarks, published)
    VALUES (${term.id}, ${grade8}, '2026-2027学年第一学期初二期末考试', 'final', 'district', 50, 100, 60, '区统考，考场与监考安排待定。', false) RETURNING id`);
  await addParts(final!.id, grade8, [
    ['chinese', '2027-01-13', '08:30', '11:00'],
    ['maths', '2027-01-13', '14:30', '16:30'],
    ['english', '2027-01-14', '08:30', '10:30'],
    ['physics', '2027-01-14', '14:30', '16:00'],
    ['history', '2027-01-15', '08:30', '09:30'],
  ]);
  const [monthly] = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO exam_batches (term_id, grade_id, name, category, level, weight_percent, score_system, pass_line, remarks, published, published_at)
    VALUES (${term.id}, ${grade7}, '初一十月月考', 'monthly', 'school', 20, 120, 72, '', true, '2026-10-20 09:00+08') RETURNING id`);
  await addParts(monthly!.id, grade7, [
    ['chinese', '2026-10-27', '08:00', '09:30'],
    ['maths', '2026-10-27', '10:00', '11:30'],
    ['english', '2026-10-28', '08:00', '09:30'],
  ]);
}
