import { ENCRYPTION_SIGNATURE_HEADER, ResultCode, type MessageKey } from '@campus/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { requestNonces, serverSecrets } from '../db/schema/index.ts';
import {
  RESPONSE_ENCRYPTED_HEADER,
  SealError,
  generateRsaKeyPair,
  openPayload,
  openSignature,
  privateKeyFromPem,
  requestAad,
  responseAad,
  sealPayload,
  sealedSizeLimit,
  type RsaKeyPair,
} from './encryptionCodec.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';

/**
 * Request encryption (issue 2, server item 5; docs/decisions-encryption.md):
 * - POST /api/security/get hands out the server's RSA-3072 public key (kept in `server_secrets`);
 * - a `preParsing` hook opens the X-Request-Sign header (RSA-OAEP SHA-256), checks the timestamp, the
 *   caller's account and the nonce (once only, across processes, in `request_nonces`), decrypts the
 *   AES-256-GCM body and hands Fastify the original bytes and content type, so the usual parsers and
 *   schemas run unchanged;
 * - an `onSend` hook encrypts the answer to a sealed request with the same key and a fresh IV.
 * With `config.encryption` on, every module route requires the header except the start-up calls
 * (client configuration and the key itself) and routes that declare `encryption: 'optional'`.
 */

/** The row in `server_secrets` holding the key pair as JSON {publicKeyPem, privateKeyPem}. */
export const KEY_SECRET_NAME = 'request-encryption-rsa-v1';
export const PUBLIC_KEY_ROUTE = '/api/security/get';
/** Calls a client makes before it can know the key, or that must work without it. */
const EXEMPT_ROUTES = new Set(['GET /api/config/client', 'HEAD /api/config/client', `POST ${PUBLIC_KEY_ROUTE}`]);
const SIGN_HEADER = ENCRYPTION_SIGNATURE_HEADER.toLowerCase();
const PRUNE_INTERVAL_MS = 60_000;
/** Nonces are kept this much longer than their timestamp can be accepted, for clock differences with the database. */
const NONCE_MARGIN_MS = 60_000;

interface ServerKeys {
  publicKeyPem: string;
  privateKey: KeyObject;
}

interface OpenedRequest {
  key: Buffer;
  nonce: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'optional': accepted without a signature even when request encryption is on. */
    encryption?: 'optional';
    /** A sealed call to this route may be signed with an empty user id although a session exists. */
    signerMayBeAnonymous?: boolean;
  }
}

const refusal = (key: MessageKey) => new AppError(key, 400, ResultCode.badRequest);

/** The key pair every process shares: created once (first writer wins), then read back. */
export async function loadServerKeyPair(db: Db): Promise<RsaKeyPair> {
  const read = async () => {
    const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, KEY_SECRET_NAME));
    return row ? (JSON.parse(row.value) as RsaKeyPair) : null;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = await generateRsaKeyPair();
  await db.insert(serverSecrets).values({ name: KEY_SECRET_NAME, value: JSON.stringify(generated) }).onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('request-encryption key pair could not be stored');
  return stored;
}

/** Forgets nonces whose timestamp could no longer be accepted anyway; returns how many. */
export async function pruneExpiredNonces(db: Db): Promise<number> {
  const deleted = await db.delete(requestNonces).where(lt(requestNonces.expiresAt, sql`now()`)).returning({ nonce: requestNonces.nonce });
  return deleted.length;
}

/** Whether this call must carry a signature when encryption is on. */
function requiresSeal(request: FastifyRequest): boolean {
  const routeConfig = request.routeOptions.config;
  // Static files of the web app, the OpenAPI pages and unknown paths declare no access: nothing to protect.
  if (!routeConfig?.access || routeConfig.encryption === 'optional') return false;
  const url = request.routeOptions.url ?? '';
  if (url.startsWith('/api/docs')) return false;
  return !EXEMPT_ROUTES.has(`${request.method} ${url}`);
}

function transportHasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > limit) throw new AppError('errors.payloadTooLarge', 413, ResultCode.payloadTooLarge);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export const encryptionPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const db = database.db;
    const opened = new WeakMap<FastifyRequest, OpenedRequest>();

    let keys: Promise<ServerKeys> | null = null;
    const serverKeys = (): Promise<ServerKeys> => {
      keys ??= loadServerKeyPair(db).then((pair) => ({ publicKeyPem: pair.publicKeyPem, privateKey: privateKeyFromPem(pair.privateKeyPem) }));
      keys.catch(() => {
        keys = null;
      });
      return keys;
    };
    // With encryption on, a broken key store should stop the start, not the first call.
    if (config.encryption) await serverKeys();

    let lastPrune = 0;
    async function useNonce(nonce: string, timestamp: number): Promise<boolean> {
      const now = Date.now();
      const expiresAt = new Date(Math.max(timestamp, now) + config.encryptionMaxSkewSeconds * 1000 + NONCE_MARGIN_MS);
      const inserted = await db.insert(requestNonces).values({ nonce, expiresAt }).onConflictDoNothing().returning({ nonce: requestNonces.nonce });
      if (now - lastPrune > PRUNE_INTERVAL_MS) {
        lastPrune = now;
        await pruneExpiredNonces(db);
      }
      return inserted.length === 1;
    }

    app.addHook('preParsing', async (request: FastifyRequest, _reply: FastifyReply, payload) => {
      const header = request.headers[SIGN_HEADER];
      if (header === undefined) {
        if (config.encryption && requiresSeal(request)) throw refusal('crypto.signatureMissing');
        return payload;
      }
      if (typeof header !== 'string') throw refusal('crypto.signatureInvalid');

      const { privateKey } = await serverKeys();
      let signature;
      try {
        signature = openSignature(privateKey, header);
      } catch {
        throw refusal('crypto.signatureInvalid');
      }
      if (Math.abs(Date.now() - signature.timestamp) > config.encryptionMaxSkewSeconds * 1000) throw refusal('crypto.stale');
      // Auth ran in onRequest. A call without a valid session runs as nobody, whatever name it carries.
      // The one exception: a client that got its token from the URL or a sign-in code does not know its
      // account yet, and learns it from the call that declares `signerMayBeAnonymous` (getPermission).
      const anonymousSignerAllowed = signature.userId === '' && request.routeOptions.config?.signerMayBeAnonymous === true;
      if (request.auth && signature.userId !== request.auth.account && !anonymousSignerAllowed) throw refusal('crypto.userMismatch');

      let plain: Buffer | null = null;
      if (signature.hasBody) {
        if (!transportHasBody(request)) throw refusal('crypto.bodyInvalid');
        const limit = sealedSizeLimit(request.routeOptions.bodyLimit ?? config.bodyLimitBytes);
        if (Number(request.headers['content-length']) > limit) throw new AppError('errors.payloadTooLarge', 413, ResultCode.payloadTooLarge);
        const sealed = await readAll(payload, limit);
        try {
          plain = openPayload(signature.key, requestAad(signature.nonce), sealed);
        } catch (error) {
          if (error instanceof SealError) throw refusal('crypto.bodyInvalid');
          throw error;
        }
      } else if (transportHasBody(request)) {
        throw refusal('crypto.bodyInvalid');
      }

      // Last, so a refused request does not use up its nonce.
      if (!(await useNonce(signature.nonce, signature.timestamp))) throw refusal('crypto.replay');
      opened.set(request, { key: signature.key, nonce: signature.nonce });

      if (plain === null) return payload;
      // Fastify picks the body parser from these headers after preParsing, so the original parser runs.
      const headers = request.raw.headers;
      if (signature.contentType) headers['content-type'] = signature.contentType;
      else delete headers['content-type'];
      headers['content-length'] = String(plain.length);
      delete headers['transfer-encoding'];
      return Readable.from(plain.length > 0 ? [plain] : []);
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const sealed = opened.get(request);
      if (!sealed || request.method === 'HEAD') return payload;
      // Streams (file downloads) and empty answers go out as they are, without the encrypted marker.
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      reply.header(RESPONSE_ENCRYPTED_HEADER, '1');
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.removeHeader('content-length');
      return sealPayload(sealed.key, responseAad(sealed.nonce), payload);
    });

    app.post(
      PUBLIC_KEY_ROUTE,
      {
        config: { access: 'public', readOnly: true, encryption: 'optional' },
        schema: { tags: ['platform'], summary: 'Public key for request encryption (RSA-OAEP SHA-256, PEM SubjectPublicKeyInfo)' },
      },
      async () => ok({ publicKey: (await serverKeys()).publicKeyPem }),
    );
  },
  { name: 'campus-encryption' },
);
