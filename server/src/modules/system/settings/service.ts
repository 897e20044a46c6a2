import {
  DEFAULT_LOG_RETENTION_DAYS,
  SYSTEM_THEMES,
  type ClientConfig,
  type Language,
  type PasswordPolicy,
  type PasswordRuleForm,
  type SystemConfigForm,
  type SystemConfigView,
} from '@campus/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { files, systemConfig } from '../../../db/schema/index.ts';
import type { AuthContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import { FILE_ID_PATTERN, ownedFiles } from '../../shared/files/service.ts';

/** Keys of the administrator-editable settings this module reads. */
export const SettingKey = {
  passwordRule: 'password.rule',
  passwordDescription: 'password.description',
  passwordDescriptionEn: 'password.descriptionEn',
  title: 'site.title',
  titleEn: 'site.titleEn',
  footer: 'site.footer',
  footerEn: 'site.footerEn',
  /** The RESID of the uploaded logo (served at LOGO_ROUTE), or '' for none. */
  logo: 'site.logo',
  defaultTheme: 'site.defaultTheme',
  reportUrl: 'site.reportUrl',
  officePreviewUrl: 'site.officePreviewUrl',
  loginType: 'login.type',
  timeoutUrl: 'login.timeoutUrl',
  /** 'true' makes browsers seal their requests (see clientConfig for why it cannot switch encryption off). */
  encryption: 'security.encryption',
  logRetentionDays: 'log.retentionDays',
  schoolName: 'school.name',
  schoolNameEn: 'school.nameEn',
  /** The RESID of the seal picture certificates carry, or '' for the drawn seal. */
  seal: 'school.seal',
} as const;

/** Default password rule: 8 to 50 characters with a letter and a digit. */
export const DEFAULT_PASSWORD_POLICY = {
  rule: '^(?=.*[A-Za-z])(?=.*\\d).{8,50}$',
  description: '8至50位，须同时包含字母和数字',
  descriptionEn: '8 to 50 characters, with at least one letter and one digit',
};

/** The public address of the configured logo (the login page shows it before anyone logs in). */
export const LOGO_ROUTE = '/api/config/logo';

async function readSettings(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(systemConfig).where(inArray(systemConfig.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Writes settings in the caller's transaction, inserting missing keys. */
async function writeSettings(db: DbOrTx, values: Record<string, string>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: new Date() }));
  await db
    .insert(systemConfig)
    .values(rows)
    .onConflictDoUpdate({ target: systemConfig.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
}

export async function passwordPolicy(db: DbOrTx, language: Language): Promise<PasswordPolicy> {
  const s = await readSettings(db, [SettingKey.passwordRule, SettingKey.passwordDescription, SettingKey.passwordDescriptionEn]);
  const description =
    language === 'en'
      ? (s.get(SettingKey.passwordDescriptionEn) ?? DEFAULT_PASSWORD_POLICY.descriptionEn)
      : (s.get(SettingKey.passwordDescription) ?? DEFAULT_PASSWORD_POLICY.description);
  return { rule: s.get(SettingKey.passwordRule) ?? DEFAULT_PASSWORD_POLICY.rule, description };
}

export async function readPasswordRule(db: DbOrTx): Promise<PasswordRuleForm> {
  const s = await readSettings(db, [SettingKey.passwordRule, SettingKey.passwordDescription, SettingKey.passwordDescriptionEn]);
  return {
    rule: s.get(SettingKey.passwordRule) ?? DEFAULT_PASSWORD_POLICY.rule,
    description: s.get(SettingKey.passwordDescription) ?? DEFAULT_PASSWORD_POLICY.description,
    descriptionEn: s.get(SettingKey.passwordDescriptionEn) ?? DEFAULT_PASSWORD_POLICY.descriptionEn,
  };
}

/** Saves the rule and both descriptions together; the schema has refused bad patterns already. */
export async function savePasswordRule(db: Db, form: PasswordRuleForm): Promise<void> {
  await db.transaction(async (tx) => {
    await writeSettings(tx, {
      [SettingKey.passwordRule]: form.rule,
      [SettingKey.passwordDescription]: form.description,
      [SettingKey.passwordDescriptionEn]: form.descriptionEn,
    });
  });
}

const CONFIG_KEYS = [
  SettingKey.title,
  SettingKey.titleEn,
  SettingKey.footer,
  SettingKey.footerEn,
  SettingKey.logo,
  SettingKey.defaultTheme,
  SettingKey.reportUrl,
  SettingKey.officePreviewUrl,
  SettingKey.loginType,
  SettingKey.timeoutUrl,
  SettingKey.encryption,
  SettingKey.logRetentionDays,
  SettingKey.schoolName,
  SettingKey.schoolNameEn,
  SettingKey.seal,
];

/** The logo setting as an address: an uploaded file's id is served publicly; an older stored address is kept. */
function logoUrl(stored: string): string {
  if (stored === '') return '';
  return FILE_ID_PATTERN.test(stored) ? `${LOGO_ROUTE}/${stored}` : stored;
}

/** The effective configuration: what the administrator saved, else the deployment's setting. */
export async function readSystemConfig(db: DbOrTx, config: Config): Promise<SystemConfigView> {
  const s = await readSettings(db, CONFIG_KEYS);
  const storedLogo = s.get(SettingKey.logo);
  const theme = s.get(SettingKey.defaultTheme) ?? config.defaultTheme;
  const retention = Number(s.get(SettingKey.logRetentionDays));
  return {
    title: s.get(SettingKey.title) ?? config.title,
    titleEn: s.get(SettingKey.titleEn) ?? config.titleEn,
    logo: storedLogo !== undefined && FILE_ID_PATTERN.test(storedLogo) ? storedLogo : '',
    logoUrl: storedLogo !== undefined ? logoUrl(storedLogo) : config.logo,
    footer: s.get(SettingKey.footer) ?? config.footer,
    footerEn: s.get(SettingKey.footerEn) ?? config.footerEn,
    reportUrl: s.get(SettingKey.reportUrl) ?? config.reportUrl,
    officePreviewUrl: s.get(SettingKey.officePreviewUrl) ?? config.officePreviewUrl,
    loginType: (s.get(SettingKey.loginType) ?? config.loginType) === 'IDS' ? 'IDS' : 'normal',
    timeoutUrl: s.get(SettingKey.timeoutUrl) ?? config.timeoutUrl,
    defaultTheme: (SYSTEM_THEMES as readonly string[]).includes(theme) ? (theme as SystemConfigForm['defaultTheme']) : '',
    // The deployment's REQUEST_ENCRYPTION makes the server refuse unsealed calls; the stored flag can
    // only add encryption, never announce "off" to browsers the server would then refuse.
    encryption: config.encryption || s.get(SettingKey.encryption) === 'true',
    encryptionForced: config.encryption,
    logRetentionDays: Number.isInteger(retention) && retention > 0 ? retention : DEFAULT_LOG_RETENTION_DAYS,
    schoolName: s.get(SettingKey.schoolName) ?? '',
    schoolNameEn: s.get(SettingKey.schoolNameEn) ?? '',
    seal: s.get(SettingKey.seal) ?? '',
  };
}

/**
 * The school as certificates name it: the configured names, else the organisation tree's school (its root
 * unit); and the seal picture's file id, if one is configured.
 */
export async function schoolIdentity(db: DbOrTx): Promise<{ name: string; nameEn: string; sealFileId: string | null }> {
  const s = await readSettings(db, [SettingKey.schoolName, SettingKey.schoolNameEn, SettingKey.seal]);
  const [root] = await queryRows<{ name: string; nameEn: string | null }>(db, sql`SELECT name, name_en AS "nameEn" FROM org_units WHERE parent_id IS NULL ORDER BY id LIMIT 1`);
  const seal = s.get(SettingKey.seal) ?? '';
  return {
    name: s.get(SettingKey.schoolName) || root?.name || '',
    nameEn: s.get(SettingKey.schoolNameEn) || root?.nameEn || '',
    sealFileId: FILE_ID_PATTERN.test(seal) ? seal : null,
  };
}

/**
 * Saves the whole configuration in one transaction. A new logo must be a picture the caller uploaded
 * (purpose image or avatar); the logo already stored may stay whoever uploaded it.
 */
export async function saveSystemConfig(db: Db, caller: AuthContext, form: SystemConfigForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, SettingKey.logo)).for('update');
    if (form.logo && form.logo !== current?.value) {
      try {
        await ownedFiles(tx, caller, [form.logo], ['image', 'avatar']);
      } catch {
        throw badRequest('systemConfig.logoNotFound');
      }
    }
    const [currentSeal] = await tx.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, SettingKey.seal)).for('update');
    if (form.seal && form.seal !== currentSeal?.value) {
      try {
        await ownedFiles(tx, caller, [form.seal], ['image']);
      } catch {
        throw badRequest('systemConfig.sealNotFound');
      }
    }
    await writeSettings(tx, {
      [SettingKey.schoolName]: form.schoolName,
      [SettingKey.schoolNameEn]: form.schoolNameEn,
      [SettingKey.seal]: form.seal,
      [SettingKey.title]: form.title,
      [SettingKey.titleEn]: form.titleEn,
      [SettingKey.logo]: form.logo,
      [SettingKey.footer]: form.footer,
      [SettingKey.footerEn]: form.footerEn,
      [SettingKey.reportUrl]: form.reportUrl,
      [SettingKey.officePreviewUrl]: form.officePreviewUrl,
      [SettingKey.loginType]: form.loginType,
      [SettingKey.timeoutUrl]: form.timeoutUrl,
      [SettingKey.defaultTheme]: form.defaultTheme,
      [SettingKey.encryption]: String(form.encryption),
      [SettingKey.logRetentionDays]: String(form.logRetentionDays),
    });
  });
}

