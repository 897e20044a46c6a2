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
import overallZh from '../scores/overall.zh.json';
import overallEn from '../scores/overall.en.json';
import maintenanceZh from '../scores/maintenance.zh.json';
import maintenanceEn from '../scores/maintenance.en.json';
import groupsZh from '../scores/groups.zh.json';
import groupsEn from '../scores/groups.en.json';
import externalZh from '../scores/external.zh.json';
import externalEn from '../scores/external.en.json';
import type { AreaTexts } from '../areas.ts';

/** 成绩管理 (Scores): the server's score messages, conversion rules, score batches, sub-score settings, score entry, the family's scores and the analysis. */
export const texts: AreaTexts = {
  contract: { zh: scoresZh, en: scoresEn },
  web: { zh: { ...zh, ...batchesZh, ...entryZh, ...subItemsZh, ...mineZh, ...analysisZh, ...settingsZh, ...overallZh, ...maintenanceZh, ...groupsZh, ...externalZh }, en: { ...en, ...batchesEn, ...entryEn, ...subItemsEn, ...mineEn, ...analysisEn, ...settingsEn, ...overallEn, ...maintenanceEn, ...groupsEn, ...externalEn } },
};
