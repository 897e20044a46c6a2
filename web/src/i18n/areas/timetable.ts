import { timetableChangesEn, timetableChangesZh } from '@campus/contract';
import zh from '../timetable/timetable.zh.json';
import en from '../timetable/timetable.en.json';
import changesZh from '../timetable/changes.zh.json';
import changesEn from '../timetable/changes.en.json';
import type { AreaTexts } from '../areas.ts';

/** 课表管理 (Timetable): the views, and class swaps and make-up classes with the server's messages (statuses, refusals). */
export const texts: AreaTexts = {
  contract: { zh: timetableChangesZh, en: timetableChangesEn },
  web: { zh: { ...zh, ...changesZh }, en: { ...en, ...changesEn } },
};
