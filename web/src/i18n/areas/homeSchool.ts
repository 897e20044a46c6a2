import { homeSchoolEn, homeSchoolZh } from '@campus/contract';
import zh from '../homeSchool/homeSchool.zh.json';
import en from '../homeSchool/homeSchool.en.json';
import smsZh from '../homeSchool/sms.zh.json';
import smsEn from '../homeSchool/sms.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: homeSchoolZh, en: homeSchoolEn }, web: { zh: { ...zh, ...smsZh }, en: { ...en, ...smsEn } } };
