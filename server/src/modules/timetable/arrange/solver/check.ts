/**
 * An independent check of a timetable against its Problem. It shares no code with the solver on purpose:
 * tests and the FET comparison trust it to catch a solver that breaks a hard constraint.
 */
import type { Placement, Problem } from './types.ts';

export interface CheckResult {
  hardViolations: number;
  softCost: number;
  /** How many soft wishes are not met (each adds its weight to softCost). */
  softBreaches: number;
  /** One line per broken hard constraint (the first 200). */
  details: string[];
}

export function checkSolution(problem: Problem, placements: Placement[]): CheckResult {
  const { days, hours } = problem;
  const slots = days * hours;
  const details: string[] = [];
  let hardViolations = 0;
  const fail = (message: string) => {
    hardViolations += 1;
    if (details.length < 200) details.push(message);
  };
  const dayOf = (slot: number) => Math.floor(slot / hours);
  const blocked = new Set(problem.blockedSlots ?? []);
  const startOf = new Map<number, number>();
  const roomOf = new Map<number, number>();
  // resource -> slot -> activity
  const busy = new Map<string, number>();

  for (const p of placements) {
    const a = problem.activities[p.activity];
    const label = `activity ${p.activity}${a ? ` (${a.name})` : ''}`;
    if (!a) { fail(`${label} does not exist`); continue; }
    if (startOf.has(p.activity)) { fail(`${label} is placed twice`); continue; }
    const d = a.duration;
    if (!Number.isInteger(p.start) || p.start < 0 || p.start >= slots || (p.start % hours) + d > hours) {
      fail(`${label} starts at ${p.start}, outside the grid or running past the end of the day`);
      continue;
    }
    startOf.set(p.activity, p.start);
    if (a.fixedStart !== undefined && p.start !== a.fixedStart) fail(`${label} is locked at ${a.fixedStart} but placed at ${p.start}`);
    if (a.allowedStarts && !a.allowedStarts.includes(p.start)) fail(`${label} starts at ${p.start}, not an allowed start`);

    const used = [...new Set(a.resources)];
    const choices = a.fixedRoom !== undefined ? [a.fixedRoom] : a.roomChoices;
    if (choices) {
      if (p.room === undefined) fail(`${label} needs a room and has none`);
      else if (!choices.includes(p.room)) fail(`${label} is in room ${p.room}, not one of its choices`);
      else if (used.includes(p.room)) fail(`${label} uses room ${p.room} twice`);
      else used.push(p.room);
    } else if (p.room !== undefined) {
      fail(`${label} has a room although it asks for none`);
    }
    if (p.room !== undefined) roomOf.set(p.activity, p.room);

    for (let k = 0; k < d; k += 1) {
      const slot = p.start + k;
      if (blocked.has(slot)) fail(`${label} occupies the blocked slot ${slot}`);
      for (const r of used) {
        const resource = problem.resources[r];
        if (!resource) { fail(`${label} uses the unknown resource ${r}`); continue; }
        if (resource.unavailable?.includes(slot)) fail(`${label}: ${resource.name} is unavailable at slot ${slot}`);
        const key = `${r}:${slot}`;
        const other = busy.get(key);
        if (other !== undefined) fail(`${label} and activity ${other} both use ${resource.name} at slot ${slot}`);
        else busy.set(key, p.activity);
      }
    }
  }

  // Per-resource daily hours and working days.
  problem.resources.forEach((resource, r) => {
    if (resource.maxHoursDaily === undefined && resource.maxDaysPerWeek === undefined) return;
    let workingDays = 0;
    for (let day = 0; day < days; day += 1) {
      let load = 0;
      for (let h = 0; h < hours; h += 1) if (busy.has(`${r}:${day * hours + h}`)) load += 1;
      if (load > 0) workingDays += 1;
      if (resource.maxHoursDaily !== undefined && load > resource.maxHoursDaily) {
        fail(`${resource.name} has ${load} hours on day ${day}, more than ${resource.maxHoursDaily}`);
      }
    }
    if (resource.maxDaysPerWeek !== undefined && workingDays > resource.maxDaysPerWeek) {
      fail(`${resource.name} works ${workingDays} days, more than ${resource.maxDaysPerWeek}`);
    }
  });

  let softCost = 0;
  let softBreaches = 0;
  problem.activities.forEach((a, i) => {
    const s = startOf.get(i);
    if (s !== undefined && a.preferredStarts && !a.preferredStarts.includes(s)) {
      softCost += a.preferredStartsWeight ?? 1;
      softBreaches += 1;
    }
  });

  (problem.groups ?? []).forEach((group, g) => {
    const members = [...new Set(group.activities)].filter((a) => startOf.has(a));
    const minDays = group.minDaysBetween ?? 0;
    const hard = (group.weight ?? 100) >= 100;
    for (let x = 0; x < members.length; x += 1) {
      for (let y = x + 1; y < members.length; y += 1) {
        const a = members[x];
        const b = members[y];
        const sa = startOf.get(a) as number;
        const sb = startOf.get(b) as number;
        const apart = Math.abs(dayOf(sa) - dayOf(sb));
        if (minDays > 0 && apart < minDays) {
          if (hard) fail(`group ${g}: activities ${a} and ${b} are ${apart} days apart, fewer than ${minDays}`);
          else {
            softCost += group.weight ?? 100;
            softBreaches += 1;
          }
          if (group.consecutiveIfSameDay && apart === 0) {
            const adjacent = sa + problem.activities[a].duration === sb || sb + problem.activities[b].duration === sa;
            if (!adjacent) fail(`group ${g}: activities ${a} and ${b} share a day without being consecutive`);
          }
        }
        if (group.sameStartingTime && sa !== sb) fail(`group ${g}: activities ${a} and ${b} do not start together`);
      }
    }
    if (group.maxPerDay !== undefined) {
      const perDay = new Map<number, number>();
      for (const a of members) {
        const day = dayOf(startOf.get(a) as number);
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      for (const [day, count] of perDay) if (count > group.maxPerDay) fail(`group ${g}: ${count} activities on day ${day}, more than ${group.maxPerDay}`);
    }
  });

  return { hardViolations, softCost, softBreaches, details };
}
