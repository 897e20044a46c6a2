import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { PasswordHasher, PasswordHasherStopped } from './passwordHasher.ts';
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

describe('the password hasher process', () => {
  const cost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

  it('hashes with argon2id at the given cost in a child of lower priority, and verifies', async () => {
    const hasher = new PasswordHasher();
    try {
      const hash = await hasher.hash('digest-1', cost);
      expect(hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(hash.split('$')[3]!.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
      expect(await hasher.verify(hash, 'digest-1')).toBe(true);
      expect(await hasher.verify(hash, 'digest-2')).toBe(false);
      await expect(hasher.verify('not a hash', 'digest-1')).rejects.toThrow();
      const child = (hasher as unknown as { child: { pid: number } }).child;
      expect(os.getPriority(child.pid)).toBeGreaterThan(os.getPriority());
    } finally {
      hasher.stop();
    }
  });

  it('fails the checks in flight when the child dies, and starts a new child for the next one', async () => {
    const hasher = new PasswordHasher();
    try {
      await hasher.hash('warm', cost);
      const first = (hasher as unknown as { child: { pid: number } }).child.pid;
      const inFlight = hasher.hash('digest', cost);
      process.kill(first, 'SIGKILL');
      await expect(inFlight).rejects.toBeInstanceOf(PasswordHasherStopped);
      expect(await hasher.verify(await hasher.hash('again', cost), 'again')).toBe(true);
      expect((hasher as unknown as { child: { pid: number } }).child.pid).not.toBe(first);
    } finally {
      hasher.stop();
    }
  });
});
