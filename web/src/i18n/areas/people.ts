import { peopleEn, peopleZh } from '@campus/contract';
import zh from '../system/people.zh.json';
import en from '../system/people.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: peopleZh, en: peopleEn }, web: { zh, en } };
