import { evaluationEn, evaluationZh } from '@campus/contract';
import maintainZh from '../evaluation/termMaintain.zh.json';
import maintainEn from '../evaluation/termMaintain.en.json';
import fillZh from '../evaluation/termFill.zh.json';
import fillEn from '../evaluation/termFill.en.json';
import reportsZh from '../evaluation/reports.zh.json';
import reportsEn from '../evaluation/reports.en.json';
import type { AreaTexts } from '../areas.ts';

/** 学生评价 (Student evaluation): the server's messages, the themes' setup, the class teacher's grid and the two reports. */
export const texts: AreaTexts = {
  contract: { zh: evaluationZh, en: evaluationEn },
  web: { zh: { ...maintainZh, ...fillZh, ...reportsZh }, en: { ...maintainEn, ...fillEn, ...reportsEn } },
};