/** The configured logo file, if `id` is it (anything else is not served by the public route). */
export async function configuredLogo(db: DbOrTx, id: string): Promise<{ id: string; mimeType: string; size: number; sha256: string } | null> {
  if (!FILE_ID_PATTERN.test(id)) return null;
  const [row] = await db
    .select({ id: files.id, mimeType: files.mimeType, size: files.size, sha256: files.sha256 })
    .from(files)
    .innerJoin(systemConfig, sql`${systemConfig.key} = ${SettingKey.logo} AND ${systemConfig.value} = ${files.id}`)
    .where(eq(files.id, id));
  return row ?? null;
}

/** What the browser reads at start-up: deployment settings, overridden by what the administrator saved. */
export async function clientConfig(db: DbOrTx, config: Config): Promise<ClientConfig> {
  const c = await readSystemConfig(db, config);
  return {
    baseApi: '',
    title: c.title,
    titleEn: c.titleEn,
    footer: c.footer,
    footerEn: c.footerEn,
    logo: c.logoUrl,
    reportUrl: c.reportUrl,
    officePreviewUrl: c.officePreviewUrl,
    loginType: c.loginType,
    timeoutUrl: c.timeoutUrl,
    defaultTheme: c.defaultTheme,
    encryption: c.encryption,
    tokenHeader: config.tokenHeader,
  };
}

/** Days of operation logs the purge job keeps. */
export async function logRetentionDays(db: DbOrTx): Promise<number> {
  const s = await readSettings(db, [SettingKey.logRetentionDays]);
  const days = Number(s.get(SettingKey.logRetentionDays));
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_LOG_RETENTION_DAYS;
}
