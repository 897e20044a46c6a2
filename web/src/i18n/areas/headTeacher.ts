import { headTeacherEn, headTeacherZh } from '@campus/contract';
import zh from '../headTeacher/headTeacher.zh.json';
import en from '../headTeacher/headTeacher.en.json';
import type { AreaTexts } from '../areas.ts';

/** 班主任工作 (Class teacher work): the server's messages (field and option labels, refusals) and the area's screens. */
export const texts: AreaTexts = {
  contract: { zh: headTeacherZh, en: headTeacherEn },
  web: { zh, en },
};
