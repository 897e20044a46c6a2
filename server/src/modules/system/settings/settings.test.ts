import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNestedQuantifier } from '@campus/contract';
import { passwordDigest } from '../../../platform/passwords.ts';
import { createTestApp, DEMO_PASSWORD, ENCRYPTED, type TestApp } from '../../../../test/helpers.ts';
import { systemConfig, users } from '../../../db/schema/index.ts';

let t: TestApp;
let admin: string;
let teacher: string;
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  teacher = await t.login('T0001');
});
afterAll(() => t.close());

const call = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { 'x-token-xx': token, ...headers }, payload: payload as object });

const validConfig = {
  title: '测试学校管理平台',
  titleEn: 'Test School',
  logo: '',
  footer: '版权所有',
  footerEn: 'All rights reserved',
  reportUrl: 'https://report.example.edu/',
  officePreviewUrl: '/office/preview',
  loginType: 'normal',
  timeoutUrl: '',
  defaultTheme: 'blue',
  encryption: false,
  logRetentionDays: 90,
};

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]),
  randomBytes(4),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('IEND'),
  randomBytes(4),
]);

async function uploadPicture(token: string, purpose = 'image'): Promise<string> {
  const boundary = `----campus${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.inject({ method: 'POST', url: '/api/files/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token-xx': token }, payload: body });
  const json = response.json();
  expect(json, JSON.stringify(json)).toMatchObject({ result: true });
  return json.data[0].RESID as string;
}

describe('system configuration', () => {
  it('reads the effective configuration, saves it in one go, and /api/config/client answers the stored values', async () => {
    const before = (await call('/api/system/config/get', {})).json();
    expect(before).toMatchObject({ result: true, data: { title: expect.any(String), loginType: 'normal', encryptionForced: ENCRYPTED, logRetentionDays: 180 } });
    const saved = (await call('/api/system/config/save', validConfig)).json();
    expect(saved).toMatchObject({ result: true, msg: '保存成功' });
    const client = (await t.get('/api/config/client')).json().data;
    expect(client).toMatchObject({
      title: '测试学校管理平台',
      titleEn: 'Test School',
      footer: '版权所有',
      footerEn: 'All rights reserved',
      logo: '',
      reportUrl: 'https://report.example.edu/',
      officePreviewUrl: '/office/preview',
      loginType: 'normal',
      defaultTheme: 'blue',
      encryption: ENCRYPTED,
    });
    expect((await call('/api/system/config/get', {})).json().data).toMatchObject({ ...validConfig, encryption: ENCRYPTED, logoUrl: '' });
  });

  it('switches to IDS with its timeout address, and the client sees both', async () => {
    expect((await call('/api/system/config/save', { ...validConfig, loginType: 'IDS', timeoutUrl: 'https://ids.example.edu/logout' })).json().result).toBe(true);
    expect((await t.get('/api/config/client')).json().data).toMatchObject({ loginType: 'IDS', timeoutUrl: 'https://ids.example.edu/logout' });
    expect((await call('/api/system/config/save', validConfig)).json().result).toBe(true);
  });

  it('turns request encryption on for browsers but never announces it off when the deployment requires it', async () => {
    expect((await call('/api/system/config/save', { ...validConfig, encryption: true })).json().result).toBe(true);
    expect((await t.get('/api/config/client')).json().data.encryption).toBe(true);
    expect((await call('/api/system/config/save', { ...validConfig, encryption: false })).json().result).toBe(true);
    expect((await t.get('/api/config/client')).json().data.encryption).toBe(ENCRYPTED);
  });

  it('stores an uploaded logo, serves it publicly, and keeps the file from being deleted while in use', async () => {
    const logo = await uploadPicture(admin);
    expect((await call('/api/system/config/save', { ...validConfig, logo })).json().result).toBe(true);
    const client = (await t.get('/api/config/client')).json().data;
    expect(client.logo).toBe(`/api/config/logo/${logo}`);
    const served = await t.inject({ method: 'GET', url: client.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    // Only the configured file is public: another upload is not served here.
    const other = await uploadPicture(admin);
    expect((await t.inject({ method: 'GET', url: `/api/config/logo/${other}` })).statusCode).toBe(404);
    expect((await call('/api/files/delete', { id: logo })).json().result).toBe(false);
    // Saving again with the same logo works for another administrator too (it is not theirs, but unchanged).
    expect((await call('/api/system/config/save', { ...validConfig, logo, title: '再次保存' })).json().result).toBe(true);
  });

  it('refuses a logo that is not an own picture', async () => {
    const teachersPicture = await uploadPicture(teacher);
    const refused = (await call('/api/system/config/save', { ...validConfig, logo: teachersPicture, title: '不应保存' })).json();
    expect(refused).toMatchObject({ result: false, msg: '未找到标志图片，请重新上传' });
    expect((await call('/api/system/config/save', { ...validConfig, logo: 'no-such-file' }, admin, EN)).json().msg).toBe('The logo picture was not found; upload it again');
    expect((await t.get('/api/config/client')).json().data.title).not.toBe('不应保存');
  });

  it('refuses every bad field with its message and writes nothing', async () => {
    const before = await t.database.db.select().from(systemConfig);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, '系统标题不能为空'],
      [{ titleEn: '  ' }, '英文系统标题不能为空'],
      [{ reportUrl: 'javascript:alert(1)' }, '地址须以 http://、https:// 或 / 开头'],
      [{ officePreviewUrl: 'ftp://x' }, '地址须以 http://、https:// 或 / 开头'],
      [{ loginType: 'IDS', timeoutUrl: '' }, '登录方式为IDS时，IDS超时地址不能为空'],
      [{ logRetentionDays: 3 }, '操作日志保留天数须在7至3650天之间'],
      [{ logRetentionDays: 5000 }, '操作日志保留天数须在7至3650天之间'],
    ];
    for (const [change, msg] of cases) {
      const body = (await call('/api/system/config/save', { ...validConfig, ...change })).json();
      expect(body, msg).toMatchObject({ result: false });
      expect(body.msg, msg).toContain(msg);
    }
    expect((await call('/api/system/config/save', { ...validConfig, title: '' }, admin, EN)).json().msg).toContain('The system title is required');
    expect((await call('/api/system/config/save', { ...validConfig, loginType: 'other' })).json().result).toBe(false);
    expect(await t.database.db.select().from(systemConfig)).toEqual(before);
  });

  it('needs system:config to read and to save', async () => {
    const read = await call('/api/system/config/get', {}, teacher);
    expect(read.statusCode).toBe(403);
    const write = await call('/api/system/config/save', validConfig, teacher);
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('您无权编辑/删除此数据');
  });
});

describe('password rule', () => {
  const changeForm = (account: string, oldPassword: string, newPassword: string) => ({
    username: account,
    newPassword: Buffer.from(newPassword, 'utf8').toString('base64'),
    oldPassword: passwordDigest(account, oldPassword),
    sign: passwordDigest(account, newPassword),
  });

  it('saves the pattern and descriptions, getPwdStrategy serves them, and updatePwd applies the rule at once', async () => {
    const rule = { rule: '^(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z\\d]).{10,50}$', description: '10至50位，含大写字母、数字和符号', descriptionEn: '10 to 50 characters with a capital, a digit and a symbol' };
    expect((await call('/api/system/passwordRule/save', rule)).json()).toMatchObject({ result: true, msg: '保存成功' });
    expect((await call('/api/system/passwordRule/get', {})).json().data).toEqual(rule);
    const account = await t.login('T0002');
    expect((await t.post('/api/login/getPwdStrategy', undefined, { token: account })).json().data).toEqual({ rule: rule.rule, description: rule.description });
    expect((await t.post('/api/login/getPwdStrategy', undefined, { token: account, headers: EN })).json().data.description).toBe(rule.descriptionEn);
    // Met the old rule (letters and a digit, 8+), not the new one.
    const refused = (await t.post('/api/login/updatePwd', changeForm('T0002', DEMO_PASSWORD, 'newpass2026'), { token: account })).json();
    expect(refused).toMatchObject({ result: false, msg: `新密码不符合密码规则：${rule.description}` });
    const accepted = (await t.post('/api/login/updatePwd', changeForm('T0002', DEMO_PASSWORD, 'Newpass#2026'), { token: account })).json();
    expect(accepted.result).toBe(true);
    expect((await t.post('/api/login/v4', { username: 'T0002', password: 'Newpass#2026' })).json().result).toBe(true);
  });

  it('refuses a pattern that does not compile, is too long, nests repetition, or lacks descriptions, and keeps the old rule', async () => {
    const before = (await call('/api/system/passwordRule/get', {})).json().data;
    const base = { rule: '^.{8,}$', description: '至少8位', descriptionEn: 'At least 8 characters' };
    const cases: [Record<string, unknown>, string][] = [
      [{ rule: '(' }, '密码规则不是有效的正则表达式'],
      [{ rule: '[a-' }, '密码规则不是有效的正则表达式'],
      [{ rule: 'a'.repeat(201) }, '密码规则最多200个字符'],
      [{ rule: '^(a+)+$' }, '密码规则对本身带重复的分组再次重复'],
      [{ rule: '^(\\d*)*$' }, '密码规则对本身带重复的分组再次重复'],
      [{ rule: '^((ab)+x)*$' }, '密码规则对本身带重复的分组再次重复'],
      [{ rule: '^(?:[a-z]{2,})+$' }, '密码规则对本身带重复的分组再次重复'],
      [{ rule: '' }, '密码规则不能为空'],
      [{ description: '' }, '规则说明不能为空'],
      [{ descriptionEn: '' }, '英文规则说明不能为空'],
    ];
    for (const [change, msg] of cases) {
      const body = (await call('/api/system/passwordRule/save', { ...base, ...change })).json();
      expect(body.result, msg).toBe(false);
      expect(body.msg, msg).toContain(msg);
    }
    expect((await call('/api/system/passwordRule/save', { ...base, rule: '^(a+)+$' }, admin, EN)).json().msg).toContain('repeats a group that itself repeats');
    expect((await call('/api/system/passwordRule/get', {})).json().data).toEqual(before);
  });

  it('tells nested repetition from safe patterns syntactically', () => {
    for (const safe of ['^(?=.*[A-Za-z])(?=.*\\d).{8,50}$', '^(ab)+$', '^(a|b)+$', '^[(a+)]+$', '^\\(a+\\)+$', '^(a+)?$', '^(a+){1}$', '^(a+)x+$']) {
      expect(hasNestedQuantifier(safe), safe).toBe(false);
    }
    for (const nested of ['(a+)+', '(a*)*', '(a{2,})+', '((a)+)+', '(?:x+y)*', '(a+){2,5}']) {
      expect(hasNestedQuantifier(nested), nested).toBe(true);
    }
  });

  it('needs system:passwordRule', async () => {
    expect((await call('/api/system/passwordRule/get', {}, teacher)).statusCode).toBe(403);
    expect((await call('/api/system/passwordRule/save', { rule: '^.{6,}$', description: 'x', descriptionEn: 'x' }, teacher)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.account, 'T0001'));
    expect(row).toBeTruthy();
  });
});
