import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { messages, operationLogs, users } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { pageMessages } from './queries.ts';
import { rangeStart } from './service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  // A user with a password but no role: no message-centre permission.
  await t.database.db.insert(users).values({ account: 'norole', displayName: '无角色', userType: 3, passwordHash: await hashPassword('norole', DEMO_PASSWORD, t.config.argon2) });
  for (const account of ['admin', 'T0001', 'T0002', '201911001', 'jz201911001', 'norole']) {
    tokens[account] = await t.login(account);
    userIds[account] = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account)))[0].id;
  }
});
afterAll(() => t.close());

const post = (url: string, account: string, body: Record<string, string> = {}, language?: 'en') =>
  t.post(url, body, { token: tokens[account], headers: language ? { cookie: 'language=en' } : {} });
const postJson = (url: string, account: string, payload: unknown) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account], 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const unreadOf = async (account: string) =>
  (await t.database.db.select({ n: count() }).from(messages).where(and(eq(messages.recipientUserId, userIds[account]), eq(messages.status, 0))))[0].n;
const totalOf = async (account: string) => (await t.database.db.select({ n: count() }).from(messages).where(eq(messages.recipientUserId, userIds[account])))[0].n;
const firstMessageOf = async (account: string, status?: 0 | 1) => {
  const rows = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.recipientUserId, userIds[account]), status === undefined ? undefined : eq(messages.status, status)))
    .orderBy(messages.id)
    .limit(1);
  return rows[0];
};

