import { safetyEn, safetyZh } from '@campus/contract';
import insuranceZh from '../safety/insurance.zh.json';
import insuranceEn from '../safety/insurance.en.json';
import disciplineZh from '../safety/discipline.zh.json';
import disciplineEn from '../safety/discipline.en.json';
import type { AreaTexts } from '../areas.ts';

/** 保险与纪律's insurance claims and discipline: the server's messages (statuses, sanctions, refusals) and the screens. */
export const texts: AreaTexts = {
  contract: { zh: safetyZh, en: safetyEn },
  web: { zh: { ...insuranceZh, ...disciplineZh }, en: { ...insuranceEn, ...disciplineEn } },
};
