import { ENCRYPTION_SIGNATURE_HEADER } from '@campus/contract';
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, constants, generateKeyPair, privateDecrypt, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The request-encryption wire format, shared by the server plugin (./encryption.ts), the Node test
 * client (server/test/sealer.ts) and the browser code (web/src/api/crypto.ts, which must match it
 * byte for byte). No Fastify or database here: only node:crypto. See docs/decisions-encryption.md.
 *
 * Signature header (X-Request-Sign): base64 of RSA-OAEP (SHA-256, MGF1-SHA-256, empty label) over the
 * UTF-8 JSON {v, k, t, u, n, c, b}. Bodies (both directions): JSON {"payload": base64(iv || ct || tag)}
 * with AES-256-GCM, a random 12-byte IV, a 16-byte tag and the additional data
 * "campus-req:" + n (request) or "campus-res:" + n (response).
 */

export const SEAL_VERSION = 1;
export const RESPONSE_ENCRYPTED_HEADER = 'X-Response-Encrypted';
export const REQUEST_AAD_PREFIX = 'campus-req:';
export const RESPONSE_AAD_PREFIX = 'campus-res:';
export const RSA_MODULUS_BITS = 3072;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const NONCE_BYTES = 16;
/** RSA-3072 gives 384 bytes, 512 in base64; leave room for a 4096-bit key after a rotation. */
const MAX_HEADER_CHARS = 1024;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22,100}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

/** What the client put in the signature header, checked for shape. */
export interface RequestSignature {
  v: number;
  /** The AES-256 key for this request and its response. */
  key: Buffer;
  /** Client time in milliseconds. */
  timestamp: number;
  /** The caller's login account, '' before login. */
  userId: string;
  nonce: string;
  /** The original content type of the body ('' when there is none). */
  contentType: string;
  /** Whether a sealed body follows. */
  hasBody: boolean;
}

/** Any failure to read a header or body; carries no detail on purpose (no oracle for attackers). */
export class SealError extends Error {
  constructor(readonly part: 'signature' | 'body') {
    super(`sealed ${part} rejected`);
    this.name = 'SealError';
  }
}

export interface RsaKeyPair {
  /** PEM SubjectPublicKeyInfo ("-----BEGIN PUBLIC KEY-----"). */
  publicKeyPem: string;
  /** PEM PKCS#8 ("-----BEGIN PRIVATE KEY-----"). */
  privateKeyPem: string;
}

const generateKeyPairAsync = promisify(generateKeyPair);

export async function generateRsaKeyPair(modulusLength = RSA_MODULUS_BITS): Promise<RsaKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

export const privateKeyFromPem = (pem: string): KeyObject => createPrivateKey(pem);
export const publicKeyFromPem = (pem: string): KeyObject => createPublicKey(pem);

function strictBase64(text: string): Buffer {
  if (!BASE64_PATTERN.test(text) || text.length % 4 !== 0) throw new Error('not base64');
  return Buffer.from(text, 'base64');
}

/** Decrypts and checks the shape of a signature header. Throws SealError('signature'). */
export function openSignature(privateKey: KeyObject, header: string): RequestSignature {
  try {
    if (header.length === 0 || header.length > MAX_HEADER_CHARS) throw new Error('length');
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, strictBase64(header));
    const json: unknown = JSON.parse(plain.toString('utf8'));
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('shape');
    const { v, k, t, u, n, c, b } = json as Record<string, unknown>;
    if (v !== SEAL_VERSION) throw new Error('version');
    if (typeof k !== 'string') throw new Error('k');
    const key = strictBase64(k);
    if (key.length !== KEY_BYTES) throw new Error('k length');
    if (typeof t !== 'number' || !Number.isSafeInteger(t) || t <= 0) throw new Error('t');
    if (typeof u !== 'string' || u.length > 64) throw new Error('u');
    if (typeof n !== 'string' || !NONCE_PATTERN.test(n)) throw new Error('n');
    if (typeof c !== 'string' || c.length > 200 || /[\r\n]/.test(c)) throw new Error('c');
    if (typeof b !== 'boolean' || (!b && c !== '')) throw new Error('b');
    return { v, key, timestamp: t, userId: u, nonce: n, contentType: c, hasBody: b };
  } catch {
    throw new SealError('signature');
  }
}

