import { sql } from 'drizzle-orm';
import { queryRows, textArray, type Tx } from '../client.ts';
import { schoolInstant } from '../../platform/schoolClock.ts';

/**
 * 校外成绩 demo data (/cjglNew/xwcj/kscjwh): 初二's district joint exam of this autumn, released with every
 * student's scores and district place; 初三's first city mock, its scores half entered and not released; and
 * 初二's city quality check of last spring, released. The demo student 201911001 (初二(1)班) and their parent
 * see the two released ones on the transcript page.
 */

interface ExamPlan {
  term: string;
  grade: string;
  name: string;
  organiser: string;
  date: string;
  remarks: string;
  subjects: [code: string, fullMark: number][];
  releasedAt: string | null;
  /** Candidates in the organiser's area: the school's students are placed among them. */
  candidates: number | null;
  /** Only these subjects have scores (all of them when absent); `firstClassOnly` those of the grade's first class alone. */
  entered?: { all: string[]; firstClassOnly: string[] };
}

const MAIN: [string, number][] = [
  ['chinese', 120],
  ['maths', 120],
  ['english', 120],
];

const PLANS: ExamPlan[] = [
  {
    term: '2026-2027-1',
    grade: 'G08',
    name: '2026年秋季区统考（初二）',
    organiser: '区教育局',
    date: '2026-11-06',
    remarks: '全区初二年级统一质量检测，名次为全区名次（约 3000 人参考）。',
    subjects: [...MAIN, ['physics', 100]],
    releasedAt: '2026-11-20 09:00',
    candidates: 3000,
  },
  {
    term: '2026-2027-1',
    grade: 'G09',
    name: '2027届初三中考一模',
    organiser: '市教育考试院',
    date: '2026-11-20',
    remarks: '全市统一命题的中考第一次模拟考试，成绩陆续录入中。',
    subjects: [...MAIN, ['physics', 100], ['chemistry', 100]],
    releasedAt: null,
    candidates: null,
    entered: { all: ['chinese', 'maths'], firstClassOnly: ['english'] },
  },
  {
    term: '2025-2026-2',
    grade: 'G08',
    name: '2026年春季市学业质量监测（初二）',
    organiser: '市教育局教研室',
    date: '2026-06-10',
    remarks: '全市抽测，名次为全市名次。',
    subjects: MAIN,
    releasedAt: '2026-06-24 09:00',
    candidates: 9000,
  },
];

export async function seedExternalExams(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM external_exams) AS any`);
  if (done?.any) return;
  const terms = new Map((await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM terms`)).map((row) => [row.code, row.id]));
  const grades = new Map((await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM grades`)).map((row) => [row.code, row.id]));
  const courses = new Map((await queryRows<{ id: number; code: string }>(tx, sql`SELECT id, code FROM courses`)).map((row) => [row.code, row.id]));

  for (const plan of PLANS) {
    const termId = terms.get(plan.term);
    const gradeId = grades.get(plan.grade);
    if (!termId || !gradeId || plan.subjects.some(([code]) => !courses.has(code))) continue;
    const [exam] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO external_exams (term_id, grade_id, name, organiser, exam_date, remarks, released, released_at, updated_at)
      VALUES (${termId}, ${gradeId}, ${plan.name}, ${plan.organiser}, ${plan.date}::date, ${plan.remarks}, ${plan.releasedAt !== null},
        ${plan.releasedAt ? schoolInstant(plan.releasedAt) : null}, ${schoolInstant(plan.releasedAt ?? `${plan.date} 17:00`)})
      RETURNING id`);
    for (const [sort, [code, fullMark]] of plan.subjects.entries()) {
      await tx.execute(sql`INSERT INTO external_exam_subjects (exam_id, course_id, full_mark, sort) VALUES (${exam!.id}, ${courses.get(code)!}, ${fullMark}, ${sort})`);
    }
    if (plan.entered) {
      await fillResults(tx, exam!.id, plan.entered.all, false);
      await fillResults(tx, exam!.id, plan.entered.firstClassOnly, true);
    } else {
      await fillResults(tx, exam!.id, plan.subjects.map(([code]) => code), false);
    }
    if (plan.candidates) await placeStudents(tx, exam!.id, plan.candidates);
  }
}

