import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  generateRsaKeyPair,
  openPayload,
  openSignature,
  privateKeyFromPem,
  requestAad,
  responseAad,
  sealPayload,
  type RsaKeyPair,
} from '../../../server/src/platform/encryptionCodec.ts';
import { createRequestSealer, isSealedResponse, SecureContextRequiredError } from './crypto.ts';

// The browser code runs on Web Crypto (Node 20 has it as globalThis.crypto); the other side is the
// server's own node:crypto code, so a drift in the wire format between the two fails here.

let keys: RsaKeyPair;
beforeAll(async () => {
  keys = await generateRsaKeyPair();
}, 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';

describe('request sealer', () => {
  it('seals a form body the server opens, and opens the answer the server seals', async () => {
    const sealer = await createRequestSealer(keys.publicKeyPem, 'admin');
    const body = 'username=admin&password=Demo%402026&name=%E5%BC%A0%E4%B8%89';
    const before = Date.now();
    const sealed = await sealer.seal(body, FORM);
    expect(Object.keys(sealed.headers).sort()).toEqual(['Content-Type', 'X-Request-Sign']);
    expect(sealed.headers['Content-Type']).toBe('application/json');
    expect(sealed.body).not.toContain('admin');

    const signature = openSignature(privateKeyFromPem(keys.privateKeyPem), sealed.headers['X-Request-Sign']);
    expect(signature).toMatchObject({ v: 1, userId: 'admin', contentType: FORM, hasBody: true });
    expect(signature.key).toHaveLength(32);
    expect(signature.nonce).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(signature.timestamp).toBeGreaterThanOrEqual(before);
    expect(signature.timestamp).toBeLessThanOrEqual(Date.now());

    const plain = openPayload(signature.key, requestAad(signature.nonce), sealed.body!);
    expect(plain.toString('utf8')).toBe(body);

    const envelope = { code: 200, result: true, data: { token: 'abc', 名称: '张三' }, msg: '登录成功' };
    const answer = sealPayload(signature.key, responseAad(signature.nonce), JSON.stringify(envelope));
    expect(await sealer.open(answer)).toEqual(envelope);
  });

  it('sends only the signature for a call without a body', async () => {
    const sealer = await createRequestSealer(keys.publicKeyPem, '');
    // A content type without a body is dropped: the server refuses a signature that claims one without a body.
    const sealed = await sealer.seal(undefined, 'application/json');
    expect(sealed.body).toBeUndefined();
    expect(Object.keys(sealed.headers)).toEqual(['X-Request-Sign']);
    const signature = openSignature(privateKeyFromPem(keys.privateKeyPem), sealed.headers['X-Request-Sign']);
    expect(signature).toMatchObject({ userId: '', contentType: '', hasBody: false });
  });

  it('uses a fresh key, nonce and IV for every request, and seals one request only', async () => {
    const privateKey = privateKeyFromPem(keys.privateKeyPem);
    const a = await createRequestSealer(keys.publicKeyPem, 'admin');
    const b = await createRequestSealer(keys.publicKeyPem, 'admin');
    const sa = await a.seal('x=1', FORM);
    const sb = await b.seal('x=1', FORM);
    const siga = openSignature(privateKey, sa.headers['X-Request-Sign']);
    const sigb = openSignature(privateKey, sb.headers['X-Request-Sign']);
    expect(siga.key.equals(sigb.key)).toBe(false);
    expect(siga.nonce).not.toBe(sigb.nonce);
    expect(sa.body).not.toBe(sb.body);
    // A body sealed for one signature does not open under another.
    expect(() => openPayload(sigb.key, requestAad(sigb.nonce), sa.body!)).toThrow();
    await expect(a.seal('x=2', FORM)).rejects.toThrow(/one request/);
  });

  it('handles bodies larger than one base64 chunk', async () => {
    const sealer = await createRequestSealer(keys.publicKeyPem, 'admin');
    const body = JSON.stringify({ text: '校'.repeat(50_000) });
    const sealed = await sealer.seal(body, 'application/json');
    const signature = openSignature(privateKeyFromPem(keys.privateKeyPem), sealed.headers['X-Request-Sign']);
    expect(openPayload(signature.key, requestAad(signature.nonce), sealed.body!).toString('utf8')).toBe(body);
    const answer = sealPayload(signature.key, responseAad(signature.nonce), body);
    expect(await sealer.open(answer)).toEqual(JSON.parse(body));
  });

  it('seals a byte body (a multipart upload) as bytes, with its content type in the signature', async () => {
    const sealer = await createRequestSealer(keys.publicKeyPem, 'admin');
    // Every byte value, including sequences that are not UTF-8: a text round trip would change them.
    const bytes = new Uint8Array(512).map((_, i) => i % 256);
    const contentType = 'multipart/form-data; boundary=----campus123';
    const sealed = await sealer.seal(bytes, contentType);
    expect(sealed.headers['Content-Type']).toBe('application/json');
    const signature = openSignature(privateKeyFromPem(keys.privateKeyPem), sealed.headers['X-Request-Sign']);
    expect(signature).toMatchObject({ contentType, hasBody: true });
    const plain = openPayload(signature.key, requestAad(signature.nonce), sealed.body!);
    expect(plain.equals(Buffer.from(bytes))).toBe(true);
    // An empty byte body is still a body.
    const empty = await (await createRequestSealer(keys.publicKeyPem, 'admin')).seal(new Uint8Array(0), contentType);
    const emptySignature = openSignature(privateKeyFromPem(keys.privateKeyPem), empty.headers['X-Request-Sign']);
    expect(emptySignature.hasBody).toBe(true);
    expect(openPayload(emptySignature.key, requestAad(emptySignature.nonce), empty.body!).length).toBe(0);
  });

  it('refuses a tampered answer, an answer for another request and a request body sent back', async () => {
    const sealer = await createRequestSealer(keys.publicKeyPem, 'admin');
    const sealed = await sealer.seal('x=1', FORM);
    const signature = openSignature(privateKeyFromPem(keys.privateKeyPem), sealed.headers['X-Request-Sign']);
    const answer = sealPayload(signature.key, responseAad(signature.nonce), '{"result":true}');
    const bytes = Buffer.from(JSON.parse(answer).payload, 'base64');
    bytes[bytes.length - 1] ^= 1;
    await expect(sealer.open(JSON.stringify({ payload: bytes.toString('base64') }))).rejects.toThrow();
    await expect(sealer.open(sealPayload(signature.key, responseAad('another-nonce-aaaaaaaaaaa'), '{}'))).rejects.toThrow();
    await expect(sealer.open(sealed.body!)).rejects.toThrow();
    await expect(sealer.open('{"result":false,"msg":"plain"}')).rejects.toThrow();
    expect(await sealer.open(answer)).toEqual({ result: true });
  });

  it('fails clearly without Web Crypto (a page served over plain http)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    await expect(createRequestSealer(keys.publicKeyPem, 'admin')).rejects.toBeInstanceOf(SecureContextRequiredError);
  });

  it('rejects a key that is not a PEM public key', async () => {
    await expect(createRequestSealer('not a key', 'admin')).rejects.toThrow(/PEM/);
  });
});

describe('isSealedResponse', () => {
  it('reads the server marker', () => {
    expect(isSealedResponse(new Headers({ 'X-Response-Encrypted': '1' }))).toBe(true);
    expect(isSealedResponse(new Headers({ 'Content-Type': 'application/json' }))).toBe(false);
  });
});
