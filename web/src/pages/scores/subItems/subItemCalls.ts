import type { SubItemBatch, SubItemsSave } from '@campus/contract';
import { call, request } from '../../../api/client.ts';

/**
 * Calls of the sub-score settings page (/cjgl/fxcj, contract/src/scores/entry.ts). They live beside the
 * page until the Scores area's call module takes them over.
 */
export const SUB_ITEM_CALLS = {
  /** {} → the score batches, newest first (SubItemBatchChoice[]). */
  batches: '/api/scores/subItems/batches',
  /** { batchId } → SubItemBatch: its subjects with their full mark, parts and whether scores exist. */
  get: '/api/scores/subItems/get',
  /** SubItemsSave → null; msg "The parts of {course} are saved". An empty list scores the subject as a whole. */
  save: '/api/scores/subItems/save',
} as const;

/** The page's permission (the office's); the page has no separate edit button. */
export const SUB_ITEM_PERMISSION = 'score:subScore';

/** A batch in the page's choice: the batch without its subjects. */
export type SubItemBatchChoice = Omit<SubItemBatch, 'subjects'>;

export const subItemKeys = {
  all: ['scores', 'subItems'] as const,
  batches: ['scores', 'subItems', 'batches'] as const,
  batch: (batchId: number) => ['scores', 'subItems', 'batch', batchId] as const,
};

export async function fetchSubItemBatches(signal?: AbortSignal): Promise<SubItemBatchChoice[]> {
  return (await call<SubItemBatchChoice[] | null>(SUB_ITEM_CALLS.batches, { json: {}, signal })) ?? [];
}

export async function fetchSubItemBatch(batchId: number, signal?: AbortSignal): Promise<SubItemBatch> {
  const data = await call<SubItemBatch>(SUB_ITEM_CALLS.get, { json: { batchId }, signal });
  return { ...data, subjects: data.subjects ?? [] };
}

/** Saves the parts of one subject of a batch (none: scored as a whole); answers the server's message. */
export async function saveSubItems(body: SubItemsSave): Promise<string> {
  return (await request<null>(SUB_ITEM_CALLS.save, { json: body })).msg;
}
