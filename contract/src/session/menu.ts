/** A menu item as /ms/getPermission returns it (spec sections 2 and 3). */
export interface MenuItem {
  menuname: string;
  menuurl: string;
  icon: string;
  sort: number;
  /** A JSON string of MenuRemark. */
  remark: string;
  menus?: MenuItem[];
}

/** The flags inside a menu item's remark JSON string (spec section 2). */
export interface MenuRemark {
  menuNameEng?: string;
  /** '1': custom page rendered at /customPreview/{zdycs}. */
  sfzdy?: string;
  zdycs?: string;
  /** '1': this page is the user's home page. */
  sfswsy?: string;
  /** 'top': the entry also appears in the header menu. */
  cdwz?: string;
  /** '1': external link. */
  sfwblj?: string;
  /** '1': hidden from the sidebar (still routable). */
  hidden?: string;
  /** '1': a parent with one child still shows as a submenu. */
  alwaysShow?: string;
  /** '1': not kept alive when switching tabs. */
  noCache?: string;
}

export function parseMenuRemark(remark: string | null | undefined): MenuRemark {
  if (!remark) return {};
  try {
    const parsed: unknown = JSON.parse(remark);
    return parsed && typeof parsed === 'object' ? (parsed as MenuRemark) : {};
  } catch {
    return {};
  }
}

export interface UserInfo {
  username: string;
  userId: string;
  userType: number;
  displayName: string;
}

/** Payload of POST /ms/getPermission. */
export interface PermissionPayload {
  menus: MenuItem[];
  permission: string[];
  roles: string[];
  userInfo: UserInfo;
  requestId: string;
}

/** Payload of GET /api/config/client: what the client reads at start-up (spec section 3). */
export interface ClientConfig {
  baseApi: string;
  title: string;
  titleEn: string;
  footer: string;
  footerEn: string;
  logo: string;
  reportUrl: string;
  officePreviewUrl: string;
  loginType: 'normal' | 'IDS';
  /** Where IDS logins go when the session times out. */
  timeoutUrl: string;
  defaultTheme: string;
  encryption: boolean;
  tokenHeader: string;
}

export const USER_TYPES = { administrator: 1, student: 2, teacher: 3, parent: 4 } as const;

/** Permission value that gates the message bell (spec section 6). */
export const MESSAGE_CENTER_PERMISSION = 'messageCenter_xxzx';
