import { applicationsEn, applicationsZh, certificatesEn, certificatesZh } from '@campus/contract';
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
import certificatesWebZh from '../applications/certificates.zh.json';
import certificatesWebEn from '../applications/certificates.en.json';
import type { AreaTexts } from '../areas.ts';

/**
 * 申请审批: the approval trail (shared by every page that shows an application), the statuses, leave and travel,
 * day-school and certificates (with the public verification page), the review queue and the approval chains.
 */
export const texts: AreaTexts = {
  contract: { zh: { ...applicationsZh, ...certificatesZh }, en: { ...applicationsEn, ...certificatesEn } },
  web: {
    zh: { ...approvalTrailZh, ...zh, ...leaveZh, ...travelZh, ...certificatesWebZh, ...reviewZh, ...flowsZh },
    en: { ...approvalTrailEn, ...en, ...leaveEn, ...travelEn, ...certificatesWebEn, ...reviewEn, ...flowsEn },
  },
};
