import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';
import { keywordSqlKit, nameKeywords } from '../../../test/keywordKit.ts';

/** Issue 18: the campus-life lists find rows by one and two characters, by people's pinyin initials and by longer text. */
let t: TestApp;
let tokens: Record<string, string>;
const { call, one } = apiKit(() => t, () => tokens, { account: 'admin' });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
});
afterAll(() => t.close());

const { matching, expectFinds } = keywordSqlKit({ call, one });

describe('campus-life keyword search', () => {
  it('finds rooms by a piece of their number, and check-ins by the student, their initials or the room', async () => {
    const rooms = sql`SELECT r.number AS haystack FROM dorm_rooms r`;
    for (const keyword of ['1', '10', '101']) await expectFinds('/api/campusLife/dormitories/rooms/page', {}, keyword, rooms);

    const stays = sql`SELECT concat_ws(chr(1), s.student_number, s.name, s.name_initials, r.number) AS haystack
      FROM dorm_stays st JOIN students s ON s.id = st.student_id JOIN dorm_beds bd ON bd.id = st.bed_id JOIN dorm_rooms r ON r.id = bd.room_id`;
    const boarder = await one<{ name: string; initials: string; number: string }>(sql`
      SELECT s.name, s.name_initials AS initials, s.student_number AS number FROM dorm_stays st JOIN students s ON s.id = st.student_id
      WHERE st.checked_out_at IS NULL AND char_length(s.name_initials) >= 2 ORDER BY s.student_number LIMIT 1`);
    for (const keyword of [...nameKeywords(boarder.name, boarder.initials), boarder.number]) {
      const rows = (await expectFinds('/api/campusLife/dormitories/stays/page', {}, keyword, stays)) as { studentNumber: string }[];
      expect(rows.map((row) => row.studentNumber)).toContain(boarder.number);
    }
  });

  it("finds students without a bed for a check-in by name, initials or number (the picker's first 20)", async () => {
    const student = await one<{ name: string; initials: string; number: string; gender: string }>(sql`
      SELECT s.name, s.name_initials AS initials, s.student_number AS number, s.gender FROM students s
      WHERE s.in_school_status = '1' AND s.gender IN ('1', '2') AND char_length(s.name_initials) >= 2
        AND NOT EXISTS (SELECT 1 FROM dorm_stays st WHERE st.student_id = s.id AND st.checked_out_at IS NULL)
      ORDER BY s.student_number LIMIT 1`);
    const without = sql`SELECT concat_ws(chr(1), s.student_number, s.name, s.name_initials) AS haystack FROM students s
      WHERE s.in_school_status = '1' AND s.gender = ${student.gender} AND NOT EXISTS (SELECT 1 FROM dorm_stays st WHERE st.student_id = s.id AND st.checked_out_at IS NULL)`;
    for (const keyword of [...nameKeywords(student.name, student.initials), student.number]) {
      const found = (await call('/api/campusLife/dormitories/students', { keyword, gender: student.gender })).json().data as { studentNumber: string }[];
      expect(found.length, keyword).toBe(Math.min(await matching(without, keyword), 20));
    }
    const exact = (await call('/api/campusLife/dormitories/students', { keyword: student.number, gender: student.gender })).json().data as { studentNumber: string }[];
    expect(exact.map((row) => row.studentNumber)).toEqual([student.number]);
  });

  it('finds lectures and activities by title, host or place', async () => {
    for (const kind of ['lecture', 'activity'] as const) {
      const events = sql`SELECT concat_ws(chr(1), e.title, e.host, e.place) AS haystack FROM campus_events e WHERE e.kind = ${kind}`;
      const url = `/api/campusLife/${kind === 'lecture' ? 'lectures' : 'activities'}/page`;
      for (const keyword of kind === 'lecture' ? ['学', '报告', '王建国'] : ['社', '田径', '德育处']) await expectFinds(url, {}, keyword, events);
    }
  });

  it('finds associations by a piece of their name', async () => {
    for (const keyword of ['社', '天文', '机器人社']) {
      const expected = await matching(sql`SELECT a.name AS haystack FROM associations a`, keyword);
      const page = (await call('/api/campusLife/associations/page', { currPage: 0, limit: 500, search: { keyword } })).json().data as { total: number; rows: { name: string }[] };
      const found = page.rows;
      expect(page.total).toBe(expected);
      expect(found.length).toBe(expected);
      expect(found.every((row) => row.name.includes(keyword))).toBe(true);
    }
  });

  it("finds laboratory bookings by experiment, note, room, or the teacher's name and initials", async () => {
    const bookings = sql`SELECT concat_ws(chr(1), b.experiment, b.note, cr.name, st.name, st.name_initials) AS haystack
      FROM lab_bookings b JOIN lab_rooms r ON r.id = b.room_id JOIN classrooms cr ON cr.id = r.classroom_id JOIN staff st ON st.id = b.teacher_id`;
    const teacher = await one<{ name: string; initials: string }>(sql`SELECT name, name_initials AS initials FROM staff WHERE staff_number = 'T0001'`);
    for (const keyword of [...nameKeywords(teacher.name, teacher.initials), '浮力', '平面镜成像', '社团']) await expectFinds('/api/campusLife/labs/bookings/page', {}, keyword, bookings);
  });
});
