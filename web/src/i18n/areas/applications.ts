import { applicationsEn, applicationsZh } from '@campus/contract';
import approvalTrailZh from '../applications/approvalTrail.zh.json';
import approvalTrailEn from '../applications/approvalTrail.en.json';
import zh from '../applications/applications.zh.json';
import en from '../applications/applications.en.json';
import leaveZh from '../applications/leave.zh.json';
import leaveEn from '../applications/leave.en.json';
import travelZh from '../applications/travel.zh.json';
import travelEn from '../applications/travel.en.json';
import reviewZh from '../applications/review.zh.json';
import reviewEn from '../applications/review.en.json';
import flowsZh from '../applications/flows.zh.json';
import flowsEn from '../applications/flows.en.json';
import type { AreaTexts } from '../areas.ts';

/** 申请审批: the approval trail (shared by every page that shows an application), the statuses, leave and travel, the review queue and the approval chains. */
export const texts: AreaTexts = {
  contract: { zh: applicationsZh, en: applicationsEn },
  web: {
    zh: { ...approvalTrailZh, ...zh, ...leaveZh, ...travelZh, ...reviewZh, ...flowsZh },
    en: { ...approvalTrailEn, ...en, ...leaveEn, ...travelEn, ...reviewEn, ...flowsEn },
  },
};
