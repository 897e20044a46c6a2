import { describe, expect, it } from 'vitest';
import { campusFormSchema, researchGroupFormSchema, schoolYearFormSchema, termFormSchema, termWeeks } from './campus.ts';

/** The shared rules of the campus screens, as the forms see them (the server runs the same schemas). */
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('campus schemas', () => {
  it('derive the weeks of a term from its start date and week count', () => {
    expect(termWeeks('2026-08-31', 2)).toEqual([
      { week: 1, startDate: '2026-08-31', endDate: '2026-09-06' },
      { week: 2, startDate: '2026-09-07', endDate: '2026-09-13' },
    ]);
  });

  it('check dates: real days, years 2000-9999, end after start', () => {
    const year = { code: '2026-2027', name: '2026-2027学年', startDate: '2026-08-01', endDate: '2027-07-31' };
    expect(schoolYearFormSchema.safeParse(year).success).toBe(true);
    expect(firstMessage(schoolYearFormSchema.safeParse({ ...year, startDate: '2026-02-30' }))).toBe('calendar.dateFormat');
    expect(firstMessage(schoolYearFormSchema.safeParse({ ...year, startDate: '1999-08-01' }))).toBe('calendar.yearRange');
    expect(firstMessage(schoolYearFormSchema.safeParse({ ...year, endDate: '2026-08-01' }))).toBe('calendar.endBeforeStart');
  });

  it('check term codes and week counts', () => {
    const term = { schoolYearId: 1, code: '2026-2027-1', name: '第一学期', startDate: '2026-08-31', endDate: '2027-01-22', weekCount: 21 };
    expect(termFormSchema.safeParse(term).success).toBe(true);
    expect(firstMessage(termFormSchema.safeParse({ ...term, code: '2026-1' }))).toBe('calendar.termCodeFormat');
    expect(firstMessage(termFormSchema.safeParse({ ...term, weekCount: 31 }))).toBe('calendar.weekCountRange');
  });

  it('accept an empty postal code or exactly six digits', () => {
    const campus = { code: 'campus-3', name: '南校区' };
    expect(campusFormSchema.safeParse({ ...campus, postalCode: '' }).success).toBe(true);
    expect(campusFormSchema.safeParse({ ...campus, postalCode: null }).success).toBe(true);
    expect(campusFormSchema.safeParse({ ...campus, postalCode: '100083' }).success).toBe(true);
    expect(firstMessage(campusFormSchema.safeParse({ ...campus, postalCode: '10008' }))).toBe('campuses.postalCode');
  });

  it('refuse a research-group leader who is also a member, on the members field', () => {
    const result = researchGroupFormSchema.safeParse({ code: 'g1', name: '数学组', leader: 'T0001', members: ['T0002', 'T0001'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['members'], message: 'researchGroups.leaderIsMember' });
    expect(firstMessage(researchGroupFormSchema.safeParse({ code: 'g1', name: '组'.repeat(51) }))).toBe('validation.tooLong');
  });
});
