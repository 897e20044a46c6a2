import { teachingEn, teachingZh } from '@campus/contract';
import openClassZh from '../teaching/openClass.zh.json';
import openClassEn from '../teaching/openClass.en.json';
import stratifiedZh from '../teaching/stratified.zh.json';
import stratifiedEn from '../teaching/stratified.en.json';
import committeeZh from '../teaching/familyCommittee.zh.json';
import committeeEn from '../teaching/familyCommittee.en.json';
import meetingsZh from '../teaching/researchMeetings.zh.json';
import meetingsEn from '../teaching/researchMeetings.en.json';
import termStudentsZh from '../teaching/termStudents.zh.json';
import termStudentsEn from '../teaching/termStudents.en.json';
import materialsZh from '../teaching/materials.zh.json';
import materialsEn from '../teaching/materials.en.json';
import type { AreaTexts } from '../areas.ts';

/** The teaching pages of issue 17 (公开课评价 and the hidden routes beside it): the server's messages and the screens. */
export const texts: AreaTexts = {
  contract: { zh: teachingZh, en: teachingEn },
  web: {
    zh: { ...openClassZh, ...stratifiedZh, ...committeeZh, ...meetingsZh, ...termStudentsZh, ...materialsZh },
    en: { ...openClassEn, ...stratifiedEn, ...committeeEn, ...meetingsEn, ...termStudentsEn, ...materialsEn },
  },
};
