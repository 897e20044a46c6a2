import { sql } from 'drizzle-orm';
import type { SurveyAnswerValue, SurveyQuestion } from '@campus/contract';
import { checkAnswers } from '@campus/contract';
import { queryRows, type Tx } from '../client.ts';
import { recipientSelect } from '../../modules/homeSchool/notices/queries.ts';
import { flushIn } from '../../modules/surveys/answering/tally.ts';
import { surveyLink } from '../../modules/surveys/common.ts';

/**
 * 问卷调查 demo data (issue 17): a draft of T0001's; T0002's named survey to the parents of 初二, open, that
 * the demo parent still has to answer (most of the grade's parents have); last month's parents' meeting
 * feedback, anonymous and closed with answers; the open day's public anonymous survey with its QR link,
 * answered by visitors; a reading-habits survey to the demo student's class, open, not yet answered by the
 * demo student; the office's named survey of the teachers' training needs, open, which T0001 and T0002 still
 * have to answer (half of their colleagues have); one not started yet and one out of use.
 */

const q = (key: string, kind: SurveyQuestion['kind'], title: string, extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  key, kind, title, required: true, options: [], minPicks: 0, maxPicks: 0, long: false, maxLength: 200, scale: 5, rows: [], columns: [], ...extra,
});
const options = (...labels: string[]) => labels.map((label) => ({ label, jumpTo: '' }));

const CANTEEN: SurveyQuestion[] = [
  q('q1', 'single', '您的孩子每周在学校食堂用餐几次？', { options: options('不在食堂用餐', '1-2 次', '3-4 次', '每天') }),
  q('q2', 'rating', '您对食堂饭菜口味的评价', { scale: 5 }),
  q('q3', 'text', '您对食堂还有哪些建议？', { required: false, long: true, maxLength: 500 }),
];

const HOMEWORK: SurveyQuestion[] = [
  q('q1', 'single', '孩子每天完成作业大约需要多长时间？', { options: [
    { label: '1 小时以内', jumpTo: '' }, { label: '1-2 小时', jumpTo: '' }, { label: '2 小时以上', jumpTo: '' }, { label: '不清楚', jumpTo: 'q4' },
  ] }),
  q('q2', 'multiple', '作业负担主要来自哪些学科？（最多选 3 项）', { options: options('语文', '数学', '英语', '物理', '道德与法治', '历史', '地理', '生物'), minPicks: 1, maxPicks: 3 }),
  q('q3', 'rating', '您认为目前作业量是否合适？（1 太少，5 太多）', { scale: 5 }),
  q('q4', 'matrix', '请评价以下方面', { rows: ['作业难度适中', '老师批改及时', '作业反馈清楚'], columns: ['不同意', '一般', '同意'] }),
  q('q5', 'text', '其他意见或建议', { required: false, maxLength: 300 }),
];

const MEETING: SurveyQuestion[] = [
  q('q1', 'single', '您是否参加了本次家长会？', { options: [{ label: '参加了', jumpTo: '' }, { label: '没有参加', jumpTo: 'end' }] }),
  q('q2', 'rating', '您对本次家长会的总体满意度', { scale: 5 }),
  q('q3', 'multiple', '您最关心的内容（可多选）', { options: options('学业成绩', '心理健康', '升学规划', '校园安全', '体育锻炼'), minPicks: 1 }),
  q('q4', 'text', '希望下次家长会增加哪些内容？', { required: false, maxLength: 300 }),
];

const OPEN_DAY: SurveyQuestion[] = [
  q('q1', 'single', '您是通过什么途径了解到校园开放日的？', { options: options('学校公众号', '朋友推荐', '社区宣传', '其他') }),
  q('q2', 'rating', '您对本次开放日的整体评价', { scale: 5 }),
  q('q3', 'multiple', '您参观了哪些场所？', { options: options('图书馆', '实验室', '体育馆', '艺术楼', '食堂') }),
  q('q4', 'text', '留言', { required: false, maxLength: 200 }),
];

const READING: SurveyQuestion[] = [
  q('q1', 'single', '你平均每周课外阅读多长时间？', { options: options('少于 1 小时', '1-3 小时', '3-5 小时', '5 小时以上') }),
  q('q2', 'multiple', '你喜欢阅读哪些类型的书？', { options: options('小说', '科普', '历史', '漫画', '诗歌'), minPicks: 1, maxPicks: 3 }),
  q('q3', 'matrix', '你通常在哪里阅读？', { rows: ['工作日', '周末'], columns: ['学校图书馆', '家里', '其他地方'] }),
  q('q4', 'text', '推荐一本你最近读过的好书', { required: false, maxLength: 100 }),
];

const TRAINING: SurveyQuestion[] = [
  q('q1', 'multiple', '您希望参加哪些方面的培训？（可多选）', { options: options('信息技术与课堂融合', '班级管理', '心理健康教育', '作业设计', '课题研究'), minPicks: 1 }),
  q('q2', 'single', '您更希望的培训形式', { options: options('集中面授', '线上课程', '校内教研', '外出观摩') }),
  q('q3', 'rating', '您对本学期校本培训的满意度', { scale: 5 }),
  q('q4', 'text', '其他需求', { required: false, maxLength: 200 }),
];

