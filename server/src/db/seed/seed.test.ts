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

  it('gives an existing menu to the roles a later release adds, once', async () => {
    const dormitoryGrants = sql`SELECT count(*) AS n FROM role_menus rm JOIN menus m ON m.id = rm.menu_id JOIN roles r ON r.id = rm.role_id
      WHERE m.code = 'campusLife.dormitory' AND r.code IN ('student', 'parent')`;
    expect(await count(dormitoryGrants)).toBe(2);
    // A database seeded when the dormitories were the class teacher's only, before grants were recorded.
    await t.database.db.execute(sql`DELETE FROM role_menus WHERE menu_id = (SELECT id FROM menus WHERE code = 'campusLife.dormitory') AND role_id IN (SELECT id FROM roles WHERE code IN ('student', 'parent'))`);
    await t.database.db.execute(sql`DELETE FROM system_config WHERE key = 'seed.menuGrants'`);
    await seedDemo(t.database.db, t.config);
    expect(await count(dormitoryGrants)).toBe(2);

    // Recorded now: what the administrator takes away afterwards stays away.
    await t.database.db.execute(sql`DELETE FROM role_menus WHERE menu_id = (SELECT id FROM menus WHERE code = 'campusLife.dormitory') AND role_id = (SELECT id FROM roles WHERE code = 'parent')`);
    await seedDemo(t.database.db, t.config);
    expect(await count(dormitoryGrants)).toBe(1);
  });

  it('adds the home cards a later release brings, and not the ones the administrator deleted', async () => {
    const lectureCards = sql`SELECT count(*) AS n FROM home_cards hc JOIN roles r ON r.id = hc.role_id WHERE hc.content = 'lecturesToSignUp' AND r.code = 'student'`;
    const cards = sql`SELECT count(*) AS n FROM home_cards`;
    const before = await count(cards);
    // A database seeded before the campus life cards, and before the seed recorded the cards it made.
    await t.database.db.execute(sql`DELETE FROM home_cards WHERE content = 'lecturesToSignUp'`);
    await t.database.db.execute(sql`DELETE FROM system_config WHERE key = 'seed.homeCards'`);
    await seedDemo(t.database.db, t.config);
    expect(await count(lectureCards)).toBe(1);
    expect(await count(cards)).toBe(before);

    await t.database.db.execute(sql`DELETE FROM home_cards WHERE content = 'lecturesToSignUp'`);
    await seedDemo(t.database.db, t.config);
    expect(await count(lectureCards)).toBe(0);
    expect(await count(cards)).toBe(before - 1);
  });
});
