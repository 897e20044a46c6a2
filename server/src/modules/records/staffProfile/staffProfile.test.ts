import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, loginDemoAccounts, teacherOutsideDemoClass } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { fileChunks, files, staff } from '../../../db/schema/index.ts';
import { maskPhone } from './service.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** A teacher who neither teaches nor leads 初二(1)班, the demo student's class. */
let outsider: string;
let t0001Phone: string;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginDemoAccounts(t));
  outsider = await teacherOutsideDemoClass(t);
  const [phone] = await t.database.db.select({ phone: staff.phone }).from(staff).where(eq(staff.staffNumber, 'T0001'));
  t0001Phone = phone.phone!;
});
afterAll(() => t.close());

const call = async (url: string, account: string, body: Record<string, string>, language?: 'en') => {
  const response = await t.post(url, body, { token: tokens[account], headers: language ? { cookie: 'language=en' } : undefined });
  return { status: response.statusCode, body: response.json() };
};

describe('maskPhone', () => {
  it('keeps the first three and the last four digits', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('123')).toBe('****');
    expect(maskPhone('')).toBe('');
  });
});

describe('POST /base/jzgzj/getJzgZjJbXx', () => {
  it('answers every basic field to a colleague, the phone in full', async () => {
    const { body } = await call('/base/jzgzj/getJzgZjJbXx', 'T0002', { zgh: 'T0001' });
    expect(body).toMatchObject({ result: true });
    expect(body.data).toEqual({
      ZGH: 'T0001', XM: '王建国', XQ: '东校区', XB: '男', IMG: '', RESID: '', BZBM: '教务处', SSJYZ: '数学组', GZBM: '教务处', CYDH: t0001Phone,
    });
    expect(t0001Phone).toMatch(/^1\d{10}$/);
    const en = await call('/base/jzgzj/getJzgZjJbXx', 'T0002', { zgh: 'T0001' }, 'en');
    expect(en.body.data).toMatchObject({ XQ: 'East campus', XB: 'Male', BZBM: 'Academic office', SSJYZ: 'Mathematics group' });
  });

  it("masks the phone for a student and a parent who may see the teacher of their class", async () => {
    for (const account of ['201911001', 'jz201911001']) {
      const { body } = await call('/base/jzgzj/getJzgZjJbXx', account, { zgh: 'T0001' });
      expect(body.data.CYDH).toBe(maskPhone(t0001Phone));
      expect(body.data.CYDH).not.toBe(t0001Phone);
    }
  });

  it('shows the photo resource once the staff member has one', async () => {
    await t.database.db.insert(files).values({
      id: 'test-staff-photo', purpose: 'staffPhoto', originalName: 'p.png', mimeType: 'image/png', size: 3, sha256: '0'.repeat(64),
    });
    await t.database.db.insert(fileChunks).values({ fileId: 'test-staff-photo', startByte: 0, data: Buffer.from([1, 2, 3]) });
    await t.database.db.update(staff).set({ photoFileId: 'test-staff-photo' }).where(eq(staff.staffNumber, 'T0002'));
    const { body } = await call('/base/jzgzj/getJzgZjJbXx', '201911001', { zgh: 'T0002' });
    expect(body.data).toMatchObject({ IMG: '/file/download/test-staff-photo', RESID: 'test-staff-photo' });
  });

  it('refuses a teacher outside the class of a student or parent', async () => {
    for (const account of ['201911001', 'jz201911001']) {
      const refused = await call('/base/jzgzj/getJzgZjJbXx', account, { zgh: outsider });
      expect(refused).toMatchObject({ status: 403, body: { result: false, data: null, msg: '您无权查看该教职工的信息' } });
    }
    expect((await call('/base/jzgzj/getJzgZjJbXx', 'T0001', { zgh: outsider })).body.result).toBe(true);
  });

  it('refuses bad input and unknown staff numbers', async () => {
    expect(await call('/base/jzgzj/getJzgZjJbXx', 'T0001', {})).toMatchObject({ status: 400, body: { result: false, msg: '请提供职工号' } });
    expect(await call('/base/jzgzj/getJzgZjJbXx', 'T0001', { zgh: 'T'.repeat(31) })).toMatchObject({ status: 400, body: { msg: '输入内容过长' } });
    expect(await call('/base/jzgzj/getJzgZjJbXx', 'T0001', { zgh: 'T9999' })).toMatchObject({ status: 404, body: { data: null, msg: '数据不存在' } });
    expect(await call('/base/jzgzj/getJzgZjJbXx', 'T0001', { zgh: 'T9999' }, 'en')).toMatchObject({ status: 404, body: { msg: 'Data does not exist' } });
  });
});

describe('POST /base/jzgzj/getJzgZjRzXx', () => {
  it('answers the classes led, lesson-preparation and grade duties', async () => {
    expect((await call('/base/jzgzj/getJzgZjRzXx', 'T0001', { zgh: 'T0002' })).body.data).toEqual({ bzrmc: '初二(1)班', bkzz: '', njzz: '初二' });
    expect((await call('/base/jzgzj/getJzgZjRzXx', '201911001', { zgh: 'T0001' })).body.data).toEqual({ bzrmc: '', bkzz: '初二数学备课组', njzz: '' });
  });

  it('refuses out-of-scope and unknown staff', async () => {
    expect(await call('/base/jzgzj/getJzgZjRzXx', 'jz201911001', { zgh: outsider })).toMatchObject({ status: 403, body: { data: null } });
    expect(await call('/base/jzgzj/getJzgZjRzXx', 'T0001', { zgh: 'nobody' })).toMatchObject({ status: 404, body: { data: null } });
    expect(await call('/base/jzgzj/getJzgZjRzXx', 'T0001', { zgh: '' })).toMatchObject({ status: 400, body: { msg: '请提供职工号' } });
  });
});