const TEXTS = ['希望多一些蔬菜', '孩子反映作业偏多，周末压力大', '老师批改很及时，谢谢', '希望增加实践类作业', '整体很好', '建议数学作业分层布置', '希望家长会时间安排在周末', '讲解很细致，受益匪浅', '环境很好，老师热情', '希望多开放几次'];

/** A deterministic generator, so every fresh demo school has the same numbers. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** An answer sheet following the design and its skips, leaning towards the first options. */
function sheetFor(questions: SurveyQuestion[], next: () => number): Record<string, SurveyAnswerValue> {
  const answers: Record<string, SurveyAnswerValue> = {};
  const position = new Map(questions.map((item, index) => [item.key, index]));
  let index = 0;
  while (index < questions.length) {
    const item = questions[index]!;
    let jump = index + 1;
    const pick = (n: number) => Math.min(n - 1, Math.floor(next() * next() * n * 1.6));
    if (item.kind === 'single') {
      const value = pick(item.options.length);
      answers[item.key] = value;
      const target = item.options[value]!.jumpTo;
      if (target === 'end') break;
      if (target) jump = position.get(target)!;
    } else if (item.kind === 'multiple') {
      const most = item.maxPicks || item.options.length;
      const count = Math.max(item.minPicks || 1, 1 + Math.floor(next() * Math.min(most, 3)));
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, most)) chosen.add(Math.floor(next() * item.options.length));
      answers[item.key] = [...chosen].sort((a, b) => a - b);
    } else if (item.kind === 'rating') {
      answers[item.key] = Math.max(1, item.scale - pick(item.scale));
    } else if (item.kind === 'matrix') {
      answers[item.key] = Object.fromEntries(item.rows.map((_, r) => [String(r), item.columns.length - 1 - pick(item.columns.length)]));
    } else if (next() < 0.4) {
      answers[item.key] = TEXTS[Math.floor(next() * TEXTS.length)]!;
    }
    index = jump;
  }
  return answers;
}

interface SeedSurvey {
  title: string;
  description: string;
  owner: string;
  questions: SurveyQuestion[];
  anonymous: boolean;
  /** Days from today (school time) of start and end. */
  from: number;
  to: number;
  published: boolean;
  inUse?: boolean;
  publicKey?: string;
  audience?: { grade?: number; demoClass?: boolean; role?: string; who: 'parents' | 'students' };
  /** Share of the recipients who answered (the demo parent and student never among them). */
  answeredShare?: number;
  /** Answers from the public link's visitors. */
  visitors?: number;
}

const SURVEYS: SeedSurvey[] = [
  { title: '食堂满意度调查', description: '了解家长对学校食堂的意见，草稿，尚未发布。', owner: 'T0001', questions: CANTEEN, anonymous: true, from: 2, to: 16, published: false },
  {
    title: '初二年级作业负担调查', description: '为合理安排作业量，请初二年级家长如实填写。本问卷为实名问卷。', owner: 'T0002', questions: HOMEWORK, anonymous: false,
    from: -3, to: 7, published: true, audience: { grade: 8, who: 'parents' }, answeredShare: 0.6,
  },
  {
    title: '期中家长会反馈', description: '感谢您参加期中家长会，本问卷匿名填写。', owner: 'T0002', questions: MEETING, anonymous: true,
    from: -30, to: -20, published: true, audience: { grade: 8, who: 'parents' }, answeredShare: 0.75,
  },
  {
    title: '校园开放日参观体验调查', description: '欢迎参加校园开放日！扫码即可匿名填写，无需登录。', owner: 'admin', questions: OPEN_DAY, anonymous: true,
    from: -2, to: 20, published: true, publicKey: 'openday2026demoSurveyKey', visitors: 36,
  },
  {
    title: '学生课外阅读习惯调查', description: '请初二(1)班同学匿名填写，了解大家的阅读习惯。', owner: 'T0002', questions: READING, anonymous: true,
    from: -1, to: 10, published: true, audience: { demoClass: true, who: 'students' }, answeredShare: 0.5,
  },
  {
    title: '教师培训需求调查', description: '请各位老师填写下学期培训需求，实名填写，便于安排。', owner: 'admin', questions: TRAINING, anonymous: false,
    from: -2, to: 12, published: true, audience: { role: 'teacher', who: 'parents' }, answeredShare: 0.5,
  },
  {
    title: '寒假社会实践意向调查', description: '下周开始填写。', owner: 'T0002', questions: READING.slice(0, 2), anonymous: false,
    from: 7, to: 21, published: true, audience: { demoClass: true, who: 'parents' },
  },
  {
    title: '校服尺码征集（已停用）', description: '因改为线下量体，本问卷已停用。', owner: 'admin', questions: CANTEEN.slice(0, 1), anonymous: false,
    from: -5, to: 5, published: true, inUse: false, audience: { demoClass: true, who: 'parents' },
  },
];

