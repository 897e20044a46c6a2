import { campusLifeEn, campusLifeZh } from '@campus/contract';
import eventsZh from '../campusLife/events.zh.json';
import eventsEn from '../campusLife/events.en.json';
import dormitoriesZh from '../campusLife/dormitories.zh.json';
import dormitoriesEn from '../campusLife/dormitories.en.json';
import associationsZh from '../campusLife/associations.zh.json';
import associationsEn from '../campusLife/associations.en.json';
import type { AreaTexts } from '../areas.ts';

/** 校园生活 (Campus life): the server's messages (phases, refusals) and the screens of lectures, activities, dormitories and associations. */
export const texts: AreaTexts = {
  contract: { zh: campusLifeZh, en: campusLifeEn },
  web: {
    zh: { ...eventsZh, ...dormitoriesZh, ...associationsZh },
    en: { ...eventsEn, ...dormitoriesEn, ...associationsEn },
  },
};
