import { pagesEn, pagesZh } from '@campus/contract';
import zh from '../pages.zh.json';
import en from '../pages.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: pagesZh, en: pagesEn }, web: { zh, en } };