export async function seedSurveys(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM surveys) AS any`);
  if (done?.any) return;
  const [facts] = await queryRows<{ demoClass: number | null; demoUsers: number[] }>(tx, sql`
    SELECT (SELECT s.class_id FROM students s WHERE s.student_number = '201911001') AS "demoClass",
      ARRAY(SELECT id FROM users WHERE account IN ('201911001', 'jz201911001', 'T0001', 'T0002')) AS "demoUsers"`);
  const next = random(20_261_127);
  for (const [n, plan] of SURVEYS.entries()) {
    const [survey] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO surveys (title, description, starts_at, ends_at, anonymous, in_use, published, published_at, is_public, public_key, questions, owner_user_id,
        class_audience, created_at, updated_at)
      VALUES (${plan.title}, ${plan.description}, date_trunc('day', now()) + ${plan.from} * interval '1 day' + time '08:00',
        date_trunc('day', now()) + ${plan.to} * interval '1 day' + time '20:00', ${plan.anonymous}, ${plan.inUse ?? true}, ${plan.published},
        ${plan.published ? sql`date_trunc('day', now()) + ${Math.min(plan.from, 0) - 1} * interval '1 day' + time '16:00'` : sql`NULL`}, ${Boolean(plan.publicKey)}, ${plan.publicKey ?? null},
        ${JSON.stringify(plan.questions)}::jsonb, (SELECT id FROM users WHERE account = ${plan.owner}), ${plan.audience?.who ?? 'parents'},
        now() - ${40 - n} * interval '1 day', now() - ${30 - n} * interval '1 day')
      RETURNING id`);
    const id = survey!.id;
    if (plan.audience) {
      const classIds = plan.audience.role
        ? []
        : plan.audience.demoClass
          ? facts?.demoClass ? [facts.demoClass] : []
          : (await queryRows<{ id: number }>(tx, sql`SELECT c.id FROM classes c JOIN grades g ON g.id = c.grade_id WHERE g.sort = ${plan.audience.grade ?? 8} ORDER BY c.code`)).map((c) => c.id);
      const roleCodes = plan.audience.role ? [plan.audience.role] : [];
      await tx.execute(sql`
        INSERT INTO survey_recipients (survey_id, user_id, via_student_id)
        SELECT ${id}, r.user_id, r.via_student_id FROM (${recipientSelect({ accounts: [], orgCodes: [], roleCodes, classIds, classAudience: plan.audience.who })}) AS r
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        UPDATE surveys SET class_ids = ${sql.param(classIds)}::int[], recipients = ${roleCodes.map((code) => `R_${code}`).join(',')}, recipient_total = (SELECT count(*) FROM survey_recipients WHERE survey_id = ${id}) WHERE id = ${id}`);
      {
        const title = `新问卷：${plan.title}`;
        await tx.execute(sql`
          INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link, status, read_at, created_at)
          SELECT sr.user_id, (SELECT id FROM users WHERE account = ${plan.owner}), ${title}, ${title}, '3', ${surveyLink(id)},
            CASE WHEN ${plan.to < 0} THEN 1 ELSE 0 END, CASE WHEN ${plan.to < 0} THEN now() END, date_trunc('day', now()) + ${Math.min(plan.from, 0) - 1} * interval '1 day' + time '16:00'
          FROM survey_recipients sr WHERE sr.survey_id = ${id}`);
      }
      if (plan.answeredShare) {
        const respondents = await queryRows<{ userId: number }>(tx, sql`
          SELECT user_id AS "userId" FROM survey_recipients WHERE survey_id = ${id} AND NOT (user_id = ANY(${sql.param(facts?.demoUsers ?? [])}::int[])) ORDER BY user_id`);
        const chosen = respondents.filter(() => next() < plan.answeredShare!);
        await answer(tx, id, plan.questions, chosen.map((r) => `u:${r.userId}`), next);
      }
    }
    if (plan.visitors) {
      await answer(tx, id, plan.questions, Array.from({ length: plan.visitors }, (_, i) => `b:seed-visitor-${i}`), next);
    }
  }
}

/** Respondents and their sheets, then one batch into the tallies (as the running system does). */
async function answer(tx: Tx, id: number, questions: SurveyQuestion[], keys: string[], next: () => number): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`INSERT INTO survey_respondents (survey_id, respondent_key) SELECT ${id}, k FROM unnest(${sql.param(keys)}::text[]) AS k`);
  const sheets = keys.map(() => {
    const checked = checkAnswers(questions, sheetFor(questions, next));
    if (!checked.ok) throw new Error(`seed survey sheet refused: ${checked.problem.key} ${checked.problem.question}`);
    return checked.sheet;
  });
  await tx.execute(sql`INSERT INTO survey_answer_queue (survey_id, answers) SELECT ${id}, a FROM jsonb_array_elements(${JSON.stringify(sheets)}::jsonb) AS a`);
  await flushIn(tx, id, keys.length + 1);
}
