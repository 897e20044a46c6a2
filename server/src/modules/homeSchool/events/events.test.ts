import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { backgroundOf } from '../../../platform/background.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

async function ledClassId(): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1`);
  return row!.id;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
const inDays = (days: number) => localText(new Date(Date.now() + days * 86_400_000));

describe('events', () => {
  it('seeds events asking for answers, one of them over', async () => {
    const list = (await call('/api/homeSchool/events/page', { currPage: 0, limit: 20 }, 'admin')).json().data;
    expect(list.rows.length).toBeGreaterThanOrEqual(3);
    const open = list.rows.find((r: { title: string }) => r.title === '亲子运动会报名');
    expect(open).toMatchObject({ place: '学校田径场', askJoin: true, status: 'delivered' });
    expect(open.joined).toBeGreaterThan(0);
    expect(open.declined).toBeGreaterThan(0);
    // Events do not show among notices, nor notices among events.
    const notices = (await call('/api/homeSchool/notices/page', { currPage: 0, limit: 100 }, 'admin')).json().data;
    expect(notices.rows.some((r: { title: string }) => r.title === '亲子运动会报名')).toBe(false);
    expect((await call('/api/homeSchool/notices/get', { id: open.id }, 'admin')).statusCode).toBe(404);
    // The parent finds it in 我的通知, with the place, the time and no answer yet.
    const mine = (await call('/api/homeSchool/myNotices/page', { currPage: 0, limit: 50 }, 'jz201911001')).json().data;
    expect(mine.rows.find((r: { id: number }) => r.id === open.id)).toMatchObject({ kind: 'event', place: '学校田径场', askJoin: true, answer: null, readAt: null });
  });

  it('a class teacher publishes an event; a parent answers; the receipts count the answers', async () => {
    const classId = await ledClassId();
    // One time, read once: two readings a minute apart would name two minutes.
    const eventAt = inDays(5);
    const created = (
      await call('/api/homeSchool/events/create', { title: '班级读书会', content: '周六上午在图书馆举行班级读书会。', place: '学校图书馆', eventAt, askJoin: true, classIds: [classId] }, 'T0002')
    ).json();
    expect(created, JSON.stringify(created)).toMatchObject({ result: true, data: { status: 'queued' } });
    await backgroundOf(t.app).runPending();
    const id = created.data.id;
    const detail = (await call('/api/homeSchool/events/get', { id }, 'T0002')).json().data;
    expect(detail).toMatchObject({ status: 'delivered', place: '学校图书馆', askJoin: true, joined: 0, declined: 0 });
    expect(detail.eventAt).toBe(`${eventAt}:00`);

    const answered = (await call('/api/homeSchool/myNotices/answer', { id, answer: 'join' }, 'jz201911001', EN)).json();
    expect(answered).toMatchObject({ result: true, msg: 'You will join this event' });
    // Changing one's mind before the event is allowed.
    expect((await call('/api/homeSchool/myNotices/answer', { id, answer: 'decline' }, 'jz201911001')).json().msg).toBe('您已选择不参加该活动');
    const receipts = (await call('/api/homeSchool/events/receipts', { id, currPage: 0, limit: 10, search: { answer: 'decline' } }, 'T0002')).json().data;
    expect(receipts.rows).toEqual([expect.objectContaining({ account: 'jz201911001', answer: 'decline', answeredAt: expect.any(String), readAt: expect.any(String) })]);
    expect((await call('/api/homeSchool/events/get', { id }, 'T0002')).json().data).toMatchObject({ joined: 0, declined: 1, readCount: 1 });
    const opened = (await call('/api/homeSchool/myNotices/get', { id }, 'jz201911001')).json().data;
    expect(opened).toMatchObject({ kind: 'event', answer: 'decline', place: '学校图书馆' });

    // Its publisher may move it; the recipients stay.
    expect((await call('/api/homeSchool/events/update', { id, title: '班级读书会', content: '改到周日。', place: '学校图书馆二楼', eventAt: inDays(6) }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/homeSchool/events/get', { id }, 'T0002')).json().data.place).toBe('学校图书馆二楼');
    expect((await call('/api/homeSchool/events/delete', { ids: [id] }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/homeSchool/myNotices/answer', { id, answer: 'join' }, 'jz201911001')).statusCode).toBe(404);
  });

  it('refuses answers that are not asked, come too late or come from someone not invited', async () => {
    const [over] = await rows<{ id: number }>(sql`SELECT id FROM notices WHERE kind = 'event' AND event_at < now() AND ask_join LIMIT 1`);
    const [parentReceived] = await rows<{ ok: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM notice_recipients nr JOIN users u ON u.id = nr.user_id WHERE nr.notice_id = ${over!.id} AND u.account = 'jz201911001') AS ok`);
    expect(parentReceived!.ok).toBe(true);
    const late = (await call('/api/homeSchool/myNotices/answer', { id: over!.id, answer: 'join' }, 'jz201911001', EN)).json();
    expect(late).toMatchObject({ result: false, msg: 'This record has expired and can only be viewed' });
    expect((await call('/api/homeSchool/myNotices/answer', { id: over!.id, answer: 'join' }, 'jz201911001')).json().msg).toBe('该记录已过期，只能查看');
    const [notice] = await rows<{ id: number }>(sql`
      SELECT n.id FROM notices n JOIN notice_recipients nr ON nr.notice_id = n.id JOIN users u ON u.id = nr.user_id
      WHERE n.kind = 'notice' AND u.account = 'jz201911001' LIMIT 1`);
    expect((await call('/api/homeSchool/myNotices/answer', { id: notice!.id, answer: 'join' }, 'jz201911001', EN)).json().msg).toBe('This event does not ask for an answer');
    const [notInvited] = await rows<{ id: number }>(sql`
      SELECT n.id FROM notices n WHERE n.kind = 'event' AND NOT EXISTS (
        SELECT 1 FROM notice_recipients nr JOIN users u ON u.id = nr.user_id WHERE nr.notice_id = n.id AND u.account = '201911001') LIMIT 1`);
    expect((await call('/api/homeSchool/myNotices/answer', { id: notInvited!.id, answer: 'join' }, '201911001')).statusCode).toBe(404);
    expect((await call('/api/homeSchool/myNotices/answer', { id: notInvited!.id, answer: 'maybe' }, '201911001', EN)).json().msg).toBe('Choose whether you will join');
  });

  it('checks the event’s own fields and rights, in both languages', async () => {
    const classId = await ledClassId();
    const base = { title: '活动', content: '内容', place: '操场', eventAt: inDays(3), classIds: [classId] };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { ...base, place: '' }, 'The place is required', '地点不能为空'],
      ['T0002', { ...base, eventAt: '' }, 'The date and time of the event are required', '活动日期和时间不能为空'],
      ['T0002', { ...base, eventAt: '2026/12/01' }, 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm'],
      ['T0002', { ...base, eventAt: '2026-13-45 10:00' }, 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm'],
      ['T0002', { ...base, title: '' }, 'The title is required', '标题不能为空'],
      ['201911001', base, 'You have no right to publish or delete events, please contact the system administrator', '您没有发布或删除活动的权限，请联系系统管理员'],
    ];
    for (const [account, payload, en, zh] of cases) {
      const english = (await call('/api/homeSchool/events/create', payload, account, EN)).json();
      expect(english.result, JSON.stringify(payload)).toBe(false);
      expect(english.msg, JSON.stringify(payload)).toContain(en);
      expect((await call('/api/homeSchool/events/create', payload, account)).json().msg, JSON.stringify(payload)).toContain(zh);
    }
    const [other] = await rows<{ id: number }>(sql`SELECT n.id FROM notices n JOIN users u ON u.id = n.publisher_user_id WHERE n.kind = 'event' AND u.account = 'admin' LIMIT 1`);
    expect((await call('/api/homeSchool/events/delete', { ids: [other!.id] }, 'T0002', EN)).json().msg).toBe('You have no right to edit/delete this data');
    expect((await call('/api/homeSchool/events/receipts', { id: other!.id, currPage: 0, limit: 10 }, 'T0002')).statusCode).toBe(404);
  });
});
