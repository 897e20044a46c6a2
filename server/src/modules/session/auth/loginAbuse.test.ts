import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { users } from '../../../db/schema/index.ts';
import { passwordDigest } from '../../../platform/passwords.ts';

/** Issue 12, findings 2 and 3: the lock and the address limit under concurrency, and enumeration. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ login: { maxFailures: 5, lockMinutes: 15, addressMaxFailures: 1000, addressWindowMinutes: 15 } });
});
afterAll(() => t.close());

/** A login from a given client address (the counters are per address). */
function attempt(app: TestApp, account: string, password: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login/v4',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: account, password }).toString(),
  });
}

const unlock = (account: string) => t.database.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.account, account));

describe('the account lock under concurrency', () => {
  it('checks at most maxFailures passwords of 20 concurrent guesses, and the right one among them gets no session', async () => {
    const guesses = [...Array.from({ length: 20 }, (_, i) => `wrong-${i}`), DEMO_PASSWORD];
    const answers = await Promise.all(guesses.map((password) => attempt(t, 'T0001', password, '10.1.0.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    // Only a checked password can answer 401 or 200; everything past the fifth reservation is refused unchecked.
    expect(statuses.filter((status) => status === 401 || status === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 423).length).toBeGreaterThanOrEqual(16);
    expect(answers.at(-1)!.statusCode).toBe(423);
    const [row] = await t.database.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.account, 'T0001'));
    expect(row.lockedUntil).not.toBeNull();
    await unlock('T0001');
  });
});

describe('the address limit', () => {
  it('refuses concurrent failures from one address past the limit with 429', async () => {
    const limited = await createTestApp({ login: { maxFailures: 5, lockMinutes: 15, addressMaxFailures: 30, addressWindowMinutes: 15 } });
    try {
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(limited, `nobody${i}`, 'wrong-pass', '10.2.0.1')));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(30);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
    } finally {
      await limited.close();
    }
  });

  it('a success does not wash the address clean', async () => {
    const limited = await createTestApp({ login: { maxFailures: 50, lockMinutes: 15, addressMaxFailures: 5, addressWindowMinutes: 15 } });
    try {
      for (let i = 0; i < 4; i++) { const a = await attempt(limited, 'nobody', 'wrong-pass', '10.3.0.1'); expect(a.statusCode, a.body).toBe(401); }
      expect((await attempt(limited, '201911001', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
      expect((await attempt(limited, 'nobody', 'wrong-pass', '10.3.0.1')).statusCode).toBe(401);
      expect((await attempt(limited, 'nobody', 'wrong-pass', '10.3.0.1')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('bad text in a login', () => {
  it('counts toward the address limit like any failed attempt', async () => {
    const limited = await createTestApp({ login: { maxFailures: 50, lockMinutes: 15, addressMaxFailures: 4, addressWindowMinutes: 15 } });
    try {
      for (const username of ['a\u0000b', '\u0000x', 'c\u0000']) expect((await attempt(limited, username, 'wrong-pass', '10.8.0.1')).statusCode).toBe(400);
      expect((await attempt(limited, 'nobody', 'wrong-pass', '10.8.0.1')).statusCode).toBe(401);
      expect((await attempt(limited, '201911001', DEMO_PASSWORD, '10.8.0.1')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('accounts cannot be told apart', () => {
  const shape = (answer: { statusCode: number; json: () => { code: number; msg: string; result: boolean } }) => ({ status: answer.statusCode, ...answer.json() });

  it('an unknown account answers exactly like an existing one, through the lock', async () => {
    for (let i = 0; i < 7; i++) {
      const known = shape(await attempt(t, 'T0002', 'wrong', '10.4.0.1'));
      const unknown = shape(await attempt(t, 'T0002-nobody', 'wrong', '10.4.0.2'));
      expect(unknown).toEqual(known);
      expect(known.status).toBe(i < 4 ? 401 : 423);
    }
    await unlock('T0002');
  });

  it('a disabled account answers the same to the right and the wrong password', async () => {
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.account, 'jz201911001'));
    try {
      const right = shape(await attempt(t, 'jz201911001', DEMO_PASSWORD, '10.5.0.1'));
      const wrong = shape(await attempt(t, 'jz201911001', 'wrong', '10.5.0.1'));
      const unknown = shape(await attempt(t, 'jz-nobody', 'wrong', '10.5.0.1'));
      expect(right).toEqual(wrong);
      expect(right).toEqual(unknown);
      expect(right.status).toBe(401);
    } finally {
      await t.database.db.update(users).set({ enabled: true, failedLoginCount: 0 }).where(eq(users.account, 'jz201911001'));
    }
  });

  it('a locked account spends a password check like any other refusal', async () => {
    const timed = async (account: string) => {
      const started = performance.now();
      await attempt(t, account, 'wrong', '10.6.0.1');
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await attempt(t, 'T0001', 'wrong', '10.6.0.2');
    const locked: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      locked.push(await timed('T0001'));
      wrong.push(await timed(`someone-${i}`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1];
    // Before: 3–6 ms against ~30 ms. A generous bound: the locked refusal costs at least a third of a check.
    expect(median(locked)).toBeGreaterThan(median(wrong) / 3);
    await unlock('T0001');
  });
});

describe('password change', () => {
  it('wrong old passwords count toward the lock, and a locked account cannot change its password', async () => {
    const token = await t.login('T0001');
    const change = (old: string) =>
      t.post(
        '/api/login/updatePwd',
        { username: 'T0001', newPassword: Buffer.from('Newpass2026').toString('base64'), oldPassword: passwordDigest('T0001', old), sign: passwordDigest('T0001', 'Newpass2026') },
        { token },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await change('not-it')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(423);
    expect((await attempt(t, 'T0001', DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(423);
    await unlock('T0001');
    expect((await attempt(t, 'T0001', DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });
});
