import { ENCRYPTION_SIGNATURE_HEADER } from '@campus/contract';

/**
 * Request encryption, browser side (spec section 7, issue 2 server item 5; wire format in
 * docs/decisions-encryption.md). One sealer per request:
 *  - a fresh AES-256-GCM key, timestamp and nonce go into the X-Request-Sign header, encrypted with the
 *    server's RSA-OAEP (SHA-256) public key;
 *  - the body travels as {"payload": base64(iv || ciphertext || tag)} with additional data
 *    "campus-req:" + nonce, and the answer comes back the same way with "campus-res:" + nonce.
 *
 * Web Crypto only exists on secure origins (https or localhost). Without it sealing throws; the
 * request client must then fail the call rather than send it in plain text.
 */

export interface SealedRequest {
  headers: Record<string, string>;
  body: string | undefined;
}

export interface RequestSealer {
  /**
   * Encrypts one request; call once per request (fresh key, timestamp and nonce each time). A string body
   * is sealed as its UTF-8 bytes; a byte body (a serialised multipart upload) as it is.
   */
  seal(body: string | Uint8Array | undefined, contentType: string | undefined): Promise<SealedRequest>;
  /** Decrypts a response body produced for this request; returns the parsed envelope. */
  open(responseText: string): Promise<unknown>;
}

/** Response header the server sets on an encrypted answer. */
export const RESPONSE_ENCRYPTED_HEADER = 'X-Response-Encrypted';
/** Version of the wire format carried in the signature (`v`). */
export const SEAL_VERSION = 1;
export const REQUEST_AAD_PREFIX = 'campus-req:';
export const RESPONSE_AAD_PREFIX = 'campus-res:';
const IV_BYTES = 12;
const KEY_BYTES = 32;
const NONCE_BYTES = 16;

export class SecureContextRequiredError extends Error {
  constructor() {
    super('Request encryption needs Web Crypto, which browsers only offer on secure origins (https or localhost)');
    this.name = 'SecureContextRequiredError';
  }
}

function subtle(): SubtleCrypto {
  const webCrypto = globalThis.crypto;
  if (!webCrypto?.subtle || typeof webCrypto.getRandomValues !== 'function') throw new SecureContextRequiredError();
  return webCrypto.subtle;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  subtle();
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** The DER bytes of a PEM "PUBLIC KEY" (SubjectPublicKeyInfo). */
function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
  if (!match) throw new Error('The server public key is not a PEM SubjectPublicKeyInfo');
  return fromBase64(match[1].replace(/\s+/g, ''));
}

const importedKeys = new Map<string, Promise<CryptoKey>>();

function importPublicKey(pem: string): Promise<CryptoKey> {
  let key = importedKeys.get(pem);
  if (!key) {
    key = subtle().importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    key.catch(() => importedKeys.delete(pem));
    importedKeys.set(pem, key);
  }
  return key;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export async function createRequestSealer(publicKeyPem: string, userId: string): Promise<RequestSealer> {
  const crypto = subtle();
  const publicKey = await importPublicKey(publicKeyPem);
  let sealed: { key: CryptoKey; nonce: string } | null = null;

  return {
    async seal(body, contentType) {
      if (sealed) throw new Error('A request sealer seals one request only');
      const rawKey = randomBytes(KEY_BYTES);
      const nonce = toBase64Url(randomBytes(NONCE_BYTES));
      const key = await crypto.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
      const signature = {
        v: SEAL_VERSION,
        k: toBase64(rawKey),
        t: Date.now(),
        u: userId,
        n: nonce,
        c: body === undefined ? '' : (contentType ?? ''),
        b: body !== undefined,
      };
      rawKey.fill(0);
      const header = new Uint8Array(await crypto.encrypt({ name: 'RSA-OAEP' }, publicKey, encoder.encode(JSON.stringify(signature))));
      sealed = { key, nonce };
      const headers: Record<string, string> = { [ENCRYPTION_SIGNATURE_HEADER]: toBase64(header) };
      if (body === undefined) return { headers, body: undefined };
      headers['Content-Type'] = 'application/json';
      const iv = randomBytes(IV_BYTES);
      const ciphertext = await crypto.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(REQUEST_AAD_PREFIX + nonce), tagLength: 128 },
        key,
        typeof body === 'string' ? encoder.encode(body) : toArrayBufferView(body),
      );
      return { headers, body: JSON.stringify({ payload: toBase64(concat(iv, new Uint8Array(ciphertext))) }) };
    },

    async open(responseText) {
      if (!sealed) throw new Error('Nothing was sealed with this sealer');
      const parsed: unknown = JSON.parse(responseText);
      const payload = (parsed as { payload?: unknown } | null)?.payload;
      if (typeof payload !== 'string') throw new Error('The encrypted response has no payload');
      const bytes = fromBase64(payload);
      if (bytes.length < IV_BYTES + 16) throw new Error('The encrypted response is too short');
      const plain = await crypto.decrypt(
        { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: encoder.encode(RESPONSE_AAD_PREFIX + sealed.nonce), tagLength: 128 },
        sealed.key,
        bytes.subarray(IV_BYTES),
      );
      return JSON.parse(decoder.decode(plain)) as unknown;
    },
  };
}

/** Web Crypto takes views over an ArrayBuffer only (not a SharedArrayBuffer); copies when needed. */
function toArrayBufferView(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** True when the server encrypted this response (it may answer plain errors before decryption). */
export function isSealedResponse(headers: Headers): boolean {
  return headers.get(RESPONSE_ENCRYPTED_HEADER) === '1';
}
