/**
 * Turns a parsed FET file into the solver's Problem. Every active constraint is either translated or
 * reported in `ignored`, so an import never pretends to honour something it dropped.
 *
 * FET's model, as far as it matters here: the smallest students sets (subgroups, or groups/years without
 * subdivisions) are the ones that cannot be in two places at once; an activity for a year or group occupies
 * all of its subgroups. An activity only gets a room when a space constraint names rooms for it, and the
 * room must hold its students. Constraints at 100% are hard; below that they are soft.
 */
import type { Activity, ActivityGroup, Problem, Resource } from '../solver/types.ts';
import { childText, childrenNamed, type XmlElement } from './xml.ts';
import type { FetActivity, FetFile } from './parse.ts';

export interface FetImport {
  problem: Problem;
  /** FET's activity id for each of the problem's activities. */
  activityIds: number[];
  /** Active constraints (and features) the import could not express, with how many there were. */
  ignored: { constraint: string; count: number }[];
}

const HARD = 100;

export function fetToProblem(file: FetFile): FetImport {
  const days = file.days.length;
  const hours = file.hours.length;
  const slots = days * hours;
  const dayIndex = new Map(file.days.map((d, i) => [d, i]));
  const hourIndex = new Map(file.hours.map((h, i) => [h, i]));
  const ignoredCounts = new Map<string, number>();
  const ignore = (what: string) => ignoredCounts.set(what, (ignoredCounts.get(what) ?? 0) + 1);
  // Mornings-afternoons, terms and block planning change what a day means; their timetables are read as Official.
  if (file.mode !== 'Official') ignore(`Mode ${file.mode}`);

  const resources: Resource[] = [];
  const addResource = (name: string, kind: Resource['kind']) => resources.push({ name, kind }) - 1;

  const teacherIndex = new Map<string, number>();
  for (const teacher of file.teachers) if (!teacherIndex.has(teacher)) teacherIndex.set(teacher, addResource(teacher, 'teacher'));

  // Students: each set name maps to the atomic sets (resources) it covers, and to its size.
  const atomIndex = new Map<string, number>();
  const atomOf = (name: string) => {
    let index = atomIndex.get(name);
    if (index === undefined) atomIndex.set(name, (index = addResource(name, 'students')));
    return index;
  };
  const setAtoms = new Map<string, Set<number>>();
  const setSize = new Map<string, number>();
  const addAtoms = (name: string, atoms: number[], size: number) => {
    const existing = setAtoms.get(name) ?? new Set<number>();
    for (const atom of atoms) existing.add(atom);
    setAtoms.set(name, existing);
    if (!setSize.has(name)) setSize.set(name, size);
  };
  for (const year of file.years) {
    const yearAtoms: number[] = [];
    if (year.groups.length === 0) yearAtoms.push(atomOf(year.name));
    for (const group of year.groups) {
      const groupAtoms = group.subgroups.length === 0 ? [atomOf(group.name)] : group.subgroups.map((s) => atomOf(s.name));
      for (const subgroup of group.subgroups) addAtoms(subgroup.name, [atomOf(subgroup.name)], subgroup.students);
      addAtoms(group.name, groupAtoms, group.students);
      yearAtoms.push(...groupAtoms);
    }
    addAtoms(year.name, yearAtoms, year.students);
  }

  const roomIndex = new Map<string, number>();
  const roomCapacity: number[] = [];
  for (const room of file.rooms) {
    if (roomIndex.has(room.name)) continue;
    roomIndex.set(room.name, addResource(room.name, 'room'));
    roomCapacity.push(room.capacity);
    if (room.virtual) ignore('Virtual rooms (treated as ordinary rooms)');
  }
  const firstRoom = resources.length - roomIndex.size;

  // Activities.
  const fetActivities: FetActivity[] = [];
  const activities: Activity[] = [];
  const byId = new Map<number, number>();
  for (const source of file.activities) {
    if (!source.active || byId.has(source.id)) continue;
    const used = new Set<number>();
    for (const teacher of source.teachers) {
      let index = teacherIndex.get(teacher);
      if (index === undefined) teacherIndex.set(teacher, (index = addResource(teacher, 'teacher')));
      used.add(index);
    }
    for (const set of source.students) {
      const atoms = setAtoms.get(set) ?? new Set([atomOf(set)]);
      if (!setAtoms.has(set)) addAtoms(set, [...atoms], 0);
      for (const atom of atoms) used.add(atom);
    }
    byId.set(source.id, activities.length);
    fetActivities.push(source);
    activities.push({
      name: `${source.id} ${source.subject} ${[...source.teachers, ...source.students].join(',')}`.trim(),
      duration: Math.max(1, source.duration),
      resources: [...used],
    });
  }
  const studentsOf = (a: FetActivity) => a.numberOfStudents ?? a.students.reduce((sum, s) => sum + (setSize.get(s) ?? 0), 0);

  // Helpers for reading constraint fields.
  const slotOf = (dayName: string, hourName: string) => {
    const day = dayIndex.get(dayName);
    const hour = hourIndex.get(hourName);
    return day === undefined || hour === undefined ? undefined : day * hours + hour;
  };
  const slotList = (element: XmlElement, itemName: string, dayField: string, hourField: string) => {
    const result: number[] = [];
    for (const item of childrenNamed(element, itemName)) {
      const slot = slotOf(childText(item, dayField), childText(item, hourField));
      if (slot !== undefined) result.push(slot);
    }
    return result;
  };
  const activityIdsIn = (element: XmlElement) =>
    childrenNamed(element, 'Activity_Id').map((e) => byId.get(Number.parseInt(e.text.trim(), 10))).filter((i): i is number => i !== undefined);
  const intField = (element: XmlElement, name: string) => Number.parseInt(childText(element, name), 10);

  /** Starts whose whole duration lies inside `allowedSlots`. */
  const startsInside = (activity: number, allowedSlots: number[]) => {
    const set = new Set(allowedSlots);
    const d = activities[activity].duration;
    const starts: number[] = [];
    for (let s = 0; s < slots; s += 1) {
      if ((s % hours) + d > hours) continue;
      let ok = true;
      for (let k = 0; k < d && ok; k += 1) ok = set.has(s + k);
      if (ok) starts.push(s);
    }
    return starts;
  };
  const restrictStarts = (activity: number, starts: number[]) => {
    const current = activities[activity].allowedStarts;
    activities[activity].allowedStarts = current ? current.filter((s) => starts.includes(s)) : [...new Set(starts)].sort((a, b) => a - b);
  };
  const preferStarts = (activity: number, starts: number[], weight: number) => {
    // Several soft wishes on one activity: the strongest one wins (the Problem holds one per activity).
    const a = activities[activity];
    if ((a.preferredStartsWeight ?? 0) >= weight) return;
    a.preferredStarts = [...new Set(starts)].sort((x, y) => x - y);
    a.preferredStartsWeight = weight;
  };
  /** Activities matching the teacher/students/subject/tag/duration filters of an "Activities..." constraint. */
  const matching = (element: XmlElement) => {
    const teacher = childText(element, 'Teacher_Name');
    const students = childText(element, 'Students_Name');
    const subject = childText(element, 'Subject_Name');
    const tag = childText(element, 'Activity_Tag_Name');
    const duration = childText(element, 'Duration');
    const result: number[] = [];
    fetActivities.forEach((a, i) => {
      if (teacher !== '' && !a.teachers.includes(teacher)) return;
      if (students !== '' && !a.students.includes(students)) return;
      if (subject !== '' && a.subject !== subject) return;
      if (tag !== '' && !a.tags.includes(tag)) return;
      if (duration !== '' && a.duration !== Number.parseInt(duration, 10)) return;
      result.push(i);
    });
    return result;
  };
  const setUnavailable = (resource: number | undefined, unavailable: number[]) => {
    if (resource === undefined) return;
    const r = resources[resource];
    r.unavailable = [...new Set([...(r.unavailable ?? []), ...unavailable])].sort((a, b) => a - b);
  };
  const limitHours = (resource: number, max: number) => {
    const r = resources[resource];
    r.maxHoursDaily = Math.min(r.maxHoursDaily ?? max, max);
  };
  const limitDays = (resource: number, max: number) => {
    const r = resources[resource];
    r.maxDaysPerWeek = Math.min(r.maxDaysPerWeek ?? max, max);
  };
  const teachers = () => resources.map((r, i) => (r.kind === 'teacher' ? i : -1)).filter((i) => i >= 0);
  const atomsOfSet = (name: string) => [...(setAtoms.get(name) ?? [])];

  const blocked = new Set<number>();
  const groups: ActivityGroup[] = [];

  for (const c of file.timeConstraints) {
    if (!c.active) continue;
    const e = c.element;
    const hard = c.weight >= HARD;
    switch (c.kind) {
      case 'ConstraintBasicCompulsoryTime':
        break;
      case 'ConstraintBreakTimes':
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        for (const slot of slotList(e, 'Break_Time', 'Day', 'Hour')) blocked.add(slot);
        break;
      case 'ConstraintTeacherNotAvailableTimes':
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        setUnavailable(teacherIndex.get(childText(e, 'Teacher')), slotList(e, 'Not_Available_Time', 'Day', 'Hour'));
        break;
      case 'ConstraintStudentsSetNotAvailableTimes': {
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        const unavailable = slotList(e, 'Not_Available_Time', 'Day', 'Hour');
        for (const atom of atomsOfSet(childText(e, 'Students'))) setUnavailable(atom, unavailable);
        break;
      }
      case 'ConstraintActivityPreferredStartingTime': {
        const activity = byId.get(intField(e, 'Activity_Id'));
        if (activity === undefined) break;
        const day = dayIndex.get(childText(e, 'Preferred_Day'));
        const hour = hourIndex.get(childText(e, 'Preferred_Hour'));
        const starts: number[] = [];
        for (let s = 0; s < slots; s += 1) {
          if ((day === undefined || Math.floor(s / hours) === day) && (hour === undefined || s % hours === hour)) starts.push(s);
        }
        if (!hard) { preferStarts(activity, starts, c.weight); break; }
        restrictStarts(activity, starts);
        if (day !== undefined && hour !== undefined && childText(e, 'Permanently_Locked') === 'true') activities[activity].fixedStart = day * hours + hour;
        break;
      }
      case 'ConstraintActivityPreferredStartingTimes': {
        const activity = byId.get(intField(e, 'Activity_Id'));
        if (activity === undefined) break;
        const starts = slotList(e, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour');
        if (hard) restrictStarts(activity, starts);
        else preferStarts(activity, starts, c.weight);
        break;
      }
      case 'ConstraintActivitiesPreferredStartingTimes': {
        const starts = slotList(e, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour');
        for (const activity of matching(e)) {
          if (hard) restrictStarts(activity, starts);
          else preferStarts(activity, starts, c.weight);
        }
        break;
      }
      case 'ConstraintActivityPreferredTimeSlots':
      case 'ConstraintActivitiesPreferredTimeSlots': {
        const allowed = slotList(e, 'Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour');
        const targets = c.kind === 'ConstraintActivityPreferredTimeSlots' ? activityIdsIn(e) : matching(e);
        for (const activity of targets) {
          if (hard) restrictStarts(activity, startsInside(activity, allowed));
          else preferStarts(activity, startsInside(activity, allowed), c.weight);
        }
        break;
      }
      case 'ConstraintMinDaysBetweenActivities': {
        const members = [...new Set(activityIdsIn(e))];
        const minDays = intField(e, 'MinDays');
        if (members.length < 2 || !(minDays > 0)) break;
        groups.push({
          activities: members,
          minDaysBetween: minDays,
          weight: hard ? 100 : c.weight,
          consecutiveIfSameDay: childText(e, 'Consecutive_If_Same_Day') === 'true',
        });
        break;
      }
      case 'ConstraintActivitiesSameStartingTime': {
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        const members = [...new Set(activityIdsIn(e))];
        if (members.length >= 2) groups.push({ activities: members, sameStartingTime: true });
        break;
      }
      case 'ConstraintTeacherMaxHoursDaily':
      case 'ConstraintTeachersMaxHoursDaily': {
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        const max = intField(e, 'Maximum_Hours_Daily');
        const targets = c.kind === 'ConstraintTeachersMaxHoursDaily' ? teachers() : [teacherIndex.get(childText(e, 'Teacher_Name'))];
        for (const t of targets) if (t !== undefined) limitHours(t, max);
        break;
      }
      case 'ConstraintStudentsSetMaxHoursDaily':
      case 'ConstraintStudentsMaxHoursDaily': {
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        const max = intField(e, 'Maximum_Hours_Daily');
        const targets = c.kind === 'ConstraintStudentsMaxHoursDaily' ? [...atomIndex.values()] : atomsOfSet(childText(e, 'Students'));
        for (const atom of targets) limitHours(atom, max);
        break;
      }
      case 'ConstraintTeacherMaxDaysPerWeek':
      case 'ConstraintTeachersMaxDaysPerWeek': {
        if (!hard) { ignore(`${c.kind} (soft)`); break; }
        const max = intField(e, 'Max_Days_Per_Week');
        const targets = c.kind === 'ConstraintTeachersMaxDaysPerWeek' ? teachers() : [teacherIndex.get(childText(e, 'Teacher_Name'))];
        for (const t of targets) if (t !== undefined) limitDays(t, max);
        break;
      }
      default:
        ignore(hard ? c.kind : `${c.kind} (soft)`);
    }
  }

  // Space constraints: hard room wishes of one activity intersect (each must hold).
  const roomSets: (Set<number> | undefined)[] = activities.map(() => undefined);
  const requireRooms = (activity: number, rooms: number[]) => {
    const current = roomSets[activity];
    roomSets[activity] = current ? new Set(rooms.filter((r) => current.has(r))) : new Set(rooms);
  };
  const roomsIn = (e: XmlElement) => {
    const single = childText(e, 'Room');
    const names = single !== '' ? [single] : childrenNamed(e, 'Preferred_Room').map((x) => x.text.trim());
    return names.map((n) => roomIndex.get(n)).filter((r): r is number => r !== undefined);
  };
  for (const c of file.spaceConstraints) {
    if (!c.active) continue;
    const e = c.element;
    const hard = c.weight >= HARD;
    const roomKinds = [
      'ConstraintActivityPreferredRoom', 'ConstraintActivityPreferredRooms', 'ConstraintSubjectPreferredRoom', 'ConstraintSubjectPreferredRooms',
      'ConstraintActivityTagPreferredRoom', 'ConstraintActivityTagPreferredRooms', 'ConstraintStudentsSetHomeRoom', 'ConstraintStudentsSetHomeRooms',
      'ConstraintTeacherHomeRoom', 'ConstraintTeacherHomeRooms',
    ];
    if (c.kind === 'ConstraintBasicCompulsorySpace') continue;
    if (c.kind === 'ConstraintRoomNotAvailableTimes') {
      if (!hard) { ignore(`${c.kind} (soft)`); continue; }
      setUnavailable(roomIndex.get(childText(e, 'Room')), slotList(e, 'Not_Available_Time', 'Day', 'Hour'));
      continue;
    }
    if (!roomKinds.includes(c.kind)) { ignore(hard ? c.kind : `${c.kind} (soft)`); continue; }
    if (!hard) { ignore(`${c.kind} (soft)`); continue; }
    const rooms = roomsIn(e);
    let targets: number[] = [];
    if (c.kind.startsWith('ConstraintActivityPreferredRoom')) {
      const activity = byId.get(intField(e, 'Activity_Id'));
      targets = activity === undefined ? [] : [activity];
    } else if (c.kind.startsWith('ConstraintSubjectPreferredRoom')) {
      const subject = childText(e, 'Subject');
      targets = fetActivities.flatMap((a, i) => (a.subject === subject ? [i] : []));
    } else if (c.kind.startsWith('ConstraintActivityTagPreferredRoom')) {
      const tag = childText(e, 'Activity_Tag');
      targets = fetActivities.flatMap((a, i) => (a.tags.includes(tag) ? [i] : []));
    } else if (c.kind.startsWith('ConstraintStudentsSetHomeRoom')) {
      // A home room holds the activities of exactly that students set (not those shared with other sets).
      const students = childText(e, 'Students');
      targets = fetActivities.flatMap((a, i) => (a.students.length === 1 && a.students[0] === students ? [i] : []));
    } else {
      const teacher = childText(e, 'Teacher');
      targets = fetActivities.flatMap((a, i) => (a.teachers.length === 1 && a.teachers[0] === teacher ? [i] : []));
    }
    for (const activity of targets) requireRooms(activity, rooms);
  }
  roomSets.forEach((set, i) => {
    if (!set) return;
    const students = studentsOf(fetActivities[i]);
    activities[i].roomChoices = [...set].filter((r) => roomCapacity[r - firstRoom] >= students).sort((a, b) => a - b);
  });

  const problem: Problem = { days, hours, resources, activities };
  if (blocked.size > 0) problem.blockedSlots = [...blocked].sort((a, b) => a - b);
  if (groups.length > 0) problem.groups = groups;
  return {
    problem,
    activityIds: fetActivities.map((a) => a.id),
    ignored: [...ignoredCounts].map(([constraint, count]) => ({ constraint, count })).sort((a, b) => b.count - a.count),
  };
}
