import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { holds, keywordListKit, studentKeywords, type Page } from '../../../test/keywordKit.ts';

/**
 * Issue 18 on the roll's lists: a keyword of one or two characters, or a student's pinyin initials, finds
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

describe('roll lists by keyword', () => {
  it('roll changes: by a student name, its initials or number', async () => {
    const initials = await studentInitials();
    type Row = { id: number; studentId: number; studentName: string; studentNumber: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/roll/changes/page', { currPage, limit: 500, search: { keyword } });
    const [sample] = (await page('', 0)).rows;
    expect(sample).toBeDefined();
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.studentName, row.studentNumber, initials.get(row.studentId)), [
      ...studentKeywords(sample!.studentName, initials.get(sample!.studentId)!),
      sample!.studentNumber.slice(-2),
    ]);
  });

  it('the student choice of a roll change: by name, initials or number, twenty at most', async () => {
    const [sample] = await rows<{ name: string; initials: string }>(sql`SELECT name, name_initials AS initials FROM students WHERE char_length(name) = 3 ORDER BY id LIMIT 1`);
    for (const keyword of studentKeywords(sample!.name, sample!.initials)) {
      const found = await call<{ name: string; studentNumber: string; id: number }[]>('/api/roll/changes/students', { keyword });
      const lower = keyword.toLowerCase();
      const [{ n }] = (await rows<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM students WHERE name LIKE ${`%${keyword}%`} OR student_number LIKE ${`%${keyword}%`} OR name_initials LIKE ${`%${lower}%`}`)) as [{ n: number }];
      expect(found.length, keyword).toBe(Math.min(20, n));
      const initials = await studentInitials();
      expect(found.every((row) => holds(keyword, row.name, row.studentNumber, initials.get(row.id))), keyword).toBe(true);
    }
  });

  it('registrations: by name, resident ID or guardian phone', async () => {
    type Row = { id: number; name: string; idNumber: string; guardianPhone: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/roll/enrolment/page', { currPage, limit: 500, search: { keyword } });
    const [sample] = (await page('', 0)).rows;
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name, row.idNumber, row.guardianPhone), [
      sample!.name.slice(0, 1),
      sample!.name.slice(-2),
      sample!.guardianPhone.slice(-2),
      sample!.name,
    ]);
  });

  it('admission: by name or previous school', async () => {
    type Row = { id: number; name: string; previousSchool: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/roll/admission/page', { currPage, limit: 500, search: { keyword } });
    const sample = (await page('', 0)).rows.find((row) => row.previousSchool.length >= 3);
    expect(sample).toBeDefined();
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name, row.previousSchool), [
      sample!.name.slice(0, 1),
      sample!.name.slice(-2),
      sample!.previousSchool.slice(0, 2),
      sample!.previousSchool,
    ]);
  });

  it("teaching classes: by the class's or course's name, or the teacher's name or initials", async () => {
    const staffInitials = new Map((await rows<{ id: number; initials: string }>(sql`SELECT id, name_initials AS initials FROM staff`)).map((row) => [row.id, row.initials]));
    type Row = { id: number; name: string; courseName: string; teacherId: number | null; teacherName: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/roll/teachingClasses/page', { currPage, limit: 500, search: { keyword } });
    const sample = (await page('', 0)).rows.find((row) => row.teacherId !== null);
    expect(sample).toBeDefined();
    await expectKeywords(page, (row) => row.id, (row, k) => holds(k, row.name, row.courseName, row.teacherName, row.teacherId === null ? '' : staffInitials.get(row.teacherId)), [
      sample!.teacherName.slice(0, 1),
      sample!.courseName.slice(0, 2),
      staffInitials.get(sample!.teacherId!)!.slice(0, 2),
      staffInitials.get(sample!.teacherId!)!,
      sample!.name,
    ]);
  });

  it("a teaching class's students and candidates: by name, initials or number", async () => {
    const initials = await studentInitials();
    const [busiest] = await rows<{ id: number }>(sql`SELECT teaching_class_id AS id FROM teaching_class_students GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    type Row = { studentId: number; studentName: string; studentNumber: string };
    const page = (keyword: string, currPage: number) => call<Page<Row>>('/api/roll/teachingClasses/students/page', { currPage, limit: 500, search: { teachingClassId: busiest!.id, keyword } });
    const [sample] = (await page('', 0)).rows;
    await expectKeywords(page, (row) => row.studentId, (row, k) => holds(k, row.studentName, row.studentNumber, initials.get(row.studentId)), studentKeywords(sample!.studentName, initials.get(sample!.studentId)!));

    type Candidate = { id: number; name: string; studentNumber: string };
    const candidates = (keyword: string) => call<Candidate[]>('/api/roll/teachingClasses/students/candidates', { teachingClassId: busiest!.id, keyword });
    const all = await candidates('');
    expect(all.length).toBeLessThan(1000);
    for (const keyword of studentKeywords(all[0]!.name, initials.get(all[0]!.id)!)) {
      const expected = all.filter((row) => holds(keyword, row.name, row.studentNumber, initials.get(row.id))).map((row) => row.id);
      expect((await candidates(keyword)).map((row) => row.id), keyword).toEqual(expected);
    }
  });

  it("a level class's candidates: by name, initials or number", async () => {
    const initials = await studentInitials();
    const [level] = await rows<{ id: number; gradeId: number }>(sql`SELECT id, grade_id AS "gradeId" FROM stratified_classes ORDER BY id LIMIT 1`);
    const [sample] = await rows<{ name: string; initials: string }>(sql`
      SELECT s.name, s.name_initials AS initials FROM students s JOIN classes c ON c.id = s.class_id
      WHERE c.grade_id = ${level!.gradeId} AND char_length(s.name) = 3 ORDER BY s.id LIMIT 1`);
    type Candidate = { studentId: number; name: string; studentNumber: string };
    for (const keyword of studentKeywords(sample!.name, sample!.initials)) {
      const found = await call<Candidate[]>('/api/roll/stratifiedClasses/candidates', { classId: level!.id, keyword });
      expect(found.length, keyword).toBeGreaterThan(0);
      expect(found.every((row) => holds(keyword, row.name, row.studentNumber, initials.get(row.studentId))), keyword).toBe(true);
    }
    expect((await call<Candidate[]>('/api/roll/stratifiedClasses/candidates', { classId: level!.id, keyword: sample!.name })).map((row) => row.name)).toContain(sample!.name);
  });
});
