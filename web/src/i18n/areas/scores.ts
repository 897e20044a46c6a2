import { scoresEn, scoresZh } from '@campus/contract';
import zh from '../scores/conversion.zh.json';
import en from '../scores/conversion.en.json';
import batchesZh from '../scores/scoreBatches.zh.json';
import batchesEn from '../scores/scoreBatches.en.json';
import type { AreaTexts } from '../areas.ts';

/** 成绩管理 (Scores): the server's score messages, the conversion rules and the score batches screens. */
export const texts: AreaTexts = {
  contract: { zh: scoresZh, en: scoresEn },
  web: { zh: { ...zh, ...batchesZh }, en: { ...en, ...batchesEn } },
};
