import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';

/** Issue 18: the class teacher's lists find rows by one and two characters, students' pinyin initials and longer text. */
let t: TestApp;
let tokens: Record<string, string>;
let own: number;
const { call, one } = apiKit(() => t, () => tokens, { account: 'T0002' });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  own = (await one<{ id: number }>(sql`SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.staff_number = 'T0002' ORDER BY c.id LIMIT 1`)).id;
});
afterAll(() => t.close());

const page = async (url: string, search: Record<string, unknown>) => {
  const response = await call(url, { currPage: 0, limit: 500, search });
  expect(response.statusCode).toBe(200);
  return response.json().data as { total: number; totalCapped?: boolean; rows: { id: number }[] };
};

describe('class teacher keyword search', () => {
  it("finds a class's records by title, their other fields, or a student's name, initials and number", async () => {
    const kind = 'cadre';
    // Each cadre record names one student: the keyword finds the records of every student it matches.
    const cadre = await one<{ name: string; initials: string; number: string }>(sql`
      SELECT s.name, s.name_initials AS initials, s.student_number AS number FROM class_records r JOIN students s ON s.id = ANY(r.student_ids)
      WHERE r.class_id = ${own} AND r.kind = ${kind} AND char_length(s.name_initials) >= 2 ORDER BY r.id LIMIT 1`);
    const expected = async (keyword: string) =>
      (
        await one<{ ids: number[] }>(sql`
        SELECT coalesce(array_agg(r.id ORDER BY r.id), '{}') AS ids FROM class_records r WHERE r.class_id = ${own} AND r.kind = ${kind}
          AND (strpos(lower(r.title || chr(1) || r.fields::text), lower(${keyword})) > 0
            OR EXISTS (SELECT 1 FROM students s WHERE s.id = ANY(r.student_ids)
              AND strpos(lower(concat_ws(chr(1), s.student_number, s.name, s.name_initials)), lower(${keyword})) > 0))`)
      ).ids.map(Number);
    for (const keyword of [cadre.name.slice(0, 1), cadre.name.slice(0, 2), cadre.initials.slice(0, 2).toUpperCase(), cadre.number, '委', '体育', '组织课间操']) {
      const ids = await expected(keyword);
      expect(ids.length, keyword).toBeGreaterThan(0);
      const found = await page('/api/headTeacher/records/page', { classId: own, kind, keyword });
      expect(found.total, keyword).toBe(ids.length);
      expect(found.rows.map((row) => row.id).sort((a, b) => a - b), keyword).toEqual(ids);
    }
  });

  it('finds fund entries by purpose, handler or notes, with the balance of the whole fund', async () => {
    const all = (await page('/api/headTeacher/fund/page', { classId: own })) as unknown as { rows: { id: number; purpose: string; handler: string; notes: string; balance: string }[] };
    const entry = all.rows.find((row) => [...row.purpose].length >= 3)!;
    for (const keyword of [entry.purpose.slice(0, 1), entry.purpose.slice(0, 2), entry.purpose, entry.handler.slice(0, 1)]) {
      const wanted = all.rows.filter((row) => [row.purpose, row.handler, row.notes].some((text) => text.toLowerCase().includes(keyword.toLowerCase())));
      expect(wanted.length, keyword).toBeGreaterThan(0);
      const found = (await page('/api/headTeacher/fund/page', { classId: own, keyword })) as unknown as typeof all & { total: number };
      expect(found.total, keyword).toBe(wanted.length);
      expect(found.rows, keyword).toEqual(wanted);
    }
  });
});
