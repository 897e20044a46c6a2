import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKit, createTestApp, EN, loginDemoAccounts, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;
let own: number;
let other: number;
let outsider: { id: number; name: string };
const { call, rows, refused } = apiKit(() => t, () => tokens, { headers: EN });

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemoAccounts(t);
  const [row] = await rows<{ own: number; other: number }>(sql`
    SELECT (SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.staff_number = 'T0002' ORDER BY c.id LIMIT 1) AS own,
      (SELECT c.id FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE st.staff_number <> 'T0002' ORDER BY c.id LIMIT 1) AS other`);
  own = row!.own;
  other = row!.other;
  [outsider] = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM students WHERE class_id = ${other} ORDER BY id LIMIT 1`);
});
afterAll(() => t.close());

const ids = async (classId: number, n: number) =>
  (await rows<{ id: number }>(sql`SELECT id FROM students WHERE class_id = ${classId} ORDER BY student_number LIMIT ${n}`)).map((row) => row.id);

describe('班主任工作 (class teacher work)', () => {
  it('opens a class teacher their own class only, an administrator any class read-only, and nobody else', async () => {
    const mine = (await call('/api/headTeacher/classes', {}, 'T0002')).json().data;
    expect(mine.map((c: { id: number }) => c.id)).toEqual([own]);
    expect(mine[0]).toMatchObject({ editable: true, studentCount: expect.any(Number) });
    const all = (await call('/api/headTeacher/classes', {}, 'admin')).json().data;
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((c: { editable: boolean }) => !c.editable)).toBe(true);
    // Another class: 403 with the reason; a teacher or a student without the menus: 403 before anything.
    await refused('/api/headTeacher/overview', { classId: other }, 'T0002', 'not a class you lead', 403);
    expect((await call('/api/headTeacher/overview', { classId: own }, 'T0001')).statusCode).toBe(403);
    expect((await call('/api/headTeacher/classes', {}, '201911001')).statusCode).toBe(403);
    // The administrator sees the overview but cannot write.
    const overview = (await call('/api/headTeacher/overview', { classId: own }, 'admin')).json().data;
    expect(overview.counts.total).toBe(overview.counts.male + overview.counts.female);
    expect(overview.onLeave.length).toBeGreaterThan(0);
    expect(overview.students[0]).toMatchObject({ parents: expect.any(Array), onLeaveToday: expect.any(Boolean), dormitory: expect.any(String) });
    expect(overview.students.some((s: { cadrePosts: string[] }) => s.cadrePosts.length > 0)).toBe(true);
    // Every class of the demo school has its term of records for the administrator to look at.
    expect((await call('/api/headTeacher/seating/get', { classId: other }, 'admin')).json().data.version).toBe(1);
    const otherFund = (await call('/api/headTeacher/fund/page', { currPage: 0, limit: 10, search: { classId: other } }, 'admin')).json().data;
    expect(otherFund.rows.length).toBe(3);
    expect(Number(otherFund.summary.balance)).toBeGreaterThan(0);
    const [student] = await ids(own, 1);
    await refused(
      '/api/headTeacher/records/create', { classId: own, kind: 'incident', recordDate: '2026-09-10', title: 'x', fields: { level: 'minor', students: [student], details: 'a', handling: 'b' } }, 'admin',
      'only its class teacher',
      403,
    );
    const profile = (await call('/api/headTeacher/profile', { classId: own }, 'T0002')).json().data;
    expect(profile).toMatchObject({ staffNumber: 'T0002', classes: [expect.objectContaining({ id: own })] });
    expect(Number(profile.fundBalance)).toBeGreaterThan(0);
  });

  it('checks each kind of record against its declared fields and changes nothing when refused', async () => {
    const [a, b] = await ids(own, 2);
    const before = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM class_records`))[0]!.n;
    const base = { classId: own, kind: 'cadre', recordDate: '2026-09-01', title: '纪律委员', fields: { student: a, status: 'serving' } };
    await refused('/api/headTeacher/records/create', { ...base, fields: { status: 'serving' } }, 'T0002', 'Choose Student', 400);
    await refused('/api/headTeacher/records/create', { ...base, fields: { student: a, status: 'dismissed' } }, 'T0002', 'date of the dismissal', 400);
    await refused('/api/headTeacher/records/create', { ...base, fields: { student: a, status: 'dismissed', dismissedOn: '2026-08-01' } }, 'T0002', 'cannot come before', 400);
    await refused('/api/headTeacher/records/create', { ...base, title: 'x'.repeat(31) }, 'T0002', 'Post: at most 30', 400);
    await refused('/api/headTeacher/records/create', { ...base, fields: { student: outsider!.id, status: 'serving' } }, 'T0002', `${outsider!.name} is not a student of this class`, 400);
    await refused('/api/headTeacher/records/create', { ...base, recordDate: '2999-01-01' }, 'T0002', 'cannot be in the future', 400);
    await refused(
      '/api/headTeacher/records/create', { classId: own, kind: 'practice', recordDate: '2026-09-01', title: '社区', fields: { student: a, hours: 0.3, content: 'c', evaluation: 'good' } }, 'T0002',
      'Hours is a number from 0.5 to 100',
      400,
    );
    await refused(
      '/api/headTeacher/records/create', { classId: own, kind: 'meeting', recordDate: '2026-09-01', title: '班会', fields: { category: 'theme', present: 190, content: 'c' } }, 'T0002',
      'More present than the class has',
      400,
    );
    await refused('/api/headTeacher/records/create', { ...base, classId: other }, 'T0002', 'not a class you lead', 403);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM class_records`))[0]!.n).toBe(before);

    const created = (await call('/api/headTeacher/records/create', { ...base, fields: { student: b, status: 'serving', duties: ' 管理纪律 ', unknown: 'dropped' } }, 'T0002')).json();
    expect(created.result).toBe(true);
    const record = (await call('/api/headTeacher/records/get', { id: created.data.id }, 'T0002')).json().data;
    expect(record).toMatchObject({ kind: 'cadre', fields: { student: b, status: 'serving', duties: '管理纪律', dismissedOn: '' }, students: [expect.objectContaining({ id: b })] });
    expect(record.fields.unknown).toBeUndefined();
    const page = (await call('/api/headTeacher/records/page', { currPage: 0, limit: 50, search: { classId: own, kind: 'cadre', studentId: b } }, 'T0002')).json().data;
    expect(page.rows.map((row: { id: number }) => row.id)).toContain(created.data.id);
    expect((await call('/api/headTeacher/records/delete', { ids: [created.data.id] }, 'admin')).statusCode).toBe(403);
    expect((await call('/api/headTeacher/records/delete', { ids: [created.data.id] }, 'T0002')).json().result).toBe(true);
  });

  it('keeps the fund above zero at every date and shows the running balance', async () => {
    const list = async () => (await call('/api/headTeacher/fund/page', { currPage: 0, limit: 100, search: { classId: own } }, 'T0002')).json().data;
    const start = await list();
    const balance = Number(start.summary.balance);
    expect(balance).toBeGreaterThan(0);
    // Newest first: the first row's balance is the fund's.
    expect(start.rows[0].balance).toBe(start.summary.balance);
    const entry = { classId: own, entryDate: '2026-09-02', direction: 'expense', purpose: '测试', handler: '李秀英', notes: '' };
    await refused('/api/headTeacher/fund/create', { ...entry, amount: balance + 1 }, 'T0002', 'fall below zero', 409);
    await refused('/api/headTeacher/fund/create', { ...entry, amount: 1.234 }, 'T0002', 'two decimals', 400);
    await refused('/api/headTeacher/fund/create', { ...entry, amount: 0 }, 'T0002', 'more than 0', 400);
    // An early expense the later entries could pay for is still refused: on its date there was not enough.
    const earliest = start.rows.at(-1);
    await refused('/api/headTeacher/fund/create', { ...entry, entryDate: earliest.entryDate, amount: Number(earliest.balance) + 0.01 }, 'T0002', earliest.entryDate, 409);
    const created = (await call('/api/headTeacher/fund/create', { ...entry, amount: 10.5 }, 'T0002')).json();
    expect(created.result).toBe(true);
    expect((await list()).summary.balance).toBe((balance - 10.5).toFixed(2));
    // Deleting the dues that paid for everything would leave the fund below zero.
    const dues = start.rows.find((row: { direction: string; amount: string }) => row.direction === 'income' && Number(row.amount) > 1000);
    await refused('/api/headTeacher/fund/delete', { ids: [dues.id] }, 'T0002', 'fall below zero', 409);
    expect((await call('/api/headTeacher/fund/delete', { ids: [created.data.id] }, 'T0002')).json().result).toBe(true);
  });

  it('saves the seating chart as versions, refusing clashes and stale saves; the duty roster once a week per student', async () => {
    const chart = (await call('/api/headTeacher/seating/get', { classId: own }, 'T0002')).json().data;
    expect(chart.version).toBeGreaterThan(0);
    const unseated = chart.students.filter((s: { id: number }) => !chart.seats.some((seat: { studentId: number }) => seat.studentId === s.id));
    expect(unseated.length).toBeGreaterThan(0);
    const free = (() => {
      for (let row = 1; row <= chart.rows; row++) for (let column = 1; column <= chart.columns; column++) if (!chart.seats.some((s: { row: number; column: number }) => s.row === row && s.column === column)) return { row, column };
      throw new Error('no free seat');
    })();
    const seats = [...chart.seats, { ...free, studentId: unseated[0].id }];
    const save = { classId: own, rows: chart.rows, columns: chart.columns, seats, note: '', baseVersion: chart.version };
    await refused('/api/headTeacher/seating/save', { ...save, seats: [...seats, { ...seats[0], studentId: unseated[1]?.id ?? outsider!.id }] }, 'T0002', 'cannot share a seat', 400);
    await refused('/api/headTeacher/seating/save', { ...save, seats: [...seats, { row: 1, column: chart.columns + 1, studentId: outsider!.id }] }, 'T0002', 'outside the rows', 400);
    await refused('/api/headTeacher/seating/save', { ...save, seats: [{ row: 1, column: 1, studentId: outsider!.id }] }, 'T0002', 'not a student of this class', 400);
    await refused('/api/headTeacher/seating/save', { ...save, rows: 1, columns: 2 }, 'T0002', 'outside the rows', 400);
    expect((await call('/api/headTeacher/seating/save', save, 'admin')).statusCode).toBe(403);
    const saved = (await call('/api/headTeacher/seating/save', save, 'T0002')).json();
    expect(saved.data.version).toBe(chart.version + 1);
    await refused('/api/headTeacher/seating/save', save, 'T0002', `version ${chart.version + 1}`, 409);
    const again = (await call('/api/headTeacher/seating/get', { classId: own }, 'T0002')).json().data;
    expect(again.seats).toContainEqual({ ...free, studentId: unseated[0].id });
    const versions = (await call('/api/headTeacher/seating/versions', { classId: own }, 'T0002')).json().data;
    expect(versions[0]).toMatchObject({ version: chart.version + 1, seated: seats.length });
    const sheet = await t.inject({ method: 'GET', url: `/api/headTeacher/seating/sheet?classId=${own}&format=pdf`, headers: { [t.config.tokenHeader]: tokens.T0002! } });
    expect(sheet.headers['content-type']).toContain('application/pdf');

    const roster = (await call('/api/headTeacher/duty/get', { classId: own }, 'T0002')).json().data;
    expect(roster.filter((day: { studentIds: number[] }) => day.studentIds.length > 0).length).toBe(5);
    const [a, b] = await ids(own, 2);
    await refused('/api/headTeacher/duty/save', { classId: own, days: [{ day: 1, studentIds: [a, b], tasks: '' }, { day: 2, studentIds: [a], tasks: '' }] }, 'T0002', 'on duty twice', 400);
    await refused('/api/headTeacher/duty/save', { classId: own, days: [{ day: 1, studentIds: [a], leaderStudentId: b, tasks: '' }] }, 'T0002', 'must be one of', 400);
    expect((await call('/api/headTeacher/duty/save', { classId: own, days: roster.map((d: { day: number; studentIds: number[]; leaderStudentId: number | null; tasks: string }) => ({ day: d.day, studentIds: d.studentIds, leaderStudentId: d.leaderStudentId, tasks: d.tasks })) }, 'T0002')).json().result).toBe(true);
  });
});
