import { homeSchoolEn, homeSchoolZh, homeworkEn, homeworkZh } from '@campus/contract';
import zh from '../homeSchool/homeSchool.zh.json';
import en from '../homeSchool/homeSchool.en.json';
import smsZh from '../homeSchool/sms.zh.json';
import smsEn from '../homeSchool/sms.en.json';
import homeworkWebZh from '../homeSchool/homework.zh.json';
import homeworkWebEn from '../homeSchool/homework.en.json';
import assignmentsZh from '../homeSchool/assignments.zh.json';
import assignmentsEn from '../homeSchool/assignments.en.json';
import myHomeworkZh from '../homeSchool/myHomework.zh.json';
import myHomeworkEn from '../homeSchool/myHomework.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = {
  contract: { zh: { ...homeSchoolZh, ...homeworkZh }, en: { ...homeSchoolEn, ...homeworkEn } },
  web: {
    zh: { ...zh, ...smsZh, ...homeworkWebZh, ...assignmentsZh, ...myHomeworkZh },
    en: { ...en, ...smsEn, ...homeworkWebEn, ...assignmentsEn, ...myHomeworkEn },
  },
};
