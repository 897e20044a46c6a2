import { scoresEn, scoresZh } from '@campus/contract';
import zh from '../scores/conversion.zh.json';
import en from '../scores/conversion.en.json';
import batchesZh from '../scores/scoreBatches.zh.json';
import batchesEn from '../scores/scoreBatches.en.json';
import entryZh from '../scores/scoreEntry.zh.json';
import entryEn from '../scores/scoreEntry.en.json';
import subItemsZh from '../scores/subItems.zh.json';
import subItemsEn from '../scores/subItems.en.json';
import mineZh from '../scores/myScores.zh.json';
import mineEn from '../scores/myScores.en.json';
import analysisZh from '../scores/scoreAnalysis.zh.json';
import analysisEn from '../scores/scoreAnalysis.en.json';
import settingsZh from '../scores/analysisSettings.zh.json';
import settingsEn from '../scores/analysisSettings.en.json';
import type { AreaTexts } from '../areas.ts';

/** 成绩管理 (Scores): the server's score messages, conversion rules, score batches, sub-score settings, score entry, the family's scores and the analysis. */
export const texts: AreaTexts = {
  contract: { zh: scoresZh, en: scoresEn },
  web: { zh: { ...zh, ...batchesZh, ...entryZh, ...subItemsZh, ...mineZh, ...analysisZh, ...settingsZh }, en: { ...en, ...batchesEn, ...entryEn, ...subItemsEn, ...mineEn, ...analysisEn, ...settingsEn } },
};
