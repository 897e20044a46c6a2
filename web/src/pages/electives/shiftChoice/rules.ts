import type { TFunction } from 'i18next';
import { CHOICE_COUNT, type MyShiftBatch, type ShiftScheme } from '@campus/contract';

export type ChoiceCourse = MyShiftBatch['courses'][number];

/** 3+1+2: one first-choice subject (physics or history) and two second-choice ones; 3+3: any three. */
export const FIRST_COUNT = 1;
export const SECOND_COUNT = CHOICE_COUNT - FIRST_COUNT;

/** The chosen ids split by group (3+3 counts every subject as one group). */
export function split(scheme: ShiftScheme, courses: readonly ChoiceCourse[], ids: readonly number[]) {
  const groupOf = new Map(courses.map((course) => [course.id, course.choiceGroup]));
  const known = ids.filter((id) => groupOf.has(id));
  if (scheme === '33') return { first: [] as number[], second: known };
  return { first: known.filter((id) => groupOf.get(id) === 'first'), second: known.filter((id) => groupOf.get(id) !== 'first') };
}

/**
 * What is still missing from a choice, '' when it is whole. The server decides in the end (and says why it
 * refuses); this only keeps the button from sending a choice it would refuse for its count.
 */
export function choiceHint(t: TFunction, scheme: ShiftScheme, courses: readonly ChoiceCourse[], ids: readonly number[]): string {
  const { first, second } = split(scheme, courses, ids);
  if (scheme === '33') return second.length === CHOICE_COUNT ? '' : t('shiftChoice.hint33', { chosen: second.length, count: CHOICE_COUNT });
  if (first.length === FIRST_COUNT && second.length === SECOND_COUNT) return '';
  return t('shiftChoice.hint312', { first: first.length, second: second.length });
}

/** Whether two choices hold the same subjects (in any order). */
export const sameChoice = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** A subject as the student reads it: its name and level. */
export const courseLabel = (t: TFunction, course: ChoiceCourse) => (course.level ? t('shiftChoice.withLevel', { name: course.courseName, level: course.level }) : course.courseName);

/** The names of chosen subjects in the batch's order, joined as the language lists them. */
export function chosenNames(t: TFunction, language: string, courses: readonly ChoiceCourse[], ids: readonly number[]): string {
  return courses
    .filter((course) => ids.includes(course.id))
    .map((course) => courseLabel(t, course))
    .join(listSeparator(language));
}

export const listSeparator = (language: string) => (language === 'en' ? ', ' : '\u3001');
