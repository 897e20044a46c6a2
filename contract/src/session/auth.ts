import { z } from 'zod';

/** Messages are catalogue keys (see messages/); each side translates them. */
export const LOGIN_PASSWORD_MIN = 5;
export const CHANGE_PASSWORD_MAX = 50;
export const NEW_USER_PASSWORD_MIN = 6;
export const NEW_USER_PASSWORD_MAX = 12;

export const loginSchema = z.object({
  username: z.string({ error: 'validation.usernameRequired' }).trim().min(1, 'validation.usernameRequired').max(64, 'validation.tooLong'),
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(LOGIN_PASSWORD_MIN, 'validation.passwordMin')
    .max(128, 'validation.tooLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The change-password dialog (fields oldPassword, pass, checkPass). All values are trimmed; the
 * server-provided pattern from getPwdStrategy is checked separately by `matchesPasswordPolicy`.
 */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().trim().min(1, 'validation.oldPasswordRequired').max(CHANGE_PASSWORD_MAX, 'validation.passwordMax'),
    pass: z.string().trim().min(1, 'validation.newPasswordRequired').max(CHANGE_PASSWORD_MAX, 'validation.passwordMax'),
    checkPass: z.string().trim().min(1, 'validation.checkPasswordRequired'),
  })
  .refine((v) => v.pass === v.checkPass, { path: ['checkPass'], message: 'validation.passwordMismatch' });

/** The wire form of POST /api/login/updatePwd (spec section 7). */
export const updatePasswordWireSchema = z.object({
  username: z.string().trim().min(1, 'validation.usernameRequired').max(64, 'validation.tooLong'),
  newPassword: z.string().min(1, 'validation.newPasswordRequired').max(400, 'validation.tooLong'),
  oldPassword: z.string().regex(/^[0-9a-f]{64}$/, 'validation.badPasswordDigest'),
  sign: z.string().regex(/^[0-9a-f]{64}$/, 'validation.badPasswordDigest'),
});

/** Password policy served by getPwdStrategy. */
export interface PasswordPolicy {
  rule: string;
  description: string;
}

export function matchesPasswordPolicy(password: string, rule: string | undefined | null): boolean {
  if (!rule) return true;
  try {
    return new RegExp(rule).test(password);
  } catch {
    // A broken pattern in the configuration must not lock everybody out of changing passwords.
    return true;
  }
}

/** New user passwords: 6 to 12 characters with at least two of the four character kinds (spec section 5). */
export function isValidNewUserPassword(password: string): boolean {
  if (password.length < NEW_USER_PASSWORD_MIN || password.length > NEW_USER_PASSWORD_MAX) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return kinds >= 2;
}

/**
 * The prefix of the password digests that updatePwd sends (spec section 7: "hash of prefix plus user
 * id plus password"). The server stores argon2id over this same digest, so it can check the digest.
 */
export const PASSWORD_DIGEST_PREFIX = 'campus:';

export const authCodeSchema = z.object({
  code: z.string().trim().min(1, 'validation.codeRequired').max(200, 'validation.tooLong'),
});

/** The second factor (issue 12): a 6-digit authenticator code or a recovery code. */
export const mfaCodeSchema = z.object({
  code: z.string().trim().min(1, 'validation.mfaCodeRequired').max(64, 'validation.tooLong'),
});

/** The challenge a login answers when a second factor is due (data.mfa 'verify' | 'enrol'). */
export const mfaChallengeSchema = z.object({
  challenge: z.string().trim().min(1, 'validation.mfaChallengeRequired').max(200, 'validation.tooLong'),
});

export const mfaChallengeCodeSchema = mfaChallengeSchema.extend(mfaCodeSchema.shape);

export type MfaStep = 'verify' | 'enrol';

/** GET /api/auth/mfa/status. */
export interface MfaStatus {
  enabled: boolean;
  required: boolean;
  confirmedAt: string | null;
  recoveryCodesLeft: number;
}
