import { describe, expect, it } from 'vitest';
import { mondayOf, schoolDateOf } from '../index.ts';

describe("the school's clock", () => {
  it('turns to the next day at midnight in Shanghai, not at the machine’s midnight', () => {
    expect(schoolDateOf(new Date('2026-03-01T15:59:00Z'))).toBe('2026-03-01');
    expect(schoolDateOf(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(schoolDateOf(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });

  it('finds the Monday of a date’s week, Sunday closing the week', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-04')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    // Across a month and a year.
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(mondayOf('2024-03-01')).toBe('2024-02-26');
  });
});
