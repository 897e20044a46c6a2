import { describe, expect, it } from 'vitest';
import { openClassSignUpOpen } from '../index.ts';

describe('open-class sign-up', () => {
  it('is open up to and including the class day, while the class can still be evaluated', () => {
    expect(openClassSignUpOpen({ day: '2026-03-05', phase: 'upcoming' }, '2026-03-04')).toBe(true);
    expect(openClassSignUpOpen({ day: '2026-03-05', phase: 'evaluating' }, '2026-03-05')).toBe(true);
    expect(openClassSignUpOpen({ day: '2026-03-05', phase: 'closed' }, '2026-03-05')).toBe(false);
    expect(openClassSignUpOpen({ day: '2026-03-05', phase: 'evaluating' }, '2026-03-06')).toBe(false);
  });
});
