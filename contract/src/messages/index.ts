import { en, type MessageKey } from './en.ts';
import { zh } from './zh.ts';

export { en, zh, type MessageKey };
export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh';

export const messages: Record<Language, Record<MessageKey, string>> = { zh, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** Fills {name} placeholders. Unknown keys are returned unchanged so a raw text still reads. */
export function translate(language: Language, key: string, params?: Record<string, string | number>): string {
  const template = isMessageKey(key) ? messages[language][key] : key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
