import zh from '../profiles.zh.json';
import en from '../profiles.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
