/**
 * Keyword scenarios of `npm run bench` (issue 18): the student list and the largest list of each business
 * area, searched as Chinese users search them: a one-character surname, a two-character name, a full
 * three-character name and a keyword that changes on every request (surnames, names, pinyin initials),
 * or, for lists of titles, words of their titles. 50 connections each, as the administrator (who sees
 * every row). The district's rows are made by bench/generateLists.ts.
 *
 *   --only "student keyword"            the student list's five scenarios
 *   --only "area keyword"               every area's four
 *   --only "area keyword: 家校互动"      one area's (the names of AREAS below)
 */
import { GIVEN, SURNAMES } from '../server/src/db/seed/reference.ts';
import { DISTRICT_EXAM_NAME } from './generateLists.ts';

/** A scenario as run.ts drives it (a JSON POST as the administrator). */
export interface KeywordScenario {
  name: string;
  path: string;
  body: (i: number) => Record<string, unknown>;
  /** The keyword changes on every request. */
  changing: boolean;
}

export interface KeywordGroup {
  /** What --only matches to run the group: 'student keyword' or 'area keyword: <area>'. */
  only: string;
  area: string;
  list: string;
  scenarios: KeywordScenario[];
}

type Query = <T>(text: string) => Promise<T[]>;

/** What the scenarios need from the database, read before the server starts. */
export interface KeywordFacts {
  names: string[];
  initials: string[];
  scoreBatchId: number | null;
  examBatchId: number | null;
  shiftBatchId: number | null;
  policyId: number | null;
  contactClassIds: number[];
}

export const STUDENT_KEYWORD_GROUP = 'student keyword';
export const AREA_KEYWORD_GROUP = 'area keyword';

export async function readKeywordFacts(query: Query): Promise<KeywordFacts> {
  const one = async (text: string) => {
    try {
      const [row] = await query<{ id: number | null }>(text);
      return row?.id ?? null;
    } catch {
      // the table is not in this database (generated before it existed)
      return null;
    }
  };
  const [hasInitials] = await query<{ n: string }>(`SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'students' AND column_name = 'name_initials'`);
  // Real names of the district, one in 53 students: the full names and initials the changing keyword uses.
  const sample = await query<{ name: string; initials: string }>(
    `SELECT name, ${Number(hasInitials?.n) ? 'name_initials' : "''"} AS initials FROM students WHERE id % 53 = 0 ORDER BY id LIMIT 800`,
  );
  let contactClassIds: number[] = [];
  try {
    contactClassIds = (await query<{ id: number }>(`SELECT class_id AS id FROM class_records WHERE kind = 'contact' GROUP BY class_id ORDER BY class_id LIMIT 2000`)).map((row) => row.id);
  } catch {
    // no class records table
  }
  const biggest = (table: string) => `
    SELECT b.id FROM ${table} b WHERE b.name LIKE '%${DISTRICT_EXAM_NAME}'
    ORDER BY (SELECT count(*) FROM ${table === 'score_batches' ? 'score_batch_classes' : 'exam_batch_classes'} c WHERE c.batch_id = b.id) DESC, b.id LIMIT 1`;
  return {
    names: sample.map((row) => row.name),
    initials: sample.map((row) => row.initials).filter((text) => text.length >= 2),
    scoreBatchId: await one(biggest('score_batches')),
    examBatchId: await one(biggest('exam_batches')),
    shiftBatchId: await one('SELECT batch_id AS id FROM shift_choices GROUP BY batch_id ORDER BY count(*) DESC LIMIT 1'),
    policyId: await one('SELECT policy_id AS id FROM insured_students GROUP BY policy_id ORDER BY count(*) DESC LIMIT 1'),
    contactClassIds,
  };
}

/**
 * The keyword that changes on every request, for lists of people: in turn a surname, a surname with a
 * given character, a two-character given name, the initials of a real name (张伟 → zw, as typed) and a
 * real full name. Deterministic, 1,000 long, so a run repeats no keyword within the first thousand requests.
 */
