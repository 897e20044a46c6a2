import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
let gateway: Server;
let gatewayUrl: string;
const received: { phone: string; text: string }[] = [];
const EN = { cookie: 'language=en' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  // A stand-in SMS provider on this machine: /ok takes every message, /down answers 503.
  gateway = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/ok') {
        received.push(JSON.parse(body));
        response.writeHead(200).end('{}');
      } else response.writeHead(503).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  t.app.config.sms.gatewayUrl = '';
  await new Promise((resolve) => gateway.close(resolve));
  await t.close();
});

const call = (url: string, payload: unknown, account: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: tokens[account]!, ...headers }, payload: payload as object });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

async function ledClass(): Promise<number> {
  const classes = (await call('/api/homeSchool/sms/classes', {}, 'T0002')).json().data;
  expect(classes).toHaveLength(1);
  return classes[0].id;
}

describe('SMS reminders (短信提醒)', () => {
  it('a class teacher texts parents; the outbox keeps each message; the seeded outbox shows every state', async () => {
    const outbox = (await call('/api/homeSchool/sms/page', { currPage: 0, limit: 100 }, 'T0002')).json().data;
    expect(new Set(outbox.rows.map((r: { state: string }) => r.state))).toEqual(new Set(['outbox', 'failed']));
    const students = (await call('/api/homeSchool/sms/students', { classId: await ledClass() }, 'T0002')).json().data;
    const withPhones = students.filter((s: { phones: number }) => s.phones > 0).slice(0, 3);
    const sent = (await call('/api/homeSchool/sms/send', { studentIds: withPhones.map((s: { id: number }) => s.id), content: '明天带好运动服。' }, 'T0002', EN)).json();
    const phones = withPhones.reduce((sum: number, s: { phones: number }) => sum + s.phones, 0);
    expect(sent).toMatchObject({ result: true, data: { sent: phones, failed: 0 }, msg: `${phones} messages were sent` });
    const [stored] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_messages WHERE content = '明天带好运动服。' AND state = 'outbox' AND sent_at IS NOT NULL`);
    expect(stored!.n).toBe(phones);
  });

  it('through the gateway: sent messages are posted; a failing gateway answers the spec’s message and a retry sends them', async () => {
    const students = (await call('/api/homeSchool/sms/students', { classId: await ledClass() }, 'T0002')).json().data;
    const one = students.find((s: { phones: number }) => s.phones > 0);
    t.app.config.sms.gatewayUrl = `${gatewayUrl}/ok`;
    const ok = (await call('/api/homeSchool/sms/send', { studentIds: [one.id], content: '家长您好，请查收成绩单。' }, 'T0002')).json();
    expect(ok.data).toMatchObject({ sent: one.phones, failed: 0 });
    expect(received.at(-1)).toMatchObject({ text: '家长您好，请查收成绩单。', phone: expect.stringMatching(/^1\d{10}$/) });

    t.app.config.sms.gatewayUrl = `${gatewayUrl}/down`;
    const down = (await call('/api/homeSchool/sms/send', { studentIds: [one.id], content: '请带雨具。' }, 'T0002', EN)).json();
    expect(down).toMatchObject({ data: { sent: 0, failed: one.phones }, msg: 'SMS sending failure. Please try again later on' });
    expect((await call('/api/homeSchool/sms/send', { studentIds: [one.id], content: '请带雨具。' }, 'T0002')).json().msg).toBe('短信发送失败，请稍后重试');
    const failed = await rows<{ id: number; error: string; channel: string }>(sql`SELECT id, error, channel FROM sms_messages WHERE content = '请带雨具。'`);
    expect(failed.every((row) => row.error === 'gateway answered 503' && row.channel === 'gateway')).toBe(true);

    t.app.config.sms.gatewayUrl = `${gatewayUrl}/ok`;
    const retried = (await call('/api/homeSchool/sms/retry', { ids: failed.map((row) => row.id) }, 'T0002')).json();
    expect(retried.data).toMatchObject({ sent: failed.length, failed: 0 });
    const [after] = await rows<{ states: string[] }>(sql`SELECT array_agg(DISTINCT state) AS states FROM sms_messages WHERE content = '请带雨具。'`);
    expect(after!.states).toEqual(['sent']);
    expect((await call('/api/homeSchool/sms/retry', { ids: [failed[0]!.id] }, 'T0002', EN)).json().msg).toBe('Only failed messages can be sent again');
    t.app.config.sms.gatewayUrl = '';
  });

  it('refuses other classes, empty choices, long texts and callers without the right, storing nothing', async () => {
    const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_messages`);
    const [otherStudent] = await rows<{ id: number; classId: number }>(sql`
      SELECT s.id, s.class_id AS "classId" FROM students s WHERE s.class_id <> ${await ledClass()} LIMIT 1`);
    const [own] = await rows<{ id: number }>(sql`SELECT s.id FROM students s JOIN users u ON u.id = s.user_id WHERE u.account = '201911001'`);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['T0002', { studentIds: [otherStudent!.id], content: '你好' }, 'You can only text the parents of students in the classes you lead', '只能给您担任班主任的班级的学生家长发短信'],
      ['T0002', { studentIds: [], content: '你好' }, 'Choose at least one student', '请至少选择一名学生'],
      ['T0002', { studentIds: [own!.id], content: '' }, 'The content is required', '内容不能为空'],
      ['T0002', { studentIds: [own!.id], content: '长'.repeat(301) }, 'too long', '过长'],
      ['T0001', { studentIds: [own!.id], content: '你好' }, 'You have no right to send SMS reminders, please contact the system administrator', '您没有发送短信提醒的权限，请联系系统管理员'],
    ];
    for (const [account, payload, en, zh] of cases) {
      const english = (await call('/api/homeSchool/sms/send', payload, account, EN)).json();
      expect(english.result, JSON.stringify(payload)).toBe(false);
      expect(english.msg, JSON.stringify(payload)).toContain(en);
      expect((await call('/api/homeSchool/sms/send', payload, account)).json().msg).toContain(zh);
    }
    expect((await call('/api/homeSchool/sms/students', { classId: otherStudent!.classId }, 'T0002', EN)).json().msg).toBe('You can only text the parents of students in the classes you lead');
    const [after] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_messages`);
    expect(after!.n).toBe(before!.n);
    // A student without any parent number is told so.
    const [noPhone] = await rows<{ id: number }>(sql`
      SELECT s.id FROM students s WHERE s.class_id = ${await ledClass()} AND NOT EXISTS (SELECT 1 FROM guardians g WHERE g.student_id = s.id AND g.phone IS NOT NULL) LIMIT 1`);
    if (noPhone) expect((await call('/api/homeSchool/sms/send', { studentIds: [noPhone.id], content: '你好' }, 'T0002', EN)).json().msg).toBe('None of the chosen students has a parent with a mobile number on record');
    // The administrator reads the whole outbox; the class teacher only their own.
    const all = (await call('/api/homeSchool/sms/page', { currPage: 0, limit: 10 }, 'admin')).json().data;
    const mine = (await call('/api/homeSchool/sms/page', { currPage: 0, limit: 10, search: { state: 'failed' } }, 'T0002')).json().data;
    expect(all.total).toBeGreaterThan(0);
    expect(mine.rows.every((r: { state: string; senderName: string }) => r.state === 'failed' && r.senderName === '李秀英')).toBe(true);
  });
});
