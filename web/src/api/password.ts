import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { PASSWORD_DIGEST_PREFIX } from '@campus/contract';

/** sha256 hex of (prefix + user id + password): the digests updatePwd sends (spec section 7). */
export function passwordDigest(userId: string, password: string): string {
  return bytesToHex(sha256(utf8ToBytes(PASSWORD_DIGEST_PREFIX + userId + password)));
}

/** Base64 of the UTF-8 bytes of a text. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of utf8ToBytes(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The wire form of POST /api/login/updatePwd. */
export function updatePasswordForm(userId: string, oldPassword: string, newPassword: string) {
  return {
    username: userId,
    newPassword: base64Utf8(newPassword),
    oldPassword: passwordDigest(userId, oldPassword),
    sign: passwordDigest(userId, newPassword),
  };
}
