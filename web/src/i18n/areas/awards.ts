import { awardsEn, awardsZh } from '@campus/contract';
import zh from '../awards/awards.zh.json';
import en from '../awards/awards.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: awardsZh, en: awardsEn }, web: { zh, en } };
