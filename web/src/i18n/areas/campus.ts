import { campusEn, campusZh } from '@campus/contract';
import zh from '../campus.zh.json';
import en from '../campus.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: campusZh, en: campusEn }, web: { zh, en } };
