import type {
  MySurveyRow,
  NonRespondentRow,
  PublicSurveyRow,
  SurveyAnswers,
  SurveyDetail,
  SurveyForAnswer,
  SurveyForm,
  SurveyPhase,
  SurveyPublish,
  SurveyStatistics,
} from '@campus/contract';
import { call, download, request } from './client.ts';
import { exportFileName, saveBlob } from './exports.ts';

/** Calls of the surveys area (docs/calls-surveys.md). */
export const SURVEY_CALLS = {
  designPage: '/api/surveys/design/page',
  designGet: '/api/surveys/design/get',
  preview: '/api/surveys/design/preview',
  classes: '/api/surveys/design/classes',
  create: '/api/surveys/design/create',
  update: '/api/surveys/design/update',
  remove: '/api/surveys/design/delete',
  copy: '/api/surveys/design/copy',
  use: '/api/surveys/design/use',
  publish: '/api/surveys/design/publish',
  unpublish: '/api/surveys/design/unpublish',
  minePage: '/api/surveys/mine/page',
  mineGet: '/api/surveys/mine/get',
  mineSubmit: '/api/surveys/mine/submit',
  publicList: '/api/surveys/public/list',
  publicGet: '/api/surveys/public/get',
  publicSubmit: '/api/surveys/public/submit',
  statisticsPage: '/api/surveys/statistics/page',
  statistics: '/api/surveys/statistics/get',
  texts: '/api/surveys/statistics/texts',
  nonRespondents: '/api/surveys/statistics/nonRespondents',
  remind: '/api/surveys/statistics/remind',
  export: '/api/surveys/statistics/export',
} as const;

export const PHASE_COLOURS: Record<SurveyPhase, string> = {
  draft: 'default',
  upcoming: 'warning',
  open: 'success',
  closed: 'default',
  stopped: 'error',
};

export const surveyKeys = {
  all: ['surveys'] as const,
  detail: (id: number) => ['surveys', 'detail', id] as const,
  preview: (id: number) => ['surveys', 'preview', id] as const,
  classes: ['surveys', 'classes'] as const,
  mine: (id: number) => ['surveys', 'mine', id] as const,
  publicList: ['surveys', 'public'] as const,
  publicForm: (key: string) => ['surveys', 'public', key] as const,
  statistics: (id: number) => ['surveys', 'statistics', id] as const,
};

export const fetchSurvey = (id: number, signal?: AbortSignal) => call<SurveyDetail>(SURVEY_CALLS.designGet, { json: { id }, signal });
export const fetchPreview = (id: number, signal?: AbortSignal) => call<SurveyForAnswer>(SURVEY_CALLS.preview, { json: { id }, signal, silent: true, ignoreExpiry: true });
export const fetchSurveyClasses = (signal?: AbortSignal) => call<{ id: number; name: string; gradeName: string }[]>(SURVEY_CALLS.classes, { signal });

export async function saveSurvey(form: SurveyForm & { id?: number }): Promise<{ id: number; msg: string }> {
  const answer = await request<{ id: number } | null>(form.id ? SURVEY_CALLS.update : SURVEY_CALLS.create, { json: form });
  return { id: answer.data?.id ?? form.id ?? 0, msg: answer.msg };
}

export async function publishSurvey(input: Partial<SurveyPublish> & { id: number }): Promise<{ publicKey: string; recipientTotal: number; msg: string }> {
  const answer = await request<{ publicKey: string; recipientTotal: number }>(SURVEY_CALLS.publish, { json: input });
  return { ...answer.data, msg: answer.msg };
}

export async function surveyAction(url: string, body: object): Promise<string> {
  return (await request(url, { json: body })).msg;
}

export const fetchMySurvey = (id: number, signal?: AbortSignal) => call<SurveyForAnswer>(SURVEY_CALLS.mineGet, { json: { id }, signal, silent: true });
export const submitMySurvey = async (id: number, answers: SurveyAnswers) => (await request(SURVEY_CALLS.mineSubmit, { json: { id, answers }, silent: true })).msg;

export const fetchPublicSurveys = (signal?: AbortSignal) => call<PublicSurveyRow[]>(SURVEY_CALLS.publicList, { signal, silent: true, ignoreExpiry: true });
export const fetchPublicSurvey = (key: string, respondentKey: string, signal?: AbortSignal) =>
  call<SurveyForAnswer>(SURVEY_CALLS.publicGet, { json: { key, respondentKey }, signal, silent: true, ignoreExpiry: true });
export const submitPublicSurvey = async (key: string, respondentKey: string, answers: SurveyAnswers) =>
  (await request(SURVEY_CALLS.publicSubmit, { json: { key, respondentKey, answers }, silent: true, ignoreExpiry: true })).msg;

export const fetchStatistics = (id: number, signal?: AbortSignal) => call<SurveyStatistics>(SURVEY_CALLS.statistics, { json: { id }, signal });
export const fetchTexts = (id: number, question: number, currPage: number, limit: number, signal?: AbortSignal) =>
  call<{ total: number; rows: { text: string }[] }>(SURVEY_CALLS.texts, { json: { id, question, currPage, limit }, signal });
export const fetchNonRespondents = (id: number, currPage: number, limit: number, signal?: AbortSignal) =>
  call<{ total: number; rows: NonRespondentRow[] }>(SURVEY_CALLS.nonRespondents, { json: { id, currPage, limit }, signal });

export async function exportStatistics(id: number, name: string): Promise<void> {
  const blob = await download(SURVEY_CALLS.export, { query: { id } });
  saveBlob(blob, exportFileName(name));
}

export type { MySurveyRow };

/** The browser's own random key for the public link: one answer per browser, kept in its storage. */
const RESPONDENT_KEY = 'campus.surveyRespondent';
export function respondentKey(storage: Storage = window.localStorage): string {
  let key = '';
  try {
    key = storage.getItem(RESPONDENT_KEY) ?? '';
  } catch {
    // Storage refused (private mode): a key for this page only.
  }
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    try {
      storage.setItem(RESPONDENT_KEY, key);
    } catch {
      // As above.
    }
  }
  return key;
}

/** The address a public survey's link and QR code carry. */
export const publicSurveyUrl = (key: string, origin: string = window.location.origin) => `${origin}/survey/wjdt/answerSurvey?key=${encodeURIComponent(key)}`;
