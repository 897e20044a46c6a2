import { describe, expect, it } from 'vitest';
import { en, zh, translate, isValidNewUserPassword, changePasswordFormSchema, loginSchema } from './index.ts';

describe('message catalogue', () => {
  it('has every key in both languages, non-empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(zh)) expect(text, key).not.toBe('');
  });
  it('the area catalogues have both languages and never redefine a key of another file', async () => {
    const { en: core } = await import('./messages/en.ts');
    const { areaCatalogues } = await import('./messages/index.ts');
    const seen = new Map<string, string>(Object.keys(core).map((key) => [key, 'core']));
    for (const [area, { en: areaEn, zh: areaZh }] of Object.entries(areaCatalogues)) {
      expect(Object.keys(areaZh).sort(), area).toEqual(Object.keys(areaEn).sort());
      for (const key of Object.keys(areaEn)) {
        expect(seen.get(key), `${area} redefines ${key}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });
  it('fills placeholders and keeps unknown keys readable', () => {
    expect(translate('zh', 'picker.limit', { n: 3 })).toBe('您最多可选3个');
    expect(translate('en', 'picker.limit', { n: 3 })).toBe('You can choose at most 3');
    expect(translate('en', 'plain text')).toBe('plain text');
  });
});

describe('shared rules', () => {
  it('new user passwords need 6-12 characters of two kinds', () => {
    expect(isValidNewUserPassword('abcdef')).toBe(false);
    expect(isValidNewUserPassword('abc123')).toBe(true);
    expect(isValidNewUserPassword('Ab1')).toBe(false);
    expect(isValidNewUserPassword('abcdefgh12345')).toBe(false);
  });
  it('login needs a user name and a password of at least 5', () => {
    expect(loginSchema.safeParse({ username: 'a', password: '1234' }).success).toBe(false);
    expect(loginSchema.safeParse({ username: ' ', password: '12345' }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'a', password: '12345' }).success).toBe(true);
  });
  it('change password trims and requires matching values', () => {
    const r = changePasswordFormSchema.safeParse({ oldPassword: ' x ', pass: 'abcdef ', checkPass: ' abcdeg' });
    expect(r.success).toBe(false);
    expect(changePasswordFormSchema.safeParse({ oldPassword: 'x', pass: ' abc ', checkPass: 'abc' }).success).toBe(true);
    expect(changePasswordFormSchema.safeParse({ oldPassword: 'x', pass: 'a'.repeat(51), checkPass: 'a'.repeat(51) }).success).toBe(false);
  });
});