describe('POST /api/message/info/getInfoByRecipient', () => {
  it("lists the caller's own messages newest first with the type name, 10 per page by default", async () => {
    const body = (await post('/api/message/info/getInfoByRecipient', 'T0001', { page: '0', size: '10' })).json();
    expect(body.result).toBe(true);
    expect(body.data.count).toEqual({ COUNT: await totalOf('T0001') });
    expect(body.data.count.COUNT).toBeGreaterThan(10);
    expect(body.data.result).toHaveLength(10);
    const first = body.data.result[0];
    expect(Object.keys(first).sort()).toEqual(['CREATE_TIME', 'MESSAGE_CONTENT', 'MESSAGE_ID', 'MESSAGE_LINK', 'MESSAGE_STATUS', 'MESSAGE_TITLE', 'MESSAGE_TYPE', 'MESSAGE_TYPE_NAME']);
    const maintenance = (await post('/api/message/info/getInfoByRecipient', 'T0001', { title: '系统维护通知', size: '1' })).json().data.result[0];
    expect(maintenance).toMatchObject({ MESSAGE_TITLE: '系统维护通知', MESSAGE_TYPE: '1', MESSAGE_TYPE_NAME: '系统通知', MESSAGE_STATUS: 0, MESSAGE_LINK: null });
    expect(first.CREATE_TIME).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const times = body.data.result.map((row: { CREATE_TIME: string }) => row.CREATE_TIME);
    expect([...times].sort().reverse()).toEqual(times);
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, first.MESSAGE_ID));
    expect(stored.recipientUserId).toBe(userIds.T0001);
    const local = stored.createdAt;
    expect(first.CREATE_TIME).toBe(
      `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}:${String(local.getSeconds()).padStart(2, '0')}`,
    );
    // The first page may hold only newer approval messages: ask for the system notices.
    const en = (await post('/api/message/info/getInfoByRecipient', 'T0001', { type: '1' }, 'en')).json();
    expect(en.data.result.find((row: { MESSAGE_TYPE: string }) => row.MESSAGE_TYPE === '1').MESSAGE_TYPE_NAME).toBe('System notice');
  });

  it('filters by status, type and title, and pages from zero', async () => {
    const unread = (await post('/api/message/info/getInfoByRecipient', '201911001', { status: '0', size: '100' })).json().data;
    expect(unread.count.COUNT).toBe(await unreadOf('201911001'));
    expect(unread.result.every((row: { MESSAGE_STATUS: number }) => row.MESSAGE_STATUS === 0)).toBe(true);
    const homework = (await post('/api/message/info/getInfoByRecipient', '201911001', { type: '2', status: '', title: '' })).json().data;
    expect(homework.count.COUNT).toBeGreaterThan(0);
    expect(homework.result.every((row: { MESSAGE_TYPE: string; MESSAGE_TYPE_NAME: string }) => row.MESSAGE_TYPE === '2' && row.MESSAGE_TYPE_NAME === '作业提醒')).toBe(true);
    const titled = (await post('/api/message/info/getInfoByRecipient', '201911001', { title: '作业' })).json().data;
    expect(titled.count.COUNT).toBeGreaterThan(0);
    expect(titled.result.every((row: { MESSAGE_TITLE: string }) => row.MESSAGE_TITLE.includes('作业'))).toBe(true);
    // LIKE wildcards in the title are plain text.
    expect((await post('/api/message/info/getInfoByRecipient', '201911001', { title: '%' })).json().data.count.COUNT).toBe(0);
    const total = await totalOf('201911001');
    const lastPage = Math.floor((total - 1) / 10);
    const last = (await post('/api/message/info/getInfoByRecipient', '201911001', { page: String(lastPage), size: '10' })).json().data;
    expect(last.result).toHaveLength(total - lastPage * 10);
    expect((await post('/api/message/info/getInfoByRecipient', '201911001', { page: String(lastPage + 1) })).json().data).toEqual({ result: [], count: { COUNT: total } });
  });

  it('shortens long contents in the list and keeps them whole by id', async () => {
    const long = '长'.repeat(250);
    const [row] = await t.database.db
      .insert(messages)
      .values({ recipientUserId: userIds.T0002, title: '很长的消息', content: long, type: '1', createdAt: new Date(Date.now() + 60_000) })
      .returning();
    const listed = (await post('/api/message/info/getInfoByRecipient', 'T0002', { size: '1' })).json().data.result[0];
    expect(listed.MESSAGE_ID).toBe(row.id);
    expect(listed.MESSAGE_CONTENT).toBe(`${'长'.repeat(200)}…`);
    const whole = (await post('/api/message/info/getInfoById', 'T0002', { id: String(row.id) })).json().data.obj;
    expect(whole.MESSAGE_CONTENT).toBe(long);
    await t.database.db.delete(messages).where(eq(messages.id, row.id));
  });

  it('refuses bad paging and filters in the caller language', async () => {
    expect((await post('/api/message/info/getInfoByRecipient', 'T0001', { size: '101' })).json()).toMatchObject({ result: false, msg: '每页最多显示100条消息' });
    expect((await post('/api/message/info/getInfoByRecipient', 'T0001', { size: '101' }, 'en')).json().msg).toBe('At most 100 messages can be shown on one page');
    const bad: Record<string, string>[] = [{ page: '-1' }, { page: 'x' }, { size: '0' }, { status: '2' }, { type: "1' OR '1'='1" }];
    for (const body of bad) {
      const response = await post('/api/message/info/getInfoByRecipient', 'T0001', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ result: false, data: null, msg: '参数错误' });
    }
    expect((await post('/api/message/info/getInfoByRecipient', 'T0001', { title: 'x'.repeat(101) })).json().msg).toBe('输入内容过长');
  });

  it('needs a login and the message-centre permission', async () => {
    expect((await t.post('/api/message/info/getInfoByRecipient', {})).json().code).toBe(50014);
    const refused = await post('/api/message/info/getInfoByRecipient', 'norole');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ result: false, data: null, msg: '抱歉，您没有权限访问' });
    expect((await post('/api/message/info/markRead', 'norole', { all: '1' })).json().msg).toBe('您无权编辑/删除此数据');
  });
});