export function changingNames(facts: KeywordFacts): string[] {
  const surnames = [...SURNAMES];
  const given = [...GIVEN];
  const out: string[] = [];
  for (let i = 0; out.length < 1000; i++) {
    const surname = surnames[(i * 37) % surnames.length]!;
    const name = facts.names.length ? facts.names[(i * 13) % facts.names.length]! : `${surname}${given[i % given.length]}`;
    const initials = facts.initials.length ? facts.initials[(i * 29) % facts.initials.length]! : '';
    const variants = [
      surname,
      `${surname}${given[(i * 7) % given.length]}`,
      `${given[(i * 11) % given.length]}${given[(i * 17 + 5) % given.length]}`,
      // The surname's and the first given character's initials, or the whole name's.
      initials ? (i % 2 ? initials : initials.slice(0, 2)) : `${surname}${given[(i * 3) % given.length]}`,
      name,
    ];
    out.push(variants[i % variants.length]!);
  }
  return out;
}

/** Words of homework titles (generateLists.ts HOMEWORK_TEMPLATES) and of survey titles, in turn. */
const HOMEWORK_WORDS = ['单元', '复习', '默写', '背诵', '听写', '口算', '阅读', '实验', '错题', '课时', 'Unit', '试卷', '卷', '诗', '练', '题', '第3单元', '期中复习', '练习册', '课后练习', '作文', '数学', '英语作文', '静夜思', '读书笔记'];
const SURVEY_WORDS = ['食堂', '作业', '课后服务', '寒假', '家长会', '校服', '研学', '心理', '阅读', '近视', '午休', '社团', '安全', '满意度', '调查', '秋季', '春季', '高一', '初二', '反馈', '会', '餐', '暑假', '家庭教育', '第3实验学校'];

/** The student list and, per business area, its largest list at district scale with its keyword field. */
export function keywordGroups(facts: KeywordFacts): { groups: KeywordGroup[]; skipped: string[] } {
  const names = changingNames(facts);
  const page = { currPage: 0, limit: 10 };
  // [label, keyword(i)]: one, two, three characters and changing.
  const personKeywords: [string, (i: number) => string][] = [['侯', () => '侯'], ['张伟', () => '张伟'], ['王秀英', () => '王秀英'], ['changing', (i) => names[i % names.length]!]];
  const words = (list: string[], fixed: [string, string, string]): [string, (i: number) => string][] => [
    [fixed[0], () => fixed[0]], [fixed[1], () => fixed[1]], [fixed[2], () => fixed[2]], ['changing', (i) => list[i % list.length]!],
  ];
  const skipped: string[] = [];
  const groups: KeywordGroup[] = [
    {
      only: STUDENT_KEYWORD_GROUP,
      area: '学生信息',
      list: 'POST /api/students/page',
      scenarios: (
        [
          ['侯 (one character)', () => '侯'],
          ['张伟 (two characters)', () => '张伟'],
          ['王秀英 (three characters)', () => '王秀英'],
          ['zw (pinyin initials)', () => 'zw'],
          ['changing on every request', (i: number) => names[i % names.length]!],
        ] as [string, (i: number) => string][]
      ).map(([label, keyword]) => ({
        name: `student list, keyword ${label}`,
        path: '/api/students/page',
        body: (i: number) => ({ ...page, search: { keyword: keyword(i) } }),
        changing: label.startsWith('changing'),
      })),
    },
  ];
  // [area, list, path, keywords, body(keyword, i) or null when the database lacks what the list needs]
  const areas: [string, string, string, [string, (i: number) => string][], ((keyword: string, i: number) => Record<string, unknown>) | null][] = [
    ['家校互动', 'homework assignments', '/api/homeSchool/assignments/page', words(HOMEWORK_WORDS, ['诗', '作文', '练习册']), (keyword) => ({ ...page, search: { title: keyword } })],
    ['竞赛获奖', 'disciplinary awards', '/api/awards/disciplinary/page', personKeywords, (keyword) => ({ ...page, search: { keyword } })],
    ['申请审批', 'approval queue (every pending application)', '/api/applications/review/page', personKeywords, (keyword) => ({ ...page, search: { view: 'waiting', keyword } })],
    ['学籍', 'new-student registrations', '/api/roll/enrolment/page', personKeywords, (keyword) => ({ ...page, search: { keyword } })],
    ['成绩', "a district midterm's scores", '/api/scores/maintenance/page', personKeywords, facts.scoreBatchId ? (keyword) => ({ ...page, batchId: facts.scoreBatchId, keyword }) : null],
    ['考试', "a district midterm's candidates", '/api/exams/rooms/candidates', personKeywords, facts.examBatchId ? (keyword) => ({ ...page, search: { batchId: facts.examBatchId, keyword } }) : null],
    ['选课', "高一's 3+1+2 choices", '/api/electives/shift/students/page', personKeywords, facts.shiftBatchId ? (keyword) => ({ ...page, batchId: facts.shiftBatchId, search: { keyword } }) : null],
    ['校园生活', 'dormitory check-ins', '/api/campusLife/dormitories/stays/page', personKeywords, (keyword) => ({ ...page, search: { keyword } })],
    ['保险与纪律', "this year's policy's insured students", '/api/safety/insurance/insured/page', personKeywords, facts.policyId ? (keyword) => ({ ...page, search: { policyId: facts.policyId, keyword } }) : null],
    ['问卷', 'surveys', '/api/surveys/design/page', words(SURVEY_WORDS, ['寒', '家长', '满意度']), (keyword) => ({ ...page, search: { keyword } })],
    [
      '班主任',
      "a class's home-school contacts (the class changes too)",
      '/api/headTeacher/records/page',
      personKeywords,
      facts.contactClassIds.length ? (keyword, i) => ({ ...page, search: { classId: facts.contactClassIds[i % facts.contactClassIds.length], kind: 'contact', keyword } }) : null,
    ],
  ];
  for (const [area, list, path, keywords, body] of areas) {
    if (!body) {
      skipped.push(`${area} (${list}): the database has none; generate it again (--regenerate)`);
      continue;
    }
    groups.push({
      only: `${AREA_KEYWORD_GROUP}: ${area}`,
      area,
      list: `POST ${path}`,
      scenarios: keywords.map(([label, keyword]) => ({ name: `${area} ${list}, keyword ${label}`, path, body: (i: number) => body(keyword(i), i), changing: label === 'changing' })),
    });
  }
  return { groups, skipped };
}

