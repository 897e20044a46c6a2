import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { mfaChallenges, userMfa, users } from '../../../db/schema/index.ts';
import { hashToken } from '../../../platform/tokens.ts';
import { MAX_CHALLENGE_ATTEMPTS, permissionsNeedMfa, RECOVERY_CODE_COUNT } from './mfa.ts';
import { base32Decode, hotp, totpStep } from './totp.ts';

/** Issue 12: TOTP second factor, required for administrators, optional for everyone else. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mfa: { requiredForAdmins: true, challengeMinutes: 5 } });
});
afterAll(() => t.close());

/** The code of the current step plus `offset` steps (the server accepts one either side). */
const codeAt = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + offset);

const login = async (account: string) => (await t.post('/api/login/v4', { username: account, password: DEMO_PASSWORD })).json();
const postJson = (url: string, body: object, token?: string) =>
  t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(token ? { [t.config.tokenHeader]: token } : {}) }, payload: JSON.stringify(body) });

const unlock = (account: string) => t.database.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.account, account));
const userId = async (account: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account)))[0].id;
/** Lets the next code be accepted whatever step the last one used (the tests need several codes within seconds). */
const forgetLastStep = async (account: string) => t.database.db.update(userMfa).set({ lastUsedStep: null }).where(eq(userMfa.userId, await userId(account)));

let adminSecret = '';
let adminRecoveryCodes: string[] = [];

