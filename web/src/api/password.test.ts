import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { PASSWORD_DIGEST_PREFIX } from '@campus/contract';
import { base64Utf8, passwordDigest, updatePasswordForm } from './password.ts';

describe('password digests', () => {
  it('hashes prefix + user id + password with sha256', () => {
    const expected = createHash('sha256').update(`${PASSWORD_DIGEST_PREFIX}T0001Demo@2026`).digest('hex');
    expect(passwordDigest('T0001', 'Demo@2026')).toBe(expected);
  });

  it('encodes the new password as Base64 of its UTF-8 bytes', () => {
    expect(base64Utf8('Abc密码1')).toBe(Buffer.from('Abc密码1', 'utf8').toString('base64'));
  });

  it('builds the updatePwd form', () => {
    const form = updatePasswordForm('T0001', 'old', 'New@2026x');
    expect(form).toEqual({
      username: 'T0001',
      newPassword: Buffer.from('New@2026x').toString('base64'),
      oldPassword: passwordDigest('T0001', 'old'),
      sign: passwordDigest('T0001', 'New@2026x'),
    });
  });
});
