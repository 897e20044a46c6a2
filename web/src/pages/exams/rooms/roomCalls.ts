import type {
  ExamArrangeResult,
  ExamArrangeRooms,
  ExamArrangementRow,
  ExamCandidateRow,
  ExamRoomOptions,
  ExamRoomRow,
  ExamSeatMove,
  ExamSheetKind,
  MyExamSeat,
} from '@campus/contract';
import { call, download, request } from '../../../api/client.ts';
import { fetchPagedRows } from '../../../api/components.ts';
import { EXAM_ROOM_CALLS, EXAM_ROOM_PERMISSION } from '../../../api/exams.ts';
import { saveBlob } from '../../../api/exports.ts';
import type { HomeworkChild } from '../../../api/homework.ts';

/** The query keys of the room pages; everything under `all` is dropped after an arrangement or a move. */
export const roomKeys = {
  all: ['exams', 'rooms'] as const,
  exam: (batchId: number) => ['exams', 'rooms', 'exam', batchId] as const,
  options: (batchId: number) => ['exams', 'rooms', 'options', batchId] as const,
  list: (batchId: number) => ['exams', 'rooms', 'list', batchId] as const,
  occupants: (batchId: number, examRoomId: number) => ['exams', 'rooms', 'occupants', batchId, examRoomId] as const,
  mine: (studentId: number | null) => ['exams', 'rooms', 'mine', studentId ?? 0] as const,
  children: ['exams', 'rooms', 'children'] as const,
};

/** The search of the candidates' paged call. */
export interface CandidateSearch {
  batchId: number;
  examRoomId: number | '';
  classId: number | '';
  keyword: string;
  /** Sent only when set (the server takes a boolean or nothing). */
  unplaced?: true;
}

/** One exam's arrangement summary. */
export function fetchArrangement(batchId: number, signal?: AbortSignal): Promise<ExamArrangementRow> {
  return call<ExamArrangementRow>(EXAM_ROOM_CALLS.exam, { json: { batchId }, signal });
}

/** The classrooms the office may choose (with another exam holding them) and the exam's classes. */
export async function fetchRoomOptions(batchId: number, signal?: AbortSignal): Promise<ExamRoomOptions> {
  const data = await call<ExamRoomOptions>(EXAM_ROOM_CALLS.options, { json: { batchId }, signal });
  return { ...data, classrooms: data?.classrooms ?? [], classes: data?.classes ?? [] };
}

/** The rooms of an exam with their classes and free seats. */
export async function fetchRooms(batchId: number, signal?: AbortSignal): Promise<ExamRoomRow[]> {
  const data = await call<ExamRoomRow[] | null>(EXAM_ROOM_CALLS.list, { json: { batchId }, signal });
  return Array.isArray(data) ? data : [];
}

/** Everyone sitting in one room (a room has at most 200 seats: one page holds them all). */
export async function fetchRoomOccupants(batchId: number, examRoomId: number, signal?: AbortSignal): Promise<ExamCandidateRow[]> {
  const search: CandidateSearch = { batchId, examRoomId, classId: '', keyword: '' };
  const answer = await fetchPagedRows<ExamCandidateRow>(EXAM_ROOM_CALLS.candidates, { currPage: 0, limit: 200, order: '', sortField: '', page: 0, search: { ...search } }, signal);
  return answer.rows;
}

/**
 * Arranges the rooms automatically. A refusal is not shown by the client (`silent`): the dialog shows its
 * message (the server's, in the user's language) beside the choice it refuses.
 */
export async function arrangeExamRooms(body: ExamArrangeRooms): Promise<{ msg: string; result: ExamArrangeResult | null }> {
  const envelope = await request<ExamArrangeResult | null>(EXAM_ROOM_CALLS.arrange, { json: body, silent: true });
  return { msg: envelope.msg, result: envelope.data };
}

/** Moves a candidate to a seat (swapping with whoever sits there); a refusal is shown by the dialog. */
export async function moveExamSeat(body: ExamSeatMove): Promise<string> {
  return (await request<null>(EXAM_ROOM_CALLS.move, { json: body, silent: true })).msg;
}

/** A student's own seats, or a parent's children's (one child when `studentId` is given), in published exams. */
export async function fetchMySeats(studentId: number | null, signal?: AbortSignal): Promise<MyExamSeat[]> {
  const data = await call<MyExamSeat[] | null>(EXAM_ROOM_CALLS.mine, { json: studentId ? { studentId } : {}, signal });
  return Array.isArray(data) ? data.map((seat) => ({ ...seat, subjects: Array.isArray(seat.subjects) ? seat.subjects : [] })) : [];
}

/** A parent's children for the child chooser; when the list fails the page shows every child's seats together. */
export async function fetchFamilyChildren(signal?: AbortSignal): Promise<HomeworkChild[]> {
  try {
    const data = await call<HomeworkChild[] | null>(EXAM_ROOM_CALLS.children, { json: {}, signal, silent: true });
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/** The permission that lets a family read its child list (the page's own). */
export const FAMILY_CHILDREN_PERMISSION = EXAM_ROOM_PERMISSION;

/** "Grade 10 midterm-Seat list.pdf", without the characters a file name may not hold. */
export function sheetFileName(examName: string, title: string): string {
  return `${examName}-${title}`.replace(/[\\/:*?"<>|]+/g, '_') + '.pdf';
}

/** Downloads one of the exam's PDFs and saves it; a refusal has been shown by the request client and rejects. */
export async function downloadSheet(batchId: number, kind: ExamSheetKind, fileName: string): Promise<void> {
  const blob = await download(EXAM_ROOM_CALLS.sheet, { query: { batchId, kind } });
  saveBlob(blob, fileName);
}
