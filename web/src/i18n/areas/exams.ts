import { examsEn, examsZh } from '@campus/contract';
import zh from '../exams/examBatches.zh.json';
import en from '../exams/examBatches.en.json';
import type { AreaTexts } from '../areas.ts';

/** 考务管理 (Exams): the server's exam messages (kinds, levels, column names among them) and the exam batches screen. */
export const texts: AreaTexts = {
  contract: { zh: examsZh, en: examsEn },
  web: { zh, en },
};
