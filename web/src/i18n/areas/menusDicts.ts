import { menusDictsEn, menusDictsZh } from '@campus/contract';
import zh from '../system/menusDicts.zh.json';
import en from '../system/menusDicts.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: menusDictsZh, en: menusDictsEn }, web: { zh, en } };
