import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { backgroundOf, BackgroundRunner, enqueueTask, registerTaskHandler } from '../../../platform/background.ts';
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
const deliver = () => backgroundOf(t.app).runPending();

async function ledClassId(): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002' ORDER BY c.id LIMIT 1`);
  return row!.id;
}

/** A small picture owned by `account`, stored as the upload call would store it. */
async function pictureOf(account: string, id: string): Promise<string> {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  await t.database.db.execute(sql`
    INSERT INTO files (id, owner_user_id, purpose, original_name, mime_type, size, sha256)
    SELECT ${id}, u.id, 'image', 'class.png', 'image/png', ${png.length}, 'x' FROM users u WHERE u.account = ${account}`);
  await t.database.db.execute(sql`INSERT INTO file_chunks (file_id, start_byte, data) VALUES (${id}, 0, ${png})`);
  return id;
}

describe('notices: the demo school', () => {
  it('seeds delivered and failed notices with receipts, read and unread', async () => {
    const mine = (await call('/api/homeSchool/notices/page', { currPage: 0, limit: 20 }, 'T0002')).json().data;
    expect(mine.rows.map((r: { status: string }) => r.status)).toEqual(expect.arrayContaining(['delivered', 'failed']));
    const meeting = mine.rows.find((r: { title: string }) => r.title === '本周五家长会通知');
    expect(meeting.recipientTotal).toBeGreaterThan(10);
    expect(meeting.readCount).toBeGreaterThan(0);
    expect(meeting.readCount).toBeLessThan(meeting.recipientTotal);
    const parent = (await call('/api/homeSchool/myNotices/page', { currPage: 0, limit: 20 }, 'jz201911001')).json().data;
    expect(parent.unread).toBeGreaterThan(0);
    expect(parent.rows.length).toBeGreaterThanOrEqual(3);
    // The dashboards count what waits: the parent's unread notices, the teacher's readers of the latest notice.
    const cards = (await call('/api/dashboard/cards', undefined, 'jz201911001', EN)).json().data;
    expect(cards.find((c: { title: string }) => c.title === 'Unread notices')).toMatchObject({ value: parent.unread, route: '/jxhd/wdtz' });
    const [latest] = await rows<{ reads: number }>(sql`
      SELECT n.read_count AS reads FROM notices n JOIN users u ON u.id = n.publisher_user_id WHERE u.account = 'T0001' AND n.status = 'delivered' ORDER BY n.created_at DESC LIMIT 1`);
    const teacherCards = (await call('/api/dashboard/cards', undefined, 'T0001', EN)).json().data;
    expect(teacherCards.find((c: { title: string }) => c.title === 'Read my latest notice')).toMatchObject({ value: latest!.reads });
    expect(latest!.reads).toBeGreaterThan(0);
    // A teacher receives the school office's notices too.
    const teacher = (await call('/api/homeSchool/myNotices/page', { currPage: 0, limit: 20 }, 'T0001')).json().data;
    expect(teacher.rows.map((r: { title: string }) => r.title)).toContain('教职工大会通知');
    // Without a title the pages of callers at the same moment go to the database together: each gets its
    // own, and a read filter or a title narrows the same rows.
    const accounts = ['jz201911001', 'T0001', '201911001', 'jz201911001', 'T0001'];
    const page = { currPage: 0, limit: 20 };
    const together = await Promise.all(accounts.map((account) => call('/api/homeSchool/myNotices/page', page, account)));
    const alone: { total: number; unread: number; rows: { id: number; title: string; readAt: string | null }[] }[] = [];
    for (const account of accounts) alone.push((await call('/api/homeSchool/myNotices/page', page, account)).json().data);
    expect(together.map((response) => response.json().data)).toEqual(alone);
    expect(alone[1]).toEqual(teacher);
    const unread = (await call('/api/homeSchool/myNotices/page', { ...page, search: { read: '0' } }, 'jz201911001')).json().data;
    expect(unread.rows.map((r: { id: number }) => r.id)).toEqual(parent.rows.filter((r: { readAt: string | null }) => r.readAt === null).map((r: { id: number }) => r.id));
    const titled = (await call('/api/homeSchool/myNotices/page', { ...page, search: { title: '家长会' } }, 'jz201911001')).json().data;
    expect(titled.rows.length).toBeGreaterThan(0);
    expect(titled.rows.map((r: { id: number }) => r.id)).toEqual(parent.rows.filter((r: { title: string }) => r.title.includes('家长会')).map((r: { id: number }) => r.id));
  });
});

