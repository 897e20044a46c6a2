import type { ApplicationType, ApplicationView, ApprovalFlowView, ApprovalStepInput } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of Application review (/sqsp/sqsh) and Approval chains (/sqsp/splc) (server/src/modules/applications/approvals/routes.ts). */
export const APPROVAL_CALLS = {
  page: '/api/applications/review/page',
  get: '/api/applications/review/get',
  decide: '/api/applications/review/decide',
  flows: '/api/applications/flows/list',
  saveFlow: '/api/applications/flows/save',
} as const;

/** The review page's permission; `:all` decides any pending application (administrators). */
export const REVIEW_PERMISSION = 'apply:review';
export const FLOW_PERMISSION = 'apply:flow';

/** The two lists of the review page: what waits for the caller, and what they decided before. */
export type ReviewView = 'waiting' | 'decided';
export type ApprovalDecision = 'approve' | 'reject';

export interface DecideResult {
  approved: number;
  advanced: number;
  rejected: number;
}

export function fetchApplicationForReview(id: number, signal?: AbortSignal): Promise<ApplicationView> {
  return call<ApplicationView>(APPROVAL_CALLS.get, { json: { id }, signal });
}

/**
 * Approves or rejects the applications at their current step, all or none. Resolves with the server's account
 * of what happened; a refusal (one's own application, no longer waiting ...) rejects after the client showed why.
 */
export async function decideApplications(ids: number[], decision: ApprovalDecision, comment: string): Promise<{ msg: string; result: DecideResult }> {
  const envelope = await request<DecideResult>(APPROVAL_CALLS.decide, { json: { ids, decision, comment } });
  return { msg: envelope.msg, result: envelope.data };
}

/** Each application type's chain, its roles by code and name, its people by account and name. */
export async function fetchFlows(signal?: AbortSignal): Promise<ApprovalFlowView[]> {
  const data = await call<ApprovalFlowView[] | null>(APPROVAL_CALLS.flows, { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

/**
 * Saves a type's chain: roles by their code and people by their account, as the shared pickers answer them.
 * The server refuses a dynamic role or an unknown, disabled or non-staff account (its message is shown).
 */
export async function saveFlow(type: ApplicationType, steps: ApprovalStepInput[]): Promise<string> {
  return (await request<null>(APPROVAL_CALLS.saveFlow, { json: { type, steps } })).msg;
}
