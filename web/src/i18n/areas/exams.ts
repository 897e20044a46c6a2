import { examsEn, examsZh } from '@campus/contract';
import zh from '../exams/examBatches.zh.json';
import en from '../exams/examBatches.en.json';
import roomsZh from '../exams/examRooms.zh.json';
import roomsEn from '../exams/examRooms.en.json';
import invigilationZh from '../exams/invigilation.zh.json';
import invigilationEn from '../exams/invigilation.en.json';
import type { AreaTexts } from '../areas.ts';

/** 考务管理 (Exams): the server's exam messages (kinds, levels, column names among them), the exam batch, room and invigilation screens. */
export const texts: AreaTexts = {
  contract: { zh: examsZh, en: examsEn },
  web: { zh: { ...zh, ...roomsZh, ...invigilationZh }, en: { ...en, ...roomsEn, ...invigilationEn } },
};
