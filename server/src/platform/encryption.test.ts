import { eq, sql } from 'drizzle-orm';
import { requestNonces, serverSecrets } from '../db/schema/index.ts';
import type { InjectOptions } from 'fastify';
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, form, type TestApp } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { queryRows } from '../db/client.ts';
import { KEY_SECRET_NAME, loadServerKeyPair, pruneExpiredNonces } from './encryption.ts';
import { newKey, newNonce, requestAad, responseAad, sealPayload, sealRequest, type NodeSealer } from './encryptionCodec.ts';

const FORM = 'application/x-www-form-urlencoded';
const SIGN = 'x-request-sign';
const EN = { 'accept-language': 'en' };

async function count(t: TestApp, table: 'sessions' | 'request_nonces'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return Number(row.n);
}

async function publicKeyOf(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/security/get' });
  return response.json().data.publicKey as string;
}

function send(t: TestApp, url: string, sealed: NodeSealer, extraHeaders: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') {
  const request: InjectOptions = { method, url, headers: { ...sealed.headers, ...EN, ...extraHeaders }, payload: sealed.body };
  return t.app.inject(request);
}

/** A login sent in plain text, whatever TEST_ENCRYPTION says (the helpers' post would seal it). */
function plainLogin(t: TestApp, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/login/v4', headers: { 'content-type': FORM, ...headers }, payload: loginBody() });
}

function loginBody(account = 'admin', password = DEMO_PASSWORD): string {
  return form({ username: account, password });
}

/** Flips one bit of the decoded payload, keeping the JSON and base64 well formed. */
function tamperPayload(body: string): string {
  const bytes = Buffer.from(JSON.parse(body).payload as string, 'base64');
  bytes[20] ^= 0x01;
  return JSON.stringify({ payload: bytes.toString('base64') });
}

