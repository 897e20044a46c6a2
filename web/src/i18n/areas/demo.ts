import zh from '../demo.zh.json';
import en from '../demo.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
