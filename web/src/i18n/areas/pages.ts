import { pagesEn, pagesZh } from '@campus/contract';
import zh from '../system/pages.zh.json';
import en from '../system/pages.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: pagesZh, en: pagesEn }, web: { zh, en } };
