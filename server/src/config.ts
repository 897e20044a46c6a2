import { DEFAULT_TOKEN_HEADER, type ClientConfig } from '@campus/contract';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Deployment settings the browser also reads (GET /api/config/client). */
type ClientSettings = Pick<
  ClientConfig,
  'tokenHeader' | 'loginType' | 'timeoutUrl' | 'encryption' | 'defaultTheme' | 'title' | 'titleEn' | 'footer' | 'footerEn' | 'logo' | 'reportUrl' | 'officePreviewUrl'
>;

export interface Config extends ClientSettings {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  webDist: string;
  /** Rows one user may export in a window; past it exports are refused (the export log records both). */
  exports: { maxRows: number; windowHours: number };
  /** The longest wait for the embedded database before new calls answer 503 (EMBEDDED_MAX_WAIT_MS). */
  embeddedMaxWaitMs: number;
  /** Serve the OpenAPI UI and document at /api/docs (API_DOCS=1); off by default, as they map every call. */
  apiDocs: boolean;
  /** The site's address as printed in certificates' QR codes (PUBLIC_URL); empty: the downloading request's own. */
  publicUrl: string;
  /** SMS: an HTTP gateway (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN); without it messages stay in the outbox table. */
  sms: { gatewayUrl: string; gatewayToken: string; timeoutMs: number };
  session: {
    /** A session unused for this long expires. */
    idleMinutes: number;
    /** A session expires this long after login whatever its use. */
    absoluteHours: number;
    /** A token older than this is replaced on the next call (refreshed in the response header). */
    rotateMinutes: number;
    /** The replaced token stays valid this long, so calls already in flight still succeed. */
    rotateGraceSeconds: number;
  };
  login: {
    maxFailures: number;
    lockMinutes: number;
    /** Failed logins allowed from one client address per window. */
    addressMaxFailures: number;
    addressWindowMinutes: number;
  };
  /** One-time sign-in codes (QR code, single sign-on). */
  codeTtlSeconds: number;
  /**
   * Second factor (TOTP): required for administrators and holders of system-management or export rights
   * when `requiredForAdmins` (MFA_REQUIRED_FOR_ADMINS, on by default; off in tests and demo browser runs).
   */
  mfa: { requiredForAdmins: boolean; challengeMinutes: number };
  /** Accepted clock difference for encrypted requests. */
  encryptionMaxSkewSeconds: number;
  bodyLimitBytes: number;
  /** argon2id cost; never below OWASP's minimum (m=19 MiB, t=2, p=1). */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  logLevel: string;
  seedDemo: boolean;
  /**
   * Students of the demo 走班 grade (高一) when more than the school's own (DEMO_SHIFT_GRADE_SIZE): classes of
   * 45 are added to reach it, every new student with a choice, so the formation can be shown at a real
   * grade's size (the browser flow uses 1,200). 0: the school as it is.
   */
  demoShiftGradeSize: number;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Expected a number, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const loginType = env.LOGIN_TYPE === 'IDS' ? 'IDS' : 'normal';
  const config: Config = {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? path.join(repoRoot, '.data', 'pglite'),
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'web', 'dist'),
    apiDocs: bool(env.API_DOCS, false),
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    sms: { gatewayUrl: env.SMS_GATEWAY_URL ?? '', gatewayToken: env.SMS_GATEWAY_TOKEN ?? '', timeoutMs: int(env.SMS_GATEWAY_TIMEOUT_MS, 5000) },
    embeddedMaxWaitMs: int(env.EMBEDDED_MAX_WAIT_MS, 5000),
    exports: { maxRows: int(env.EXPORT_MAX_ROWS, 200_000), windowHours: int(env.EXPORT_WINDOW_HOURS, 24) },
    tokenHeader: env.TOKEN_HEADER ?? DEFAULT_TOKEN_HEADER,
    loginType,
    timeoutUrl: env.TIMEOUT_URL ?? '/login',
    encryption: bool(env.REQUEST_ENCRYPTION, false),
    defaultTheme: env.DEFAULT_THEME ?? '',
    title: env.APP_TITLE ?? '智慧校园管理平台',
    titleEn: env.APP_TITLE_EN ?? 'Campus Administration',
    footer: env.APP_FOOTER ?? '',
    footerEn: env.APP_FOOTER_EN ?? '',
    logo: env.APP_LOGO ?? '',
    reportUrl: env.REPORT_URL ?? '',
    officePreviewUrl: env.OFFICE_PREVIEW_URL ?? '',
    session: {
      idleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
      absoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
      rotateMinutes: int(env.SESSION_ROTATE_MINUTES, 15),
      rotateGraceSeconds: int(env.SESSION_ROTATE_GRACE_SECONDS, 60),
    },
    login: {
      maxFailures: int(env.LOGIN_MAX_FAILURES, 5),
      lockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
      addressMaxFailures: int(env.LOGIN_ADDRESS_MAX_FAILURES, 30),
      addressWindowMinutes: int(env.LOGIN_ADDRESS_WINDOW_MINUTES, 15),
    },
    codeTtlSeconds: int(env.LOGIN_CODE_TTL_SECONDS, 120),
    mfa: { requiredForAdmins: bool(env.MFA_REQUIRED_FOR_ADMINS, true), challengeMinutes: int(env.MFA_CHALLENGE_MINUTES, 5) },
    encryptionMaxSkewSeconds: int(env.ENCRYPTION_MAX_SKEW_SECONDS, 300),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    argon2: {
      memoryCost: Math.max(19456, int(env.ARGON2_MEMORY_KIB, 19456)),
      timeCost: Math.max(2, int(env.ARGON2_TIME_COST, 2)),
      parallelism: Math.max(1, int(env.ARGON2_PARALLELISM, 1)),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: bool(env.SEED_DEMO, true),
    demoShiftGradeSize: Math.min(5000, Math.max(0, int(env.DEMO_SHIFT_GRADE_SIZE, 0))),
    ...overrides,
  };
  return config;
}
