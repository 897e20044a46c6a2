import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sessions, users } from '../src/db/schema/index.ts';
import { RESPONSE_ENCRYPTED_HEADER, newKey, newNonce, requestAad, sealPayload, sealRequest, type NodeSealer } from '../src/platform/encryptionCodec.ts';
import { hashToken } from '../src/platform/tokens.ts';

/**
 * Sends app.inject calls the way the browser does with request encryption on: fetches the public key,
 * seals the body with a fresh key, timestamp and nonce per call (signed for the account that owns the
 * token, '' without one), and decrypts an encrypted answer so `body`, `payload` and `json()` read as usual.
 * Used by createTestApp when TEST_ENCRYPTION=1.
 */
export interface TestSealer {
  inject(request: InjectOptions): Promise<LightMyRequestResponse>;
}

type HeaderValue = string | string[] | number | undefined;

function takeHeader(headers: Record<string, HeaderValue>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const value = headers[key];
  delete headers[key];
  return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value);
}

/** sealRequest for text or bytes: a Buffer body is encrypted byte for byte, as the browser seals a multipart upload. */
export function sealBody(publicKeyPem: string, userId: string, body: string | Buffer | undefined, contentType: string | undefined): NodeSealer {
  if (!Buffer.isBuffer(body)) return sealRequest(publicKeyPem, userId, body, contentType);
  const key = newKey();
  const nonce = newNonce();
  // The signature is the one for any body; only the payload differs from the text case.
  const sealed = sealRequest(publicKeyPem, userId, '', contentType, { key, nonce });
  return { ...sealed, body: sealPayload(key, requestAad(nonce), body) };
}

export function createTestSealer(app: FastifyInstance): TestSealer {
  let publicKey: Promise<string> | null = null;
  const publicKeyPem = (): Promise<string> => {
    publicKey ??= app.inject({ method: 'POST', url: '/api/security/get' }).then((response) => {
      const body = response.json() as { data?: { publicKey?: string } };
      if (!body.data?.publicKey) throw new Error(`no public key: ${response.body}`);
      return body.data.publicKey;
    });
    return publicKey;
  };

  /** The account the server will resolve for this token (current or just-rotated), '' if none. */
  async function accountOf(token: string | undefined): Promise<string> {
    if (!token) return '';
    const hash = hashToken(token);
    const [row] = await app.database.db
      .select({ account: users.account })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(or(eq(sessions.tokenHash, hash), eq(sessions.previousTokenHash, hash)))
      .limit(1);
    return row?.account ?? '';
  }

  return {
    async inject(request) {
      const headers: Record<string, HeaderValue> = { ...(request.headers as Record<string, HeaderValue> | undefined) };
      const token = Object.entries(headers).find(([k]) => k.toLowerCase() === app.config.tokenHeader.toLowerCase())?.[1];
      let contentType = takeHeader(headers, 'content-type');
      takeHeader(headers, 'content-length');
      const method = (request.method ?? 'GET').toUpperCase();
      let body: string | Buffer | undefined;
      const payload = request.payload ?? request.body;
      if (method !== 'GET' && method !== 'HEAD' && payload !== undefined) {
        // Bytes stay bytes (a multipart upload holds file contents that are not UTF-8 text).
        if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
        else {
          body = JSON.stringify(payload);
          contentType ??= 'application/json';
        }
      }
      const sealed = sealBody(await publicKeyPem(), await accountOf(token === undefined ? undefined : String(token)), body, contentType);
      const sealedRequest: InjectOptions = { ...request, body: undefined, payload: sealed.body, headers: { ...headers, ...sealed.headers } };
      const response: LightMyRequestResponse = await app.inject(sealedRequest);
      if (response.headers[RESPONSE_ENCRYPTED_HEADER.toLowerCase()] === '1') {
        const text = sealed.openText(response.body);
        const mutable = response as { -readonly [K in keyof LightMyRequestResponse]: LightMyRequestResponse[K] };
        mutable.payload = text;
        mutable.body = text;
        mutable.rawPayload = Buffer.from(text, 'utf8');
      }
      return response;
    },
  };
}
