import type {
  ExamArrangementRow,
  InvigilationArrangeResult,
  InvigilationAssign,
  InvigilationSessionRow,
  InvigilationSettings,
  InvigilationSettingsForm,
  InvigilatorLoad,
  MyInvigilation,
} from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { EXAM_ROOM_CALLS, INVIGILATION_CALLS } from '../../../api/exams.ts';
import { exportFileName, saveBlob } from '../../../api/exports.ts';

/** A staff member the office may add to an exam's pool. */
export type PoolMember = InvigilationSettings['staff'][number];

/** Query keys of the invigilation pages; everything of one exam sits under `invigilationKey(batchId)`. */
export const INVIGILATION_KEY = ['exams', 'invigilation'] as const;
export const invigilationKey = (batchId: number) => [...INVIGILATION_KEY, batchId] as const;
export const MINE_KEY = [...INVIGILATION_KEY, 'mine'] as const;

const list = <T>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : []);

/** One exam with how far its rooms and invigilators are arranged. */
export function fetchExamArrangement(batchId: number, signal?: AbortSignal): Promise<ExamArrangementRow> {
  return call<ExamArrangementRow>(EXAM_ROOM_CALLS.exam, { json: { batchId }, signal });
}

/** The exam's pool (proposed from its classes' teachers when none is saved), rules and unavailable times. */
export async function fetchInvigilationSettings(batchId: number, signal?: AbortSignal): Promise<InvigilationSettings> {
  const data = await call<Partial<InvigilationSettings> | null>(INVIGILATION_CALLS.settings, { json: { batchId }, signal });
  return { avoidOwnSubject: false, twoInvigilatorsFrom: 1, ...(data ?? {}), staff: list(data?.staff), unavailable: list(data?.unavailable) };
}

/** Staff found by number or name (at most 50). */
export async function searchInvigilationStaff(keyword: string, signal?: AbortSignal): Promise<PoolMember[]> {
  return list(await call<PoolMember[] | null>(INVIGILATION_CALLS.staff, { json: { keyword }, signal }));
}

/** Saves the pool, rules and unavailable times; a refusal rejects with the server's message (not shown by the client). */
export async function saveInvigilationSettings(body: InvigilationSettingsForm): Promise<string> {
  return (await request<null>(INVIGILATION_CALLS.saveSettings, { json: body, silent: true })).msg;
}

/** The exam's sessions (a subject in a room) with their invigilators, in time and room order. */
export async function fetchInvigilationSessions(batchId: number, signal?: AbortSignal): Promise<InvigilationSessionRow[]> {
  return list(await call<InvigilationSessionRow[] | null>(INVIGILATION_CALLS.sessions, { json: { batchId }, signal }));
}

/** Fills every session's chiefs and assistants from the pool; answers the counts and the server's message. */
export async function arrangeInvigilation(batchId: number): Promise<InvigilationArrangeResult & { msg: string }> {
  const envelope = await request<InvigilationArrangeResult | null>(INVIGILATION_CALLS.arrange, { json: { batchId } });
  return { assigned: envelope.data?.assigned ?? 0, unfilled: envelope.data?.unfilled ?? 0, msg: envelope.msg };
}

/** Sets one session's invigilators; a refusal (a clash, an unavailable time, an own subject) rejects with its message, not shown by the client. */
export async function assignInvigilators(body: InvigilationAssign): Promise<string> {
  return (await request<null>(INVIGILATION_CALLS.assign, { json: body, silent: true })).msg;
}

/** Each pool member's sessions and hours in the exam, per role. */
export async function fetchInvigilatorLoads(batchId: number, signal?: AbortSignal): Promise<InvigilatorLoad[]> {
  return list(await call<InvigilatorLoad[] | null>(INVIGILATION_CALLS.loads, { json: { batchId }, signal }));
}

/** Downloads the loads as Excel and saves them; a refusal has been shown by the request client and rejects. */
export async function exportInvigilatorLoads(batchId: number, fileBase: string): Promise<void> {
  const blob = await download(INVIGILATION_CALLS.loadsExport, { query: { batchId } });
  saveBlob(blob, exportFileName(fileBase));
}

/** The caller's own duties in the published exams of the current term. */
export async function fetchMyInvigilations(signal?: AbortSignal): Promise<MyInvigilation[]> {
  return list(await call<MyInvigilation[] | null>(INVIGILATION_CALLS.mine, { json: {}, signal }));
}

/** The message of a refused call, for a dialog that shows it beside the choices. */
export function refusalMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