type Row = { scenario: string; connections: number | string; rps: number; p99: number; non2xx: number; envelopeFailures: number; errors: number };

/** The targets of issue 18, as [target, measured, met] rows of the report (undefined: not measured). */
export function keywordTargets(rows: Row[], groups: KeywordGroup[], skipped: string[]): [string, string, boolean | undefined][] {
  const at50 = (name: string) => rows.find((row) => row.scenario === name && row.connections === 50);
  const bare = at50('baseline: bare Fastify');
  const failed = (row: Row) => row.non2xx + row.envelopeFailures + row.errors;
  const failures = (row: Row) => (failed(row) ? `, ${failed(row)} failed` : '');
  const targets: [string, string, boolean | undefined][] = [];
  const student = groups.find((group) => group.only === STUDENT_KEYWORD_GROUP);
  for (const label of ['侯 (one character)', '张伟 (two characters)', 'changing on every request']) {
    const row = student ? at50(`student list, keyword ${label}`) : undefined;
    const ratio = row && bare?.rps ? row.rps / bare.rps : NaN;
    targets.push(
      [`student list, keyword ${label} ≥ 25 % of bare Fastify (50 conns)`, row && !Number.isNaN(ratio) ? `${(100 * ratio).toFixed(1)} %${failures(row)}` : 'not measured', row && !Number.isNaN(ratio) ? ratio >= 0.25 && !failed(row) : undefined],
      [`student list, keyword ${label} p99 < 50 ms (50 conns)`, row ? `${row.p99} ms${failures(row)}` : 'not measured', row ? row.p99 < 50 && !failed(row) : undefined],
    );
  }
  for (const group of groups.filter((g) => g.only !== STUDENT_KEYWORD_GROUP)) {
    const measured = group.scenarios.map((scenario) => ({ label: scenario.name.slice(scenario.name.lastIndexOf('keyword ') + 8), row: at50(scenario.name) }));
    const all = measured.every((m) => m.row);
    targets.push([
      `${group.area}, its largest list (${group.list}): keywords of 1, 2, 3 characters and changing, p99 < 100 ms (50 conns)`,
      measured.some((m) => m.row) ? measured.map((m) => (m.row ? `${m.label} ${m.row.p99} ms${failures(m.row)}` : `${m.label} not measured`)).join(' · ') : 'not measured',
      all ? measured.every((m) => m.row!.p99 < 100 && !failed(m.row!)) : undefined,
    ]);
  }
  for (const reason of skipped) targets.push([`${reason.split(' (')[0]}, its largest list: keywords p99 < 100 ms (50 conns)`, `not measured: ${reason}`, undefined]);
  return targets;
}
