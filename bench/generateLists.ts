/**
 * The largest list of each business area, filled at a real district's scale so that its keyword search is
 * measured where it would hurt (issue 18). Called by generate.ts after the people, classes and timetables
 * are written, with everything it made in memory; every table is written with COPY like the rest.
 *
 * Per area (the list the bench searches in brackets, bench/keywordLists.ts):
 * - 竞赛获奖: two school years of competitions, each school's and the district's, their prizes and the
 *   students who won them (awards/disciplinary/page).
 * - 学籍: the registrations of this year's and last year's intakes (grades 1, 7 and 10 and the grades above
 *   them), enrolled as the students they became, and a few still waiting (roll/enrolment/page).
 * - 考试 and 成绩: this term's district midterm of every grade, its classes and subjects, and every
 *   student's scores (exams/rooms/candidates, scores/maintenance/page).
 * - 选课: 高一's choices in the seed's open 3+1+2 batch, four students in five (electives/shift/students/page).
 * - 校园生活: two dormitory buildings per school, most senior and some junior students boarding, with last
 *   year's stays (campusLife/dormitories/stays/page).
 * - 保险与纪律: every student insured by this year's policy, all but the new intake by last year's
 *   (safety/insurance/insured/page); two terms of discipline records.
 * - 问卷: two surveys a year of every class teacher and the schools' own (surveys/design/page).
 * - 班主任: this term's home-school contacts of every class (headTeacher/records/page, kind contact).
 * 家校互动 (homework) and 申请审批 (leave) are written by generate.ts itself.
 */
import type { BulkWriter, Cell } from './bulk.ts';
import { pad, random } from './common.ts';

export interface DistrictStudent {
  id: number;
  userId: number;
  number: string;
  name: string;
  gender: string;
  birthDate: string;
  grade: number;
  classId: number;
  school: number;
  entryYear: number;
}

export interface DistrictClass {
  id: number;
  grade: number;
  school: number;
  name: string;
  teacherUserId: number;
  studentIds: number[];
  /** Course code → the user id of the teacher who teaches it to the class. */
  subjectTeachers: Map<string, number>;
}

export interface DistrictSchool {
  index: number;
  code: string;
  name: string;
  campusIds: [number, number];
  staffUserIds: number[];
}

export interface ListContext {
  writer: BulkWriter;
  ids: { next(table: string): number };
  personName(): string;
  givenName(): string;
  now: number;
  currentYear: number;
  term: { id: number; startDate: string };
  /** Grade ids by grade number - 1. */
  gradeIds: number[];
  courseIdOf(code: string): number | undefined;
  students: DistrictStudent[];
  classes: DistrictClass[];
  schools: DistrictSchool[];
  adminUserId: number | null;
}

/** Tables written here: their secondary indexes are built after loading (generate.ts DEFERRED_INDEX_TABLES). */
export const KEYWORD_LIST_TABLES = [
  'competitions', 'competition_prizes', 'disciplinary_awards', 'enrolment_candidates', 'exam_subjects', 'exam_batch_classes', 'score_batch_classes', 'scores',
  'shift_choices', 'dorm_rooms', 'dorm_beds', 'dorm_stays', 'insured_students', 'discipline_records', 'surveys', 'class_records',
];

