import { timetableArrangeEn, timetableArrangeZh, timetableChangesEn, timetableChangesZh } from '@campus/contract';
import zh from '../timetable/timetable.zh.json';
import en from '../timetable/timetable.en.json';
import changesZh from '../timetable/changes.zh.json';
import changesEn from '../timetable/changes.en.json';
import arrangeZh from '../timetable/arrange.zh.json';
import arrangeEn from '../timetable/arrange.en.json';
import type { AreaTexts } from '../areas.ts';

/** 课表管理 (Timetable): the views, class swaps and make-up classes, and 排课管理, with the server's messages (statuses, refusals). */
export const texts: AreaTexts = {
  contract: { zh: { ...timetableChangesZh, ...timetableArrangeZh }, en: { ...timetableChangesEn, ...timetableArrangeEn } },
  web: { zh: { ...zh, ...changesZh, ...arrangeZh }, en: { ...en, ...changesEn, ...arrangeEn } },
};
