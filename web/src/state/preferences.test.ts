import { afterEach, describe, expect, it } from 'vitest';
import { readLanguage } from './preferences.ts';

const clearLanguage = () => {
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe('readLanguage', () => {
  afterEach(clearLanguage);

  it('defaults to zh and writes it to the cookie, so the server answers in the page language', () => {
    clearLanguage();
    expect(readLanguage()).toBe('zh');
    expect(document.cookie).toContain('language=zh');
  });

  it('keeps en from the cookie and treats anything else as zh', () => {
    document.cookie = 'language=en; path=/';
    expect(readLanguage()).toBe('en');
    document.cookie = 'language=fr; path=/';
    expect(readLanguage()).toBe('zh');
    expect(document.cookie).toContain('language=zh');
  });
});
