import dayjs, { type Dayjs } from 'dayjs';

/** The school's 'YYYY-MM-DD HH:mm' of the application calls. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function parseTime(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const time = dayjs(value.replace(' ', 'T').slice(0, 16));
  return time.isValid() ? time : null;
}

/**
 * A DatePicker's Form.Item that keeps the value as the call's text, so the form's values are what the
 * contract's schema checks (and zodRule can run it over them).
 */
export const timeField = {
  getValueProps: (value: string | undefined) => ({ value: parseTime(value) }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(TIME_FORMAT) : ''),
};
