import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Issue 18 on the electives' lists: a keyword of one or two characters, or a student's pinyin initials, finds
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

type Page<Row> = { total: number; totalCapped?: boolean; rows: Row[] };
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
async function call<T>(url: string, payload: object): Promise<T> {
  const response = await t.inject({ method: 'POST', url, headers: { [t.config.tokenHeader]: admin, cookie: 'language=zh' }, payload });
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
const holds = (keyword: string, ...texts: (string | null | undefined)[]) => texts.some((text) => (text ?? '').toLowerCase().includes(keyword.toLowerCase()));

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

/** A student's one-character surname, a two-character piece of the name, the initials' first two letters and the whole name. */
function studentKeywords(name: string, initials: string): string[] {
  return [name.slice(0, 1), name.slice(-2), initials.slice(0, 2).toUpperCase(), name];
}
const studentInitials = async () => new Map((await rows<{ id: number; initials: string }>(sql`SELECT id, name_initials AS initials FROM students`)).map((row) => [row.id, row.initials]));

describe('elective lists by keyword', () => {
  it("declarations: by the course's name or the teacher's name or initials", async () => {
    const staffInitials = new Map((await rows<{ id: number; initials: string }>(sql`SELECT id, name_initials AS initials FROM staff`)).map((row) => [row.id, row.initials]));
    type Row = { id: number; name: string; teacherId: number; teacherName: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/electives/declarations/page', { currPage, limit: 500, search: { keyword } });
    const [sample] = (await page('', 0)).rows;
    const teacher = staffInitials.get(sample!.teacherId)!;
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name, row.teacherName, staffInitials.get(row.teacherId)), [
      sample!.teacherName.slice(0, 1),
      sample!.name.slice(0, 2),
      teacher.slice(0, 2),
      teacher,
      sample!.teacherName,
    ]);
  });

  it("a shift batch's students and the choice changes: by name, initials or number", async () => {
    const initials = await studentInitials();
    const [batch] = await rows<{ id: number }>(sql`SELECT batch_id AS id FROM shift_choices GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    type Row = { studentId: number; name: string; studentNumber: string };
    const students = (keyword: string, currPage: number) => call<Page<Row>>('/api/electives/shift/students/page', { batchId: batch!.id, currPage, limit: 500, search: { keyword } });
    const [sample] = (await students('', 0)).rows;
    await expectKeywords(students, (row) => row.studentId, (row, k) => holds(k, row.name, row.studentNumber, initials.get(row.studentId)), [
      ...studentKeywords(sample!.name, initials.get(sample!.studentId)!),
      sample!.studentNumber.slice(-2),
    ]);

    type Change = { id: number; studentId: number; studentName: string; studentNumber: string };
    const changes = (keyword: string, currPage: number) => call<Page<Change>>('/api/electives/shift/changes/page', { currPage, limit: 500, search: { keyword } });
    const [change] = (await changes('', 0)).rows;
    await expectKeywords(changes, (row) => row.id, (row, k) => holds(k, row.studentName, row.studentNumber, initials.get(row.studentId)), studentKeywords(change!.studentName, initials.get(change!.studentId)!));
  });
});
