/**
 * The timetable solver's problem and answer. It knows nothing of the database or of FET: the school's
 * teaching plan (arrange/generation.ts) and a FET file (arrange/fet/) are both turned into a Problem.
 *
 * Time is a grid of `days` x `hours`; a slot is `day * hours + hour`. An activity of duration d starting
 * at slot s occupies s..s+d-1, all on the same day. Everything is addressed by array index.
 */

export interface Problem {
  days: number;
  hours: number;
  /** Slots no activity may occupy at all (breaks). */
  blockedSlots?: number[];
  resources: Resource[];
  activities: Activity[];
  /** Constraints over groups of activities. */
  groups?: ActivityGroup[];
}

/** Something that can be in one place at a time: a teacher, a group of students, a room. */
export interface Resource {
  /** For reports only (a name or code). */
  name: string;
  kind: 'teacher' | 'students' | 'room';
  /** Slots this resource is never available (hard). */
  unavailable?: number[];
  /** At most this many busy hours a day (hard). */
  maxHoursDaily?: number;
  /** Busy on at most this many days of the week (hard). */
  maxDaysPerWeek?: number;
}

export interface Activity {
  /** For reports only. */
  name: string;
  /** Hours it lasts, all on one day (1 for a single period, 2 for a double period). */
  duration: number;
  /** Resources it always uses (its teachers and student groups, a fixed room). */
  resources: number[];
  /** When set, one room among these resource indices is chosen for it (and occupied). */
  roomChoices?: number[];
  /** When set, it may only start at one of these slots (hard). */
  allowedStarts?: number[];
  /** Placed here and never moved (a locked lesson). */
  fixedStart?: number;
  /** With fixedStart, the room it keeps. */
  fixedRoom?: number;
  /** A soft wish: start at one of these slots; starting elsewhere costs `preferredStartsWeight` (default 1). */
  preferredStarts?: number[];
  preferredStartsWeight?: number;
}

export interface ActivityGroup {
  activities: number[];
  /**
   * Any two of them at least this many days apart (the weekly hours of one course spread over the
   * week). Hard when weight is 100, else a soft preference whose breaches cost `weight` each.
   */
  minDaysBetween?: number;
  weight?: number;
  /** With minDaysBetween: two of them that do fall on one day must be next to each other. */
  consecutiveIfSameDay?: boolean;
  /** At most this many of them on one day (hard). */
  maxPerDay?: number;
  /** All of them start at the same slot (hard). */
  sameStartingTime?: boolean;
}

export interface Placement {
  activity: number;
  start: number;
  /** The chosen room (a resource index) when the activity had roomChoices or a fixedRoom. */
  room?: number;
}

export interface Unplaced {
  activity: number;
  /**
   * Why: 'noSlot' when no start is free of all its resources and hard constraints even on an empty
   * grid around it; 'conflicts' when the search ran out of time. `blockers` are the resource indices
   * (or group indices when the word is 'group') that most often stood in the way.
   */
  reason: 'noSlot' | 'conflicts' | 'noRoom' | 'group';
  blockers: number[];
}

export interface Solution {
  placements: Placement[];
  unplaced: Unplaced[];
  /** Sum of the soft preferences' costs (0 is perfect). */
  softCost: number;
  /** Hard constraints broken by the placements (must be 0; kept for the checker's report). */
  hardViolations: number;
  elapsedMs: number;
}

export interface SolveOptions {
  /** Stops with the best answer found so far after this long. */
  timeLimitMs: number;
  seed?: number;
  /** Called now and then with the number of activities placed so far (for the task's progress). */
  onProgress?: (placed: number, total: number) => void;
  /** Once everything is placed, at most this long (default 1000 ms) is spent lowering the soft cost. */
  polishMs?: number;
}