describe('notices: publishing, delivery and read receipts', () => {
  it('a class teacher publishes to the class parents; the parent reads it from the bell; the receipts show it', async () => {
    const classId = await ledClassId();
    const picture = await pictureOf('T0002', 'noticepic0001');
    const published = (
      await call('/api/homeSchool/notices/create', { title: '明天下午提前放学', content: '因教研活动，明天下午 15:00 放学，请家长按时接孩子。', images: [picture], classIds: [classId], classAudience: 'parents' }, 'T0002')
    ).json();
    expect(published, JSON.stringify(published)).toMatchObject({ result: true, data: { status: 'queued' } });
    const id = published.data.id;
    expect((await call('/api/homeSchool/notices/get', { id }, 'T0002')).json().data).toMatchObject({ status: 'queued', recipientTotal: 0 });
    // Reminding before the delivery has reached everyone is refused.
    expect((await call('/api/homeSchool/notices/remind', { id }, 'T0002', EN)).json().msg).toBe('The notice is still being delivered; remind once it has reached everyone');

    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const [parents] = await rows<{ total: number }>(sql`
      SELECT count(DISTINCT g.parent_user_id)::int AS total FROM guardians g JOIN students s ON s.id = g.student_id JOIN users u ON u.id = g.parent_user_id
      WHERE s.class_id = ${classId} AND s.in_school_status = '1' AND u.enabled`);
    const detail = (await call('/api/homeSchool/notices/get', { id }, 'T0002')).json().data;
    expect(detail).toMatchObject({ status: 'delivered', recipientTotal: parents!.total, deliveredCount: parents!.total, readCount: 0 });
    expect(detail.attachments.images).toEqual([expect.objectContaining({ id: picture, name: 'class.png' })]);
    expect(detail.classes).toEqual([expect.objectContaining({ id: classId })]);

    // The parent's bell carries the notice with a link that opens it.
    const bell = (await t.post('/api/message/info/getInfoByRecipient', { page: '0', size: '5' }, { token: tokens['jz201911001'] })).json().data.result;
    expect(bell[0]).toMatchObject({ MESSAGE_TITLE: '明天下午提前放学', MESSAGE_LINK: `/jxhd/wdtz?id=${id}`, MESSAGE_STATUS: 0 });
    // The picture is the parent's to see now; not a student's who did not receive it.
    expect((await t.get(`/file/download/${picture}`, { token: tokens['jz201911001'] })).statusCode).toBe(200);
    expect((await t.get(`/file/download/${picture}`, { token: tokens['201911001'] })).statusCode).toBe(404);

    const opened = (await call('/api/homeSchool/myNotices/get', { id }, 'jz201911001')).json().data;
    expect(opened).toMatchObject({ title: '明天下午提前放学', content: expect.stringContaining('15:00'), readAt: expect.any(String) });
    const again = (await call('/api/homeSchool/myNotices/get', { id }, 'jz201911001')).json().data;
    expect(again.readAt).toBe(opened.readAt);
    const [message] = await rows<{ status: number }>(sql`SELECT m.status FROM messages m JOIN users u ON u.id = m.recipient_user_id WHERE u.account = 'jz201911001' AND m.link = ${`/jxhd/wdtz?id=${id}`}`);
    expect(message!.status).toBe(1);

    const receipts = (await call('/api/homeSchool/notices/receipts', { id, currPage: 0, limit: 500 }, 'T0002')).json().data;
    expect(receipts).toMatchObject({ total: parents!.total, read: 1, unread: parents!.total - 1 });
    // Unread first; the parent is shown with the child they were reached through.
    expect(receipts.rows.at(-1)).toMatchObject({ account: 'jz201911001', readAt: expect.any(String), relation: expect.stringContaining('张小明') });
    const readOnly = (await call('/api/homeSchool/notices/receipts', { id, currPage: 0, limit: 10, search: { read: '1' } }, 'T0002')).json().data;
    expect(readOnly.rows.map((r: { account: string }) => r.account)).toEqual(['jz201911001']);
    expect((await call('/api/homeSchool/notices/get', { id }, 'T0002')).json().data.readCount).toBe(1);

    // Remind the others once; again within ten minutes is refused.
    const reminded = (await call('/api/homeSchool/notices/remind', { id }, 'T0002', EN)).json();
    expect(reminded).toMatchObject({ result: true, data: { count: parents!.total - 1 } });
    expect(reminded.msg).toBe(`${parents!.total - 1} recipients who have not read it were reminded`);
    const tooSoon = (await call('/api/homeSchool/notices/remind', { id }, 'T0002')).json();
    expect(tooSoon).toMatchObject({ result: false, msg: '10 分钟内已提醒过未读人员，请稍后再试' });

    // Deleting takes the receipts and the messages with it.
    expect((await call('/api/homeSchool/notices/delete', { ids: [id] }, 'T0002')).json().result).toBe(true);
    const [left] = await rows<{ messages: number; receipts: number }>(sql`
      SELECT (SELECT count(*)::int FROM messages WHERE link = ${`/jxhd/wdtz?id=${id}`}) AS messages, (SELECT count(*)::int FROM notice_recipients WHERE notice_id = ${id}) AS receipts`);
    expect(left).toEqual({ messages: 0, receipts: 0 });
    expect((await call('/api/homeSchool/myNotices/get', { id }, 'jz201911001')).statusCode).toBe(404);
  });

  it('an administrator reaches people, units, roles and classes, each user once', async () => {
    const classId = await ledClassId();
    const [unit] = await rows<{ code: string; staff: number }>(sql`
      SELECT o.code, (SELECT count(*)::int FROM staff st JOIN users u ON u.id = st.user_id AND u.enabled WHERE st.working_dept_id = o.id) AS staff
      FROM org_units o WHERE EXISTS (SELECT 1 FROM staff st WHERE st.working_dept_id = o.id) ORDER BY o.code LIMIT 1`);
    const created = (
      await call(
        '/api/homeSchool/notices/create',
        { title: '安全检查', content: '请各部门做好安全检查。', recipients: `U_T0002,U_jz201911001,R_class_teacher,O_${unit!.code}`, classIds: [classId], classAudience: 'both' },
        'admin',
      )
    ).json();
    expect(created.result, JSON.stringify(created)).toBe(true);
    await deliver();
    const [counts] = await rows<{ total: number; distinct: number; messages: number }>(sql`
      SELECT count(*)::int AS total, count(DISTINCT user_id)::int AS distinct,
             (SELECT count(*)::int FROM messages WHERE link = ${`/jxhd/wdtz?id=${created.data.id}`}) AS messages
      FROM notice_recipients WHERE notice_id = ${created.data.id}`);
    expect(counts!.total).toBe(counts!.distinct);
    expect(counts!.messages).toBe(counts!.total);
    expect(counts!.total).toBeGreaterThanOrEqual(unit!.staff);
    const detail = (await call('/api/homeSchool/notices/get', { id: created.data.id }, 'admin', EN)).json().data;
    expect(detail.recipientNames).toEqual(expect.arrayContaining([{ code: 'U_T0002', name: '李秀英' }]));
    // The administrator sees every notice, a teacher only their own.
    const all = (await call('/api/homeSchool/notices/page', { currPage: 0, limit: 100 }, 'admin')).json().data;
    const own = (await call('/api/homeSchool/notices/page', { currPage: 0, limit: 100 }, 'T0001')).json().data;
    expect(all.total).toBeGreaterThan(own.total);
    expect(own.rows.every((r: { publisherName: string }) => r.publisherName === '王建国')).toBe(true);
  });

  it('a dynamic role reaches the accounts its rule finds when the notice is published', async () => {
    const role = (
      await call('/api/system/roles/create', { code: 'dyn_notice_teachers', name: '班主任（动态）', roleType: 'dynamic', dynamicSql: 'SELECT "USERID" FROM role_class_teachers', enabled: true, sort: 90 }, 'admin')
    ).json();
    expect(role.result, JSON.stringify(role)).toBe(true);
    const created = (await call('/api/homeSchool/notices/create', { title: '班主任例会', content: '周五下午召开班主任例会。', recipients: 'R_dyn_notice_teachers' }, 'admin')).json();
    expect(created.result, JSON.stringify(created)).toBe(true);
    await deliver();
    const reached = await rows<{ account: string }>(sql`
      SELECT u.account FROM notice_recipients nr JOIN users u ON u.id = nr.user_id WHERE nr.notice_id = ${created.data.id} ORDER BY u.account`);
    const [teachers] = await rows<{ n: number }>(sql`
      SELECT count(DISTINCT u.id)::int AS n FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id AND u.enabled`);
    expect(reached.length).toBe(teachers!.n);
    expect(reached.map((r) => r.account)).toContain('T0002');
  });

  it('a failed delivery is sent again and goes on where it stopped, nobody getting a message twice', async () => {
    const [failed] = await rows<{ id: number; delivered: number; total: number }>(sql`SELECT id, delivered_count AS delivered, recipient_total AS total FROM notices WHERE status = 'failed' LIMIT 1`);
    expect(failed!.delivered).toBeLessThan(failed!.total);
    const refused = (await call('/api/homeSchool/notices/resend', { id: failed!.id }, 'T0001', EN)).json();
    expect(refused.msg).toBe('You have no right to edit/delete this data');
    expect((await call('/api/homeSchool/notices/resend', { id: failed!.id }, 'T0002')).json().result).toBe(true);
    await deliver();
    const [after] = await rows<{ status: string; delivered: number; total: number; messages: number; receipts: number }>(sql`
      SELECT status, delivered_count AS delivered, recipient_total AS total,
             (SELECT count(*)::int FROM messages WHERE link = ${`/jxhd/wdtz?id=${failed!.id}`}) AS messages,
             (SELECT count(*)::int FROM notice_recipients WHERE notice_id = ${failed!.id}) AS receipts
      FROM notices WHERE id = ${failed!.id}`);
    expect(after).toEqual({ status: 'delivered', delivered: failed!.total, total: failed!.total, messages: failed!.total, receipts: failed!.total });
    // Delivered is an end: sending it again is refused by the status machine.
    expect((await call('/api/homeSchool/notices/resend', { id: failed!.id }, 'T0002', EN)).json().msg).toBe('This notice cannot go from Delivered to Queued');
  });
});