describe('required enrolment of an administrator', () => {
  it('answers a challenge and no token for the right password, and enrols by QR secret and first code', async () => {
    const first = await login('admin');
    expect(first.result).toBe(true);
    expect(first.data).toEqual({ mfa: 'enrol', challenge: expect.any(String) });
    expect(first.data.token).toBeUndefined();

    const start = (await postJson('/api/login/mfa/enrol/start', { challenge: first.data.challenge })).json();
    expect(start.result).toBe(true);
    expect(start.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.data.otpauthUri).toContain(`secret=${start.data.secret}`);
    expect(start.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+:admin\?/);
    adminSecret = start.data.secret;

    const wrong = await postJson('/api/login/mfa/enrol/confirm', { challenge: first.data.challenge, code: codeAt(adminSecret, 5) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('验证码不正确');

    const confirmed = (await postJson('/api/login/mfa/enrol/confirm', { challenge: first.data.challenge, code: codeAt(adminSecret) })).json();
    expect(confirmed.result).toBe(true);
    expect(confirmed.data.headerName).toBe(t.config.tokenHeader);
    expect(confirmed.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    adminRecoveryCodes = confirmed.data.recoveryCodes;
    const permission = await t.post('/ms/getPermission', undefined, { token: confirmed.data.token });
    expect(permission.json().result).toBe(true);

    // The challenge worked once; recovery codes are kept hashed only.
    expect((await postJson('/api/login/mfa/enrol/confirm', { challenge: first.data.challenge, code: codeAt(adminSecret, 1) })).statusCode).toBe(401);
    const stored = await queryRows<{ code_hash: string }>(t.database.db, sql`SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ${await userId('admin')}`);
    expect(stored.map((row) => row.code_hash)).not.toContain(adminRecoveryCodes[0]);
    const status = (await t.get('/api/auth/mfa/status', { token: confirmed.data.token })).json();
    expect(status.data).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
  });

  it('then asks for a code at every login; a code works once', async () => {
    const challenge = (await login('admin')).data;
    expect(challenge.mfa).toBe('verify');
    // The confirming code's step is used: the same code is refused, the next step's code is accepted once.
    const reused = await postJson('/api/login/mfa/verify', { challenge: challenge.challenge, code: codeAt(adminSecret) });
    expect(reused.statusCode).toBe(401);
    const next = codeAt(adminSecret, 1);
    const verified = (await postJson('/api/login/mfa/verify', { challenge: challenge.challenge, code: next })).json();
    expect(verified.result).toBe(true);
    expect(verified.data.token).toEqual(expect.any(String));

    const again = (await login('admin')).data;
    const replay = await postJson('/api/login/mfa/verify', { challenge: again.challenge, code: next });
    expect(replay.statusCode).toBe(401);
    await unlock('admin');
  });

  it('takes a recovery code in place of a code, once', async () => {
    const challenge = (await login('admin')).data.challenge;
    const [recovery] = adminRecoveryCodes;
    const used = (await postJson('/api/login/mfa/verify', { challenge, code: recovery.toUpperCase() })).json();
    expect(used.result).toBe(true);
    const second = (await login('admin')).data.challenge;
    expect((await postJson('/api/login/mfa/verify', { challenge: second, code: recovery })).statusCode).toBe(401);
    const status = (await t.get('/api/auth/mfa/status', { token: used.data.token })).json();
    expect(status.data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    await unlock('admin');
  });

  it('cannot be turned off by a user for whom it is required', async () => {
    await forgetLastStep('admin');
    const challenge = (await login('admin')).data.challenge;
    const token = (await postJson('/api/login/mfa/verify', { challenge, code: codeAt(adminSecret) })).json().data.token;
    const refused = await postJson('/api/auth/mfa/disable', { code: adminRecoveryCodes[1] }, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('您的账号必须使用双因素认证，无法关闭');
  });
});

describe('challenges', () => {
  it('is never a token: every other route answers as without a session', async () => {
    const { challenge } = (await login('admin')).data;
    for (const url of ['/ms/getPermission', '/api/auth/mfa/status', '/api/getExpires']) {
      const answer = url === '/ms/getPermission' ? await t.post(url, undefined, { token: challenge }) : await t.get(url, { token: challenge });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().code, url).toBe(50014);
    }
    expect((await postJson('/api/auth/mfa/enable/start', {}, challenge)).statusCode).toBe(401);
    // A verify challenge is no enrolment challenge either.
    expect((await postJson('/api/login/mfa/enrol/start', { challenge })).statusCode).toBe(401);
  });

  it('expires', async () => {
    const { challenge } = (await login('admin')).data;
    await t.database.db.update(mfaChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(mfaChallenges.tokenHash, hashToken(challenge)));
    const expired = await postJson('/api/login/mfa/verify', { challenge, code: adminRecoveryCodes[2] });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toBe('验证步骤已过期或已失效，请重新登录');
    // The recovery code was not spent on the dead challenge.
    const fresh = (await login('admin')).data.challenge;
    expect((await postJson('/api/login/mfa/verify', { challenge: fresh, code: adminRecoveryCodes[2] })).json().result).toBe(true);
  });

  it(`allows ${MAX_CHALLENGE_ATTEMPTS} codes, then ends even with the right one`, async () => {
    const { challenge } = (await login('admin')).data;
    for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) {
      // The account's count is the subject of the next test: kept below its lock here.
      await unlock('admin');
      expect((await postJson('/api/login/mfa/verify', { challenge, code: '000000' })).statusCode).toBe(401);
    }
    await unlock('admin');
    const late = await postJson('/api/login/mfa/verify', { challenge, code: adminRecoveryCodes[3] });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe('验证步骤已过期或已失效，请重新登录');
  });

  it('counts wrong codes toward the account lock, and logging in again does not wash them away', async () => {
    await unlock('admin');
    let challenge = (await login('admin')).data.challenge;
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) answers.push((await postJson('/api/login/mfa/verify', { challenge, code: '000000' })).statusCode);
    // A fresh challenge with the right password: the three failures stay counted.
    challenge = (await login('admin')).data.challenge;
    for (let i = 0; i < 2; i++) answers.push((await postJson('/api/login/mfa/verify', { challenge, code: '000000' })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 423]);
    const locked = await t.post('/api/login/v4', { username: 'admin', password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(423);
    // The open challenge ended with the lock: not even a recovery code passes.
    expect((await postJson('/api/login/mfa/verify', { challenge, code: adminRecoveryCodes[4] })).statusCode).toBe(401);
    await unlock('admin');
  });

  it('opens one session for one code sent several times at once', async () => {
    await unlock('admin');
    await forgetLastStep('admin');
    const { challenge } = (await login('admin')).data;
    const code = codeAt(adminSecret);
    const answers = await Promise.all(Array.from({ length: MAX_CHALLENGE_ATTEMPTS - 1 }, () => postJson('/api/login/mfa/verify', { challenge, code })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // The others are replays of a used code.
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(MAX_CHALLENGE_ATTEMPTS - 2);
    await unlock('admin');
  });

  it('answers in the caller language', async () => {
    const { challenge } = (await login('admin')).data;
    const answer = await t.inject({
      method: 'POST',
      url: '/api/login/mfa/verify',
      headers: { 'content-type': 'application/json', cookie: 'language=en' },
      payload: JSON.stringify({ challenge, code: '000000' }),
    });
    expect(answer.json().msg).toBe('The verification code is incorrect');
    await unlock('admin');
  });
});

describe('optional for everyone else', () => {
  let teacherSecret = '';
  it('a teacher logs in with the password alone, and may turn it on', async () => {
    const direct = (await login('T0001')).data;
    expect(direct.token).toEqual(expect.any(String));
    const status = (await t.get('/api/auth/mfa/status', { token: direct.token })).json();
    expect(status.data).toEqual({ enabled: false, required: false, confirmedAt: null, recoveryCodesLeft: 0 });

    const start = (await postJson('/api/auth/mfa/enable/start', {}, direct.token)).json();
    teacherSecret = start.data.secret;
    // Pending until confirmed: the login still needs no code.
    expect((await login('T0001')).data.token).toEqual(expect.any(String));
    expect((await postJson('/api/auth/mfa/enable/confirm', { code: codeAt(teacherSecret, 3) }, direct.token)).statusCode).toBe(401);
    const confirmed = (await postJson('/api/auth/mfa/enable/confirm', { code: codeAt(teacherSecret) }, direct.token)).json();
    expect(confirmed.result).toBe(true);
    expect(confirmed.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await postJson('/api/auth/mfa/enable/start', {}, direct.token)).statusCode).toBe(409);

    const next = (await login('T0001')).data;
    expect(next).toEqual({ mfa: 'verify', challenge: expect.any(String) });
    const token = (await postJson('/api/login/mfa/verify', { challenge: next.challenge, code: codeAt(teacherSecret, 1) })).json().data.token;

    const renewed = (await postJson('/api/auth/mfa/recoveryCodes', { code: confirmed.data.recoveryCodes[0] }, token)).json();
    expect(renewed.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const old = (await login('T0001')).data.challenge;
    expect((await postJson('/api/login/mfa/verify', { challenge: old, code: confirmed.data.recoveryCodes[1] })).statusCode).toBe(401);
    await unlock('T0001');

    expect((await postJson('/api/auth/mfa/disable', { code: '000000' }, token)).statusCode).toBe(401);
    await unlock('T0001');
    expect((await postJson('/api/auth/mfa/disable', { code: renewed.data.recoveryCodes[0] }, token)).json().result).toBe(true);
    expect((await login('T0001')).data.token).toEqual(expect.any(String));
  });

  it('is required for system-management and export rights, not for teaching pages', () => {
    expect(permissionsNeedMfa(t.config, ['homeSchool:notice', 'score:register'])).toBe(false);
    expect(permissionsNeedMfa(t.config, ['system:log'])).toBe(true);
    expect(permissionsNeedMfa(t.config, ['system'])).toBe(true);
    // Staff management is not under system management, but its list exports whole staff records.
    expect(permissionsNeedMfa(t.config, ['records:staff'])).toBe(true);
    expect(permissionsNeedMfa(t.config, ['records:student'])).toBe(false);
  });

  it('is required for a teacher once a role gives them a system-management page, and not when switched off', async () => {
    const teacher = await userId('T0002');
    const [role] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM roles WHERE code = 'admin' LIMIT 1`);
    await t.database.db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${teacher}, ${role.id})`);
    try {
      expect((await login('T0002')).data.mfa).toBe('enrol');
      t.config.mfa.requiredForAdmins = false;
      expect((await login('T0002')).data.token).toEqual(expect.any(String));
    } finally {
      t.config.mfa.requiredForAdmins = true;
      await t.database.db.execute(sql`DELETE FROM user_roles WHERE user_id = ${teacher} AND role_id = ${role.id}`);
    }
    expect((await login('T0002')).data.token).toEqual(expect.any(String));
  });
});

describe('administrator reset', () => {
  it('removes a user’s second factor, is refused without the permission, and is in the operation log', async () => {
    const teacherToken = (await login('T0001')).data.token;
    const secret = (await postJson('/api/auth/mfa/enable/start', {}, teacherToken)).json().data.secret;
    await postJson('/api/auth/mfa/enable/confirm', { code: codeAt(secret) }, teacherToken);
    expect((await login('T0001')).data.mfa).toBe('verify');

    const id = await userId('T0001');
    const student = (await login('201911001')).data.token;
    expect((await postJson('/api/system/users/resetMfa', { id }, student)).statusCode).toBe(403);

    await forgetLastStep('admin');
    const challenge = (await login('admin')).data.challenge;
    const adminToken = (await postJson('/api/login/mfa/verify', { challenge, code: codeAt(adminSecret) })).json().data.token;
    const reset = (await postJson('/api/system/users/resetMfa', { id }, adminToken)).json();
    expect(reset).toMatchObject({ result: true, msg: '已重置该用户的双因素认证' });
    expect((await login('T0001')).data.token).toEqual(expect.any(String));
    expect((await postJson('/api/system/users/resetMfa', { id: 999999 }, adminToken)).statusCode).toBe(404);

    // The log row is written once the answer is sent: wait for it (bounded), never for a fixed time.
    let logged: { account: string; operation: string }[] = [];
    for (let attempt = 0; attempt < 100 && logged.length < 3; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
      logged = await queryRows<{ account: string; operation: string }>(t.database.db, sql`
        SELECT account, operation FROM operation_logs WHERE path = '/api/system/users/resetMfa' ORDER BY id`);
    }
    expect(logged.map((row) => [row.account, row.operation])).toEqual([
      ['201911001', 'resetMfa'],
      ['admin', 'resetMfa'],
      ['admin', 'resetMfa'],
    ]);
    // Codes and challenges never reach the log.
    const secrets = await queryRows<{ params: string }>(t.database.db, sql`
      SELECT params::text AS params FROM operation_logs WHERE path LIKE '/api/login/mfa/%' OR path LIKE '/api/auth/mfa/%'`);
    expect(secrets.length).toBeGreaterThan(5);
    expect(secrets.some((row) => /"challenge":\s*"\*{6}"/.test(row.params))).toBe(true);
    for (const row of secrets) expect(row.params).not.toMatch(/"(code|challenge)":\s*"(?!\*{6}")/);
    const [mfaRow] = await t.database.db.select().from(userMfa).where(and(eq(userMfa.userId, id)));
    expect(mfaRow).toBeUndefined();
  });
});
