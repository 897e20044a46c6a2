import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { queryRows } from '../db/client.ts';

/**
 * Issue 12, finding 5: eight identical creates at once answered 1 × 200 and 7 × 500 on the PostgreSQL
 * server (the unique constraint). Every one but the first must read as the area's own refusal.
 */
let t: TestApp;
let admin = '';
let campusId = 0;
let groupId = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const idOf = async (code: string) => Number((await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM org_units WHERE code = ${code}`))[0].id);
  campusId = await idOf('campus-1');
  groupId = await idOf('group-4');
});
afterAll(() => t.close());

const create = (url: string, body: Record<string, unknown>) =>
  t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', [t.config.tokenHeader]: admin, cookie: 'language=en' }, payload: JSON.stringify(body) });

const cases: [string, () => Record<string, unknown>, string][] = [
  ['/api/system/campuses/create', () => ({ code: 'campus-race', name: '竞速校区', address: '北京市东城区', phone: '010-65551234', areaCode: '110101', floorArea: 12000, postalCode: '100010', personInCharge: '赵敏', instrumentValue: 1, fixedAssetsValue: 1, sort: 3 }), 'Code has already been occupied'],
  ['/api/system/buildings/create', () => ({ code: 'B-RACE', name: '竞速楼', campusId, floors: 4, usage: 'teaching', enabled: true, sort: 9, remark: '' }), 'Code has already been occupied'],
  ['/api/system/courses/create', () => ({ code: 'race-course', name: '竞速', nameEn: 'Race', researchGroupId: groupId, isElective: true, sort: 1 }), 'Code has already been occupied'],
  ['/api/system/roles/create', () => ({ code: 'race_role', name: '竞速角色', roleType: 'ordinary', enabled: true, sort: 5, remark: '' }), 'Code has already been occupied'],
  ['/api/system/jobs/create', () => ({ code: 'race_job', name: '竞速任务', nameEn: 'Race', handler: 'sweepExpiredSessions', cron: '*/10 * * * *', enabled: false, remark: '' }), 'This job code is already in use'],
  ['/api/system/users/create', () => ({ account: 'T9race', displayName: '竞速老师', userType: 3, password: 'abc123' }), 'This account already exists'],
  ['/api/system/schoolYears/create', () => ({ code: '2031-2032', name: '2031-2032学年', startDate: '2031-08-01', endDate: '2032-07-31' }), 'Code has already been occupied'],
];

describe('identical creates at the same moment', () => {
  it.each(cases)('%s: one succeeds, the others are refused as already existing', async (url, body, message) => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(url, body())));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ result: false, code: 409 });
      expect(answer.json().msg).toBe(message);
    }
  });
});
