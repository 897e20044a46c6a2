import type { ChoiceChangeForm, ChoiceChangeStatus, ChoiceForm, MyChoices, MyShiftBatch, ShiftBatchStatus } from '@campus/contract';
import { call, request } from './client.ts';

/** The students' and parents' calls of class shifting (/zbgl/xszy; docs/calls-electives.md "Class shifting"). */
export const SHIFT_CHOICE_CALLS = {
  my: '/api/electives/shift/my',
  choose: '/api/electives/shift/my/choose',
  change: '/api/electives/shift/my/change',
} as const;

/** Tag colours of a batch's status (by its choice window). */
export const BATCH_STATUS_COLOURS: Record<ShiftBatchStatus, string> = {
  notStarted: 'warning',
  inProgress: 'processing',
  ended: 'default',
};

/** Tag colours of a change request. */
export const CHANGE_STATUS_COLOURS: Record<ChoiceChangeStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** The query keys of the page; a choice or a request reads everything under `all` again. */
export const shiftChoiceKeys = {
  all: ['shiftChoice'] as const,
  my: (studentId: number | undefined) => ['shiftChoice', 'my', studentId ?? 0] as const,
};

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

function batchOf(raw: MyShiftBatch): MyShiftBatch {
  return {
    ...raw,
    courses: list(raw.courses),
    chosen: list(raw.chosen),
    changes: list(raw.changes).map((change) => ({ ...change, fromNames: list(change.fromNames), toNames: list(change.toNames) })),
    classes: list(raw.classes),
    canChoose: !!raw.canChoose,
    canRequestChange: !!raw.canRequestChange,
  };
}

/**
 * The caller's children (a parent; a student: themselves), and the chosen one's batches with their subjects,
 * choice, change requests and published classes. Without `studentId` the server takes the first.
 */
export async function fetchMyChoices(studentId: number | undefined, signal?: AbortSignal): Promise<MyChoices> {
  const data = await call<Partial<MyChoices> | null>(SHIFT_CHOICE_CALLS.my, { json: studentId ? { studentId } : {}, signal });
  return {
    students: list(data?.students),
    studentId: data?.studentId ?? null,
    batches: list(data?.batches).map(batchOf),
  };
}

/** Chooses inside the window; answers the server's message ('Choice saved'). A refusal is shown and rejects. */
export async function chooseSubjects(body: ChoiceForm): Promise<string> {
  return (await request<null>(SHIFT_CHOICE_CALLS.choose, { json: body })).msg;
}

/** Asks for a change after the window; answers the server's message. A refusal is shown and rejects. */
export async function requestChoiceChange(body: ChoiceChangeForm): Promise<string> {
  return (await request<null>(SHIFT_CHOICE_CALLS.change, { json: body })).msg;
}
