import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { apiKit, createTestApp, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 18: the award lists find rows by one or two characters, a winner by the pinyin initials of their
 * name, and by longer text (platform/keyword.ts). Each answer is held against the same search done plainly in SQL.
 */
let t: TestApp;
let tokens: Record<string, string>;
const { call, rows, one } = apiKit(() => t, () => tokens);

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

/** A list's first 500 rows' ids for a search (as the administrator, who sees every row), sorted, with its total. */
async function listed(url: string, search: Record<string, unknown>) {
  const response = await call(url, { currPage: 0, limit: 500, search }, 'admin');
  expect(response.statusCode, `${url} ${JSON.stringify(search)}`).toBe(200);
  const data = response.json().data as { total: number; rows: { id: number }[] };
  return { total: data.total, ids: data.rows.map((row) => row.id).sort((a, b) => a - b) };
}

/** The ids a plain SQL search finds, in the shape `listed` answers. */
async function expected(query: SQL) {
  const ids = (await rows<{ id: number }>(query)).map((row) => row.id).sort((a, b) => a - b);
  return { total: ids.length, ids };
}

/** The text holds the keyword, case aside: what every keyword column's match means. */
const holds = (column: SQL, keyword: string) => sql`strpos(lower(${column}), ${keyword.toLowerCase()}) > 0`;

/** A name's surname, its given name (or the two characters of a two-character name), and its initials. */
function namePieces(name: string, initials: string): string[] {
  const characters = [...name];
  return [characters[0]!, characters.slice(-2).join(''), initials, initials.toUpperCase()];
}

/** The student of a row of `table` (its `student_id`), by name and initials. */
const studentOf = (table: SQL) =>
  one<{ name: string; initials: string }>(sql`SELECT s.name, s.name_initials AS initials FROM ${table} x JOIN students s ON s.id = x.student_id ORDER BY s.student_number DESC LIMIT 1`);

describe('award lists: keyword search', () => {
  it('disciplinary awards by the winner’s name, initials or number, the award’s name or the event’s title', async () => {
    const winner = await studentOf(sql`disciplinary_awards`);
    for (const keyword of [...namePieces(winner.name, winner.initials), '201911001', '奖', '一等', '数学竞赛']) {
      const found = await listed('/api/awards/disciplinary/page', { keyword });
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT d.id FROM disciplinary_awards d JOIN students s ON s.id = d.student_id JOIN competition_prizes cp ON cp.id = d.prize_id JOIN competitions c ON c.id = cp.competition_id
          WHERE ${holds(sql`s.name`, keyword)} OR ${holds(sql`s.name_initials`, keyword)} OR ${holds(sql`s.student_number`, keyword)}
             OR ${holds(sql`cp.name`, keyword)} OR ${holds(sql`c.title`, keyword)}`),
      );
      expect(found.total, keyword).toBeGreaterThan(0);
    }
  });

  it('awards above school level by name, and by a winner’s name, initials or number', async () => {
    for (const name of ['奖', '书法', '青少年科技']) {
      const found = await listed('/api/awards/aboveSchool/page', { name });
      expect(found, name).toEqual(await expected(sql`SELECT id FROM above_school_awards WHERE ${holds(sql`name`, name)}`));
      expect(found.total, name).toBeGreaterThan(0);
    }
    const winner = await studentOf(sql`above_school_award_winners`);
    for (const keyword of [...namePieces(winner.name, winner.initials), '201911001']) {
      const found = await listed('/api/awards/aboveSchool/page', { keyword });
      expect(found, keyword).toEqual(
        await expected(sql`
          SELECT DISTINCT w.award_id AS id FROM above_school_award_winners w JOIN students s ON s.id = w.student_id
          WHERE ${holds(sql`s.name`, keyword)} OR ${holds(sql`s.name_initials`, keyword)} OR ${holds(sql`s.student_number`, keyword)}`),
      );
      expect(found.total, keyword).toBeGreaterThan(0);
    }
  });

  it('events by title and by place, awards by their name or their event’s title', async () => {
    for (const title of ['赛', '演讲', '英语演讲比赛']) {
      const found = await listed('/api/awards/competitions/page', { title });
      expect(found, title).toEqual(await expected(sql`SELECT id FROM competitions WHERE ${holds(sql`title`, title)}`));
      expect(found.total, title).toBeGreaterThan(0);
    }
    for (const place of ['厅', '报告', '学术报告厅']) {
      const found = await listed('/api/awards/competitions/page', { place });
      expect(found, place).toEqual(await expected(sql`SELECT id FROM competitions WHERE ${holds(sql`place`, place)}`));
      expect(found.total, place).toBeGreaterThan(0);
    }
    expect(await listed('/api/awards/competitions/page', { title: '赛', place: '厅' })).toEqual(
      await expected(sql`SELECT id FROM competitions WHERE ${holds(sql`title`, '赛')} AND ${holds(sql`place`, '厅')}`),
    );
    for (const name of ['奖', '一等', '英语演讲']) {
      const found = await listed('/api/awards/prizes/page', { name });
      expect(found, name).toEqual(
        await expected(sql`SELECT cp.id FROM competition_prizes cp JOIN competitions c ON c.id = cp.competition_id WHERE ${holds(sql`cp.name`, name)} OR ${holds(sql`c.title`, name)}`),
      );
      expect(found.total, name).toBeGreaterThan(0);
    }
  });
});