describe('request encryption switched on', () => {
  let t: TestApp;
  let pem: string;
  beforeAll(async () => {
    t = await createTestApp({ encryption: true });
    pem = await publicKeyOf(t);
  });
  afterAll(() => t.close());

  it('publishes one RSA-3072 public key, kept in the database and shared by every server process', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/security/get' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-response-encrypted']).toBeUndefined();
    const body = response.json();
    expect(body).toMatchObject({ code: 200, result: true, msg: '' });
    expect(body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const key = createPublicKey(body.data.publicKey);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(body.data.publicKey).not.toContain('PRIVATE');

    // A second process on the same database publishes the same key and creates no second one.
    const other = await buildApp({ config: t.config, database: t.database });
    try {
      const again = await other.inject({ method: 'POST', url: '/api/security/get' });
      expect(again.json().data.publicKey).toBe(body.data.publicKey);
    } finally {
      await other.close();
    }
    const [first, second] = await Promise.all([loadServerKeyPair(t.database.db), loadServerKeyPair(t.database.db)]);
    expect(first.publicKeyPem).toBe(body.data.publicKey);
    expect(second.publicKeyPem).toBe(body.data.publicKey);
    const rows = await queryRows<{ name: string }>(t.database.db, sql`SELECT name FROM server_secrets WHERE name = ${KEY_SECRET_NAME}`);
    expect(rows).toHaveLength(1);
  });

  it('logs in with an encrypted form body and answers encrypted with the same key', async () => {
    const before = await count(t, 'sessions');
    const sealed = sealRequest(pem, '', loginBody(), FORM);
    expect(sealed.body).not.toContain('admin');
    expect(sealed.body).not.toContain(DEMO_PASSWORD);
    const response = await send(t, '/api/login/v4', sealed);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-response-encrypted']).toBe('1');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(response.json())).toEqual(['payload']);
    expect(response.body).not.toContain('token');
    const envelope = sealed.open(response.body) as { code: number; result: boolean; data: { token: string; headerName: string } };
    expect(envelope).toMatchObject({ code: 200, result: true, data: { headerName: 'X-TOKEN-XX' } });
    expect(envelope.data.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await count(t, 'sessions')).toBe(before + 1);
  });

  it('answers an encrypted /ms/getPermission for the token holder', async () => {
    const token = await loginSealed(t, pem, 'admin');
    const sealed = sealRequest(pem, 'admin', undefined, undefined);
    expect(sealed.headers['content-type']).toBeUndefined();
    const response = await send(t, '/ms/getPermission', sealed, { 'x-token-xx': token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-response-encrypted']).toBe('1');
    const envelope = sealed.open(response.body) as { result: boolean; data: { userInfo: { userId: string }; permission: string[] } };
    expect(envelope.result).toBe(true);
    expect(envelope.data.userInfo.userId).toBe('admin');
    expect(envelope.data.permission).toContain('messageCenter_xxzx');
  });

  it('encrypts refusals that happen after the request was opened (a wrong password)', async () => {
    const sealed = sealRequest(pem, '', loginBody('T0001', 'Wrong@2026'), FORM);
    const response = await send(t, '/api/login/v4', sealed);
    expect(response.headers['x-response-encrypted']).toBe('1');
    expect(sealed.open(response.body)).toMatchObject({ result: false });
  });

  it('still accepts the calls a client makes before it has the key, and the web app', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config/client' });
    expect(config.json()).toMatchObject({ result: true, data: { encryption: true } });
    expect((await t.app.inject({ method: 'POST', url: '/api/security/get' })).json().result).toBe(true);
    // An unknown non-API address is the web app's business (its 404 page), not a signature refusal.
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.body).not.toContain('signature');
  });

  it('keeps each nonce until its timestamp could no longer be accepted, then forgets it', async () => {
    const nonce = newNonce();
    const sealed = sealRequest(pem, '', undefined, undefined, { nonce });
    expect((await send(t, '/api/security/get', sealed)).statusCode).toBe(200);
    const rows = await queryRows<{ expires_at: string | Date }>(t.database.db, sql`SELECT expires_at FROM request_nonces WHERE nonce = ${nonce}`);
    expect(new Date(rows[0].expires_at).getTime()).toBeGreaterThan(Date.now() + t.config.encryptionMaxSkewSeconds * 1000);

    await t.database.db.insert(requestNonces).values([
      { nonce: 'expired-nonce-aaaaaaaaaaaaaaa', expiresAt: new Date(Date.now() - 1000) },
      { nonce: 'live-nonce-aaaaaaaaaaaaaaaaaa', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await pruneExpiredNonces(t.database.db)).toBe(1);
    const left = await queryRows<{ nonce: string }>(t.database.db, sql`SELECT nonce FROM request_nonces WHERE nonce LIKE '%-nonce-%'`);
    expect(left.map((row) => row.nonce)).toEqual(['live-nonce-aaaaaaaaaaaaaaaaaa']);
  });

  describe('refuses, in the caller language, writing nothing', () => {
    async function expectRefused(request: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>, msg: string) {
      const sessionsBefore = await count(t, 'sessions');
      const noncesBefore = await count(t, 'request_nonces');
      const response = await request();
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-response-encrypted']).toBeUndefined();
      expect(response.json()).toEqual({ code: 400, result: false, data: null, msg });
      expect(await count(t, 'sessions')).toBe(sessionsBefore);
      expect(await count(t, 'request_nonces')).toBe(noncesBefore);
    }

    it('a plain call without the signature header', async () => {
      await expectRefused(() => plainLogin(t, EN), 'The request is missing its encryption signature');
      const token = await loginSealed(t, pem, 'admin');
      await expectRefused(
        () => t.app.inject({ method: 'POST', url: '/ms/getPermission', headers: { 'x-token-xx': token, ...EN } }),
        'The request is missing its encryption signature',
      );
      await expectRefused(
        () => t.app.inject({ method: 'GET', url: '/api/getExpires', headers: { 'x-token-xx': token, ...EN } }),
        'The request is missing its encryption signature',
      );
    });

    it('answers in Chinese by default', async () => {
      const response = await plainLogin(t);
      expect(response.json().msg).toBe('请求缺少加密签名');
    });

    it('a header that is not an encrypted signature', async () => {
      const sealed = sealRequest(pem, '', loginBody(), FORM);
      await expectRefused(() => send(t, '/api/login/v4', sealed, { [SIGN]: 'not-a-signature!' }), 'The request signature could not be verified');
      const random = Buffer.alloc(384, 7).toString('base64');
      await expectRefused(() => send(t, '/api/login/v4', sealed, { [SIGN]: random }), 'The request signature could not be verified');
      // A signature that decrypts but does not have the expected fields.
      const wrongVersion = sealRequest(pem, '', loginBody(), FORM, { v: 2 });
      await expectRefused(() => send(t, '/api/login/v4', wrongVersion), 'The request signature could not be verified');
    });

    it('a tampered header', async () => {
      const sealed = sealRequest(pem, '', loginBody(), FORM);
      const bytes = Buffer.from(sealed.headers[SIGN], 'base64');
      bytes[100] ^= 0x01;
      await expectRefused(() => send(t, '/api/login/v4', sealed, { [SIGN]: bytes.toString('base64') }), 'The request signature could not be verified');
    });

    it('a stale or future timestamp', async () => {
      const skewMs = t.config.encryptionMaxSkewSeconds * 1000;
      const old = sealRequest(pem, '', loginBody(), FORM, { timestamp: Date.now() - skewMs - 5000 });
      await expectRefused(() => send(t, '/api/login/v4', old), 'The request has expired, please check your clock and retry');
      const future = sealRequest(pem, '', loginBody(), FORM, { timestamp: Date.now() + skewMs + 5000 });
      await expectRefused(() => send(t, '/api/login/v4', future), 'The request has expired, please check your clock and retry');
    });

    it('a replayed request (the same header and body twice)', async () => {
      const sealed = sealRequest(pem, '', loginBody(), FORM);
      const first = await send(t, '/api/login/v4', sealed);
      expect(sealed.open(first.body)).toMatchObject({ result: true });
      await expectRefused(() => send(t, '/api/login/v4', sealed), 'This request was already received');
      // The same nonce under a new key is still a replay.
      const nonce = newNonce();
      const a = sealRequest(pem, '', loginBody(), FORM, { nonce });
      expect(sealRequest(pem, '', loginBody(), FORM, { nonce }).headers[SIGN]).not.toBe(a.headers[SIGN]);
      await send(t, '/api/login/v4', a);
      await expectRefused(() => send(t, '/api/login/v4', sealRequest(pem, '', loginBody(), FORM, { nonce })), 'This request was already received');
    });

    it('a signature made for another user than the token holder', async () => {
      const token = await loginSealed(t, pem, 'admin');
      const sealed = sealRequest(pem, 'T0001', undefined, undefined);
      await expectRefused(() => send(t, '/ms/getPermission', sealed, { 'x-token-xx': token }), 'The request was signed for another user, please log in again');
      // An empty signer is refused everywhere but on getPermission, where a client that got its token
      // from the URL or a sign-in code learns its account.
      const anonymous = sealRequest(pem, '', undefined, undefined);
      await expectRefused(() => send(t, '/api/getExpires', anonymous, { 'x-token-xx': token }, 'GET'), 'The request was signed for another user, please log in again');
      const learning = sealRequest(pem, '', undefined, undefined);
      const response = await send(t, '/ms/getPermission', learning, { 'x-token-xx': token });
      expect((learning.open(response.body) as { data: { userInfo: { userId: string } } }).data.userInfo.userId).toBe('admin');
    });

    it('a tampered body', async () => {
      const sealed = sealRequest(pem, '', loginBody(), FORM);
      await expectRefused(() => send(t, '/api/login/v4', { ...sealed, body: tamperPayload(sealed.body!) }), 'The encrypted request body could not be read');
      await expectRefused(() => send(t, '/api/login/v4', { ...sealed, body: '{"payload":"%%%"}' }), 'The encrypted request body could not be read');
      await expectRefused(() => send(t, '/api/login/v4', { ...sealed, body: loginBody() }), 'The encrypted request body could not be read');
      // Untouched, the same request still goes through: a refused body does not use up the nonce.
      expect(sealed.open((await send(t, '/api/login/v4', sealed)).body)).toMatchObject({ result: true });
    });

    it('a body moved under another signature, a body removed, and an answer sent back as a request', async () => {
      const a = sealRequest(pem, '', loginBody(), FORM);
      const b = sealRequest(pem, '', loginBody(), FORM);
      await expectRefused(() => send(t, '/api/login/v4', { ...a, body: b.body }), 'The encrypted request body could not be read');
      await expectRefused(() => send(t, '/api/login/v4', { ...a, body: undefined }), 'The encrypted request body could not be read');
      // Same key and nonce but encrypted in the response direction: the additional data differs.
      const key = newKey();
      const nonce = newNonce();
      const reflected = sealRequest(pem, '', loginBody(), FORM, { key, nonce });
      const asAnswer = sealPayload(key, responseAad(nonce), loginBody());
      await expectRefused(() => send(t, '/api/login/v4', { ...reflected, body: asAnswer }), 'The encrypted request body could not be read');
      expect(sealPayload(key, requestAad(nonce), 'x')).not.toBe(asAnswer);
      // A body where the signature says there is none.
      const bodiless = sealRequest(pem, '', undefined, undefined);
      await expectRefused(() => send(t, '/api/login/v4', { ...bodiless, body: a.body, headers: { ...bodiless.headers, 'content-type': 'application/json' } }), 'The encrypted request body could not be read');
    });

    it('an oversized encrypted body with the usual size message', async () => {
      const huge = form({ username: 'admin', password: 'x'.repeat(t.config.bodyLimitBytes * 2) });
      const sealed = sealRequest(pem, '', huge, FORM);
      const response = await send(t, '/api/login/v4', sealed);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ result: false, msg: 'The request is too large' });
    });
  });
});