/**
 * Scores of the exam's grade's students at school in the given subjects, merged into their results: each
 * student's steady ability (the one their school scores use, so the two agree) and the day's form, about 70 %
 * of the full mark on average, in half marks; about one in 200 was absent.
 */
async function fillResults(tx: Tx, examId: number, codes: string[], firstClassOnly: boolean): Promise<void> {
  if (!codes.length) return;
  await tx.execute(sql`
    WITH cells AS (
      SELECT s.id AS student_id, jsonb_object_agg(es.course_id::text,
          CASE WHEN abs(hashtext('external-absent:' || s.id || ':' || e.id || ':' || co.id)) % 200 = 0 THEN jsonb_build_object('score', NULL, 'mark', 'absent')
          ELSE jsonb_build_object('score', least(es.full_mark, greatest(0, round(es.full_mark * (0.46 + 0.46 * r.ability + 0.16 * r.form) * 2) / 2)), 'mark', NULL) END) AS scores
      FROM external_exams e
      JOIN classes c ON c.grade_id = e.grade_id
      JOIN students s ON s.class_id = c.id AND s.in_school_status = '1'
      JOIN external_exam_subjects es ON es.exam_id = e.id
      JOIN courses co ON co.id = es.course_id
      CROSS JOIN LATERAL (SELECT
        (abs(hashtext('ability:' || s.id || ':' || co.code)) % 1000) / 1000.0 * 0.5 + (abs(hashtext('ability:' || s.id)) % 1000) / 1000.0 * 0.5 AS ability,
        (abs(hashtext('external-form:' || s.id || ':' || e.id || ':' || co.id)) % 1000) / 1000.0 - 0.5 AS form) r
      WHERE e.id = ${examId} AND co.code = ANY(${textArray(codes)})
        ${firstClassOnly ? sql`AND c.id = (SELECT c1.id FROM classes c1 WHERE c1.grade_id = e.grade_id ORDER BY c1.sort, c1.id LIMIT 1)` : sql``}
      GROUP BY s.id)
    INSERT INTO external_exam_results (exam_id, student_id, scores, updated_at)
    SELECT ${examId}, cells.student_id, cells.scores, (SELECT e.exam_date + interval '8 days 16 hours' FROM external_exams e WHERE e.id = ${examId})
    FROM cells
    ON CONFLICT (exam_id, student_id) DO UPDATE SET scores = external_exam_results.scores || excluded.scores`);
}

/**
 * The places the organiser gave: the school's students by total among `candidates` (a good school: its
 * students spread over the upper part of the list), equal totals near each other.
 */
async function placeStudents(tx: Tx, examId: number, candidates: number): Promise<void> {
  await tx.execute(sql`
    WITH totals AS (
      SELECT student_id, (SELECT coalesce(sum((v.value ->> 'score')::numeric), 0) FROM jsonb_each(scores) v WHERE jsonb_typeof(v.value -> 'score') = 'number') AS total
      FROM external_exam_results WHERE exam_id = ${examId}),
    ranked AS (
      SELECT student_id, rank() OVER (ORDER BY total DESC) AS place, count(*) OVER () AS size FROM totals)
    UPDATE external_exam_results r
    SET district_rank = 1 + (x.place - 1) * greatest(1, (${candidates}::int * 0.8 / x.size)::int) + abs(hashtext('external-place:' || r.student_id || ':' || r.exam_id)) % greatest(1, (${candidates}::int * 0.8 / x.size)::int)
    FROM ranked x
    WHERE r.exam_id = ${examId} AND r.student_id = x.student_id`);
}
