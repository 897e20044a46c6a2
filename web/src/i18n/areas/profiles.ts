import zh from '../records/profiles.zh.json';
import en from '../records/profiles.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
