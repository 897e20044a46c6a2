import { labsEn, labsZh } from '@campus/contract';
import zh from '../labs/labs.zh.json';
import en from '../labs/labs.en.json';
import type { AreaTexts } from '../areas.ts';

/** 校园生活's laboratory booking: the server's messages (kinds, statuses, refusals) and the screens. */
export const texts: AreaTexts = { contract: { zh: labsZh, en: labsEn }, web: { zh, en } };
