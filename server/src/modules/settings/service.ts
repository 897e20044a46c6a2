import type { ClientConfig, Language, PasswordPolicy } from '@campus/contract';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { systemConfig } from '../../db/schema/index.ts';

/** Keys of the administrator-editable settings this module reads. */
export const SettingKey = {
  passwordRule: 'password.rule',
  passwordDescription: 'password.description',
  passwordDescriptionEn: 'password.descriptionEn',
  title: 'site.title',
  titleEn: 'site.titleEn',
  footer: 'site.footer',
  footerEn: 'site.footerEn',
  logo: 'site.logo',
  defaultTheme: 'site.defaultTheme',
} as const;

/** Default password rule: 8 to 50 characters with a letter and a digit. */
export const DEFAULT_PASSWORD_POLICY = {
  rule: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$',
  description: '8至50位，须同时包含字母和数字',
  descriptionEn: '8 to 50 characters, with at least one letter and one digit',
};

async function readSettings(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(systemConfig).where(inArray(systemConfig.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function passwordPolicy(db: DbOrTx, language: Language): Promise<PasswordPolicy> {
  const s = await readSettings(db, [SettingKey.passwordRule, SettingKey.passwordDescription, SettingKey.passwordDescriptionEn]);
  const description =
    language === 'en'
      ? (s.get(SettingKey.passwordDescriptionEn) ?? DEFAULT_PASSWORD_POLICY.descriptionEn)
      : (s.get(SettingKey.passwordDescription) ?? DEFAULT_PASSWORD_POLICY.description);
  return { rule: s.get(SettingKey.passwordRule) ?? DEFAULT_PASSWORD_POLICY.rule, description };
}

/** What the browser reads at start-up: deployment settings, overridden by what the administrator saved. */
export async function clientConfig(db: DbOrTx, config: Config): Promise<ClientConfig> {
  const s = await readSettings(db, [SettingKey.title, SettingKey.titleEn, SettingKey.footer, SettingKey.footerEn, SettingKey.logo, SettingKey.defaultTheme]);
  return {
    baseApi: '',
    title: s.get(SettingKey.title) ?? config.title,
    titleEn: s.get(SettingKey.titleEn) ?? config.titleEn,
    footer: s.get(SettingKey.footer) ?? config.footer,
    footerEn: s.get(SettingKey.footerEn) ?? config.footerEn,
    logo: s.get(SettingKey.logo) ?? config.logo,
    reportUrl: config.reportUrl,
    officePreviewUrl: config.officePreviewUrl,
    loginType: config.loginType,
    timeoutUrl: config.timeoutUrl,
    defaultTheme: s.get(SettingKey.defaultTheme) ?? config.defaultTheme,
    encryption: config.encryption,
    tokenHeader: config.tokenHeader,
  };
}
