import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { KEYWORD_PEOPLE } from './school.ts';

interface DemoPrize {
  name: string;
  winnerNumber: number;
  /** How many students of the demo class get it (201911001 first when `demoStudent`). */
  given: number;
  demoStudent?: boolean;
  /** Also given to the students of 初二(2)班 a keyword search is tried on. */
  keywordPeople?: boolean;
}

interface DemoCompetition {
  publisher: string;
  title: string;
  place: string;
  content: string;
  daysAgo: number;
  prizes: DemoPrize[];
}

const COMPETITIONS: DemoCompetition[] = [
  {
    publisher: 'T0001', title: '2026 年全市中学生数学竞赛', place: '市第一中学', daysAgo: 40,
    content: '面向全市初、高中学生的数学学科竞赛，考试时间 120 分钟，内容涵盖代数、几何与数论。',
    prizes: [
      // The first prize allows one winner and has it: the demo's full award.
      { name: '一等奖', winnerNumber: 1, given: 1, demoStudent: true },
      { name: '二等奖', winnerNumber: 3, given: 2 },
      { name: '三等奖', winnerNumber: 5, given: 0 },
    ],
  },
  {
    publisher: 'T0002', title: '校园英语演讲比赛', place: '学术报告厅', daysAgo: 15,
    content: '以“My Dream”为主题的英语演讲比赛，每位选手演讲 3 分钟，由外语组教师评分。',
    prizes: [
      { name: '最佳风采奖', winnerNumber: 2, given: 1, demoStudent: true },
      { name: '优秀奖', winnerNumber: 10, given: 3, keywordPeople: true },
    ],
  },
  {
    publisher: 'admin', title: '青少年科技创新大赛（校级选拔）', place: '科技楼创新实验室', daysAgo: 3,
    content: '围绕节能环保、智能生活等方向提交科技作品，评选优秀作品推荐参加区级比赛。',
    prizes: [
      { name: '创新作品奖', winnerNumber: 5, given: 0 },
      { name: '优秀组织奖', winnerNumber: 0, given: 0 },
    ],
  },
];

/**
 * Demo competitions, awards given to the demo class (201911001 among them) and two students of the next class, and
 * above-school awards (once per database).
 */
export async function seedAwards(tx: Tx): Promise<void> {
  const [existing] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM competitions) OR EXISTS (SELECT 1 FROM above_school_awards) AS any`);
  if (existing?.any) return;
  const [demo] = await queryRows<{ studentId: number | null; classId: number | null; teacherId: number | null }>(tx, sql`
    SELECT s.id AS "studentId", s.class_id AS "classId", (SELECT id FROM users WHERE account = 'T0002') AS "teacherId"
    FROM students s WHERE s.student_number = '201911001'`);
  if (!demo?.studentId || !demo.classId) return;
  // Classmates of the demo student, in a fixed order, each given one award at most.
  const classmates = (
    await queryRows<{ id: number }>(tx, sql`
      SELECT id FROM students WHERE class_id = ${demo.classId} AND id <> ${demo.studentId} AND in_school_status = '1' ORDER BY student_number LIMIT 20`)
  ).map((row) => row.id);
  const keywordPeople = (
    await queryRows<{ id: number }>(tx, sql`
      SELECT id FROM students WHERE student_number = ANY(${sql.param(Object.values(KEYWORD_PEOPLE.students).map((person) => person.number))}::text[]) ORDER BY student_number`)
  ).map((row) => row.id);
  let next = 0;
  for (const competition of COMPETITIONS) {
    const heldOn = sql`(current_date - ${competition.daysAgo}::int)`;
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO competitions (title, held_on, place, content, pictures, publisher_user_id, released_at, updated_at)
      SELECT ${competition.title}, ${heldOn}, ${competition.place}, ${competition.content}, '[]'::jsonb, u.id,
             now() - make_interval(days => ${competition.daysAgo + 7}), now() - make_interval(days => ${competition.daysAgo + 7})
      FROM users u WHERE u.account = ${competition.publisher}
      RETURNING id`);
    if (!row) continue;
    for (const prize of competition.prizes) {
      const [created] = await queryRows<{ id: number }>(tx, sql`
        INSERT INTO competition_prizes (competition_id, name, winner_number, awarded_on, starts_on, ends_on, publisher_user_id)
        SELECT ${row.id}, ${prize.name}, ${prize.winnerNumber}, ${heldOn} + 7, ${heldOn}, ${heldOn} + 30, publisher_user_id FROM competitions WHERE id = ${row.id}
        RETURNING id`);
      const winners = [
        ...(prize.demoStudent ? [demo.studentId] : []),
        ...classmates.slice(next, next + prize.given - (prize.demoStudent ? 1 : 0)),
        ...(prize.keywordPeople ? keywordPeople : []),
      ];
      next += prize.given - (prize.demoStudent ? 1 : 0);
      if (winners.length === 0) continue;
      await tx.execute(sql`
        INSERT INTO disciplinary_awards (prize_id, student_id, pictures, giver_user_id, created_at)
        SELECT ${created!.id}, student_id, '[]'::jsonb, ${demo.teacherId}, now() - make_interval(days => ${Math.max(competition.daysAgo - 8, 0)})
        FROM unnest(${sql.param(winners)}::int[]) AS student_id`);
    }
  }
  const [above] = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO above_school_awards (level, name, awarded_on, pictures, notes, creator_user_id, created_at, updated_at)
    VALUES ('province', '省青少年科技创新大赛二等奖', current_date - 60, '[]'::jsonb, '作品《校园节水监测装置》', ${demo.teacherId}, now() - interval '55 days', now() - interval '55 days')
    RETURNING id`);
  await tx.execute(sql`
    INSERT INTO above_school_award_winners (award_id, student_id)
    SELECT ${above!.id}, student_id FROM unnest(${sql.param([demo.studentId, ...classmates.slice(next, next + 1)])}::int[]) AS student_id`);
  const [city] = await queryRows<{ id: number }>(tx, sql`
    INSERT INTO above_school_awards (level, name, awarded_on, pictures, notes, creator_user_id, created_at, updated_at)
    VALUES ('city', '市中小学生书法比赛三等奖', current_date - 20, '[]'::jsonb, '', ${demo.teacherId}, now() - interval '18 days', now() - interval '18 days')
    RETURNING id`);
  if (classmates[next + 1]) await tx.execute(sql`INSERT INTO above_school_award_winners (award_id, student_id) VALUES (${city!.id}, ${classmates[next + 1]!})`);
}
