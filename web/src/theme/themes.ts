import type { ThemeConfig } from 'antd';

/** The seven themes (spec section 2). Names are the configuration names; green is the default. */
export type ThemeName = 'green' | 'red' | 'lan' | 'blue' | 'zi' | 'hui' | 'org';

export interface ThemeDefinition {
  name: ThemeName;
  /** i18n key of the theme's display name. */
  labelKey: string;
  /** Primary colour. */
  primary: string;
  /** Sidebar background. */
  sider: string;
  /** Sidebar background of nested menus. */
  siderSub: string;
}

export const DEFAULT_THEME: ThemeName = 'green';
export const DEFAULT_COLOR = '#00693e';
export const THEME_COOKIE_DAYS = 10;

export const THEMES: readonly ThemeDefinition[] = [
  { name: 'green', labelKey: 'theme.green', primary: DEFAULT_COLOR, sider: '#0f2a20', siderSub: '#0a2018' },
  { name: 'red', labelKey: 'theme.red', primary: '#c0392b', sider: '#2d1416', siderSub: '#220e10' },
  { name: 'lan', labelKey: 'theme.lan', primary: '#0e6e74', sider: '#0f2629', siderSub: '#0a1d1f' },
  { name: 'blue', labelKey: 'theme.blue', primary: '#1f5fbf', sider: '#111f36', siderSub: '#0b172a' },
  { name: 'zi', labelKey: 'theme.zi', primary: '#6f42c1', sider: '#1f1633', siderSub: '#170f28' },
  { name: 'hui', labelKey: 'theme.hui', primary: '#4f5b66', sider: '#22272c', siderSub: '#1a1e22' },
  { name: 'org', labelKey: 'theme.org', primary: '#d6336c', sider: '#2e1522', siderSub: '#230f19' },
];

/** Names a configuration may set as the default theme besides the built-in green. */
export const CONFIGURABLE_DEFAULT_THEMES: readonly ThemeName[] = ['red', 'lan', 'blue', 'zi', 'hui', 'org'];

export function isThemeName(value: string | undefined | null): value is ThemeName {
  return !!value && THEMES.some((t) => t.name === value);
}

export function getTheme(name: string | undefined | null): ThemeDefinition {
  return THEMES.find((t) => t.name === name) ?? THEMES[0];
}

/**
 * The theme to use when the user picked none. An empty setting means green; a setting that is not one of
 * red, lan, blue, zi, hui, org logs a console warning and falls back to green (spec section 2).
 */
export function resolveDefaultTheme(configured: string | undefined | null, warn: (msg: string) => void = console.warn): ThemeName {
  const value = (configured ?? '').trim();
  if (!value || value === DEFAULT_THEME) return DEFAULT_THEME;
  if ((CONFIGURABLE_DEFAULT_THEMES as readonly string[]).includes(value)) return value as ThemeName;
  warn(`[campus] Unknown default theme "${value}"; expected one of ${CONFIGURABLE_DEFAULT_THEMES.join(', ')}. Using green.`);
  return DEFAULT_THEME;
}

export function isColor(value: string | undefined | null): value is string {
  return !!value && /^#[0-9a-fA-F]{6}$/.test(value);
}

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif";

/** The class that scopes Ant Design's CSS variables (the app root carries it, so plain CSS can use them). */
export const CSS_VAR_KEY = 'campus';

/**
 * Ant Design tokens for one theme; `color` overrides the primary colour (colour cookie). `reducedMotion`
 * (the system's accessibility setting) turns Ant Design's animations off.
 */
export function antdTheme(theme: ThemeDefinition, color?: string, reducedMotion = false): ThemeConfig {
  const primary = isColor(color) ? color : theme.primary;
  return {
    cssVar: { key: CSS_VAR_KEY },
    token: {
      ...(reducedMotion ? { motion: false } : {}),
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: 6,
      fontFamily: FONT_FAMILY,
    },
    components: {
      Layout: { siderBg: theme.sider, headerBg: '#ffffff', bodyBg: '#f3f5f7', headerPadding: '0 16px', headerHeight: 52 },
      Menu: {
        darkItemBg: theme.sider,
        darkSubMenuItemBg: theme.siderSub,
        darkPopupBg: theme.sider,
        darkItemSelectedBg: primary,
        collapsedWidth: 56,
        itemHeight: 44,
      },
    },
  };
}
