import type { EvaluateBody, EvaluationSetForm, OpenClassContent, OpenClassForm, OpenClassOptions, OpenClassPhase, OpenClassStatistics } from '@campus/contract';
import { call, request } from './client.ts';

/** Calls of open-class evaluation (docs/calls-teaching.md). */
export const OPEN_CLASS_CALLS = {
  page: '/api/safety/openClasses/page',
  options: '/api/safety/openClasses/options',
  create: '/api/safety/openClasses/create',
  update: '/api/safety/openClasses/update',
  delete: '/api/safety/openClasses/delete',
  signUp: '/api/safety/openClasses/signUp',
  cancelSignUp: '/api/safety/openClasses/cancelSignUp',
  content: '/api/safety/openClasses/content',
  evaluate: '/api/safety/openClasses/evaluate',
  statistics: '/api/safety/openClasses/statistics',
  setsPage: '/api/safety/evaluationSets/page',
  setCreate: '/api/safety/evaluationSets/create',
  setUpdate: '/api/safety/evaluationSets/update',
  setDelete: '/api/safety/evaluationSets/delete',
  setsExport: '/api/safety/evaluationSets/export',
} as const;

export const PHASE_COLOURS: Record<OpenClassPhase, string> = { upcoming: 'blue', evaluating: 'green', closed: 'default' };

export const openClassKeys = {
  all: ['openClass'] as const,
  options: ['openClass', 'options'] as const,
  content: (id: number) => ['openClass', 'content', id] as const,
  statistics: (termId: number | undefined) => ['openClass', 'statistics', termId ?? 0] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export async function fetchOpenClassOptions(signal?: AbortSignal): Promise<OpenClassOptions> {
  const data = await call<Partial<OpenClassOptions> | null>(OPEN_CLASS_CALLS.options, { json: {}, signal });
  return {
    terms: list(data?.terms),
    teachers: list(data?.teachers),
    courses: list(data?.courses),
    classes: list(data?.classes),
    classrooms: list(data?.classrooms),
    periods: list(data?.periods),
    sets: list(data?.sets),
    selfId: data?.selfId ?? null,
  };
}

export async function saveOpenClass(body: OpenClassForm): Promise<string> {
  return (await request(body.id ? OPEN_CLASS_CALLS.update : OPEN_CLASS_CALLS.create, { json: body })).msg;
}

export async function signUpFor(id: number, cancel = false): Promise<string> {
  return (await request(cancel ? OPEN_CLASS_CALLS.cancelSignUp : OPEN_CLASS_CALLS.signUp, { json: { id } })).msg;
}

export function fetchOpenClassContent(id: number, signal?: AbortSignal): Promise<OpenClassContent> {
  return call<OpenClassContent>(OPEN_CLASS_CALLS.content, { json: { id }, signal });
}

export async function submitEvaluation(body: EvaluateBody): Promise<string> {
  return (await request(OPEN_CLASS_CALLS.evaluate, { json: body })).msg;
}

export async function fetchOpenClassStatistics(termId: number | undefined, signal?: AbortSignal): Promise<OpenClassStatistics> {
  const data = await call<Partial<OpenClassStatistics> | null>(OPEN_CLASS_CALLS.statistics, { json: termId ? { termId } : {}, signal });
  return { terms: list(data?.terms), termId: data?.termId ?? termId ?? 0, byClass: list(data?.byClass), byTeacher: list(data?.byTeacher) };
}

export async function saveEvaluationSet(body: EvaluationSetForm): Promise<string> {
  return (await request(body.id ? OPEN_CLASS_CALLS.setUpdate : OPEN_CLASS_CALLS.setCreate, { json: body })).msg;
}
