/** Minimal cookie helpers (language, theme and colour preferences live in cookies, spec section 4). */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, days?: number): void {
  // Only the characters a cookie value may not hold are escaped, so '#00693e' stays readable.
  const safeValue = value.replace(/[\s;,"\\%]/g, (c) => encodeURIComponent(c));
  let cookie = `${encodeURIComponent(name)}=${safeValue}; path=/; SameSite=Lax`;
  if (days !== undefined) {
    const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    cookie += `; expires=${expires.toUTCString()}`;
  }
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
