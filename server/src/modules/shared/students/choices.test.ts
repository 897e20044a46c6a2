import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { KEYWORD_MATCH_LIMIT } from '../../../platform/keyword.ts';
import { pageChoosableStudents } from './choices.ts';

/** Issue 18: the student chooser of the forms finds students by one or two characters and by pinyin initials. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Everyone may be chosen: the caller's classes are not asked for.
const choose = (keyword: string | undefined) => pageChoosableStudents(t.database.db, {} as AuthContext, true, keyword, { offset: 0, limit: 500 });

describe('pageChoosableStudents', () => {
  it('finds in-school students by one character, two characters and initials', async () => {
    const [student] = await queryRows<{ student_number: string; name: string; name_initials: string }>(t.database.db, sql`
      SELECT student_number, name, name_initials FROM students
      WHERE in_school_status = '1' AND char_length(name) >= 2 AND char_length(name_initials) >= 2 ORDER BY id LIMIT 1`);
    const chars = [...student!.name];
    for (const keyword of [chars[0]!, chars.slice(-2).join(''), student!.name_initials.toUpperCase()]) {
      const pattern = `%${keyword}%`;
      const [{ n }] = (await queryRows<{ n: number }>(t.database.db, sql`
        SELECT count(*)::int AS n FROM students
        WHERE in_school_status = '1' AND (student_number ILIKE ${pattern} OR name ILIKE ${pattern} OR name_initials ILIKE ${pattern})`)) as [{ n: number }];
      const found = await choose(keyword);
      expect(found.total, keyword).toBe(Math.min(n, KEYWORD_MATCH_LIMIT));
      expect(found.totalCapped === true, keyword).toBe(n > KEYWORD_MATCH_LIMIT);
      if (n <= 500) expect(found.rows.map((row) => row.studentNumber), keyword).toContain(student!.student_number);
    }
    expect((await choose(undefined)).totalCapped).toBeUndefined();
  });
});