describe('POST /api/message/info/getInfoById', () => {
  it('answers an own message whole, without marking it read', async () => {
    const unread = await firstMessageOf('jz201911001', 0);
    const body = (await post('/api/message/info/getInfoById', 'jz201911001', { id: String(unread.id) })).json();
    expect(body.data.obj).toMatchObject({ MESSAGE_ID: unread.id, MESSAGE_TITLE: unread.title, MESSAGE_CONTENT: unread.content, MESSAGE_STATUS: 0 });
    expect((await t.database.db.select().from(messages).where(eq(messages.id, unread.id)))[0].status).toBe(0);
  });

  it("refuses another user's message and returns nothing of it", async () => {
    const others = await firstMessageOf('admin');
    const response = await post('/api/message/info/getInfoById', '201911001', { id: String(others.id) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, result: false, data: null, msg: '该消息不属于您' });
    expect(response.body).not.toContain(others.title);
    expect((await post('/api/message/info/getInfoById', '201911001', { id: String(others.id) }, 'en')).json().msg).toBe('This message is not addressed to you');
  });

  it('says when the id is missing, malformed or unknown', async () => {
    expect((await post('/api/message/info/getInfoById', 'T0001')).json()).toMatchObject({ result: false, msg: '请选择消息' });
    expect((await post('/api/message/info/getInfoById', 'T0001', { id: 'abc' })).json()).toMatchObject({ result: false, msg: '参数错误' });
    const unknown = await post('/api/message/info/getInfoById', 'T0001', { id: '999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('数据不存在');
  });
});

describe('POST /api/message/info/markRead and unreadCount', () => {
  it('marks one message read, lowers the unread count and logs the call', async () => {
    const before = await unreadOf('jz201911001');
    expect((await post('/api/message/info/unreadCount', 'jz201911001')).json().data).toEqual({ count: before });
    const unread = await firstMessageOf('jz201911001', 0);
    const body = (await post('/api/message/info/markRead', 'jz201911001', { id: String(unread.id) })).json();
    expect(body).toMatchObject({ result: true, data: { unread: before - 1 } });
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, unread.id));
    expect(stored.status).toBe(1);
    expect(stored.readAt).toBeInstanceOf(Date);
    // Marking it again changes nothing, and keeps the first read time.
    expect((await post('/api/message/info/markRead', 'jz201911001', { id: String(unread.id) })).json().data.unread).toBe(before - 1);
    expect((await t.database.db.select().from(messages).where(eq(messages.id, unread.id)))[0].readAt).toEqual(stored.readAt);
    expect((await post('/api/message/info/unreadCount', 'jz201911001')).json().data.count).toBe(before - 1);
    // The log is written after the answer is sent.
    await vi.waitFor(async () => {
      const [log] = await t.database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.module, 'message'), eq(operationLogs.operation, 'markRead'), eq(operationLogs.account, 'jz201911001')));
      expect(log).toMatchObject({ outcome: 'success' });
    });
  });

  it('marks several (comma-separated or a JSON array), then all', async () => {
    const rows = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.recipientUserId, userIds.T0001), eq(messages.status, 0)))
      .limit(4);
    const before = await unreadOf('T0001');
    const two = (await post('/api/message/info/markRead', 'T0001', { ids: `${rows[0].id}, ${rows[1].id}` })).json();
    expect(two.data.unread).toBe(before - 2);
    const json = (await postJson('/api/message/info/markRead', 'T0001', { ids: [rows[2].id, String(rows[3].id)] })).json();
    expect(json.data.unread).toBe(before - 4);
    expect((await postJson('/api/message/info/markRead', 'T0001', { all: '1' })).json().data.unread).toBe(0);
    expect(await unreadOf('T0001')).toBe(0);
  });

  it("refuses another user's id and changes nothing, not even the caller's own ids in the same call", async () => {
    const own = await firstMessageOf('201911001', 0);
    const [others] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, userIds.admin), eq(messages.status, 0)))
      .limit(1);
    const response = await post('/api/message/info/markRead', '201911001', { ids: `${own.id},${others.id}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ result: false, data: null, msg: '该消息不属于您' });
    const statuses = await t.database.db.select({ id: messages.id, status: messages.status }).from(messages).where(inArray(messages.id, [own.id, others.id]));
    expect(statuses.every((row) => row.status === 0)).toBe(true);
    // The log is written after the answer is sent.
    await vi.waitFor(async () => {
      const [log] = await t.database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.module, 'message'), eq(operationLogs.account, '201911001'), eq(operationLogs.outcome, 'failure')));
      expect(log).toBeDefined();
    });
  });

  it('needs an id, ids or all, each well formed', async () => {
    expect((await post('/api/message/info/markRead', 'T0002')).json()).toMatchObject({ result: false, msg: '请选择消息' });
    expect((await post('/api/message/info/markRead', 'T0002', { all: '0' })).json().msg).toBe('请选择消息');
    expect((await post('/api/message/info/markRead', 'T0002', { ids: '1,x' })).json().msg).toBe('参数错误');
    expect((await post('/api/message/info/markRead', 'T0002', { id: '999999999' })).statusCode).toBe(404);
  });
});

describe('POST /api/message/center/page', () => {
  const titles = ['一天前', '十天前', '四十天前', '八十天前', '两百天前'];
  beforeAll(async () => {
    // T0002's messages replaced by five at known distances from now.
    await t.database.db.delete(messages).where(eq(messages.recipientUserId, userIds.T0002));
    const now = Date.now();
    await t.database.db.insert(messages).values(
      [1, 10, 40, 80, 200].map((days, i) => ({
        recipientUserId: userIds.T0002,
        title: titles[i],
        content: `${days} 天前的消息`,
        type: i % 2 === 0 ? '3' : '2',
        status: i < 2 ? 0 : 1,
        createdAt: new Date(now - days * DAY),
      })),
    );
  });
  const page = (account: string, payload: unknown) => postJson('/api/message/center/page', account, payload);
  const titlesOf = (body: { data: { rows: { MESSAGE_TITLE: string }[] } }) => body.data.rows.map((row) => row.MESSAGE_TITLE);

  it('limits to the last week, month or three months', async () => {
    const all = (await page('T0002', { currPage: 0, limit: 10 })).json();
    expect(all.data.total).toBe(5);
    expect(titlesOf(all)).toEqual(titles);
    expect(titlesOf((await page('T0002', { currPage: 0, limit: 10, search: { range: 'week' } })).json())).toEqual(['一天前']);
    expect(titlesOf((await page('T0002', { currPage: 0, limit: 10, search: { range: 'month' } })).json())).toEqual(['一天前', '十天前']);
    const quarter = (await page('T0002', { currPage: 0, limit: 10, search: JSON.stringify({ range: 'threeMonths' }) })).json();
    expect(quarter.data).toMatchObject({ total: 4 });
    expect(Object.keys(quarter.data.rows[0])).toContain('MESSAGE_TYPE_NAME');
  });

  it('filters by status, type and title, sorts by creation time and pages', async () => {
    expect(titlesOf((await page('T0002', { limit: 10, search: { status: '0' } })).json())).toEqual(['一天前', '十天前']);
    expect(titlesOf((await page('T0002', { limit: 10, search: { status: 1, type: '2' } })).json())).toEqual(['八十天前']);
    expect(titlesOf((await page('T0002', { limit: 10, search: { title: '十天' } })).json())).toEqual(['十天前', '四十天前', '八十天前']);
    expect(titlesOf((await page('T0002', { limit: 2, currPage: 1, sortField: 'createTime', order: 'asc' })).json())).toEqual(['四十天前', '十天前']);
    // The form-encoded variant of the generic call works too.
    const form = (await post('/api/message/center/page', 'T0002', { currPage: '0', limit: '1', search: '{"range":"week"}' })).json();
    expect(form.data).toMatchObject({ total: 1, rows: [{ MESSAGE_TITLE: '一天前' }] });
  });

  it("never shows another user's messages", async () => {
    const body = (await page('201911001', { limit: 500, search: { title: '天前' } })).json();
    expect(body.data).toEqual({ total: 0, rows: [] });
  });

  it('refuses malformed search JSON, unknown ranges, unknown sort fields and oversized pages', async () => {
    const malformed = await post('/api/message/center/page', 'T0002', { search: '{"range":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ result: false, data: null, msg: '查询条件格式不正确' });
    expect((await page('T0002', { search: { range: 'year' } })).json().msg).toBe('查询条件格式不正确');
    expect((await page('T0002', { search: { status: 'read' } })).json().msg).toBe('查询条件格式不正确');
    expect((await page('T0002', { search: '[1,2]' })).json().result).toBe(false);
    expect((await page('T0002', { sortField: 'title' })).json().msg).toBe('该列不支持排序');
    expect((await page('T0002', { limit: 501 })).json().result).toBe(false);
  });
});

describe('message-centre ranges', () => {
  it('count back 7 days, one month and three calendar months (short months end on their last day)', () => {
    const now = new Date(2026, 4, 31, 10, 30);
    expect(rangeStart('week', now)).toEqual(new Date(2026, 4, 24, 10, 30));
    expect(rangeStart('month', now)).toEqual(new Date(2026, 3, 30, 10, 30));
    expect(rangeStart('threeMonths', now)).toEqual(new Date(2026, 1, 28, 10, 30));
    expect(rangeStart('month', new Date(2026, 0, 15))).toEqual(new Date(2025, 11, 15));
  });
});

describe('the message bell list', () => {
  it('reads exactly what the general list reads (its hot statement is a second spelling of the same query)', async () => {
    for (const account of ['201911001', 'T0001']) {
      for (const page of [{ offset: 0, limit: 10 }, { offset: 10, limit: 5 }, { offset: 1000, limit: 10 }]) {
        const bell = await pageMessages(t.database.db, userIds[account], {}, { ...page, order: 'desc' });
        const general = await pageMessages(t.database.db, userIds[account], { since: new Date(0) }, { ...page, order: 'desc' });
        expect(bell).toEqual(general);
      }
    }
  });
});
