import zh from '../timetable.zh.json';
import en from '../timetable.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
