import { create } from 'zustand';
import { COLOR_COOKIE, LANGUAGE_COOKIE, THEME_COOKIE, type Language } from '@campus/contract';
import { getCookie, setCookie } from './cookies.ts';
import { local } from './storage.ts';
import { getTheme, isColor, isThemeName, resolveDefaultTheme, THEME_COOKIE_DAYS, type ThemeName } from '../theme/themes.ts';

export const SIDEBAR_KEY = 'sidebarStatus';

/**
 * The language from the cookie; anything but 'en' is the default zh. The default is written back to the
 * cookie, because the server answers in the cookie's language and would otherwise follow the browser's
 * Accept-Language while the page shows Chinese.
 */
export function readLanguage(): Language {
  const language: Language = getCookie(LANGUAGE_COOKIE) === 'en' ? 'en' : 'zh';
  if (getCookie(LANGUAGE_COOKIE) !== language) setCookie(LANGUAGE_COOKIE, language, 365);
  return language;
}

export interface PreferencesState {
  sidebarOpen: boolean;
  /** On a phone the menu is a drawer over the page, closed after each choice (not remembered). */
  phoneMenuOpen: boolean;
  setPhoneMenuOpen(open: boolean): void;
  language: Language;
  theme: ThemeName;
  color: string;
  toggleSidebar(): void;
  setSidebarOpen(open: boolean): void;
  /** Writes the language cookie and reloads the page (spec section 4). */
  setLanguage(language: Language): void;
  /** Writes the theme and colour cookies for 10 days. */
  setTheme(theme: ThemeName): void;
  /** Applies the configured default theme when the user has picked none. */
  applyDefaultTheme(configured: string): void;
}

function initialTheme(): { theme: ThemeName; color: string } {
  const cookieTheme = getCookie(THEME_COOKIE);
  const theme: ThemeName = isThemeName(cookieTheme) ? cookieTheme : 'green';
  const cookieColor = getCookie(COLOR_COOKIE);
  return { theme, color: isThemeName(cookieTheme) && isColor(cookieColor) ? cookieColor : getTheme(theme).primary };
}

export const reloadPage = { run: (): void => window.location.reload() };

export const usePreferences = create<PreferencesState>()((set, get) => ({
  sidebarOpen: local.get(SIDEBAR_KEY) !== '0',
  phoneMenuOpen: false,
  language: readLanguage(),
  ...initialTheme(),

  setPhoneMenuOpen(open) {
    set({ phoneMenuOpen: open });
  },
  toggleSidebar() {
    get().setSidebarOpen(!get().sidebarOpen);
  },
  setSidebarOpen(open) {
    local.set(SIDEBAR_KEY, open ? '1' : '0');
    set({ sidebarOpen: open });
  },
  setLanguage(language) {
    setCookie(LANGUAGE_COOKIE, language, 365);
    set({ language });
    reloadPage.run();
  },
  setTheme(theme) {
    const color = getTheme(theme).primary;
    setCookie(THEME_COOKIE, theme, THEME_COOKIE_DAYS);
    setCookie(COLOR_COOKIE, color, THEME_COOKIE_DAYS);
    set({ theme, color });
  },
  applyDefaultTheme(configured) {
    if (isThemeName(getCookie(THEME_COOKIE))) return;
    const theme = resolveDefaultTheme(configured);
    set({ theme, color: getTheme(theme).primary });
  },
}));
