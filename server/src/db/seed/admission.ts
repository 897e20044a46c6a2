import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { schoolToday } from '../../modules/timetable/views/service.ts';
import { GIVEN, SURNAMES } from './reference.ts';

/**
 * 录取管理 / 分班管理 demo data (issue 16): next year's 高一 intake of sixty registrations with their 中考 scores
 * (out of 750), three in five admitted, some waiting, some not admitted; none placed yet, so the office can
 * run the division. The registrations already placed or enrolled count as admitted.
 */
export async function seedAdmission(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM enrolment_candidates WHERE entrance_score IS NOT NULL) AS any`);
  if (done?.any) return;
  await tx.execute(sql`UPDATE enrolment_candidates SET admission = 'admitted', admission_decided_at = created_at WHERE (student_id IS NOT NULL OR class_id IS NOT NULL) AND admission = 'pending'`);
  const [grade] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM grades WHERE name = '高一'`);
  if (!grade) return;
  const year = Number(schoolToday().slice(0, 4)) + 1;
  const schools = ['第一初级中学', '实验中学', '育才中学', '城南中学', '外国语学校初中部', '东湖中学'];
  const rows = Array.from({ length: 60 }, (_, i) => {
    const surname = SURNAMES[(i * 7 + 3) % SURNAMES.length]!;
    const given = GIVEN.slice((i * 5) % (GIVEN.length - 2), ((i * 5) % (GIVEN.length - 2)) + 1 + (i % 2));
    // Scores from 720 down to 452, a little uneven.
    const score = Math.round((720 - i * 4.5 - ((i * 13) % 7)) * 10) / 10;
    const admission = i < 36 ? 'admitted' : i < 50 ? 'pending' : 'rejected';
    return sql`(${surname + given}, ${i % 3 === 1 ? '2' : i % 2 === 0 ? '1' : '2'}, ${grade.id}, ${year}, TRUE, TRUE, ${`${surname}家长`}, ${`139${String(20000000 + i * 7919).slice(0, 8)}`},
      ${schools[i % schools.length]!}, ${score}, ${admission}, ${admission === 'pending' ? null : sql`now() - interval '5 days'`})`;
  });
  await tx.execute(sql`
    INSERT INTO enrolment_candidates (name, gender, grade_id, entry_year, on_register, studying, guardian_name, guardian_phone, previous_school, entrance_score, admission, admission_decided_at)
    VALUES ${sql.join(rows, sql`, `)}`);
}