/** Builds a signature header (the Node twin of the browser's seal). */
export function sealSignature(publicKey: KeyObject, signature: Omit<RequestSignature, 'v'> & { v?: number }): string {
  const json = JSON.stringify({
    v: signature.v ?? SEAL_VERSION,
    k: signature.key.toString('base64'),
    t: signature.timestamp,
    u: signature.userId,
    n: signature.nonce,
    c: signature.contentType,
    b: signature.hasBody,
  });
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(json, 'utf8')).toString('base64');
}

export const requestAad = (nonce: string): Buffer => Buffer.from(REQUEST_AAD_PREFIX + nonce, 'utf8');
export const responseAad = (nonce: string): Buffer => Buffer.from(RESPONSE_AAD_PREFIX + nonce, 'utf8');

/** AES-256-GCM with a fresh random IV; returns the JSON text {"payload": base64(iv || ct || tag)}. */
export function sealPayload(key: Buffer, aad: Buffer, plaintext: Buffer | string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
  return JSON.stringify({ payload: Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64') });
}

/** Reverses sealPayload; throws SealError('body') when the text is not a sealed payload or fails authentication. */
export function openPayload(key: Buffer, aad: Buffer, sealed: Buffer | string): Buffer {
  try {
    const parsed: unknown = JSON.parse(typeof sealed === 'string' ? sealed : sealed.toString('utf8'));
    const payload = (parsed as { payload?: unknown } | null)?.payload;
    if (typeof payload !== 'string') throw new Error('payload');
    const bytes = strictBase64(payload);
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('short');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealError('body');
  }
}

/** Upper bound of the sealed size of a body of `plainLimit` bytes. */
export function sealedSizeLimit(plainLimit: number): number {
  return Math.ceil((plainLimit + IV_BYTES + TAG_BYTES) / 3) * 4 + 64;
}

export const newNonce = (): string => randomBytes(NONCE_BYTES).toString('base64url');
export const newKey = (): Buffer => randomBytes(KEY_BYTES);

/** A Node request sealer with the browser's interface (web/src/api/crypto.ts), for tests and scripts. */
export interface NodeSealer {
  headers: Record<string, string>;
  body: string | undefined;
  /** The decrypted text of a sealed answer. */
  openText(responseText: string): string;
  /** The decrypted, parsed answer. */
  open(responseText: string): unknown;
}

export function sealRequest(
  publicKeyPem: string,
  userId: string,
  body: string | undefined,
  contentType: string | undefined,
  overrides: Partial<Omit<RequestSignature, 'v'>> & { v?: number } = {},
): NodeSealer {
  const key = overrides.key ?? newKey();
  const nonce = overrides.nonce ?? newNonce();
  const hasBody = overrides.hasBody ?? body !== undefined;
  const header = sealSignature(publicKeyFromPem(publicKeyPem), {
    key,
    nonce,
    timestamp: overrides.timestamp ?? Date.now(),
    userId: overrides.userId ?? userId,
    contentType: overrides.contentType ?? (body === undefined ? '' : (contentType ?? '')),
    hasBody,
    v: overrides.v,
  });
  const headers: Record<string, string> = { [ENCRYPTION_SIGNATURE_HEADER.toLowerCase()]: header };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    headers,
    body: body === undefined ? undefined : sealPayload(key, requestAad(nonce), body),
    openText: (responseText) => openPayload(key, responseAad(nonce), responseText).toString('utf8'),
    open: (responseText) => JSON.parse(openPayload(key, responseAad(nonce), responseText).toString('utf8')) as unknown,
  };
}
