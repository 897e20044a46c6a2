import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * One representative call per area through request encryption (sealed like the browser seals them),
 * whatever TEST_ENCRYPTION says: the transport's own cases are in encryption.test.ts, and CI no longer
 * runs the whole server suite a third time with encryption on (docs/decisions.md "CI time").
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ encryption: true });
  for (const account of ['admin', 'T0001', '201911001', 'jz201911001']) tokens[account] = await t.login(account);
});
afterAll(() => t.close());

interface Call {
  area: string;
  account: string;
  method?: 'GET' | 'POST';
  url: string;
  json?: Record<string, unknown>;
  form?: Record<string, string>;
}

const paged = { currPage: 0, limit: 10 };

const calls: Call[] = [
  { area: 'session', account: 'admin', url: '/ms/getPermission', form: {} },
  { area: 'session', account: 'admin', method: 'GET', url: '/api/getExpires' },
  { area: 'settings', account: 'admin', url: '/api/system/config/get', json: {} },
  { area: 'dashboard', account: '201911001', url: '/api/dashboard/cards', json: {} },
  { area: 'courses', account: 'admin', url: '/api/system/courses/page', json: paged },
  { area: 'campuses', account: 'admin', url: '/api/system/campuses/create', json: { code: 'ENC1', name: '加密校区' } },
  { area: 'classrooms', account: 'admin', url: '/api/system/classrooms/page', json: paged },
  { area: 'classes', account: 'admin', url: '/api/system/classes/page', json: paged },
  { area: 'password rule', account: 'admin', url: '/api/system/passwordRule/get', json: {} },
  { area: 'operation log', account: 'admin', url: '/api/system/logs/page', json: paged },
  { area: 'jobs', account: 'admin', url: '/api/system/jobs/page', json: paged },
  { area: 'dictionaries', account: 'admin', url: '/api/system/dictionaries/tables/page', json: paged },
  { area: 'role types', account: 'admin', url: '/api/system/roleTypes/page', json: paged },
  { area: 'roles', account: 'admin', url: '/api/system/roles/page', json: paged },
  { area: 'research groups', account: 'admin', url: '/api/system/researchGroups/page', json: paged },
  { area: 'users', account: 'admin', url: '/api/system/users/page', json: paged },
  { area: 'menus', account: 'admin', url: '/api/system/menus/tree', json: {} },
  { area: 'home cards', account: 'admin', url: '/api/system/homeCards/page', json: paged },
  { area: 'custom pages', account: 'admin', url: '/api/system/customPages/page', json: paged },
  { area: 'organisation', account: 'admin', url: '/api/system/org/tree', json: {} },
  { area: 'appointments', account: 'admin', url: '/api/system/appointments/page', json: paged },
  { area: 'calendar', account: 'admin', url: '/api/system/terms/page', json: paged },
  { area: 'buildings', account: 'admin', url: '/api/system/buildings/page', json: paged },
  { area: 'course hours', account: 'admin', url: '/api/system/gradeCourseHours/page', json: paged },
  { area: 'student admin', account: 'admin', url: '/api/system/students/page', json: paged },
  { area: 'staff records', account: 'admin', url: '/api/records/staff/page', json: paged },
  { area: 'departments', account: 'admin', url: '/api/records/departments/page', json: paged },
  { area: 'students', account: 'T0001', url: '/api/students/page', json: paged },
  { area: 'messages', account: '201911001', url: '/api/message/center/page', json: paged },
  { area: 'notices', account: 'jz201911001', url: '/api/homeSchool/myNotices/page', json: paged },
  { area: 'people picker', account: 'admin', url: '/components/getUserAllData', form: { keyword: '张' } },
  { area: 'dictionaries (documented)', account: 'admin', url: '/dicts', form: { typeArr: JSON.stringify(['STD_GENDER']) } },
  { area: 'timetable', account: '201911001', url: '/pk/initXnxq', form: {} },
  { area: 'staff profile', account: 'T0001', url: '/userManage/getUserInfo', form: { userId: 'T0001' } },
  { area: 'export', account: 'admin', method: 'GET', url: '/api/system/courses/export' },
  { area: 'homework', account: 'T0001', url: '/api/homeSchool/assignments/page', json: paged },
  { area: 'awards', account: '201911001', url: '/api/awards/myAwards/page', json: paged },
  { area: 'school roll', account: 'admin', url: '/api/roll/changes/page', json: paged },
  { area: 'scores', account: 'admin', url: '/api/scores/analysis/batches', json: {} },
  { area: 'evaluation', account: 'jz201911001', url: '/api/evaluation/quality/students', json: {} },
];

function request(call: Call): InjectOptions {
  const headers: Record<string, string> = { [t.config.tokenHeader]: tokens[call.account] };
  if (call.method === 'GET') return { method: 'GET', url: call.url, headers };
  if (call.form) {
    return {
      method: 'POST',
      url: call.url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(call.form).toString(),
    };
  }
  return { method: 'POST', url: call.url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(call.json ?? {}) };
}

describe('one call per area through request encryption', () => {
  it.each(calls.map((call) => [`${call.area}: ${call.method ?? 'POST'} ${call.url}`, call] as const))('%s', async (_name, call) => {
    const response = await t.inject(request(call));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    if (String(response.headers['content-type'] ?? '').includes('json')) {
      expect(response.json()).toMatchObject({ result: true, code: 200 });
    } else {
      expect(response.rawPayload.length).toBeGreaterThan(0);
    }
  });

  it('files: uploads a PDF through the opened stream and downloads it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const boundary = '----campusEncrypted';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ndocument\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="计划.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const token = tokens['T0001'];
    const uploaded = await t.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { [t.config.tokenHeader]: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(uploaded.json(), uploaded.body.slice(0, 300)).toMatchObject({ result: true, data: [{ name: '计划.pdf', size: pdf.length }] });
    const download = await t.inject({ method: 'GET', url: uploaded.json().data[0].url, headers: { [t.config.tokenHeader]: token } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses the same call sent in plain text', async () => {
    const response = await t.app.inject(request(calls[4]));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({ result: false });
  });
});