/** The totals generate.ts prints. */
export const KEYWORD_LIST_COUNTS = KEYWORD_LIST_TABLES.filter((table) => !['exam_subjects', 'exam_batch_classes', 'score_batch_classes', 'dorm_beds'].includes(table))
  .map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`)
  .join(', ');

/** This term's district midterm, one exam and one score batch per grade: `${grade}${DISTRICT_EXAM_NAME}`. */
export const DISTRICT_EXAM_NAME = '期中考试（区统考）';

const DAY = 86_400_000;
const isoDate = (at: Date) => at.toISOString().slice(0, 10);
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * Draws a surname as often as it occurs (the list is in order of frequency): the weight of the i-th is
 * (i + 2)^-0.75, which gives the first (王) about 7 % and the 80th (侯) under half a percent.
 */
export function surnamePicker(surnames: string): (uniform: number) => string {
  const list = [...surnames];
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < list.length; i++) cumulative.push((total += (i + 2) ** -0.75));
  return (uniform) => {
    const at = uniform * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > at) high = middle;
      else low = middle + 1;
    }
    return list[low]!;
  };
}

/**
 * The pinyin initials of each name as migration 0049's `campus_initials` gives them, or null when the
 * database has no such function or the people tables no name_initials column. The loading connection runs
 * with triggers off (bulk.ts), so the trigger that keeps the column does not fire: the names are asked of
 * the function itself.
 */
export async function nameInitials(writer: BulkWriter, names: string[]): Promise<Map<string, string> | null> {
  const [present] = await writer.query<{ fn: string; columns: string }>(`
    SELECT (SELECT count(*) FROM pg_proc WHERE proname = 'campus_initials') AS fn,
      (SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'name_initials' AND table_name IN ('users', 'students', 'staff')) AS columns`);
  if (!Number(present?.fn) || Number(present?.columns) !== 3) {
    console.log('no name_initials columns (migration 0049): names written without their initials');
    return null;
  }
  // The database's own rule (campus_initials), once per distinct name: about 20 µs a name.
  const distinct = [...new Set(names)];
  const answers = new Map<string, string>();
  for (let i = 0; i < distinct.length; i += 20_000) {
    const rows = await writer.query<{ name: string; initials: string }>('SELECT n AS name, campus_initials(n) AS initials FROM unnest($1::text[]) AS n', [distinct.slice(i, i + 20_000)]);
    for (const row of rows) answers.set(row.name, row.initials);
  }
  return answers;
}

const LESSONS = ['背影', '春', '济南的冬天', '紫藤萝瀑布', '桃花源记', '荷塘月色', '故乡', '孔乙己', '观潮', '草船借箭'];
const POEMS = ['静夜思', '春晓', '登鹳雀楼', '望庐山瀑布', '赠汪伦', '黄鹤楼送孟浩然之广陵', '水调歌头', '次北固山下'];
const ESSAYS = ['我的妈妈', '难忘的一天', '成长的烦恼', '我的梦想', '家乡的秋天', '一件小事', '那一刻，我长大了'];
const BOOKS = ['西游记', '骆驼祥子', '朝花夕拾', '红星照耀中国', '海底两万里', '城南旧事'];
const MATHS = ['一元一次方程', '勾股定理', '二次函数', '全等三角形', '分数的加减法', '小数乘法', '因式分解'];
const ENGLISH = ['My Family', 'My Hobby', 'A School Trip', 'My Dream Job', 'Healthy Food'];
const EXPERIMENTS = ['测量小灯泡的电功率', '探究凸透镜成像规律', '配制一定浓度的溶液', '观察洋葱表皮细胞', '探究影响摩擦力大小的因素'];
const HOMEWORK_TEMPLATES: Record<string, string[]> = {
  chinese: ['《{lesson}》课后练习', '古诗默写《{poem}》', '作文《{essay}》', '阅读理解训练（{n}）', '第{n}单元生字词听写', '第{n}单元练习', '《{book}》读书笔记'],
  maths: ['第{n}单元练习', '口算练习（{n}）', '练习册第{p}页', '错题整理', '课时作业（{n}）', '期中复习卷（{n}）', '{maths}专项练习'],
  english: ['Unit {n} 单词听写', 'Unit {n} 课文背诵', '阅读理解训练（{n}）', '英语作文 {english}', '练习册 Unit {n}', 'Unit {n} 语法练习'],
  other: ['第{n}章课时作业', '练习册第{p}页', '实验报告：{experiment}', '第{n}章复习提纲', '错题整理', '单元测试卷（{n}）'],
};

/** An assignment's title as teachers write them: the subject, then what to do. */
export function homeworkTitle(subjectName: string, subjectCode: string, r: ReturnType<typeof random>): string {
  const templates = HOMEWORK_TEMPLATES[subjectCode] ?? HOMEWORK_TEMPLATES.other!;
  const text = r
    .pick(templates)
    .replace('{lesson}', r.pick(LESSONS))
    .replace('{poem}', r.pick(POEMS))
    .replace('{essay}', r.pick(ESSAYS))
    .replace('{book}', r.pick(BOOKS))
    .replace('{maths}', r.pick(MATHS))
    .replace('{english}', r.pick(ENGLISH))
    .replace('{experiment}', r.pick(EXPERIMENTS))
    .replace('{n}', String(r.int(1, 8)))
    .replace('{p}', String(r.int(2, 120)));
  return `${subjectName}：${text}`;
}

export async function generateKeywordLists(ctx: ListContext): Promise<void> {
  await competitions(ctx);
  await enrolment(ctx);
  await midterm(ctx);
  await shiftChoices(ctx);
  await dormitories(ctx);
  await insurance(ctx);
  await discipline(ctx);
  await surveys(ctx);
  await contacts(ctx);
}

/** Students by school, then by class: the pools winners, boarders and records are drawn from. */
function bySchool(students: DistrictStudent[]): Map<number, DistrictStudent[]> {
  const map = new Map<number, DistrictStudent[]>();
  for (const student of students) {
    const list = map.get(student.school);
    if (list) list.push(student);
    else map.set(student.school, [student]);
  }
  return map;
}

/** `count` distinct items of `items`, drawn at random. */
function sample<T>(items: readonly T[], count: number, r: ReturnType<typeof random>): T[] {
  const chosen = new Set<number>();
  const wanted = Math.min(count, items.length);
  while (chosen.size < wanted) chosen.add(Math.floor(r.next() * items.length));
  return [...chosen].map((i) => items[i]!);
}

// ---- 竞赛获奖 ----

const COMPETITIONS = [
  '数学竞赛', '英语演讲比赛', '作文大赛', '青少年科技创新大赛', '书法比赛', '合唱比赛', '物理竞赛', '化学实验技能竞赛', '信息学竞赛', '经典诵读比赛', '绘画比赛', '田径运动会',
];
const PLACES = ['学术报告厅', '体育馆', '科技楼创新实验室', '图书馆多功能厅', '田径场', '艺术楼音乐厅'];

async function competitions(ctx: ListContext): Promise<void> {
  const r = random(31);
  const competitionRows: Cell[][] = [];
  const prizeRows: Cell[][] = [];
  const awardRows: Cell[][] = [];
  const schools = bySchool(ctx.students);
  // [scope, winners of the first, second and third prizes]
  const scopes: { school: DistrictSchool | null; pool: DistrictStudent[]; winners: [number, number, number] }[] = [
    ...ctx.schools.map((school) => ({ school, pool: schools.get(school.index) ?? [], winners: [3, 6, 10] as [number, number, number] })),
    { school: null, pool: ctx.students, winners: [20, 40, 60] },
  ];
  for (const year of [ctx.currentYear - 1, ctx.currentYear]) {
    for (const scope of scopes) {
      if (!scope.pool.length) continue;
      for (const [k, name] of COMPETITIONS.entries()) {
        // Held over the school year, one a month or so; those of the year still ahead are not held yet.
        const heldOn = new Date(Date.UTC(year - 1, 11, 1) + (k * 30 + r.int(0, 20)) * DAY);
        if (heldOn.getTime() > ctx.now - 7 * DAY) continue;
        const id = ctx.ids.next('competitions');
        const publisher = scope.school ? r.pick(scope.school.staffUserIds) : ctx.adminUserId;
        const held = heldOn.getUTCFullYear();
        const title = scope.school ? `${held}年${scope.school.name}${name}` : `${held}年全区中小学生${name}`;
        competitionRows.push([id, title, isoDate(heldOn), scope.school ? r.pick(PLACES) : '区青少年活动中心', `${title}，面向全体学生，分年级组评比。`, publisher, heldOn, heldOn]);
        const awardedOn = new Date(heldOn.getTime() + 7 * DAY);
        for (const [p, prize] of ['一等奖', '二等奖', '三等奖'].entries()) {
          const prizeId = ctx.ids.next('competition_prizes');
          const given = scope.winners[p]!;
          prizeRows.push([prizeId, id, prize, given, isoDate(awardedOn), isoDate(heldOn), isoDate(awardedOn), publisher, awardedOn]);
          for (const student of sample(scope.pool, given, r)) awardRows.push([prizeId, student.id, publisher, new Date(awardedOn.getTime() + DAY)]);
        }
      }
    }
  }
  await ctx.writer.copy('competitions', ['id', 'title', 'held_on', 'place', 'content', 'publisher_user_id', 'released_at', 'updated_at'], competitionRows, competitionRows.length);
  await ctx.writer.copy('competition_prizes', ['id', 'competition_id', 'name', 'winner_number', 'awarded_on', 'starts_on', 'ends_on', 'publisher_user_id', 'created_at'], prizeRows, prizeRows.length);
  await ctx.writer.copy('disciplinary_awards', ['prize_id', 'student_id', 'giver_user_id', 'created_at'], awardRows, awardRows.length);
}

// ---- 学籍 ----

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A resident ID with its check character (GB 11643). */
function withCheck(first17: string): string {
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * ID_WEIGHTS[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

async function enrolment(ctx: ListContext): Promise<void> {
  const r = random(37);
  const rows: Cell[][] = [];
  const serial = new Map<string, number>();
  // Unique among the district (the seed's use Beijing's area codes; these Shenzhen's).
  const idNumber = (school: number, birthDate: string) => {
    const key = `${school}:${birthDate}`;
    const n = (serial.get(key) ?? 0) + 1;
    serial.set(key, n);
    return withCheck(`4403${pad(school % 100, 2)}${birthDate.replace(/-/g, '')}${pad(n, 3)}`);
  };
  const phone = (n: number) => `13${pad((n * 7919 + 12345) % 1e9, 9)}`;
  const previousSchool = (grade: number, school: number) => (grade >= 10 ? `第${school}实验学校初中部` : grade >= 7 ? `第${school}实验学校小学部` : r.next() < 0.7 ? `第${(school % 30) + 1}幼儿园` : '');
  const entryGrade = (grade: number) => (grade >= 10 ? 10 : grade >= 7 ? 7 : 1);
  const intake = ctx.students.filter((s) => [1, 2, 7, 8, 10, 11].includes(s.grade));
  for (const [i, student] of intake.entries()) {
    const year = [1, 7, 10].includes(student.grade) ? ctx.currentYear : ctx.currentYear - 1;
    const grade = entryGrade(student.grade);
    const created = new Date(Date.UTC(year, 6, 1) + r.int(0, 50) * DAY + r.int(0, 9 * 3600) * 1000);
    const score = grade === 1 ? null : (grade === 7 ? 150 + r.int(0, 150) : 400 + r.int(0, 300)) + (r.next() < 0.5 ? 0.5 : 0);
    rows.push([
      student.name, student.gender, student.birthDate, idNumber(student.school, student.birthDate), ctx.gradeIds[grade - 1]!, year, true, true,
      student.name[0]! + ctx.givenName(), phone(i), previousSchool(grade, student.school), '', score, 'admitted', new Date(created.getTime() + 20 * DAY),
      student.classId, student.id, ctx.adminUserId, created,
    ]);
  }
  // Late registrations of this year's intake, not yet admitted or placed: one in a hundred.
  const late = Math.round(intake.length / 200);
  for (let i = 0; i < late; i++) {
    const grade = [1, 7, 10][i % 3]!;
    const birthDate = `${ctx.currentYear - grade - 6}-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}`;
    const school = (i % Math.max(1, ctx.schools.length)) + 1;
    rows.push([
      ctx.personName(), r.next() < 0.5 ? '1' : '2', birthDate, idNumber(school, birthDate), ctx.gradeIds[grade - 1]!, ctx.currentYear, true, false,
      ctx.personName(), phone(intake.length + i), previousSchool(grade, school), '外区转入，材料待补', null, 'pending', null, null, null, ctx.adminUserId, new Date(ctx.now - r.int(1, 30) * DAY),
    ]);
  }
  await ctx.writer.copy(
    'enrolment_candidates',
    ['name', 'gender', 'birth_date', 'id_number', 'grade_id', 'entry_year', 'on_register', 'studying', 'guardian_name', 'guardian_phone', 'previous_school', 'note', 'entrance_score', 'admission', 'admission_decided_at', 'class_id', 'student_id', 'created_by_user_id', 'created_at'],
    rows,
    rows.length,
  );
}

// ---- 考试 and 成绩 ----

const EXAM_SUBJECTS: [string[], string[], string[]] = [
  ['chinese', 'maths', 'english'],
  ['chinese', 'maths', 'english', 'physics', 'chemistry', 'biology', 'history', 'geography', 'politics'],
  ['chinese', 'maths', 'english', 'physics', 'chemistry', 'biology', 'history', 'geography', 'politics'],
];
const GRADE_LABELS = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三', '高一', '高二', '高三'];

async function midterm(ctx: ListContext): Promise<void> {
  const [system] = await ctx.writer.query<{ id: number }>('SELECT id FROM score_systems WHERE full_mark = 100 AND enabled ORDER BY id LIMIT 1');
  if (!system) {
    console.warn('no score system of 100 marks: the district midterm is not generated');
    return;
  }
  const r = random(41);
  const examRows: Cell[][] = [];
  const subjectRows: Cell[][] = [];
  const examClassRows: Cell[][] = [];
  const batchRows: Cell[][] = [];
  const batchSubjectRows: Cell[][] = [];
  const batchClassRows: Cell[][] = [];
  const scoreTargets: { batchId: number; courses: number[]; classes: DistrictClass[] }[] = [];
  // The tenth week's Monday: the exam, then a week for entering the scores.
  const examDay = new Date(new Date(`${ctx.term.startDate}T00:00:00Z`).getTime() + 63 * DAY);
  for (let grade = 1; grade <= 12; grade++) {
    const classes = ctx.classes.filter((c) => c.grade === grade);
    if (!classes.length) continue;
    const codes = EXAM_SUBJECTS[grade <= 6 ? 0 : grade <= 9 ? 1 : 2].filter((code) => ctx.courseIdOf(code) !== undefined);
    const courses = codes.map((code) => ctx.courseIdOf(code)!);
    const name = `${GRADE_LABELS[grade - 1]}${DISTRICT_EXAM_NAME}`;
    const examId = ctx.ids.next('exam_batches');
    examRows.push([examId, ctx.term.id, name, true, ctx.gradeIds[grade - 1]!, 'midterm', 'district', 30, 100, '60', '区统一命题、统一阅卷。', new Date(examDay.getTime() - 14 * DAY), examDay]);
    for (const [i, course] of courses.entries()) {
      const date = isoDate(new Date(examDay.getTime() + Math.floor(i / 2) * DAY));
      subjectRows.push([examId, course, date, i % 2 ? '14:30' : '08:30', i % 2 ? '16:30' : '10:30']);
    }
    const batchId = ctx.ids.next('score_batches');
    batchRows.push([batchId, ctx.term.id, name, '期中', ctx.gradeIds[grade - 1]!, examId, new Date(examDay.getTime() + 5 * DAY), new Date(examDay.getTime() + 12 * DAY), true, false, examDay]);
    for (const course of courses) batchSubjectRows.push([batchId, course, system.id, Math.floor(100 / courses.length)]);
    for (const klass of classes) {
      examClassRows.push([examId, klass.id]);
      batchClassRows.push([batchId, klass.id]);
    }
    scoreTargets.push({ batchId, courses, classes });
  }
  await ctx.writer.copy(
    'exam_batches',
    ['id', 'term_id', 'name', 'published', 'grade_id', 'category', 'level', 'weight_percent', 'score_system', 'pass_line', 'remarks', 'published_at', 'updated_at'],
    examRows,
    examRows.length,
  );
  await ctx.writer.copy('exam_subjects', ['batch_id', 'course_id', 'exam_date', 'start_time', 'end_time'], subjectRows, subjectRows.length);
  await ctx.writer.copy('exam_batch_classes', ['batch_id', 'class_id'], examClassRows, examClassRows.length);
  await ctx.writer.copy('score_batches', ['id', 'term_id', 'name', 'exam_node', 'grade_id', 'exam_batch_id', 'entry_start', 'entry_end', 'enabled', 'released', 'updated_at'], batchRows, batchRows.length);
  await ctx.writer.copy('score_batch_subjects', ['batch_id', 'course_id', 'score_system_id', 'weight'], batchSubjectRows, batchSubjectRows.length);
  await ctx.writer.copy('score_batch_classes', ['batch_id', 'class_id'], batchClassRows, batchClassRows.length);
  const scoreCount = scoreTargets.reduce((sum, t) => sum + t.courses.length * t.classes.reduce((n, c) => n + c.studentIds.length, 0), 0);
  const entered = new Date(examDay.getTime() + 8 * DAY);
  function* scoreRows(): Generator<Cell[]> {
    for (const target of scoreTargets) {
      for (const klass of target.classes) {
        for (const studentId of klass.studentIds) {
          // Around 72 with a spread, one in a hundred absent.
          const ability = (r.next() + r.next() + r.next() - 1.5) * 20;
          for (const course of target.courses) {
            if (r.next() < 0.01) yield [target.batchId, studentId, course, null, 'absent', entered];
            else yield [target.batchId, studentId, course, Math.max(0, Math.min(100, Math.round(72 + ability + (r.next() - 0.5) * 24))), null, entered];
          }
        }
      }
    }
  }
  await ctx.writer.copy('scores', ['batch_id', 'student_id', 'course_id', 'score', 'mark', 'updated_at'], scoreRows(), scoreCount);
}

// ---- 选课 ----

/** How often schools see each of the 12 combinations of 3+1+2 (physics-chemistry-biology the most). */
const COMBINATION_WEIGHTS = [18, 9, 6, 8, 5, 4, 5, 8, 10, 7, 9, 11];

async function shiftChoices(ctx: ListContext): Promise<void> {
  const grade10 = ctx.gradeIds[9];
  const [batch] = await ctx.writer.query<{ id: number; start: Date }>(`
    SELECT id, choice_start AS start FROM shift_batches
    WHERE term_id = ${ctx.term.id} AND grade_id = ${grade10} AND now() BETWEEN choice_start AND choice_end ORDER BY id LIMIT 1`);
  if (!batch) {
    console.warn('no open 高一 shift batch in the seed: the choices are not generated');
    return;
  }
  const courses = await ctx.writer.query<{ id: number; choice_group: string }>(`SELECT id, choice_group FROM shift_batch_courses WHERE batch_id = ${batch.id} ORDER BY sort, id`);
  const firsts = courses.filter((c) => c.choice_group === 'first').map((c) => c.id);
  const seconds = courses.filter((c) => c.choice_group !== 'first').map((c) => c.id);
  const combinations = firsts.flatMap((first) => seconds.flatMap((a, i) => seconds.slice(i + 1).map((b) => [first, a, b].sort((x, y) => x - y))));
  if (!combinations.length) return;
  const weights = combinations.length === COMBINATION_WEIGHTS.length ? COMBINATION_WEIGHTS : combinations.map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const r = random(43);
  const rows: Cell[][] = [];
  const opened = new Date(batch.start).getTime();
  for (const student of ctx.students) {
    if (student.grade !== 10 || r.next() < 0.2) continue;
    let at = r.next() * total;
    let k = 0;
    while (k < weights.length - 1 && at >= weights[k]!) at -= weights[k++]!;
    rows.push([batch.id, student.id, intArray(combinations[k]!), student.userId, new Date(opened + r.int(0, Math.max(1, ctx.now - opened - 60_000)))]);
  }
  await ctx.writer.copy('shift_choices', ['batch_id', 'student_id', 'batch_course_ids', 'submitted_by_user_id', 'updated_at'], rows, rows.length);
}

// ---- 校园生活: dormitories ----

const BEDS_PER_ROOM = 8;
const FLOORS = 6;

async function dormitories(ctx: ListContext): Promise<void> {
  const r = random(47);
  const buildingRows: Cell[][] = [];
  const roomRows: Cell[][] = [];
  const bedRows: Cell[][] = [];
  const stayRows: Cell[][] = [];
  const schools = bySchool(ctx.students);
  const termStart = new Date(`${ctx.term.startDate}T08:00:00+08:00`).getTime();
  const lastYearIn = new Date(Date.UTC(ctx.currentYear - 1, 8, 1, 0));
  const lastYearOut = new Date(Date.UTC(ctx.currentYear, 6, 10, 2));
  for (const school of ctx.schools) {
    // Most senior students board, some junior ones; nobody of the primary grades.
    const boarders = (schools.get(school.index) ?? []).filter((s) => (s.grade >= 10 ? r.next() < 0.8 : s.grade >= 7 ? r.next() < 0.2 : false));
    for (const [g, gender] of ['1', '2'].entries()) {
      const residents = boarders.filter((s) => s.gender === gender);
      if (!residents.length) continue;
      const buildingId = ctx.ids.next('buildings');
      buildingRows.push([buildingId, `${school.code}-D${g + 1}`, gender === '1' ? '男生公寓' : '女生公寓', school.campusIds[1], FLOORS, 'dormitory', 90 + g, `${school.name}学生宿舍`]);
      // A tenth of the beds spare; rooms spread over the floors.
      const roomCount = Math.ceil((residents.length * 1.1) / BEDS_PER_ROOM);
      const perFloor = Math.ceil(roomCount / FLOORS);
      const beds: number[] = [];
      for (let n = 0; n < roomCount; n++) {
        const roomId = ctx.ids.next('dorm_rooms');
        const broken = r.next() < 0.03;
        roomRows.push([roomId, buildingId, Math.floor(n / perFloor) + 1, `${Math.floor(n / perFloor) + 1}${pad((n % perFloor) + 1, 2)}`, gender, BEDS_PER_ROOM, broken ? BEDS_PER_ROOM - 2 : BEDS_PER_ROOM, broken ? '两个床位维修中' : '']);
        for (let b = 1; b <= BEDS_PER_ROOM; b++) {
          const bedId = ctx.ids.next('dorm_beds');
          bedRows.push([bedId, roomId, String(b), b]);
          if (!broken || b <= BEDS_PER_ROOM - 2) beds.push(bedId);
        }
      }
      const by = school.staffUserIds[0] ?? ctx.adminUserId;
      residents.forEach((student, i) => {
        stayRows.push([beds[i]!, student.id, new Date(termStart + r.int(0, 3) * DAY), null, 'checkIn', by]);
        // Those who boarded last year too, in the bed they had then.
        if (student.grade >= 11 && r.next() < 0.6) stayRows.push([beds[(i * 7 + 3) % beds.length]!, student.id, lastYearIn, lastYearOut, 'checkIn', by]);
      });
    }
  }
  await ctx.writer.copy('buildings', ['id', 'code', 'name', 'campus_id', 'floors', 'usage', 'sort', 'remark'], buildingRows, buildingRows.length);
  await ctx.writer.copy('dorm_rooms', ['id', 'building_id', 'floor', 'number', 'gender', 'total_beds', 'effective_beds', 'remark'], roomRows, roomRows.length);
  await ctx.writer.copy('dorm_beds', ['id', 'room_id', 'label', 'sort'], bedRows, bedRows.length);
  await ctx.writer.copy('dorm_stays', ['bed_id', 'student_id', 'checked_in_at', 'checked_out_at', 'reason', 'by_user_id'], stayRows, stayRows.length);
}

// ---- 保险与纪律 ----

async function insurance(ctx: ListContext): Promise<void> {
  const policies = await ctx.writer.query<{ id: number; year: number }>('SELECT id, year FROM insurance_policies ORDER BY year DESC, id');
  const current = policies[0];
  if (!current) {
    console.warn('no insurance policy in the seed: the insured students are not generated');
    return;
  }
  const last = policies.find((p) => p.year === current.year - 1);
  const insuredAt = new Date(`${current.year}-09-01T09:00:00+08:00`);
  const lastAt = new Date(`${current.year - 1}-09-05T09:00:00+08:00`);
  const count = ctx.students.length + (last ? ctx.students.filter((s) => s.entryYear < ctx.currentYear).length : 0);
  function* rows(): Generator<Cell[]> {
    for (const student of ctx.students) yield [current!.id, student.id, insuredAt];
    if (last) for (const student of ctx.students) if (student.entryYear < ctx.currentYear) yield [last.id, student.id, lastAt];
  }
  await ctx.writer.copy('insured_students', ['policy_id', 'student_id', 'created_at'], rows(), count);
}

const MISCONDUCT: Record<string, string[]> = {
  迟到: ['早读迟到 15 分钟。', '连续三天早操迟到。', '午休后迟到进入教室。'],
  旷课: ['下午第二、三节课未请假离校。', '晚自习未到，未请假。'],
  打架: ['课间与同学发生推搡。', '因琐事与同学发生冲突，致对方擦伤。'],
  考试作弊: ['期中考试携带写有公式的纸条。', '月考时抄袭邻座答案。'],
  顶撞老师: ['课堂上与任课教师发生争执。'],
  损坏公物: ['踢坏教室后门门板，已照价赔偿。', '在课桌上刻画。'],
  违规使用手机: ['自习课上使用手机玩游戏。', '晚自习使用手机，已批评教育。'],
  夜不归宿: ['周末返校当晚未回宿舍。'],
};

async function discipline(ctx: ListContext): Promise<void> {
  const types = await ctx.writer.query<{ id: number; name: string }>('SELECT id, name FROM discipline_types WHERE enabled ORDER BY sort, id');
  if (!types.length) return;
  const r = random(53);
  const teacherOf = new Map(ctx.classes.map((c) => [c.id, c.teacherUserId]));
  const termStart = new Date(`${ctx.term.startDate}T00:00:00Z`).getTime();
  const rows: Cell[][] = [];
  for (const student of ctx.students) {
    // This term's and last term's records: a few in a hundred students of the secondary grades a term.
    const rate = student.grade >= 7 ? 0.035 : 0.005;
    for (const termStarted of [termStart - 183 * DAY, termStart]) {
      if (r.next() >= rate) continue;
      const type = r.pick(types);
      const occurred = new Date(Math.min(ctx.now - DAY, termStarted + r.int(3, 120) * DAY));
      const roll = r.next();
      const sanction = roll < 0.25 ? null : roll < 0.7 ? 'warning' : roll < 0.85 ? 'seriousWarning' : roll < 0.95 ? 'demerit' : 'seriousDemerit';
      const revoked = sanction !== null && termStarted < termStart && r.next() < 0.3;
      rows.push([
        student.id, type.id, isoDate(occurred), r.pick(MISCONDUCT[type.name] ?? ['违反校规校纪。']), sanction, sanction ? isoDate(new Date(occurred.getTime() + 2 * DAY)) : null,
        revoked, revoked ? isoDate(new Date(occurred.getTime() + 90 * DAY)) : null, revoked ? '表现良好，予以撤销。' : '', teacherOf.get(student.classId) ?? ctx.adminUserId, occurred, occurred,
      ]);
    }
  }
  await ctx.writer.copy(
    'discipline_records',
    ['student_id', 'type_id', 'occurred_on', 'description', 'sanction', 'sanctioned_on', 'revoked', 'revoked_on', 'revoke_reason', 'recorded_by_user_id', 'created_at', 'updated_at'],
    rows,
    rows.length,
  );
}

// ---- 问卷 ----

const SURVEY_TOPICS = [
  '家长满意度调查', '食堂满意度调查', '作业负担调查', '课后服务需求调查', '寒假安全教育反馈', '家长会反馈', '校服征订意向调查', '研学旅行意向调查', '心理健康问卷',
  '课外阅读习惯调查', '近视防控情况调查', '午休情况调查', '社团活动意向调查', '家庭教育需求调查', '暑假生活调查',
];
const SURVEY_QUESTIONS = JSON.stringify([
  { key: 'q1', kind: 'rating', title: '您的总体评价', required: true, options: [], minPicks: 0, maxPicks: 0, long: false, maxLength: 200, scale: 5, rows: [], columns: [] },
  {
    key: 'q2', kind: 'single', title: '您的孩子是否愿意参加？', required: true, options: [{ label: '愿意', jumpTo: '' }, { label: '不愿意', jumpTo: '' }, { label: '不确定', jumpTo: '' }],
    minPicks: 0, maxPicks: 0, long: false, maxLength: 200, scale: 5, rows: [], columns: [],
  },
  { key: 'q3', kind: 'text', title: '其他意见或建议', required: false, options: [], minPicks: 0, maxPicks: 0, long: true, maxLength: 500, scale: 5, rows: [], columns: [] },
]);

async function surveys(ctx: ListContext): Promise<void> {
  const r = random(59);
  const rows: Cell[][] = [];
  const period = (at: Date) => `${at.getUTCFullYear()}年${at.getUTCMonth() >= 7 || at.getUTCMonth() === 0 ? '秋季' : '春季'}学期`;
  const survey = (title: string, owner: number | null, classIds: number[], recipients: number, startsAt: Date) => {
    const endsAt = new Date(startsAt.getTime() + 7 * DAY);
    const responses = Math.round(recipients * (0.6 + r.next() * 0.35));
    rows.push([title, '请各位家长如实填写，感谢您的支持。', startsAt, endsAt, r.next() < 0.7, true, true, startsAt, false, SURVEY_QUESTIONS, '', intArray(classIds), 'parents', owner, recipients, responses, new Date(startsAt.getTime() - DAY), startsAt]);
  };
  // Closed surveys of the past year, each class teacher's two for their class's parents.
  const lastStart = ctx.now - 9 * DAY;
  for (const klass of ctx.classes) {
    for (let k = 0; k < 2; k++) {
      const startsAt = new Date(lastStart - r.int(0, 330) * DAY);
      survey(`${period(startsAt)}${klass.name}${r.pick(SURVEY_TOPICS)}`, klass.teacherUserId, [klass.id], klass.studentIds.length * 2, startsAt);
    }
  }
  // Each school's own, to every parent of the school.
  const schoolSize = bySchool(ctx.students);
  for (const school of ctx.schools) {
    for (let k = 0; k < 6; k++) {
      const startsAt = new Date(lastStart - r.int(0, 330) * DAY);
      survey(`${period(startsAt)}${school.name}${r.pick(SURVEY_TOPICS)}`, school.staffUserIds[0] ?? ctx.adminUserId, [], (schoolSize.get(school.index)?.length ?? 0) * 2, startsAt);
    }
  }
  await ctx.writer.copy(
    'surveys',
    ['title', 'description', 'starts_at', 'ends_at', 'anonymous', 'in_use', 'published', 'published_at', 'is_public', 'questions', 'recipients', 'class_ids', 'class_audience', 'owner_user_id', 'recipient_total', 'response_count', 'created_at', 'updated_at'],
    rows,
    rows.length,
  );
}

// ---- 班主任: home-school contacts ----

const CONTACTS: [string, string, string][] = [
  ['作业完成情况', '近一周作业有三次未交，与家长沟通晚间作业时间安排。', '家长每晚检查签字。'],
  ['新学期家访', '了解学生假期生活与家庭学习环境。', '每两周电话联系一次。'],
  ['期中成绩沟通', '成绩进步明显，肯定孩子的努力，建议继续保持错题整理。', ''],
  ['上课注意力不集中', '家长反映孩子近期睡眠较晚，沉迷手机游戏。', '约定手机交家长保管，月底再沟通。'],
  ['校运会表现突出', '告知家长学生在校运会比赛中取得好成绩。', ''],
  ['请假情况沟通', '核实病假情况，提醒按时复诊。', '返校后补齐落下的课程。'],
  ['心理状态关注', '近期情绪低落，与家长交流孩子在家的表现。', '建议预约学校心理老师。'],
  ['与同学发生矛盾', '课间与同学发生争执，已调解。', '家长配合教育，次日双方互相道歉。'],
  ['学习习惯养成', '建议家长督促孩子制订每日学习计划。', ''],
  ['安全教育提醒', '提醒家长关注孩子上下学交通安全。', ''],
];
const WAYS = ['phone', 'phone', 'online', 'visit', 'meeting'];
const CONTACTS_PER_STUDENT = 1.5;

async function contacts(ctx: ListContext): Promise<void> {
  const r = random(61);
  const nameOf = new Map(ctx.students.map((s) => [s.id, s.name]));
  const termStart = new Date(`${ctx.term.startDate}T00:00:00Z`).getTime();
  const days = Math.max(1, Math.floor((ctx.now - termStart) / DAY));
  const count = ctx.classes.reduce((sum, c) => sum + Math.round(c.studentIds.length * CONTACTS_PER_STUDENT), 0);
  function* rows(): Generator<Cell[]> {
    for (const klass of ctx.classes) {
      if (!klass.studentIds.length) continue;
      for (let k = Math.round(klass.studentIds.length * CONTACTS_PER_STUDENT); k > 0; k--) {
        const studentId = klass.studentIds[Math.floor(r.next() * klass.studentIds.length)]!;
        const [title, content, followUp] = r.pick(CONTACTS);
        const on = new Date(termStart + r.int(0, days - 1) * DAY);
        const fields = { student: studentId, parent: `${nameOf.get(studentId) ?? ''}${r.pick(['家长', '妈妈', '爸爸'])}`, way: r.pick(WAYS), content, followUp };
        const written = new Date(on.getTime() + 10 * 3600_000);
        yield [klass.id, 'contact', isoDate(on), ctx.term.id, title, JSON.stringify(fields), intArray([studentId]), klass.teacherUserId, written, written];
      }
    }
  }
  await ctx.writer.copy('class_records', ['class_id', 'kind', 'record_date', 'term_id', 'title', 'fields', 'student_ids', 'created_by_user_id', 'created_at', 'updated_at'], rows(), count);
}
