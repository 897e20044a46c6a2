import { sql } from 'drizzle-orm';
import type { MakeUpForm, SwapForm } from '@campus/contract';
import { queryRows, type Db, type Tx } from '../client.ts';
import type { Caller } from '../../platform/caller.ts';
import { decideWithin } from '../../modules/applications/approvals/service.ts';
import { checkRequest, lessonOptions, saveRequest, submitRequest } from '../../modules/timetable/changes/service.ts';

/**
 * 调课申请 / 补课申请 demo data (issue 16): the demo teacher T0001's requests for the coming weeks in every
 * status: passed (that week's timetable changed), awaiting the academic office, awaiting the class teacher,
 * not passed with the reason, and not submitted; a passed make-up class and a draft one. Made through the
 * module's own rules, so each is one the checks accept.
 */
export async function seedLessonChanges(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM lesson_changes) AS any`);
  if (done?.any) return;
  const [users] = await queryRows<{ teacher: number | null; admin: number | null }>(tx, sql`
    SELECT (SELECT id FROM users WHERE account = 'T0001') AS teacher, (SELECT id FROM users WHERE account = 'admin') AS admin`);
  if (!users?.teacher || !users.admin) return;
  const caller: Caller = { auth: { userId: users.teacher } as Caller['auth'], permissions: new Set(), language: 'zh' };
  // The module's writes open their own transactions: inside the seed's they are savepoints.
  const db = tx as unknown as Db;
  const first = await lessonOptions(tx, caller, {});
  const term = first.terms.find((t) => t.id === first.termId);
  if (!term || !first.classes.length) return;
  const weeks = [term.currentWeek + 1, term.currentWeek + 2].filter((w) => w <= term.weekCount);
  if (!weeks.length) return;

  /** A swap the checks accept now, in a class and week, other than slots already used. */
  const used = new Set<string>();
  const findSwap = async (classId: number, week: number, reason: string): Promise<SwapForm | null> => {
    const options = await lessonOptions(tx, caller, { termId: first.termId, classId, week });
    for (const from of options.lessons.filter((l) => l.mine)) {
      for (const to of options.lessons.filter((l) => !l.mine)) {
        const key = `${classId}:${week}:${from.day}:${from.period}:${to.day}:${to.period}`;
        const slotKeys = [`${classId}:${week}:${from.day}:${from.period}`, `${classId}:${week}:${to.day}:${to.period}`];
        if (used.has(key) || slotKeys.some((k) => used.has(k))) continue;
        const form: SwapForm = { termId: first.termId, classId, week, fromDay: from.day, fromPeriod: from.period, toDay: to.day, toPeriod: to.period, reason };
        if ((await checkRequest(tx, caller, { ...form, kind: 'swap' })).ok) {
          slotKeys.forEach((k) => used.add(k));
          return form;
        }
      }
    }
    return null;
  };
  const decide = (applicationOf: number, decision: 'approve' | 'reject', comment: string) =>
    decideWithin(tx, users.admin!, true, { ids: [applicationOf], decision, comment });
  const applicationOf = async (id: number) => (await queryRows<{ id: number }>(tx, sql`SELECT application_id AS id FROM lesson_changes WHERE id = ${id}`))[0]!.id;

  const plans: { reason: string; steps: ('submit' | 'approve' | 'reject')[] }[] = [
    { reason: '参加区教研活动，与同班数学课对调', steps: ['submit', 'approve', 'approve'] },
    { reason: '外出监考，需与同班课程调换', steps: ['submit', 'approve'] },
    { reason: '下午参加学校公开课评课', steps: ['submit'] },
    { reason: '个人原因调课', steps: ['submit', 'reject'] },
    { reason: '拟调整复习课时间', steps: [] },
  ];
  let index = 0;
  for (const plan of plans) {
    const classId = first.classes[index % first.classes.length]!.id;
    const week = weeks[index % weeks.length]!;
    index += 1;
    const form = await findSwap(classId, week, plan.reason);
    if (!form) continue;
    const id = await saveRequest(db, caller, { ...form, kind: 'swap' });
    for (const step of plan.steps) {
      if (step === 'submit') await submitRequest(db, caller, 'swap', id);
      else await decide(await applicationOf(id), step, step === 'reject' ? '本周该班已有两次调课，请与班主任协商后另行安排' : '同意');
    }
  }

  // Make-ups: an extra lesson at a time the class and T0001 are free.
  for (const [n, steps] of [['submit', 'approve', 'approve'], []].entries()) {
    const klass = first.classes[n % first.classes.length]!;
    const week = weeks[0]!;
    const options = await lessonOptions(tx, caller, { termId: first.termId, classId: klass.id, week });
    const taken = new Set(options.lessons.map((l) => `${l.day}:${l.period}`));
    let form: MakeUpForm | null = null;
    for (const day of options.days) {
      for (const period of options.periods) {
        if (taken.has(`${day.day}:${period.sort}`) || used.has(`${klass.id}:${week}:${day.day}:${period.sort}`)) continue;
        const candidate: MakeUpForm = { termId: first.termId, classId: klass.id, week, day: day.day, period: period.sort, courseId: klass.courses[0]!.id, reason: n === 0 ? '补运动会期间停上的课' : '期中前加一节复习课' };
        if ((await checkRequest(tx, caller, { ...candidate, kind: 'makeUp' })).ok) {
          form = candidate;
          break;
        }
      }
      if (form) break;
    }
    if (!form) continue;
    used.add(`${klass.id}:${week}:${form.day}:${form.period}`);
    const id = await saveRequest(db, caller, { ...form, kind: 'makeUp' });
    for (const step of steps) {
      if (step === 'submit') await submitRequest(db, caller, 'makeUp', id);
      else await decide(await applicationOf(id), 'approve', '同意');
    }
  }
}
