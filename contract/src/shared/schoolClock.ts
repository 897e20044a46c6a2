/**
 * The school's own time zone decides what "today" is, on the server and in every browser: a browser (or a
 * server) set to another zone would otherwise offer yesterday as today for hours, and the server would
 * refuse the date it offered.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Shanghai';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The school's date of an instant (now by default), YYYY-MM-DD. */
export function schoolDateOf(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/**
 * The Monday of a date's week, YYYY-MM-DD (weeks run Monday to Sunday, days 1–7 as in the timetable):
 * calendar arithmetic on the text, so no zone can shift it to a neighbouring day.
 */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
