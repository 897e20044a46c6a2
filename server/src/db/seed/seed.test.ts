import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number | string }>(t.database.db, query))[0]!.n);

describe('seeding the demo school again (every start does)', () => {
  it('changes nothing that exists and keeps what the administrator changed or deleted', async () => {
    const before = {
      menus: await count(sql`SELECT count(*) AS n FROM menus`),
      grants: await count(sql`SELECT count(*) AS n FROM role_menus`),
      users: await count(sql`SELECT count(*) AS n FROM users`),
      students: await count(sql`SELECT count(*) AS n FROM students`),
    };
    await t.database.db.execute(sql`UPDATE menus SET name = '通知', name_en = 'Notices', enabled = false WHERE code = 'homeSchool.notice'`);
    await t.database.db.execute(sql`DELETE FROM menus WHERE code = 'homeSchool.performanceReply'`);
    await t.database.db.execute(sql`DELETE FROM role_menus WHERE menu_id = (SELECT id FROM menus WHERE code = 'homeSchool.assignment') AND role_id = (SELECT id FROM roles WHERE code = 'teacher')`);

    await seedDemo(t.database.db, t.config);

    const [notice] = await queryRows<{ name: string; name_en: string; enabled: boolean }>(t.database.db, sql`SELECT name, name_en, enabled FROM menus WHERE code = 'homeSchool.notice'`);
    expect(notice).toEqual({ name: '通知', name_en: 'Notices', enabled: false });
    expect(await count(sql`SELECT count(*) AS n FROM menus WHERE code = 'homeSchool.performanceReply'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM menus`)).toBe(before.menus - 1);
    expect(
      await count(sql`SELECT count(*) AS n FROM role_menus rm JOIN menus m ON m.id = rm.menu_id JOIN roles r ON r.id = rm.role_id WHERE m.code = 'homeSchool.assignment' AND r.code = 'teacher'`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM users`)).toBe(before.users);
    expect(await count(sql`SELECT count(*) AS n FROM students`)).toBe(before.students);
    expect(before.grants).toBeGreaterThan(100);
  });
});
