import { systemEn, systemZh } from '@campus/contract';
import zh from '../system/system.zh.json';
import en from '../system/system.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: systemZh, en: systemEn }, web: { zh, en } };
