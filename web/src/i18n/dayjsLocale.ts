import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** dayjs's locale for a language: zh-cn for zh, otherwise en (Ant Design's date pickers read it). */
export function dayjsLocaleOf(language: string): string {
  return language === 'zh' ? 'zh-cn' : 'en';
}

/** Keeps dayjs's locale in step with the language. */
export function useDayjsLocale(language: string): void {
  useEffect(() => {
    dayjs.locale(dayjsLocaleOf(language));
  }, [language]);
}
