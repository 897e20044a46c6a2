import { scoresEn, scoresZh } from '@campus/contract';
import zh from '../scores/conversion.zh.json';
import en from '../scores/conversion.en.json';
import type { AreaTexts } from '../areas.ts';

/** 成绩管理 (Scores): the server's score messages and the conversion rules screen. */
export const texts: AreaTexts = {
  contract: { zh: scoresZh, en: scoresEn },
  web: { zh, en },
};
