import type { Language } from '@campus/contract';
import { i18n } from './index.ts';

/**
 * The functional areas whose texts are not part of the first download: each area's web texts
 * (./{area}.{zh,en}.json) and, for the management areas, its server catalogue (contract/src/messages)
 * form one chunk, loaded with the first screen that needs it.
 */
export type TextArea =
  | 'system'
  | 'menusDicts'
  | 'operations'
  | 'campus'
  | 'people'
  | 'pages'
  | 'timetable'
  | 'profiles'
  | 'students'
  | 'messageCenter'
  | 'homeSchool'
  | 'awards'
  | 'applications'
  | 'roll'
  | 'exams'
  | 'scores'
  | 'evaluation'
  | 'electives'
  | 'headTeacher'
  | 'safety'
  | 'labs'
  | 'campusLife'
  | 'teaching'
  | 'surveys'
  | 'demo';
export const TEXT_AREAS: readonly TextArea[] = ['system', 'menusDicts', 'operations', 'campus', 'people', 'pages', 'timetable', 'profiles', 'students', 'messageCenter', 'homeSchool', 'awards', 'applications', 'roll', 'exams', 'scores', 'evaluation', 'electives', 'headTeacher', 'safety', 'labs', 'campusLife', 'teaching', 'surveys', 'demo'];

export interface AreaTexts {
  /** The area's part of the server catalogue (field names, validation messages of its schemas), if any. */
  contract: Record<Language, Record<string, string>>;
  /** The area's screen texts. */
  web: Record<Language, Record<string, string>>;
}

const modules: Record<TextArea, () => Promise<{ texts: AreaTexts }>> = {
  system: () => import('./areas/system.ts'),
  menusDicts: () => import('./areas/menusDicts.ts'),
  operations: () => import('./areas/operations.ts'),
  campus: () => import('./areas/campus.ts'),
  people: () => import('./areas/people.ts'),
  pages: () => import('./areas/pages.ts'),
  timetable: () => import('./areas/timetable.ts'),
  profiles: () => import('./areas/profiles.ts'),
  students: () => import('./areas/students.ts'),
  messageCenter: () => import('./areas/messageCenter.ts'),
  homeSchool: () => import('./areas/homeSchool.ts'),
  awards: () => import('./areas/awards.ts'),
  applications: () => import('./areas/applications.ts'),
  roll: () => import('./areas/roll.ts'),
  exams: () => import('./areas/exams.ts'),
  scores: () => import('./areas/scores.ts'),
  evaluation: () => import('./areas/evaluation.ts'),
  electives: () => import('./areas/electives.ts'),
  headTeacher: () => import('./areas/headTeacher.ts'),
  safety: () => import('./areas/safety.ts'),
  labs: () => import('./areas/labs.ts'),
  campusLife: () => import('./areas/campusLife.ts'),
  teaching: () => import('./areas/teaching.ts'),
  surveys: () => import('./areas/surveys.ts'),
  demo: () => import('./areas/demo.ts'),
};

export async function areaTexts(area: TextArea): Promise<AreaTexts> {
  return (await modules[area]()).texts;
}

// Both languages go in at once, so switching the language keeps every open screen translated.
const LANGUAGES: readonly Language[] = ['zh', 'en'];
const loading = new Map<TextArea, Promise<void>>();

function install(texts: AreaTexts): void {
  for (const language of LANGUAGES) {
    // Same precedence as one merged catalogue: the web texts win over the server's, which never replace a core text.
    i18n.addResourceBundle(language, 'translation', texts.contract[language], true, false);
    i18n.addResourceBundle(language, 'translation', texts.web[language], true, true);
  }
}

/** Loads the texts of the areas once; a failed load is tried again next time. */
export function loadTexts(areas: readonly TextArea[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      let pending = loading.get(area);
      if (!pending) {
        pending = areaTexts(area).then(install);
        pending.catch(() => loading.delete(area));
        loading.set(area, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** A loader that resolves once its module and the texts of its areas are in. */
export type TextsLoader<T> = (() => Promise<T>) & { readonly areas: readonly TextArea[] };

/** A page loader that resolves only once the page's area texts are in, so a page never shows raw keys. */
export function withTexts<T>(areas: readonly TextArea[], load: () => Promise<T>): TextsLoader<T> {
  return Object.assign(async () => (await Promise.all([load(), loadTexts(areas)]))[0], { areas });
}
