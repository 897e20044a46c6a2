import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
const { call, one, refused } = apiKit(() => t, () => tokens, { base: '/api/safety/discipline/' });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

type Row = { id: number; studentNumber: string; className: string; revoked: boolean; sanction: string | null; editable: boolean };

describe('discipline records (违纪管理)', () => {
  it('shows the office every class, a class teacher their class, a family its own, read only', async () => {
    const office = (await call('page', { currPage: 0, limit: 100 }, 'admin')).json().data.rows as Row[];
    expect(new Set(office.map((r) => r.className)).size).toBeGreaterThan(1);
    expect(office.some((r) => r.revoked) && office.some((r) => r.sanction === null)).toBe(true);
    const teacher = (await call('page', { currPage: 0, limit: 100 }, 'T0002')).json().data.rows as Row[];
    expect(teacher.length).toBeGreaterThan(0);
    expect(new Set(teacher.map((r) => r.className)).size).toBe(1);
    expect(teacher.every((r) => r.editable)).toBe(true);
    const parent = (await call('page', { currPage: 0, limit: 100 }, 'jz201911001')).json().data.rows as Row[];
    const student = (await call('page', { currPage: 0, limit: 100 }, '201911001')).json().data.rows as Row[];
    expect(parent.length).toBe(2);
    expect(student.map((r) => r.id).sort()).toEqual(parent.map((r) => r.id).sort());
    expect(parent.every((r) => r.studentNumber === '201911001' && !r.editable)).toBe(true);
    expect((await call('create', {}, 'jz201911001')).statusCode).toBe(403);
    expect((await call('revoke', { id: parent[0]!.id, revokedOn: '2026-11-20', reason: 'x' }, '201911001')).statusCode).toBe(403);
    // Nobody outside the class teacher's class is theirs to read or write.
    const other = office.find((r) => !teacher.some((mine) => mine.id === r.id))!;
    expect((await call('get', { id: other.id }, 'T0002')).statusCode).toBe(404);
    // The Excel copy is the office's: a class teacher holding an export right would need a second factor.
    expect((await t.inject({ method: 'GET', url: '/api/safety/discipline/export', headers: { [t.config.tokenHeader]: tokens.T0002! } })).statusCode).toBe(403);
    const exported = await t.inject({ method: 'GET', url: '/api/safety/discipline/export', headers: { [t.config.tokenHeader]: tokens.admin! } });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('records, refuses bad input, tells the family, revokes once and keeps revoked records visible', async () => {
    const demo = await one<{ id: number }>(sql`SELECT id FROM students WHERE student_number = '201911001'`);
    const stranger = await one<{ id: number }>(sql`
      SELECT s.id FROM students s WHERE s.class_id <> (SELECT class_id FROM students WHERE student_number = '201911001') LIMIT 1`);
    const type = await one<{ id: number }>(sql`SELECT id FROM discipline_types WHERE name = '旷课'`);
    const disabled = await one<{ id: number }>(sql`SELECT id FROM discipline_types WHERE NOT enabled LIMIT 1`);
    const base = { studentId: demo.id, typeId: type.id, occurredOn: '2026-11-18', description: '上午第三节课未到', sanction: '' };
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM discipline_records`);
    const refusedCreate = (body: unknown, message: string) => refused('create', body, 'T0002', message);
    await refusedCreate({ ...base, occurredOn: '2099-01-01' }, 'future');
    await refusedCreate({ ...base, description: '' }, 'Describe');
    await refusedCreate({ ...base, typeId: disabled.id }, 'no longer in use');
    await refusedCreate({ ...base, studentId: stranger.id }, 'no right');
    await refusedCreate({ ...base, sanction: 'expelled' }, 'Parameter');
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM discipline_records`)).n).toBe(before.n);

    const created = (await call('create', base, 'T0002')).json();
    expect(created.result).toBe(true);
    const id = created.data.id as number;
    const told = await one<{ title: string; link: string }>(sql`
      SELECT title, link FROM messages WHERE recipient_user_id = (SELECT id FROM users WHERE account = 'jz201911001') ORDER BY id DESC LIMIT 1`);
    expect(told.title).toContain('旷课');
    expect(told.link).toBe(`/bxjl/wjgl?id=${id}`);
    // No sanction yet: nothing to revoke; it can still be deleted.
    expect((await call('revoke', { id, revokedOn: '2026-11-20', reason: '表现好' }, 'T0002', EN)).json().msg).toBe('Only a recorded sanction can be revoked');
    expect((await call('update', { ...base, id, sanction: 'warning' }, 'T0002')).json().result).toBe(true);
    expect((await call('delete', { ids: [id] }, 'T0002', EN)).json().msg).toContain('revoke the sanction instead');
    expect((await call('revoke', { id, revokedOn: '2026-11-20', reason: '' }, 'T0002', EN)).json().msg).toBe('Say why the sanction is revoked');
    expect((await call('revoke', { id, revokedOn: '2099-11-20', reason: '表现好' }, 'T0002', EN)).json().result).toBe(false);
    expect((await call('revoke', { id, revokedOn: await one<{ d: string }>(sql`SELECT to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS d`).then((r) => r.d), reason: '表现好' }, 'T0002')).json().result).toBe(true);
    expect((await call('revoke', { id, revokedOn: '2026-11-20', reason: '再次' }, 'T0002', EN)).json().msg).toContain('already revoked');
    expect((await call('update', { ...base, id }, 'T0002', EN)).json().msg).toContain('already revoked');
    const parentSees = (await call('get', { id }, 'jz201911001')).json().data;
    expect(parentSees).toMatchObject({ revoked: true, sanction: 'warning', revokeReason: '表现好', editable: false });
  });

  it('keeps the types to the office and refuses deleting a used one', async () => {
    expect((await call('types/save', { name: '测试类型', nameEn: 'Test', sort: 30, enabled: true }, 'T0002')).statusCode).toBe(403);
    const saved = (await call('types/save', { name: '测试类型', nameEn: 'Test', sort: 30, enabled: true }, 'admin')).json();
    expect(saved.result).toBe(true);
    expect((await call('types/save', { name: '测试类型', sort: 1 }, 'admin', EN)).json().msg).toContain('already exists');
    const used = await one<{ id: number }>(sql`SELECT type_id AS id FROM discipline_records LIMIT 1`);
    expect((await call('types/delete', { ids: [used.id] }, 'admin', EN)).json().msg).toBe('The selected option has been in use');
    expect((await call('types/delete', { ids: [saved.data.id] }, 'admin')).json().result).toBe(true);
  });
});
