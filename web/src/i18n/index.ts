import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { coreMessages, type Language } from '@campus/contract';
// The ES module builds: antd/locale/* are CommonJS and would bring a second copy of antd's locale code.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import zh from './zh.json';
import en from './en.json';
import { readLanguage } from '../state/preferences.ts';

/**
 * The texts every screen may need at any time: zh.json / en.json merged over the server's core catalogue
 * (contract messages) so that validation keys such as 'validation.passwordMin' translate too. The screens
 * of an area bring their own texts (./areas.ts), loaded before the screen renders. Keys are flat and
 * placeholders use {name}, like the contract catalogue.
 */
export const resources = {
  zh: { translation: { ...coreMessages.zh, ...zh } },
  en: { translation: { ...coreMessages.en, ...en } },
} as const;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // A copy: i18next extends its store in place when an area adds its texts, `resources` stays the core.
  resources: { zh: { translation: { ...resources.zh.translation } }, en: { translation: { ...resources.en.translation } } },
  lng: readLanguage(),
  fallbackLng: 'zh',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh';
}

/** Translation outside React (request client, stores). */
export function t(key: string, options?: TOptions): string {
  return i18n.t(key, options);
}

export function antdLocale(language: Language): Locale {
  return language === 'en' ? enUS : zhCN;
}

/** The language button reads 中文 when the language is not zh, otherwise English (spec section 2). */
export function languageButtonKey(language: string): 'lang.chinese' | 'lang.english' {
  return language === 'zh' ? 'lang.english' : 'lang.chinese';
}

/** The other language, for the switch. */
export function otherLanguage(language: string): Language {
  return language === 'zh' ? 'en' : 'zh';
}
