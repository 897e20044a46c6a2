import { create } from 'zustand';
import { DEFAULT_TOKEN_HEADER, type ClientConfig, type MenuItem, type PermissionPayload, type UserInfo } from '@campus/contract';
import { local, session as sessionStore } from './storage.ts';

/** Storage keys of the session state kept on the client (spec section 3). */
export const STORAGE_KEYS = {
  /** The token lives under the token header's name (default X-TOKEN-XX). */
  tokenHeader: 'tokenHeaderName',
  loginFailed: 'loginFail',
  publicKey: 'requestPublicKey',
  isHall: 'isHall',
  account: 'userId',
} as const;

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  baseApi: '',
  title: '',
  titleEn: '',
  footer: '',
  footerEn: '',
  logo: '',
  reportUrl: '',
  officePreviewUrl: '',
  loginType: 'normal',
  timeoutUrl: '/login',
  defaultTheme: '',
  encryption: false,
  tokenHeader: DEFAULT_TOKEN_HEADER,
};

export interface SessionState {
  config: ClientConfig;
  /** Header (and storage key) carrying the token. */
  tokenHeader: string;
  token: string | null;
  /** The signed-in account (login name / userId); known from the login form before user info arrives. */
  account: string;
  /** Login-failure flag: true after a failed login, false after a successful one. */
  loginFailed: boolean;
  /** The request-encryption public key (PEM), fetched after login. */
  publicKey: string | null;
  user: UserInfo | null;
  /** null until the permission payload was loaded. */
  menus: MenuItem[] | null;
  permissions: string[];
  roles: string[];
  requestId: string;
  /** A token-bearing entry with ?isHall=1 hides the menu header. */
  isHall: boolean;
  setConfig(config: Partial<ClientConfig>): void;
  setToken(token: string | null, headerName?: string): void;
  setAccount(account: string): void;
  setLoginFailed(failed: boolean): void;
  setPublicKey(key: string | null): void;
  setPermissionPayload(payload: PermissionPayload): void;
  setHall(isHall: boolean): void;
  /** Forgets everything tied to the signed-in user (the configuration stays). */
  clear(): void;
}

function initialTokenHeader(): string {
  return local.get(STORAGE_KEYS.tokenHeader) || DEFAULT_TOKEN_HEADER;
}

export const useSession = create<SessionState>()((set, get) => {
  const tokenHeader = initialTokenHeader();
  return {
    config: DEFAULT_CLIENT_CONFIG,
    tokenHeader,
    token: local.get(tokenHeader),
    account: local.get(STORAGE_KEYS.account) ?? '',
    loginFailed: local.get(STORAGE_KEYS.loginFailed) === '1',
    publicKey: local.get(STORAGE_KEYS.publicKey),
    user: null,
    menus: null,
    permissions: [],
    roles: [],
    requestId: '',
    isHall: sessionStore.get(STORAGE_KEYS.isHall) === '1',

    setConfig(config) {
      const merged = { ...get().config, ...config };
      const patch: Partial<SessionState> = { config: merged };
      // The configured header name applies unless a login already told us another one.
      if (!local.get(STORAGE_KEYS.tokenHeader) && merged.tokenHeader && merged.tokenHeader !== get().tokenHeader) {
        const token = get().token;
        local.remove(get().tokenHeader);
        if (token) local.set(merged.tokenHeader, token);
        patch.tokenHeader = merged.tokenHeader;
      }
      set(patch);
    },
    setToken(token, headerName) {
      let header = get().tokenHeader;
      if (headerName && headerName !== header) {
        local.remove(header);
        header = headerName;
        local.set(STORAGE_KEYS.tokenHeader, headerName);
      }
      if (token) local.set(header, token);
      else local.remove(header);
      set({ token, tokenHeader: header });
    },
    setAccount(account) {
      if (account) local.set(STORAGE_KEYS.account, account);
      else local.remove(STORAGE_KEYS.account);
      set({ account });
    },
    setLoginFailed(failed) {
      local.set(STORAGE_KEYS.loginFailed, failed ? '1' : '0');
      set({ loginFailed: failed });
    },
    setPublicKey(key) {
      if (key) local.set(STORAGE_KEYS.publicKey, key);
      else local.remove(STORAGE_KEYS.publicKey);
      set({ publicKey: key });
    },
    setPermissionPayload(payload) {
      if (payload.userInfo?.userId) get().setAccount(payload.userInfo.userId);
      set({
        user: payload.userInfo ?? null,
        menus: Array.isArray(payload.menus) ? payload.menus : [],
        permissions: Array.isArray(payload.permission) ? payload.permission : [],
        roles: Array.isArray(payload.roles) ? payload.roles : [],
        requestId: payload.requestId ?? '',
      });
    },
    setHall(isHall) {
      if (isHall) sessionStore.set(STORAGE_KEYS.isHall, '1');
      else sessionStore.remove(STORAGE_KEYS.isHall);
      set({ isHall });
    },
    clear() {
      local.remove(get().tokenHeader);
      local.remove(STORAGE_KEYS.publicKey);
      local.remove(STORAGE_KEYS.account);
      sessionStore.remove(STORAGE_KEYS.isHall);
      set({ token: null, account: '', publicKey: null, user: null, menus: null, permissions: [], roles: [], requestId: '', isHall: false });
    },
  };
});

/** Non-React access for the request client and bootstrapping code. */
export const sessionState = (): SessionState => useSession.getState();
