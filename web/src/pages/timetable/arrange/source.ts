import type { DraftGrid, DraftLesson } from '@campus/contract';

/** An hour of a class's course still to place, or an imported draft's activity not placed (the grid's side panel). */
export type UnplacedItem = DraftGrid['unplaced'][number];

/** What is being moved onto the grid: a lesson already on it, or an unplaced hour. Dragged, or picked by a click. */
export type Source = { type: 'lesson'; lesson: DraftLesson } | { type: 'unplaced'; item: UnplacedItem };

/** The drag's data type (the text type too, which every browser hands over). */
export const DRAG_TYPE = 'application/x-campus-lesson';

/** 'lesson:12', 'place:5:31' or 'activity:40': what the drag carries. */
export function encodeSource(source: Source): string {
  if (source.type === 'lesson') return `lesson:${source.lesson.id}`;
  return source.item.activityId ? `activity:${source.item.activityId}` : `place:${source.item.classId}:${source.item.courseId}`;
}

export type DecodedSource = { action: 'move'; lessonId: number } | { action: 'place'; classId: number; courseId: number } | { action: 'place'; activityId: number };

const isId = (value: number) => Number.isInteger(value) && value > 0;

/** The other way round; undefined for anything that is not ours (a file, a link dragged in). */
export function decodeSource(value: string | undefined | null): DecodedSource | undefined {
  if (!value) return undefined;
  const [kind, first, second] = value.split(':');
  const a = Number(first);
  const b = Number(second);
  if (kind === 'lesson' && isId(a)) return { action: 'move', lessonId: a };
  if (kind === 'activity' && isId(a)) return { action: 'place', activityId: a };
  if (kind === 'place' && isId(a) && isId(b)) return { action: 'place', classId: a, courseId: b };
  return undefined;
}

/** The picked source as the grid hands it on when its period is clicked. */
export function toDecoded(source: Source): DecodedSource {
  if (source.type === 'lesson') return { action: 'move', lessonId: source.lesson.id };
  return source.item.activityId ? { action: 'place', activityId: source.item.activityId } : { action: 'place', classId: source.item.classId, courseId: source.item.courseId };
}

/** An unplaced item's key: its activity, or its class and course. */
export const unplacedKey = (item: UnplacedItem) => (item.activityId ? `activity-${item.activityId}` : `${item.classId}-${item.courseId}`);

export const sameSource = (a: Source | null, b: Source) =>
  !!a && (a.type === 'lesson' && b.type === 'lesson' ? a.lesson.id === b.lesson.id : a.type === 'unplaced' && b.type === 'unplaced' && unplacedKey(a.item) === unplacedKey(b.item));
