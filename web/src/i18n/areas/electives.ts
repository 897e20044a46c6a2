import { electivesEn, electivesZh, shiftClassesEn, shiftClassesZh } from '@campus/contract';
import zh from '../electives/electives.zh.json';
import en from '../electives/electives.en.json';
import declarationsZh from '../electives/declarations.zh.json';
import declarationsEn from '../electives/declarations.en.json';
import approvalZh from '../electives/approval.zh.json';
import approvalEn from '../electives/approval.en.json';
import selectionZh from '../electives/selection.zh.json';
import selectionEn from '../electives/selection.en.json';
import evaluationZh from '../electives/evaluation.zh.json';
import evaluationEn from '../electives/evaluation.en.json';
import indicatorsZh from '../electives/indicators.zh.json';
import indicatorsEn from '../electives/indicators.en.json';
import gradesZh from '../electives/grades.zh.json';
import gradesEn from '../electives/grades.en.json';
import shiftChoiceZh from '../electives/shiftChoice.zh.json';
import shiftChoiceEn from '../electives/shiftChoice.en.json';
import shiftZh from '../electives/shift.zh.json';
import shiftEn from '../electives/shift.en.json';
import type { AreaTexts } from '../areas.ts';

/** 选课走班 (Electives): the server's messages (statuses, kinds, refusals; 走班管理's too) and the screens of the area. */
export const texts: AreaTexts = {
  contract: { zh: { ...electivesZh, ...shiftClassesZh }, en: { ...electivesEn, ...shiftClassesEn } },
  web: {
    zh: { ...zh, ...declarationsZh, ...approvalZh, ...selectionZh, ...evaluationZh, ...indicatorsZh, ...gradesZh, ...shiftChoiceZh, ...shiftZh },
    en: { ...en, ...declarationsEn, ...approvalEn, ...selectionEn, ...evaluationEn, ...indicatorsEn, ...gradesEn, ...shiftChoiceEn, ...shiftEn },
  },
};
