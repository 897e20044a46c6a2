import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B: SHA-1 with the ASCII key "12345678901234567890", 8 digits.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the test vectors of RFC 6238 appendix B (SHA-1)', () => {
    for (const [seconds, expected] of RFC_VECTORS) expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(expected);
  });

  it('gives the RFC 4226 HOTP vectors in 6 digits', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(RFC_KEY, counter)).toBe(code));
  });

  it('round-trips base32 and reads the secret as authenticator apps do', () => {
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret.toLowerCase())).toEqual(RFC_KEY);
    expect(totpCode(secret, 59_000)).toBe('287082');
  });

  it('accepts one step either side, no further, and never a step at or before the last used one', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    const at = (offset: number) => hotp(RFC_KEY, step + offset);
    expect(matchTotp(secret, at(0), now, null)).toBe(step);
    expect(matchTotp(secret, at(-1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, at(1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, at(2), now, null)).toBeNull();
    expect(matchTotp(secret, at(-2), now, null)).toBeNull();
    expect(matchTotp(secret, at(0), now, step)).toBeNull();
    expect(matchTotp(secret, at(-1), now, step)).toBeNull();
    expect(matchTotp(secret, at(1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
    expect(matchTotp(secret, '', now, null)).toBeNull();
  });

  it('writes the otpauth address of the Key Uri Format', () => {
    const uri = otpauthUri('Campus Administration', 'admin', 'ABC');
    expect(uri).toBe('otpauth://totp/Campus%20Administration:admin?secret=ABC&issuer=Campus+Administration&algorithm=SHA1&digits=6&period=30');
  });
});
