import { authApi } from '../api/auth.ts';
import { installKeepAlive } from '../api/client.ts';
import { sessionState } from '../state/session.ts';
import { usePreferences } from '../state/preferences.ts';
import { adoptToken } from './session.ts';
import { appTitle } from './appTitle.ts';
import { currentLanguage } from '../i18n/index.ts';

/**
 * A token arriving in the page URL (?token=...) is stored and removed from the URL; with ?isHall=1 it also
 * hides the menu header. Returns true when a token was taken.
 */
export function takeTokenFromUrl(win: Window = window): boolean {
  const url = new URL(win.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  adoptToken(token);
  if (url.searchParams.get('isHall') === '1') sessionState().setHall(true);
  url.searchParams.delete('token');
  url.searchParams.delete('isHall');
  win.history.replaceState(win.history.state, '', url.pathname + (url.search === '?' ? '' : url.search) + url.hash);
  return true;
}

/** Start-up (spec section 4): read the client configuration, apply the theme, set the title, take a URL token. */
export async function bootstrap(): Promise<void> {
  try {
    const config = await authApi.clientConfig();
    if (config && typeof config === 'object') sessionState().setConfig(config);
  } catch {
    // The server is unreachable: start with the defaults; the first call will say 'network error'.
  }
  const config = sessionState().config;
  usePreferences.getState().applyDefaultTheme(config.defaultTheme);
  document.title = appTitle(config, currentLanguage());
  document.documentElement.lang = currentLanguage() === 'en' ? 'en' : 'zh-CN';
  takeTokenFromUrl();
  installKeepAlive();
}
