import { describe, expect, it } from 'vitest';
import { Argon2Slots, PasswordCheckBusy } from './passwords.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('argon2 slots', () => {
  it('runs at most `size` checks at once and hands each freed slot to the next waiter in order', async () => {
    const slots = new Argon2Slots(2, 5_000);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (id: number) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await later(20);
        running -= 1;
        order.push(id);
        return id;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(work))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    // Every slot is free again afterwards.
    expect(await Promise.all([6, 7].map(work))).toEqual([6, 7]);
  });

  it('refuses a check that waited longer than a client would, and a failing check frees its slot', async () => {
    const slots = new Argon2Slots(1, 30);
    const long = slots.run(() => later(200));
    await expect(slots.run(async () => 'late')).rejects.toBeInstanceOf(PasswordCheckBusy);
    await long;
    await expect(slots.run(() => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash');
    expect(await slots.run(async () => 'free')).toBe('free');
  });
});
