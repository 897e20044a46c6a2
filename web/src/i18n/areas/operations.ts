import { operationsEn, operationsZh } from '@campus/contract';
import zh from '../system/operations.zh.json';
import en from '../system/operations.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: operationsZh, en: operationsEn }, web: { zh, en } };
