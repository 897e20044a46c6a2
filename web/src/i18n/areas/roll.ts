import { admissionEn, admissionZh, rollEn, rollZh } from '@campus/contract';
import zh from '../roll/rollChanges.zh.json';
import en from '../roll/rollChanges.en.json';
import enrolmentZh from '../roll/enrolment.zh.json';
import enrolmentEn from '../roll/enrolment.en.json';
import teachingClassesZh from '../roll/teachingClasses.zh.json';
import teachingClassesEn from '../roll/teachingClasses.en.json';
import admissionPageZh from '../roll/admission.zh.json';
import admissionPageEn from '../roll/admission.en.json';
import type { AreaTexts } from '../areas.ts';

/** 学籍管理 (School roll): the server's roll and admission messages (the kinds of change, the admission statuses among them), the roll changes, enrolment, teaching class, admission and class division screens. */
export const texts: AreaTexts = {
  contract: { zh: { ...rollZh, ...admissionZh }, en: { ...rollEn, ...admissionEn } },
  web: { zh: { ...zh, ...enrolmentZh, ...teachingClassesZh, ...admissionPageZh }, en: { ...en, ...enrolmentEn, ...teachingClassesEn, ...admissionPageEn } },
};
