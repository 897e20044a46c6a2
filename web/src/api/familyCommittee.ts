import type { CommitteeApply, CommitteeOptions, CommitteeReview } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of the family committee (docs/calls-teaching.md). */
export const COMMITTEE_CALLS = {
  page: '/api/homeSchool/familyCommittee/page',
  options: '/api/homeSchool/familyCommittee/options',
  apply: '/api/homeSchool/familyCommittee/apply',
  withdraw: '/api/homeSchool/familyCommittee/withdraw',
  review: '/api/homeSchool/familyCommittee/review',
  remove: '/api/homeSchool/familyCommittee/remove',
  export: '/api/homeSchool/familyCommittee/export',
} as const;

export const committeeKeys = { options: ['familyCommittee', 'options'] as const };

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export async function fetchCommitteeOptions(signal?: AbortSignal): Promise<CommitteeOptions> {
  const data = await call<Partial<CommitteeOptions> | null>(COMMITTEE_CALLS.options, { json: {}, signal });
  return { schoolYears: list(data?.schoolYears), classes: list(data?.classes), children: list(data?.children) };
}

export async function applyToCommittee(body: CommitteeApply): Promise<string> {
  return (await request(COMMITTEE_CALLS.apply, { json: body })).msg;
}

export async function withdrawApplication(id: number): Promise<string> {
  return (await request(COMMITTEE_CALLS.withdraw, { json: { id } })).msg;
}

export async function reviewCommittee(body: CommitteeReview): Promise<string> {
  return (await request(COMMITTEE_CALLS.review, { json: body })).msg;
}
