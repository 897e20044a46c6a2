import { operationsEn, operationsZh } from '@campus/contract';
import zh from '../operations.zh.json';
import en from '../operations.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: operationsZh, en: operationsEn }, web: { zh, en } };
