import type { ClientConfig, Language } from '@campus/contract';
import { t } from '../i18n/index.ts';

/** The product title from the configuration in the user's language. */
export function appTitle(config: Pick<ClientConfig, 'title' | 'titleEn'>, language: Language | string): string {
  if (language === 'en') return config.titleEn || config.title || t('app.name');
  return config.title || t('app.name');
}

export function appFooter(config: Pick<ClientConfig, 'footer' | 'footerEn'>, language: Language | string): string {
  if (language === 'en') return config.footerEn || config.footer || t('app.footer');
  return config.footer || t('app.footer');
}

export function appLogo(config: Pick<ClientConfig, 'logo'>): string {
  return config.logo || '/logo.svg';
}
