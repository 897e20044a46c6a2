import zh from '../demo/demo.zh.json';
import en from '../demo/demo.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