describe('request encryption switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ encryption: false });
  });
  afterAll(() => t.close());

  it('takes plain calls, still publishes the key, and opens a request sealed anyway', async () => {
    const plain = await plainLogin(t);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-response-encrypted']).toBeUndefined();
    expect(plain.json()).toMatchObject({ result: true, data: { token: expect.any(String) } });

    const pem = await publicKeyOf(t);
    const sealed = sealRequest(pem, '', loginBody(), FORM);
    const response = await send(t, '/api/login/v4', sealed);
    expect(response.headers['x-response-encrypted']).toBe('1');
    expect(sealed.open(response.body)).toMatchObject({ result: true });
    // ... and still refuses a sealed request that is broken.
    const replay = await send(t, '/api/login/v4', sealed);
    expect(replay.json()).toMatchObject({ result: false, msg: 'This request was already received' });
  });
});

describe('the key pair on a first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ encryption: false });
  });
  afterAll(() => t.close());

  it('is the same for processes that start at the same moment', async () => {
    await t.database.db.delete(serverSecrets).where(eq(serverSecrets.name, KEY_SECRET_NAME));
    const [a, b] = await Promise.all([loadServerKeyPair(t.database.db), loadServerKeyPair(t.database.db)]);
    expect(a.publicKeyPem).toBe(b.publicKeyPem);
    expect(a.privateKeyPem).toBe(b.privateKeyPem);
    const rows = await queryRows<{ name: string }>(t.database.db, sql`SELECT name FROM server_secrets WHERE name = ${KEY_SECRET_NAME}`);
    expect(rows).toHaveLength(1);
  }, 30_000);
});

async function loginSealed(t: TestApp, pem: string, account: string): Promise<string> {
  const sealed = sealRequest(pem, '', loginBody(account), FORM);
  const envelope = sealed.open((await send(t, '/api/login/v4', sealed)).body) as { result: boolean; data: { token: string } };
  expect(envelope.result).toBe(true);
  return envelope.data.token;
}
