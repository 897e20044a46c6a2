// Calls the server from a browser flow with the signed-in page's token, sealed like the web client seals
// them when request encryption is on (the flows run once with it on), so a flow can check or tidy up
// through the API whatever the mode. The server's own codec does the sealing (loaded through tsx).
import { register } from 'tsx/esm/api';

const TOKEN_KEY = 'X-TOKEN-XX';
let codec;

async function sealing(base) {
  const config = await (await fetch(`${base}/api/config/client`)).json();
  if (!config.data?.encryption) return null;
  if (!codec) {
    register();
    codec = await import('../../server/src/platform/encryptionCodec.ts');
  }
  const key = await (await fetch(`${base}/api/security/get`, { method: 'POST' })).json();
  return { codec, publicKey: key.data.publicKey };
}

/**
 * POSTs `body` (JSON, or a form when `form` is given) as `account`, whose token the page holds, and
 * answers the parsed envelope.
 */
export async function api(page, base, account, path, body = {}, { form = false } = {}) {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const text = form ? new URLSearchParams(body).toString() : JSON.stringify(body);
  const contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const seal = await sealing(base);
  if (!seal) {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { [TOKEN_KEY]: token, 'content-type': contentType }, body: text });
    return response.json();
  }
  const sealed = seal.codec.sealRequest(seal.publicKey, account, text, contentType);
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { [TOKEN_KEY]: token, ...sealed.headers }, body: sealed.body });
  const answer = await response.text();
  return response.headers.get('x-response-encrypted') ? sealed.open(answer) : JSON.parse(answer);
}
