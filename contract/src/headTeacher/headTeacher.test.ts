import { describe, expect, it } from 'vitest';
import { checkRecordFields, classRecordFormSchema, fundEntryFormSchema, isFieldProblem, placeStudent, seatingSaveSchema, unseatStudent } from './headTeacher.ts';

describe('seating chart moves', () => {
  const seats = [
    { row: 1, column: 1, studentId: 10 },
    { row: 1, column: 2, studentId: 20 },
  ];
  it('seats an unseated student on an empty seat, swaps two seated ones, takes a seat from the one displaced', () => {
    expect(placeStudent(seats, 30, 2, 1)).toEqual([...seats, { row: 2, column: 1, studentId: 30 }]);
    expect(placeStudent(seats, 10, 1, 2)).toEqual(expect.arrayContaining([{ row: 1, column: 2, studentId: 10 }, { row: 1, column: 1, studentId: 20 }]));
    expect(placeStudent(seats, 10, 1, 2)).toHaveLength(2);
    // An unseated student dropped on a taken seat: the occupant goes back to the unseated list.
    expect(placeStudent(seats, 30, 1, 1)).toEqual([{ row: 1, column: 2, studentId: 20 }, { row: 1, column: 1, studentId: 30 }]);
    expect(placeStudent(seats, 10, 1, 1)).toEqual(seats);
    expect(unseatStudent(seats, 10)).toEqual([{ row: 1, column: 2, studentId: 20 }]);
  });
  it('refuses a chart with a shared seat, a student twice or a seat outside the room', () => {
    const base = { classId: 1, rows: 2, columns: 2, note: '', baseVersion: 0 };
    expect(seatingSaveSchema.safeParse({ ...base, seats }).success).toBe(true);
    expect(seatingSaveSchema.safeParse({ ...base, seats: [...seats, { row: 1, column: 1, studentId: 30 }] }).error?.issues[0]?.message).toBe('headTeacher.seatTaken');
    expect(seatingSaveSchema.safeParse({ ...base, seats: [...seats, { row: 2, column: 1, studentId: 10 }] }).error?.issues[0]?.message).toBe('headTeacher.studentTwice');
    expect(seatingSaveSchema.safeParse({ ...base, seats: [{ row: 3, column: 1, studentId: 10 }] }).error?.issues[0]?.message).toBe('headTeacher.seatOutside');
  });
});

describe('class record fields', () => {
  it('checks and cleans a record against its kind, with the cross-field rule', () => {
    const ok = checkRecordFields('practice', { recordDate: '2026-09-01', title: '社区', fields: { student: '7', hours: '2.5', content: ' 整理图书 ', evaluation: 'good', extra: 1 }, pictures: [] });
    expect(ok).toEqual({ fields: { student: 7, hours: 2.5, content: '整理图书', evaluation: 'good' }, studentIds: [7] });
    const problem = (result: ReturnType<typeof checkRecordFields>) => (isFieldProblem(result) ? `${result.key}:${result.field}` : 'ok');
    expect(problem(checkRecordFields('practice', { recordDate: '2026-09-01', title: 'x', fields: { student: 7, hours: 2.2, content: 'c', evaluation: 'good' }, pictures: [] }))).toBe('headTeacher.numberRange:hours');
    expect(problem(checkRecordFields('contact', { recordDate: '2026-09-01', title: 'x', fields: { student: 7, parent: 'p', way: 'letter', content: 'c' }, pictures: [] }))).toBe('headTeacher.fieldChoose:way');
    expect(problem(checkRecordFields('contact', { recordDate: '2026-09-01', title: 'x', fields: { student: 7, parent: 'p', way: 'phone', content: 'c' }, pictures: ['f'] }))).toBe('errors.badRequest:pictures');
    expect(problem(checkRecordFields('cadre', { recordDate: '2026-09-01', title: '班长', fields: { student: 7, status: 'dismissed', dismissedOn: '2026-08-31' }, pictures: [] }))).toBe('headTeacher.dismissedBeforeAppointed:dismissedOn');
    expect(problem(checkRecordFields('cadre', { recordDate: '2026-09-01', title: '班长', fields: { student: 7, status: 'serving' }, pictures: [] }))).toBe('ok');
    expect(problem(checkRecordFields('cadre', { recordDate: '2026-09-01', title: '班长', fields: { student: 7, status: 'dismissed', dismissedOn: '2026-09-31' }, pictures: [] }))).toBe('headTeacher.dateInvalid:dismissedOn');
    expect(problem(checkRecordFields('contact', { recordDate: '2026-09-01', title: 'x', fields: { student: 1e12, parent: 'p', way: 'phone', content: 'c' }, pictures: [] }))).toBe('headTeacher.fieldChoose:student');
  });
  it('takes only dates that exist', () => {
    const record = { classId: 1, kind: 'meeting', title: 't', fields: {}, pictures: [] };
    expect(classRecordFormSchema.safeParse({ ...record, recordDate: '2026-02-28' }).success).toBe(true);
    expect(classRecordFormSchema.safeParse({ ...record, recordDate: '2026-02-31' }).error?.issues[0]?.message).toBe('headTeacher.dateRequired');
    const entry = { classId: 1, direction: 'income', amount: 5, purpose: 'p', handler: 'h' };
    expect(fundEntryFormSchema.safeParse({ ...entry, entryDate: '2026-04-31' }).success).toBe(false);
  });
});