describe('POST /base/jzgzj/getJzgZjRkXx', () => {
  it('lists one row per class and course taught this term, then the electives', async () => {
    const { body } = await call('/base/jzgzj/getJzgZjRkXx', 'T0002', { zgh: 'T0001' });
    const names = body.data.map((row: { MC: string }) => row.MC);
    expect(names.slice(0, 2).sort()).toEqual(['初二(1)班 数学', '六年级(3)班 数学'].sort());
    expect(names).toContain('机器人');
    expect(new Set(names).size).toBe(names.length);
    const teacher2 = (await call('/base/jzgzj/getJzgZjRkXx', '201911001', { zgh: 'T0002' })).body.data.map((row: { MC: string }) => row.MC);
    expect(teacher2).toEqual(expect.arrayContaining(['初二(1)班 语文', '初二(1)班 班会']));
    const en = (await call('/base/jzgzj/getJzgZjRkXx', 'T0002', { zgh: 'T0001' }, 'en')).body.data;
    expect(en).toContainEqual({ MC: '初二(1)班 Mathematics' });
  });

  it('refuses out-of-scope staff', async () => {
    expect(await call('/base/jzgzj/getJzgZjRkXx', '201911001', { zgh: outsider })).toMatchObject({ status: 403, body: { data: null } });
  });
});

describe('POST /base/jzgzj/getJzgZjJsXx', () => {
  it('lists the distinct classrooms taught in this term', async () => {
    const { body } = await call('/base/jzgzj/getJzgZjJsXx', 'T0002', { zgh: 'T0001' });
    const names = body.data.map((row: { MC: string }) => row.MC);
    expect(names).toEqual(expect.arrayContaining(['东校区致远楼081室', '东校区启明楼063室', '机器人实验室']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses out-of-scope staff', async () => {
    expect(await call('/base/jzgzj/getJzgZjJsXx', 'jz201911001', { zgh: outsider })).toMatchObject({ status: 403, body: { data: null } });
  });
});

describe('POST /base/jzgzj/getPkxx', () => {
  it('lists the invigilation duties with hours and totals per role', async () => {
    const { body } = await call('/base/jzgzj/getPkxx', 'T0002', { zgh: 'T0001' });
    expect(body.result).toBe(true);
    // The demo's mid-term arrangement (db/seed/exams.ts) gives T0001 one chief's duty.
    expect(body.data.list).toEqual([{ JSKSLB: '主监考', KSRQ: '2026-11-10', KSSJ: '08:30', JSSJ: '10:30', KCMC: '语文', SC: 2 }]);
    expect(body.data.statistics).toEqual({ 主监考: 2 });
    const own = (await call('/base/jzgzj/getPkxx', 'T0002', { zgh: 'T0002' }, 'en')).body.data;
    expect(own).toEqual({ list: [{ JSKSLB: 'Chief invigilator', KSRQ: '2026-11-11', KSSJ: '08:30', JSSJ: '10:30', KCMC: 'Mathematics', SC: 2 }], statistics: { 'Chief invigilator': 2 } });
  });

  it('narrows to one exam batch when pcid is given', async () => {
    const [batch] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM exam_batches ORDER BY id LIMIT 1`);
    const { body } = await call('/base/jzgzj/getPkxx', 'admin', { zgh: 'T0001', pcid: String(batch.id) });
    expect(body.data.list).toHaveLength(1);
    expect((await call('/base/jzgzj/getPkxx', 'admin', { zgh: 'T0001', pcid: '' })).body.data.list).toHaveLength(1);
    expect(await call('/base/jzgzj/getPkxx', 'admin', { zgh: 'T0001', pcid: '99999' })).toMatchObject({ status: 404, body: { data: null, msg: '该考试批次不存在' } });
    expect(await call('/base/jzgzj/getPkxx', 'admin', { zgh: 'T0001', pcid: 'abc' })).toMatchObject({ status: 400, body: { msg: '考试批次编号必须是整数' } });
  });

  it('answers nothing for someone without duties', async () => {
    expect((await call('/base/jzgzj/getPkxx', 'T0001', { zgh: 'T0150' })).body.data).toEqual({ list: [], statistics: {} });
  });

  it('refuses students and parents, even for the teachers of their class', async () => {
    for (const account of ['201911001', 'jz201911001']) {
      expect(await call('/base/jzgzj/getPkxx', account, { zgh: 'T0001' })).toMatchObject({ status: 403, body: { result: false, data: null, msg: '只有教职工可以查看监考信息' } });
    }
  });

  it('refuses bad input and unknown staff', async () => {
    expect(await call('/base/jzgzj/getPkxx', 'T0001', {})).toMatchObject({ status: 400, body: { msg: '请提供职工号' } });
    expect(await call('/base/jzgzj/getPkxx', 'T0001', { zgh: 'T9999' })).toMatchObject({ status: 404, body: { msg: '数据不存在' } });
  });
});
