import zh from '../messages/messageCenter.zh.json';
import en from '../messages/messageCenter.en.json';
import type { AreaTexts } from '../areas.ts';

export const texts: AreaTexts = { contract: { zh: {}, en: {} }, web: { zh, en } };