describe('notices: refusals, in the caller’s language, changing nothing', () => {
  it('checks fields, recipients, attachments and rights', async () => {
    const classId = await ledClassId();
    const [otherClass] = await rows<{ id: number }>(sql`
      SELECT c.id FROM classes c WHERE c.id NOT IN (
        SELECT c2.id FROM classes c2 JOIN staff st ON st.id = c2.class_teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002'
        UNION SELECT te.class_id FROM timetable_entries te JOIN staff st ON st.id = te.teacher_id JOIN users u ON u.id = st.user_id WHERE u.account = 'T0002')
      ORDER BY c.id LIMIT 1`);
    const foreign = await pictureOf('T0001', 'noticepic0002');
    const base = { title: '通知', content: '内容', classIds: [classId], classAudience: 'parents' };
    const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notices`);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { ...base, title: '' }, 'The title is required', '标题不能为空'],
      ['T0002', { ...base, content: '   ' }, 'The content is required', '内容不能为空'],
      ['T0002', { ...base, title: 'x'.repeat(101) }, 'too long', '过长'],
      ['T0002', { ...base, images: Array.from({ length: 10 }, (_, i) => `img${i}`) }, 'At most 9 pictures can be attached', '最多可上传 9 张图片'],
      ['T0002', { ...base, video: ['a', 'b'] }, 'At most 1 video can be attached', '最多可上传 1 个视频'],
      ['T0002', { ...base, classIds: [] }, 'Choose the recipients', '请选择接收人'],
      ['T0002', { ...base, recipients: 'U_201911001' }, 'You can only publish to the classes you teach', '只能向您任教的班级发布'],
      ['T0002', { ...base, classIds: [otherClass!.id] }, 'You can only publish to the classes you teach', '只能向您任教的班级发布'],
      ['T0002', { ...base, images: [foreign] }, 'was not uploaded by you', '不是您上传的'],
      ['admin', { ...base, recipients: 'U_nobody-here' }, 'U_nobody-here is not a person', 'U_nobody-here 不是可以接收通知的'],
      ['admin', { ...base, classIds: [], recipients: 'X_1' }, 'X_1 is not a person', 'X_1 不是'],
      ['201911001', base, 'You have no right to publish or delete notices, please contact the system administrator', '您没有发布或删除通知的权限，请联系系统管理员'],
      ['jz201911001', base, 'You have no right to publish or delete notices', '您没有发布或删除通知的权限'],
    ];
    for (const [account, payload, en, zh] of cases) {
      const english = (await call('/api/homeSchool/notices/create', payload, account, EN)).json();
      expect(english.result, JSON.stringify(payload)).toBe(false);
      expect(english.msg, JSON.stringify(payload)).toContain(en);
      expect((await call('/api/homeSchool/notices/create', payload, account)).json().msg, JSON.stringify(payload)).toContain(zh);
    }
    const [after] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notices`);
    expect(after!.n).toBe(before!.n);
  });

  it('an empty audience reaches nobody and is refused', async () => {
    const [empty] = await rows<{ id: number }>(sql`
      INSERT INTO classes (name, code, grade_id, campus_id, class_teacher_id)
      SELECT '空班', 'EMPTY01', c.grade_id, c.campus_id, c.class_teacher_id FROM classes c JOIN staff st ON st.id = c.class_teacher_id JOIN users u ON u.id = st.user_id
      WHERE u.account = 'T0002' LIMIT 1 RETURNING id`);
    const refused = (await call('/api/homeSchool/notices/create', { title: '通知', content: '内容', classIds: [empty!.id] }, 'T0002', EN)).json();
    expect(refused.msg).toBe('Nobody receives this: the chosen people, units, roles and classes have no active users');
  });

  it('keeps each notice to its publisher and its recipients', async () => {
    const [seeded] = await rows<{ id: number }>(sql`SELECT n.id FROM notices n JOIN users u ON u.id = n.publisher_user_id WHERE u.account = 'T0002' AND n.status = 'delivered' LIMIT 1`);
    const id = seeded!.id;
    const update = { id, title: '改', content: '改' };
    expect((await call('/api/homeSchool/notices/update', update, 'T0001', EN)).json().msg).toBe('You have no right to edit/delete this data');
    expect((await call('/api/homeSchool/notices/delete', { ids: [id] }, 'T0001', EN)).json().msg).toBe('You have no right to edit/delete this data');
    expect((await call('/api/homeSchool/notices/get', { id }, 'T0001')).statusCode).toBe(404);
    expect((await call('/api/homeSchool/notices/receipts', { id, currPage: 0, limit: 10 }, 'T0001')).statusCode).toBe(404);
    // A student who did not receive it learns nothing of it.
    const [notForStudent] = await rows<{ id: number }>(sql`
      SELECT n.id FROM notices n WHERE NOT EXISTS (SELECT 1 FROM notice_recipients nr JOIN users u ON u.id = nr.user_id WHERE nr.notice_id = n.id AND u.account = '201911001') LIMIT 1`);
    const hidden = await call('/api/homeSchool/myNotices/get', { id: notForStudent!.id }, '201911001', EN);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msg).toBe('Data does not exist');
    expect((await call('/api/homeSchool/notices/page', { currPage: 0, limit: 10 }, '201911001')).statusCode).toBe(403);
    // Its publisher modifies text but not recipients.
    expect((await call('/api/homeSchool/notices/update', { ...update, title: '家长会时间调整' }, 'T0002')).json().result).toBe(true);
    expect((await call('/api/homeSchool/notices/get', { id }, 'T0002')).json().data.title).toBe('家长会时间调整');
  });

  it('offers a teacher the classes they lead or teach, an administrator every class', async () => {
    const teacher = (await call('/api/homeSchool/notices/classes', {}, 'T0002')).json().data;
    const admin = (await call('/api/homeSchool/notices/classes', {}, 'admin')).json().data;
    expect(teacher.map((c: { id: number }) => c.id)).toContain(await ledClassId());
    expect(admin.length).toBeGreaterThan(teacher.length);
  });
});

