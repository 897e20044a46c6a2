import type { DraftGrid, DraftLesson } from '@campus/contract';

/** An hour of a class's course still to place (the grid's side panel). */
export type UnplacedItem = DraftGrid['unplaced'][number];

/** What is being moved onto the grid: a lesson already on it, or an unplaced hour. Dragged, or picked by a click. */
export type Source = { type: 'lesson'; lesson: DraftLesson } | { type: 'unplaced'; item: UnplacedItem };

/** The drag's data type (the text type too, which every browser hands over). */
export const DRAG_TYPE = 'application/x-campus-lesson';

/** 'lesson:12' or 'place:5:31': what the drag carries. */
export function encodeSource(source: Source): string {
  return source.type === 'lesson' ? `lesson:${source.lesson.id}` : `place:${source.item.classId}:${source.item.courseId}`;
}

export type DecodedSource = { action: 'move'; lessonId: number } | { action: 'place'; classId: number; courseId: number };

/** The other way round; undefined for anything that is not ours (a file, a link dragged in). */
export function decodeSource(value: string | undefined | null): DecodedSource | undefined {
  if (!value) return undefined;
  const [kind, first, second] = value.split(':');
  const a = Number(first);
  const b = Number(second);
  if (kind === 'lesson' && Number.isInteger(a) && a > 0) return { action: 'move', lessonId: a };
  if (kind === 'place' && Number.isInteger(a) && a > 0 && Number.isInteger(b) && b > 0) return { action: 'place', classId: a, courseId: b };
  return undefined;
}

export const sameSource = (a: Source | null, b: Source) =>
  !!a && (a.type === 'lesson' && b.type === 'lesson' ? a.lesson.id === b.lesson.id : a.type === 'unplaced' && b.type === 'unplaced' && a.item.classId === b.item.classId && a.item.courseId === b.item.courseId);
