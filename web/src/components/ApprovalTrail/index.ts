export { ApprovalTrail, type ApprovalTrailProps } from './ApprovalTrail.tsx';
