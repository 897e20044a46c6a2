import zh from '../timetable/timetable.zh.json';
import en from '../timetable/timetable.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
