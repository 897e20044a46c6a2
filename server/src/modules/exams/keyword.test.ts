import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { holds, keywordListKit, studentKeywords, type Page } from '../../../test/keywordKit.ts';

/**
 * Issue 18 on the exams' lists: a keyword of one or two characters, or a student's pinyin initials, finds
 * exactly the rows of the unfiltered list whose text holds it (the unfiltered list, filtered here, is the
 * oracle), and the total counts them.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const { rows, call, expectKeywords, studentInitials } = keywordListKit(() => t, () => admin);

describe('exam lists by keyword', () => {
  it('exams and their arrangements: by name', async () => {
    type Row = { id: number; name: string };
    for (const url of ['/api/exams/batches/page', '/api/exams/rooms/exams']) {
      const page = (keyword: string, currPage: number) => call<Page<Row>>(url, { currPage, limit: 500, search: { keyword } });
      const [sample] = (await page('', 0)).rows;
      await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name), ['期', '初二', sample!.name.slice(0, 2), sample!.name]);
    }
  });

  it("an exam's candidates: by name, initials or number", async () => {
    const initials = await studentInitials();
    const [batch] = await rows<{ id: number }>(sql`SELECT batch_id AS id FROM exam_candidates GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    type Row = { studentId: number; name: string; studentNumber: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/exams/rooms/candidates', { currPage, limit: 500, search: { batchId: batch!.id, keyword } });
    const [sample] = (await page('', 0)).rows;
    await expectKeywords(page, (row) => row.studentId, (row, k) => holds(k, row.name, row.studentNumber, initials.get(row.studentId)), [
      ...studentKeywords(sample!.name, initials.get(sample!.studentId)!),
      sample!.studentNumber.slice(-2),
    ]);
  });

  it('the invigilators pool: staff by number, name or initials, fifty at most', async () => {
    const [sample] = await rows<{ name: string; initials: string }>(sql`
      SELECT st.name, st.name_initials AS initials FROM staff st JOIN users u ON u.id = st.user_id WHERE u.enabled AND char_length(st.name) = 3 ORDER BY st.id LIMIT 1`);
    const initials = new Map((await rows<{ staffNumber: string; initials: string }>(sql`SELECT staff_number AS "staffNumber", name_initials AS initials FROM staff`)).map((row) => [row.staffNumber, row.initials]));
    for (const keyword of studentKeywords(sample!.name, sample!.initials)) {
      const found = await call<{ staffNumber: string; name: string }[]>('/api/exams/invigilation/staff', { keyword });
      const lower = keyword.toLowerCase();
      const [{ n }] = (await rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM staff st JOIN users u ON u.id = st.user_id
        WHERE u.enabled AND (st.name LIKE ${`%${keyword}%`} OR lower(st.staff_number) LIKE ${`%${lower}%`} OR st.name_initials LIKE ${`%${lower}%`})`)) as [{ n: number }];
      expect(found.length, keyword).toBe(Math.min(50, n));
      expect(found.every((row) => holds(keyword, row.name, row.staffNumber, initials.get(row.staffNumber))), keyword).toBe(true);
    }
  });
});
