import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, type Language } from '@campus/contract';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { Locale } from 'antd/es/locale';
import zh from './zh.json';
import en from './en.json';
import systemZh from './system.zh.json';
import systemEn from './system.en.json';
import menusDictsZh from './menusDicts.zh.json';
import menusDictsEn from './menusDicts.en.json';
import operationsZh from './operations.zh.json';
import operationsEn from './operations.en.json';
import campusZh from './campus.zh.json';
import campusEn from './campus.en.json';
import peopleZh from './people.zh.json';
import peopleEn from './people.en.json';
import pagesZh from './pages.zh.json';
import pagesEn from './pages.en.json';

/** The screens of issue 4 keep their texts in one file pair per area (areas built side by side). */
export const areaResources = {
  system: { zh: systemZh, en: systemEn },
  menusDicts: { zh: menusDictsZh, en: menusDictsEn },
  operations: { zh: operationsZh, en: operationsEn },
  campus: { zh: campusZh, en: campusEn },
  people: { zh: peopleZh, en: peopleEn },
  pages: { zh: pagesZh, en: pagesEn },
} as const;
const areaTexts = (language: 'zh' | 'en'): Record<string, string> => Object.assign({}, ...Object.values(areaResources).map((area) => area[language]));
import { readLanguage } from '../state/preferences.ts';

/**
 * Every visible string comes from zh.json / en.json, merged over the server's catalogue (contract
 * messages) so that validation keys such as 'validation.passwordMin' translate too. Keys are flat and
 * placeholders use {name}, like the contract catalogue.
 */
export const resources = {
  zh: { translation: { ...messages.zh, ...zh, ...areaTexts('zh') } },
  en: { translation: { ...messages.en, ...en, ...areaTexts('en') } },
} as const;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
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
