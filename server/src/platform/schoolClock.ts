/**
 * The school's clock is the server's local time: the screens send and show times on it. One place for
 * turning their 'YYYY-MM-DD HH:mm' into an instant and an instant back into text.
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in the server's local time, as the legacy screens show it. */
export function formatLocalTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** 'YYYY-MM-DD HH:mm' as the screens send it, as an instant on the school's clock. */
export const schoolInstant = (text: string) => new Date(`${text.replace(' ', 'T')}:00`);

/** An instant as 'YYYY-MM-DD HH:mm' on the school's clock. */
export const schoolMinute = (value: Date | string) => formatLocalTime(new Date(value)).slice(0, 16);
