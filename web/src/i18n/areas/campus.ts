import { campusEn, campusZh } from '@campus/contract';
import zh from '../system/campus.zh.json';
import en from '../system/campus.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: campusZh, en: campusEn }, web: { zh, en } };
