import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayText } from './common.tsx';

describe('laboratory booking: today', () => {
  afterEach(() => vi.useRealTimers());

  it("is the school's date in Shanghai, whatever the browser's zone", () => {
    // 01:30 on 2 March in Shanghai is still 1 March in Europe and America: booking that day must be offered.
    vi.useFakeTimers({ now: new Date('2026-03-01T17:30:00Z'), toFake: ['Date'] });
    expect(todayText()).toBe('2026-03-02');
    // 23:30 on 1 March in Shanghai: already 2 March further east, 1 March at the school.
    vi.setSystemTime(new Date('2026-03-01T15:30:00Z'));
    expect(todayText()).toBe('2026-03-01');
  });
});