describe('background work', () => {
  it('a task whose process stopped is taken up by another after the claim goes stale; a failing task ends failed', async () => {
    const seen: number[] = [];
    registerTaskHandler<{ n: number }>('test.count', {
      async run(db, task, step) {
        seen.push(task.attempts);
        await db.transaction((tx) => step.checkpoint(tx, { done: 1, total: 1 }, { at: task.payload.n }));
      },
    });
    registerTaskHandler('test.broken', {
      async run() {
        throw new Error('out of paper');
      },
    });
    const ids = await t.database.db.transaction(async (tx) => [await enqueueTask(tx, 'test.count', { n: 7 }, null), await enqueueTask(tx, 'test.broken', {}, null)]);
    const first = new BackgroundRunner(() => ({ db: t.database.db, log: t.app.log }), { staleAfterMs: 60_000 });
    // The first process claims the task and stops before running it.
    const claimed = await first.claim();
    expect(claimed!.id).toBe(ids[0]);
    const second = new BackgroundRunner(() => ({ db: t.database.db, log: t.app.log }), { staleAfterMs: 60_000 });
    // While the claim is fresh, the other process passes it over and runs the next one.
    expect(await second.runPending()).toBe(1);
    await t.database.db.execute(sql`UPDATE background_tasks SET heartbeat_at = now() - interval '2 minutes' WHERE id = ${ids[0]!}`);
    expect(await second.runPending()).toBe(1);
    expect(seen).toEqual([2]);
    const done = await rows<{ id: string; status: string; error: string | null; state: { at?: number } }>(sql`
      SELECT id::text, status, error, state FROM background_tasks WHERE id IN (${ids[0]!}, ${ids[1]!}) ORDER BY id`);
    expect(done.map((row) => [row.status, row.error])).toEqual([
      ['done', null],
      ['failed', 'out of paper'],
    ]);
    expect(done[0]!.state.at).toBe(7);
  });

  it('runs tasks side by side up to its concurrency, each to its end', async () => {
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    registerTaskHandler<{ n: number }>('test.together', {
      async run(db, task, step) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        // Waits (a little) for a second task to start beside this one.
        for (let waited = 0; inFlight < 2 && waited < 300; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(task.payload.n);
        await db.transaction((tx) => step.checkpoint(tx, { done: 1, total: 1 }, {}));
        inFlight -= 1;
      },
    });
    const queue = (numbers: number[]) =>
      t.database.db.transaction(async (tx) => {
        for (const n of numbers) await enqueueTask(tx, 'test.together', { n }, null);
      });
    await queue([1, 2, 3, 4]);

    const pair = new BackgroundRunner(() => ({ db: t.database.db, log: t.app.log }), { concurrency: 2 });
    expect(await pair.runPending()).toBe(4);
    expect(most).toBe(2);
    expect([...order].sort()).toEqual([1, 2, 3, 4]);

    most = 0;
    await queue([5, 6]);
    const single = new BackgroundRunner(() => ({ db: t.database.db, log: t.app.log }));
    expect(await single.runPending()).toBe(2);
    expect(most).toBe(1);
    const statuses = await rows<{ status: string }>(sql`SELECT DISTINCT status FROM background_tasks WHERE kind = 'test.together'`);
    expect(statuses).toEqual([{ status: 'done' }]);
  });
});
