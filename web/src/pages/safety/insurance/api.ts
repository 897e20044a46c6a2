import type {
  ClaimActionForm,
  ClaimDetail,
  ClaimForm,
  ClaimStatus,
  InsuranceStudentOption,
  InsuredChild,
  PolicyRow,
  PolicyStats,
} from '@campus/contract';
import { call } from '../../../api/client.ts';

/** The calls of the insurance claims (docs/calls-safety.md). */
const base = '/api/safety/insurance';
export const INSURANCE_CALLS = {
  companiesPage: `${base}/companies/page`,
  companiesDelete: `${base}/companies/delete`,
  policiesPage: `${base}/policies/page`,
  policiesDelete: `${base}/policies/delete`,
  insuredPage: `${base}/insured/page`,
  insuredImport: `${base}/insured/import`,
  insuredTemplate: `${base}/insured/template`,
  claimsPage: `${base}/claims/page`,
  claimsExport: `${base}/claims/export`,
} as const;

export const CLAIM_COLOURS: Record<ClaimStatus, string> = { submitted: 'blue', received: 'gold', paid: 'green', rejected: 'red' };

export const insuranceKeys = {
  children: ['safety', 'insurance', 'children'] as const,
  claim: (id: number) => ['safety', 'insurance', 'claim', id] as const,
  claims: (studentId: number) => ['safety', 'insurance', 'claims', studentId] as const,
  companies: ['safety', 'insurance', 'companies'] as const,
  classes: ['safety', 'insurance', 'classes'] as const,
  stats: ['safety', 'insurance', 'stats'] as const,
  policy: (id: number) => ['safety', 'insurance', 'policy', id] as const,
  student: (id: number) => ['safety', 'insurance', 'student', id] as const,
};

export const fetchChildren = (signal?: AbortSignal) => call<InsuredChild[]>(`${base}/claims/children`, { json: {}, signal });
export const fetchClaim = (id: number, signal?: AbortSignal) => call<ClaimDetail>(`${base}/claims/get`, { json: { id }, signal });
export const fetchClaimsOf = (studentId: number, signal?: AbortSignal) =>
  call<{ total: number; rows: ClaimDetail[] }>(INSURANCE_CALLS.claimsPage, { json: { currPage: 0, limit: 100, search: { studentId } }, signal });
export const fileClaim = (form: ClaimForm) => call<{ id: number }>(`${base}/claims/create`, { json: form });
export const moveClaim = (form: ClaimActionForm) => call<null>(`${base}/claims/action`, { json: form });
export const fetchCompanies = (signal?: AbortSignal) => call<{ id: number; name: string }[]>(`${base}/companies/options`, { json: {}, signal });
export const saveCompany = (form: unknown) => call<{ id: number }>(`${base}/companies/save`, { json: form });
export const savePolicy = (form: unknown) => call<{ id: number }>(`${base}/policies/save`, { json: form });
export const fetchPolicy = (id: number, signal?: AbortSignal) => call<PolicyRow>(`${base}/policies/get`, { json: { id }, signal });
export const fetchStats = (signal?: AbortSignal) => call<PolicyStats[]>(`${base}/policies/stats`, { json: {}, signal });
export const fetchInsuranceClasses = (signal?: AbortSignal) => call<{ id: number; name: string }[]>(`${base}/insured/classes`, { json: {}, signal });
export const searchInsuranceStudents = (keyword: string, signal: AbortSignal) => call<InsuranceStudentOption[]>(`${base}/insured/students`, { json: { keyword }, signal });
export const insure = (policyId: number, studentIds: number[], classIds: number[], studentNumbers: string[]) =>
  call<{ count: number; skipped: number }>(`${base}/insured/add`, { json: { policyId, studentIds, classIds, studentNumbers } });
/** The multipart import of a policy's insured students: the policy goes in the query, as the other imports' keys do. */
export const insuredImportUrl = (policyId: number) => `${INSURANCE_CALLS.insuredImport}?policyId=${policyId}`;
export const uninsure = (policyId: number, ids: number[]) => call<null>(`${base}/insured/remove`, { json: { policyId, ids } });
export const fetchClaimStudent = (id: number, signal?: AbortSignal) => call<InsuranceStudentOption>(`${base}/claims/student`, { json: { id }, signal });
