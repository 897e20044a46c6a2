import { PASSWORD_DIGEST_PREFIX } from '@campus/contract';
import { count, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { operationLogs, sessions, systemConfig, users } from '../../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const digest = (account: string, password: string) => createHash('sha256').update(PASSWORD_DIGEST_PREFIX + account + password).digest('hex');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const changeForm = (account: string, oldPassword: string, newPassword: string) => ({
  username: account,
  newPassword: b64(newPassword),
  oldPassword: digest(account, oldPassword),
  sign: digest(account, newPassword),
});
const hashOf = async (account: string) => (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.account, account)))[0].h;

describe('POST /userManage/getUserInfo', () => {
  it('answers the own account without the password hash', async () => {
    const token = await t.login('T0001');
    const body = (await t.post('/userManage/getUserInfo', { userId: 'T0001' }, { token })).json();
    expect(body).toMatchObject({ result: true, data: [{ ID: 'T0001', USERNAME: '王建国', PASSWORD: '', ENABLED: 1 }] });
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it("refuses another user's account to a user without user management", async () => {
    const token = await t.login('201911001');
    const response = await t.post('/userManage/getUserInfo', { userId: 'admin' }, { token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ result: false, data: null, msg: '抱歉，您没有权限访问' });
  });

  it('lets the administrator read any account, and says when it does not exist', async () => {
    const token = await t.login('admin');
    expect((await t.post('/userManage/getUserInfo', { userId: '201911001' }, { token })).json().data[0].USERNAME).toBe('张小明');
    expect((await t.post('/userManage/getUserInfo', { userId: "x' OR 1=1 --" }, { token })).json()).toMatchObject({ result: false, msg: '数据不存在' });
    expect((await t.post('/userManage/getUserInfo', {}, { token })).json()).toMatchObject({ result: false, msg: '用户ID不能为空' });
  });
});

describe('POST /api/login/getPwdStrategy', () => {
  it('serves the configured rule and its description in the caller language', async () => {
    const token = await t.login('T0001');
    const zh = (await t.post('/api/login/getPwdStrategy', undefined, { token })).json();
    expect(zh.data.rule).toBe('^(?=.*[A-Za-z])(?=.*\\d).{8,50}$');
    expect(zh.data.description).toContain('字母');
    const en = (await t.post('/api/login/getPwdStrategy', undefined, { token, headers: { cookie: 'language=en' } })).json();
    expect(en.data.description).toMatch(/letter/);
  });
  it('needs a login', async () => {
    expect((await t.post('/api/login/getPwdStrategy')).json().code).toBe(50014);
  });
});

describe('POST /api/login/updatePwd', () => {
  it('refuses each bad request with a clear message and changes nothing', async () => {
    const token = await t.login('T0002');
    const before = await hashOf('T0002');
    const cases: [Record<string, string>, string][] = [
      [{ ...changeForm('T0002', DEMO_PASSWORD, 'Newpass2026'), oldPassword: digest('T0002', 'not-my-password') }, '原密码不正确'],
      [{ ...changeForm('T0002', DEMO_PASSWORD, 'Newpass2026'), sign: digest('T0002', 'something-else1') }, '密码签名不一致，请重试'],
      [changeForm('T0002', DEMO_PASSWORD, 'short1'), '新密码不符合密码规则：8至50位，须同时包含字母和数字'],
      [changeForm('T0002', DEMO_PASSWORD, 'a1'.repeat(26)), '密码不能超过50个字符'],
      [changeForm('T0002', DEMO_PASSWORD, DEMO_PASSWORD), '新密码不能与原密码相同'],
      [{ ...changeForm('T0002', DEMO_PASSWORD, 'Newpass2026'), newPassword: '%%%not-base64' }, '新密码不是有效的 Base64 编码'],
      [{ ...changeForm('T0002', DEMO_PASSWORD, 'Newpass2026'), oldPassword: "' OR 1=1 --" }, '密码摘要格式不正确'],
      [changeForm('admin', DEMO_PASSWORD, 'Newpass2026'), '只能修改自己的密码'],
    ];
    for (const [payload, msg] of cases) {
      const body = (await t.post('/api/login/updatePwd', payload, { token })).json();
      expect(body, msg).toMatchObject({ result: false, msg });
    }
    const { sign: _sign, ...missingSign } = changeForm('T0002', DEMO_PASSWORD, 'Newpass2026');
    expect((await t.post('/api/login/updatePwd', missingSign, { token })).json()).toMatchObject({ result: false, code: 400 });
    expect(await hashOf('T0002')).toBe(before);
    expect((await t.post('/ms/getPermission', undefined, { token })).json().result).toBe(true);
  });

  it('applies the rule the administrator configured', async () => {
    const token = await t.login('T0002');
    await t.database.db.update(systemConfig).set({ value: '^\\d{6}$' }).where(eq(systemConfig.key, 'password.rule'));
    try {
      expect((await t.post('/api/login/updatePwd', changeForm('T0002', DEMO_PASSWORD, 'Newpass2026'), { token })).json().result).toBe(false);
    } finally {
      await t.database.db.update(systemConfig).set({ value: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$' }).where(eq(systemConfig.key, 'password.rule'));
    }
  });

  it('changes the password, ends every session of the user, and the new password logs in', async () => {
    const token = await t.login('jz201911001');
    const other = await t.login('jz201911001');
    const body = (await t.post('/api/login/updatePwd', changeForm('jz201911001', DEMO_PASSWORD, '新密码Pass2026'), { token })).json();
    expect(body).toMatchObject({ result: true, msg: '密码修改成功，请重新登录' });
    expect((await t.post('/ms/getPermission', undefined, { token: other })).json().code).toBe(50014);
    expect((await t.post('/api/login/v4', { username: 'jz201911001', password: DEMO_PASSWORD })).json().result).toBe(false);
    expect((await t.post('/api/login/v4', { username: 'jz201911001', password: '新密码Pass2026' })).json().result).toBe(true);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.operation, 'changePassword')).orderBy(operationLogs.id);
    const log = logs.at(-1)!;
    expect(log).toMatchObject({ account: 'jz201911001', module: 'account', outcome: 'success' });
    expect(logs.filter((l) => l.account === 'T0002').every((l) => l.outcome === 'failure' && l.errorMessage)).toBe(true);
    expect(JSON.stringify(log.params)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('needs a login and writes nothing without one', async () => {
    const before = (await t.database.db.select({ n: count() }).from(sessions))[0].n;
    expect((await t.post('/api/login/updatePwd', changeForm('admin', DEMO_PASSWORD, 'Newpass2026'))).json().code).toBe(50014);
    expect((await t.database.db.select({ n: count() }).from(sessions))[0].n).toBe(before);
  });
});
