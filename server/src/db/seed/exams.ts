import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../client.ts';

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

/**
 * 考场安排 and 监考安排 demo data: the published mid-term and monthly test are arranged (30 seats a room in
 * the grade's own building, invigilators from the teachers of its classes, one of them away for a meeting);
 * the final exam being planned has its rooms but no invigilators yet.
 */
export async function seedExamArrangements(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM exam_rooms) AS any`);
  if (done?.any) return;
  const { arrangeRooms } = await import('../../modules/exams/rooms/service.ts');
  const { arrangeInvigilators, saveInvigilationSettings } = await import('../../modules/exams/invigilation/service.ts');
  const db = tx as unknown as Db;
  const batches = await queryRows<{ id: number; name: string; published: boolean; gradeSort: number; candidates: number }>(tx, sql`
    SELECT b.id, b.name, b.published, g.sort AS "gradeSort",
      (SELECT count(*)::int FROM students s JOIN exam_batch_classes bc ON bc.class_id = s.class_id WHERE bc.batch_id = b.id AND s.in_school_status = '1') AS candidates
    FROM exam_batches b JOIN grades g ON g.id = b.grade_id ORDER BY b.id`);
  for (const batch of batches) {
    if (!batch.candidates) continue;
    // Arranging refuses a published exam: the demo arranges it first and publishes it again afterwards.
    await tx.execute(sql`UPDATE exam_batches SET published = false WHERE id = ${batch.id}`);
    const rooms = await queryRows<{ id: number }>(tx, sql`
      SELECT id FROM classrooms WHERE building = '致远楼' AND capacity >= 30
      ORDER BY code NOT LIKE ${`%${String(batch.gradeSort).padStart(2, '0')}_`}, code LIMIT ${Math.ceil(batch.candidates / 30)}`);
    await arrangeRooms(db, { batchId: batch.id, classroomIds: rooms.map((room) => room.id), seatsPerRoom: 30 });
    if (batch.name.includes('期末')) continue;
    const pool = await queryRows<{ id: number }>(tx, sql`
      SELECT DISTINCT te.teacher_id AS id FROM exam_batches b JOIN exam_batch_classes bc ON bc.batch_id = b.id
      JOIN timetable_entries te ON te.term_id = b.term_id AND te.class_id = bc.class_id AND te.teacher_id IS NOT NULL
      WHERE b.id = ${batch.id} ORDER BY 1`);
    const [first] = await queryRows<{ examDate: string }>(tx, sql`SELECT to_char(min(exam_date), 'YYYY-MM-DD') AS "examDate" FROM exam_subjects WHERE batch_id = ${batch.id}`);
    await saveInvigilationSettings(db, {
      batchId: batch.id,
      staffIds: pool.map((row) => row.id),
      avoidOwnSubject: true,
      twoInvigilatorsFrom: 30,
      unavailable: pool.length > 1 && first ? [{ staffId: pool[pool.length - 1]!.id, examDate: first.examDate, startTime: '08:00', endTime: '12:00', reason: '区教研会' }] : [],
    });
    await arrangeInvigilators(db, batch.id);
    if (batch.published) await tx.execute(sql`UPDATE exam_batches SET published = true WHERE id = ${batch.id}`);
  }
}
