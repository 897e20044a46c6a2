import { rollEn, rollZh } from '@campus/contract';
import zh from '../roll/rollChanges.zh.json';
import en from '../roll/rollChanges.en.json';
import enrolmentZh from '../roll/enrolment.zh.json';
import enrolmentEn from '../roll/enrolment.en.json';
import teachingClassesZh from '../roll/teachingClasses.zh.json';
import teachingClassesEn from '../roll/teachingClasses.en.json';
import type { AreaTexts } from '../areas.ts';

/** 学籍管理 (School roll): the server's roll messages (the kinds of change among them), the roll changes, enrolment and teaching class screens. */
export const texts: AreaTexts = {
  contract: { zh: rollZh, en: rollEn },
  web: { zh: { ...zh, ...enrolmentZh, ...teachingClassesZh }, en: { ...en, ...enrolmentEn, ...teachingClassesEn } },
};
