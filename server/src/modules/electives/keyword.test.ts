import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { holds, keywordListKit, studentKeywords, type Page } from '../../../test/keywordKit.ts';

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

const { rows, call, expectKeywords, studentInitials } = keywordListKit(() => t, () => admin);

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
