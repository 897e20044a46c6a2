import { surveysEn, surveysZh } from '@campus/contract';
import zh from '../surveys/surveys.zh.json';
import en from '../surveys/surveys.en.json';
import type { AreaTexts } from '../areas.ts';

/** 问卷调查 (Surveys): the server's messages (states, kinds, refusals, the answering checks) and the screens of the area. */
export const texts: AreaTexts = {
  contract: { zh: surveysZh, en: surveysEn },
  web: { zh, en },
};
