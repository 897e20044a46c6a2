import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { fetchAdmissionOptions } from '../../../api/admission.ts';

/** The query key of the options (grades, intake years, classes with their students) of both screens. */
export const ADMISSION_OPTIONS_KEY = ['roll', 'admission', 'options'] as const;

/** Grades, intake years and classes of Admission and Class division; a refusal has been shown by the client. */
export function useAdmissionOptions() {
  return useQuery({ queryKey: ADMISSION_OPTIONS_KEY, queryFn: ({ signal }) => fetchAdmissionOptions(signal) });
}

/** The gender code of a registration ('1' male, '2' female) in the user's language. */
export function genderLabel(code: string, t: TFunction): string {
  return code === '1' ? t('admissionPage.male') : code === '2' ? t('admissionPage.female') : code;
}

/** A score as shown: one decimal at most, a dash when there is none. */
export function scoreText(value: number | null | undefined): string {
  return value == null ? '—' : String(Math.round(value * 10) / 10);
}

/** The message of a refused call (the server's msg, translated). */
export function refusalOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
