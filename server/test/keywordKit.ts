import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { KEYWORD_MATCH_LIMIT } from '../src/platform/keyword.ts';
import type { ApiKit, TestApp } from './helpers.ts';

/**
 * The kit of the areas' keyword tests (issue 18): a keyword of one or two characters, or a person's pinyin
 * initials, finds exactly the rows of the unfiltered list whose text holds it (the unfiltered list,
 * filtered in the test, is the oracle), and the total counts them.
 */
export type Page<Row> = { total: number; totalCapped?: boolean; rows: Row[] };

/** Whether one of the texts holds the keyword, ignoring case. */
export const holds = (keyword: string, ...texts: (string | null | undefined)[]) => texts.some((text) => (text ?? '').toLowerCase().includes(keyword.toLowerCase()));

/** A student's one-character surname, a two-character piece of the name, the initials' first two letters and the whole name. */
export function studentKeywords(name: string, initials: string): string[] {
  return [name.slice(0, 1), name.slice(-2), initials.slice(0, 2).toUpperCase(), name];
}

export function keywordListKit(app: () => TestApp, token: () => string) {
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.db, query);
  async function call<T>(url: string, payload: object): Promise<T> {
    const t = app();
    const response = await t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: token(), cookie: 'language=zh' }, payload });
    expect(response.statusCode, url).toBe(200);
    return response.json().data as T;
  }
  /** A paged list's every row for a keyword, 500 at a time. */
  async function everyRow<Row>(page: (keyword: string, currPage: number) => Promise<Page<Row>>, keyword: string): Promise<Page<Row>> {
    const found: Row[] = [];
    for (let currPage = 0; ; currPage++) {
      const answer = await page(keyword, currPage);
      found.push(...answer.rows);
      if (answer.rows.length === 0 || found.length >= answer.total) return { total: answer.total, totalCapped: answer.totalCapped, rows: found };
    }
  }
  /** Each keyword finds the unfiltered list's rows `matches` keeps, counted exactly. */
  async function expectKeywords<Row>(page: (keyword: string, currPage: number) => Promise<Page<Row>>, key: (row: Row) => number, matches: (row: Row, keyword: string) => boolean, keywords: string[]) {
    const all = await everyRow(page, '');
    for (const keyword of keywords) {
      const expected = all.rows.filter((row) => matches(row, keyword)).map(key).sort((a, b) => a - b);
      expect(expected.length, keyword).toBeGreaterThan(0);
      const found = await everyRow(page, keyword);
      expect(found.rows.map(key).sort((a, b) => a - b), keyword).toEqual(expected);
      expect(found.total, keyword).toBe(expected.length);
      expect(found.totalCapped, keyword).toBeUndefined();
    }
  }
  const studentInitials = async () => new Map((await rows<{ id: number; initials: string }>(sql`SELECT id, name_initials AS initials FROM students`)).map((row) => [row.id, row.initials]));
  return { rows, call, everyRow, expectKeywords, studentInitials };
}

/** One character, two characters and the initials (in capitals) of a name. */
export const nameKeywords = (name: string, initials: string) => [name.slice(0, 1), name.slice(0, 2), initials.slice(0, 2).toUpperCase()];

/**
 * The same check with SQL as the oracle, for lists whose rows do not carry every text the keyword searches:
 * `haystack` selects each row of the list without a keyword as those texts, joined by a character no
 * keyword holds (column `haystack`).
 */
export function keywordSqlKit(api: Pick<ApiKit, 'call' | 'one'>) {
  /** How many of the list's rows hold the keyword, ignoring case. */
  async function matching(haystack: SQL, keyword: string): Promise<number> {
    return (await api.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${haystack}) x WHERE strpos(lower(x.haystack), ${keyword.toLowerCase()}) > 0`)).n;
  }
  /** Pages the list with the keyword and expects exactly the matching rows (counted up to the limit). */
  async function expectFinds(url: string, search: Record<string, unknown>, keyword: string, haystack: SQL, limit = 500) {
    const expected = await matching(haystack, keyword);
    expect(expected, `${url} ${keyword}: the data holds it`).toBeGreaterThan(0);
    const response = await api.call(url, { currPage: 0, limit, search: { ...search, keyword } });
    expect(response.statusCode, `${url} ${keyword}`).toBe(200);
    const data = response.json().data as { total: number; totalCapped?: boolean; rows: unknown[] };
    expect(data.total, `${url} ${keyword}`).toBe(Math.min(expected, KEYWORD_MATCH_LIMIT));
    expect(data.totalCapped ?? false).toBe(expected > KEYWORD_MATCH_LIMIT);
    expect(data.rows.length).toBe(Math.min(expected, limit));
    return data.rows;
  }
  return { matching, expectFinds };
}
