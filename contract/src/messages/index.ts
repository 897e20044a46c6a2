import { en as coreEn, type MessageKey as CoreMessageKey } from './en.ts';
import { zh as coreZh } from './zh.ts';
import { systemEn } from './systemEn.ts';
import { systemZh } from './systemZh.ts';
import { menusDictsEn, menusDictsZh } from './menusDicts.ts';
import { operationsEn, operationsZh } from './operations.ts';
import { campusEn, campusZh } from './campus.ts';
import { peopleEn, peopleZh } from './people.ts';
import { pagesEn, pagesZh } from './pages.ts';
import { homeSchoolEn, homeSchoolZh } from './homeSchool.ts';
import { awardsEn, awardsZh } from './awards.ts';
import { homeworkEn, homeworkZh } from './homework.ts';
import { applicationsEn, applicationsZh } from './applications.ts';
import { certificatesEn, certificatesZh } from './certificates.ts';
import { rollEn, rollZh } from './roll.ts';
import { examsEn, examsZh } from './exams.ts';
import { scoresEn, scoresZh } from './scores.ts';
import { evaluationEn, evaluationZh } from './evaluation.ts';
import { electivesEn, electivesZh } from './electives.ts';
import { headTeacherEn, headTeacherZh } from './headTeacher.ts';
import { safetyEn, safetyZh } from './safety.ts';
import { labsEn, labsZh } from './labs.ts';
import { admissionEn, admissionZh } from './admission.ts';
import { campusLifeEn, campusLifeZh } from './campusLife.ts';
import { shiftClassesEn, shiftClassesZh } from './shiftClasses.ts';
import { timetableArrangeEn, timetableArrangeZh } from './timetableArrange.ts';
import { timetableChangesEn, timetableChangesZh } from './timetableChanges.ts';
import { surveysEn, surveysZh } from './surveys.ts';
import { teachingEn, teachingZh } from './teaching.ts';

export { coreMessages } from './core.ts';
// One by one too, so that a client can load each area's catalogue on its own.
export { systemEn, systemZh, menusDictsEn, menusDictsZh, operationsEn, operationsZh, campusEn, campusZh, peopleEn, peopleZh, pagesEn, pagesZh, homeSchoolEn, homeSchoolZh, homeworkEn, homeworkZh, awardsEn, awardsZh, applicationsEn, applicationsZh, certificatesEn, certificatesZh, rollEn, rollZh, examsEn, examsZh, scoresEn, scoresZh, evaluationEn, evaluationZh, electivesEn, electivesZh, headTeacherEn, headTeacherZh, safetyEn, safetyZh, labsEn, labsZh, timetableChangesEn, timetableChangesZh, timetableArrangeEn, timetableArrangeZh, shiftClassesEn, shiftClassesZh, admissionEn, admissionZh, campusLifeEn, campusLifeZh, teachingEn, teachingZh };
export { surveysEn, surveysZh };

/** The area catalogues (issue 4); each holds the keys of its screens, never a key of another file. */
export const areaCatalogues = {
  system: { en: systemEn, zh: systemZh },
  menusDicts: { en: menusDictsEn, zh: menusDictsZh },
  operations: { en: operationsEn, zh: operationsZh },
  campus: { en: campusEn, zh: campusZh },
  people: { en: peopleEn, zh: peopleZh },
  pages: { en: pagesEn, zh: pagesZh },
  homeSchool: { en: homeSchoolEn, zh: homeSchoolZh },
  homework: { en: homeworkEn, zh: homeworkZh },
  awards: { en: awardsEn, zh: awardsZh },
  applications: { en: applicationsEn, zh: applicationsZh },
  certificates: { en: certificatesEn, zh: certificatesZh },
  roll: { en: rollEn, zh: rollZh },
  exams: { en: examsEn, zh: examsZh },
  scores: { en: scoresEn, zh: scoresZh },
  evaluation: { en: evaluationEn, zh: evaluationZh },
  electives: { en: electivesEn, zh: electivesZh },
  headTeacher: { en: headTeacherEn, zh: headTeacherZh },
  safety: { en: safetyEn, zh: safetyZh },
  labs: { en: labsEn, zh: labsZh },
  timetableChanges: { en: timetableChangesEn, zh: timetableChangesZh },
  timetableArrange: { en: timetableArrangeEn, zh: timetableArrangeZh },
  shiftClasses: { en: shiftClassesEn, zh: shiftClassesZh },
  admission: { en: admissionEn, zh: admissionZh },
  surveys: { en: surveysEn, zh: surveysZh },
  teaching: { en: teachingEn, zh: teachingZh },
  campusLife: { en: campusLifeEn, zh: campusLifeZh },
} as const;

// The catalogue is split by area so that areas built side by side do not edit one file.
export const en = { ...coreEn, ...systemEn, ...menusDictsEn, ...operationsEn, ...campusEn, ...peopleEn, ...pagesEn, ...homeSchoolEn, ...homeworkEn, ...awardsEn, ...applicationsEn, ...certificatesEn, ...rollEn, ...examsEn, ...scoresEn, ...evaluationEn, ...electivesEn, ...headTeacherEn, ...safetyEn, ...labsEn, ...timetableChangesEn, ...timetableArrangeEn, ...shiftClassesEn, ...admissionEn, ...campusLifeEn, ...teachingEn, ...surveysEn };
export type MessageKey = CoreMessageKey | keyof typeof systemEn | keyof typeof menusDictsEn | keyof typeof operationsEn | keyof typeof campusEn | keyof typeof peopleEn | keyof typeof pagesEn | keyof typeof homeSchoolEn | keyof typeof homeworkEn | keyof typeof awardsEn | keyof typeof applicationsEn | keyof typeof certificatesEn | keyof typeof rollEn | keyof typeof examsEn | keyof typeof scoresEn | keyof typeof evaluationEn | keyof typeof electivesEn | keyof typeof headTeacherEn | keyof typeof safetyEn | keyof typeof labsEn | keyof typeof timetableChangesEn | keyof typeof timetableArrangeEn | keyof typeof shiftClassesEn | keyof typeof admissionEn | keyof typeof campusLifeEn | keyof typeof teachingEn | keyof typeof surveysEn;
export const zh: Record<MessageKey, string> = { ...coreZh, ...systemZh, ...menusDictsZh, ...operationsZh, ...campusZh, ...peopleZh, ...pagesZh, ...homeSchoolZh, ...homeworkZh, ...awardsZh, ...applicationsZh, ...certificatesZh, ...rollZh, ...examsZh, ...scoresZh, ...evaluationZh, ...electivesZh, ...headTeacherZh, ...safetyZh, ...labsZh, ...timetableChangesZh, ...timetableArrangeZh, ...shiftClassesZh, ...admissionZh, ...campusLifeZh, ...teachingZh, ...surveysZh };
export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh';

export const messages: Record<Language, Record<MessageKey, string>> = { zh, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** Fills {name} placeholders. Unknown keys are returned unchanged so a raw text still reads. */
export function translate(language: Language, key: string, params?: Record<string, string | number>): string {
  const template = isMessageKey(key) ? messages[language][key] : key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
