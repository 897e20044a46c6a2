import zh from '../records/students.zh.json';
import en from '../records/students.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
