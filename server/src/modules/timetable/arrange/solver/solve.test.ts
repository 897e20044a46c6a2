import { describe, expect, it } from 'vitest';
import { checkSolution } from './check.ts';
import { prng, solve } from './solve.ts';
import type { Activity, ActivityGroup, Problem, Resource } from './types.ts';

const options = { timeLimitMs: 500, seed: 7 };

function teacher(name: string, extra: Partial<Resource> = {}): Resource {
  return { name, kind: 'teacher', ...extra };
}
function klass(name: string, extra: Partial<Resource> = {}): Resource {
  return { name, kind: 'students', ...extra };
}
function lesson(name: string, resources: number[], extra: Partial<Activity> = {}): Activity {
  return { name, duration: 1, resources, ...extra };
}
function startOf(solution: ReturnType<typeof solve>, activity: number): number | undefined {
  return solution.placements.find((p) => p.activity === activity)?.start;
}
function solveAndCheck(problem: Problem, seed = 7) {
  const solution = solve(problem, { ...options, seed });
  const check = checkSolution(problem, solution.placements);
  expect(check.details).toEqual([]);
  expect(check.hardViolations).toBe(0);
  return { solution, check };
}

describe('solve', () => {
  it('never puts two lessons of one teacher or class at the same time', () => {
    // 2 days x 2 hours, one teacher with 4 lessons: every slot used exactly once.
    const problem: Problem = {
      days: 2, hours: 2,
      resources: [teacher('T'), klass('A'), klass('B')],
      activities: [lesson('a1', [0, 1]), lesson('a2', [0, 1]), lesson('b1', [0, 2]), lesson('b2', [0, 2])],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    expect(new Set(solution.placements.map((p) => p.start)).size).toBe(4);
  });

  it('respects unavailable slots and blocked slots', () => {
    const problem: Problem = {
      days: 1, hours: 4, blockedSlots: [1],
      resources: [teacher('T', { unavailable: [0] }), klass('A')],
      activities: [lesson('x', [0, 1]), lesson('y', [0, 1])],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.placements.map((p) => p.start).sort()).toEqual([2, 3]);
  });

  it('keeps a double period on one day', () => {
    const problem: Problem = {
      days: 2, hours: 3,
      resources: [teacher('T'), klass('A')],
      activities: [lesson('double', [0, 1], { duration: 2 }), lesson('s1', [0, 1]), lesson('s2', [0, 1]), lesson('s3', [0, 1]), lesson('s4', [0, 1])],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    const s = startOf(solution, 0) as number;
    expect(s % 3).toBeLessThanOrEqual(1);
  });

  it('honours maxPerDay and a resource\'s daily hours', () => {
    const problem: Problem = {
      days: 3, hours: 4,
      resources: [teacher('T', { maxHoursDaily: 2 }), klass('A')],
      activities: Array.from({ length: 6 }, (_, i) => lesson(`m${i}`, [0, 1])),
      groups: [{ activities: [0, 1, 2], maxPerDay: 1 }],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    const days = [0, 1, 2].map((a) => Math.floor((startOf(solution, a) as number) / 4));
    expect(new Set(days).size).toBe(3);
  });

  it('spreads a hard minDays group over the week, and a soft one when it can', () => {
    const hard: ActivityGroup = { activities: [0, 1, 2], minDaysBetween: 2, weight: 100 };
    const problem: Problem = {
      days: 5, hours: 2,
      resources: [teacher('T'), klass('A')],
      activities: [lesson('a', [0, 1]), lesson('b', [0, 1]), lesson('c', [0, 1]), lesson('d', [0, 1]), lesson('e', [0, 1])],
      groups: [hard, { activities: [3, 4], minDaysBetween: 1, weight: 95, consecutiveIfSameDay: true }],
    };
    const { solution, check } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    expect([0, 1, 2].map((a) => Math.floor((startOf(solution, a) as number) / 2)).sort()).toEqual([0, 2, 4]);
    expect(check.softCost).toBe(0);
    expect(solution.softCost).toBe(0);
  });

  it('puts a soft minDays pair next to each other when it has to share a day', () => {
    const problem: Problem = {
      days: 1, hours: 4,
      resources: [teacher('T'), klass('A'), teacher('U')],
      activities: [lesson('a', [0, 1]), lesson('b', [0, 1]), lesson('other', [2, 1])],
      groups: [{ activities: [0, 1], minDaysBetween: 1, weight: 90, consecutiveIfSameDay: true }],
    };
    const { solution, check } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    expect(Math.abs((startOf(solution, 0) as number) - (startOf(solution, 1) as number))).toBe(1);
    expect(check.softCost).toBe(90);
  });

  it('starts sameStartingTime activities together', () => {
    const problem: Problem = {
      days: 2, hours: 3,
      resources: [teacher('T1'), teacher('T2'), klass('A'), klass('B'), teacher('T3', { unavailable: [0, 1, 2, 3] }), klass('C')],
      activities: [lesson('a', [0, 2]), lesson('b', [1, 3]), lesson('c', [4, 5]), lesson('d', [0, 2])],
      groups: [{ activities: [0, 1, 2], sameStartingTime: true }],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    const starts = [0, 1, 2].map((a) => startOf(solution, a));
    expect(new Set(starts).size).toBe(1);
    expect(starts[0]).toBeGreaterThanOrEqual(4);
  });

  it('chooses rooms among the choices without double-booking them', () => {
    const problem: Problem = {
      days: 1, hours: 2,
      resources: [teacher('T1'), teacher('T2'), teacher('T3'), klass('A'), klass('B'), klass('C'), { name: 'Lab1', kind: 'room' }, { name: 'Lab2', kind: 'room', unavailable: [0] }],
      activities: [lesson('a', [0, 3], { roomChoices: [6, 7] }), lesson('b', [1, 4], { roomChoices: [6, 7] }), lesson('c', [2, 5], { roomChoices: [6, 7] })],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.unplaced).toEqual([]);
    for (const p of solution.placements) expect([6, 7]).toContain(p.room);
  });

  it('keeps locked lessons where they are', () => {
    const problem: Problem = {
      days: 1, hours: 3,
      resources: [teacher('T'), klass('A'), { name: 'R', kind: 'room' }],
      activities: [lesson('locked', [0, 1], { fixedStart: 1, fixedRoom: 2 }), lesson('x', [0, 1]), lesson('y', [0, 1])],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.placements.find((p) => p.activity === 0)).toEqual({ activity: 0, start: 1, room: 2 });
    expect(solution.unplaced).toEqual([]);
  });

  it('reports what cannot be placed, and why, without breaking anything', () => {
    // Three lessons of one teacher in two slots, and one lesson of a class that is never available.
    const problem: Problem = {
      days: 1, hours: 2,
      resources: [teacher('T'), klass('A'), klass('B', { unavailable: [0, 1] }), teacher('U')],
      activities: [lesson('a', [0, 1]), lesson('b', [0, 1]), lesson('c', [0, 1]), lesson('never', [3, 2])],
    };
    const { solution } = solveAndCheck(problem);
    expect(solution.placements).toHaveLength(2);
    expect(solution.unplaced).toHaveLength(2);
    const never = solution.unplaced.find((u) => u.activity === 3);
    expect(never).toEqual({ activity: 3, reason: 'noSlot', blockers: [2] });
    const other = solution.unplaced.find((u) => u.activity !== 3);
    expect(other?.reason).toBe('conflicts');
    expect(other?.blockers[0] === 0 || other?.blockers[0] === 1).toBe(true);
  });

  it('reports an activity whose room choices are empty as noRoom', () => {
    const problem: Problem = {
      days: 1, hours: 2,
      resources: [teacher('T'), klass('A')],
      activities: [lesson('a', [0, 1], { roomChoices: [] })],
    };
    expect(solve(problem, options).unplaced).toEqual([{ activity: 0, reason: 'noRoom', blockers: [] }]);
  });

  it('gives the same timetable for the same seed', () => {
    const problem = schoolProblem(6, 1);
    const a = solve(problem, { timeLimitMs: 5000, seed: 3 });
    const b = solve(problem, { timeLimitMs: 5000, seed: 3 });
    expect(a.placements).toEqual(b.placements);
  });

  it('solves a school-sized week (30 classes, 5 x 8) with nothing left over', () => {
    const problem = schoolProblem(30, 11);
    let calls = 0;
    const began = performance.now();
    const solution = solve(problem, { timeLimitMs: 20_000, seed: 1, onProgress: () => (calls += 1) });
    const seconds = (performance.now() - began) / 1000;
    const check = checkSolution(problem, solution.placements);
    expect(check.details).toEqual([]);
    expect(solution.unplaced).toEqual([]);
    expect(seconds).toBeLessThan(10);
    expect(calls).toBeGreaterThan(0);
  });
});

/**
 * A feasible school: `classes` classes of 37 hours over 5 days x 8 hours (six subjects of 5 single lessons,
 * one subject as two doubles, one of 3 singles), weekly hours spread as soft minDays groups with
 * consecutiveIfSameDay and maxPerDay, a few unavailable teacher slots and one locked lesson. It is built by
 * first laying out a valid timetable and deriving the lessons from it, so a solution is known to exist.
 */
function schoolProblem(classes: number, seed: number): Problem {
  const random = prng(seed);
  const days = 5;
  const hours = 8;
  const shuffle = <T,>(list: T[]) => {
    for (let i = list.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const resources: Resource[] = [];
  const teacherCount = Math.round(classes * 1.6);
  for (let t = 0; t < teacherCount; t += 1) resources.push(teacher(`T${t}`));
  const activities: Activity[] = [];
  const groups: ActivityGroup[] = [];
  const teacherBusy = new Set<string>();
  for (let c = 0; c < classes; c += 1) {
    const classResource = resources.push(klass(`C${c}`)) - 1;
    // Subject -> list of [start, duration] in the known layout; subjects 0-5 get hours 0-5, one per day.
    const layout: [number, number][][] = Array.from({ length: 8 }, () => []);
    for (let day = 0; day < days; day += 1) {
      const rows = shuffle([0, 1, 2, 3, 4, 5]);
      rows.forEach((hour, subject) => layout[subject].push([day * hours + hour, 1]));
    }
    const doubleDays = shuffle([0, 1, 2, 3, 4]);
    for (const day of doubleDays.slice(0, 2)) layout[6].push([day * hours + 6, 2]);
    for (const day of doubleDays.slice(2)) layout[7].push([day * hours + 6, 1]);
    layout.forEach((lessons, subject) => {
      const slots = lessons.flatMap(([s, d]) => Array.from({ length: d }, (_, k) => s + k));
      let t = (c * 5 + subject * 3) % teacherCount;
      for (let tries = 0; tries < teacherCount && slots.some((s) => teacherBusy.has(`${t}:${s}`)); tries += 1) t = (t + 1) % teacherCount;
      if (slots.some((s) => teacherBusy.has(`${t}:${s}`))) t = resources.push(teacher(`X${c}-${subject}`)) - 1;
      for (const s of slots) teacherBusy.add(`${t}:${s}`);
      const members = lessons.map(([s, d], k) => {
        const extra: Partial<Activity> = c === 0 && subject === 0 && k === 0 ? { fixedStart: s } : {};
        return activities.push(lesson(`C${c} S${subject}`, [t, classResource], { duration: d, ...extra })) - 1;
      });
      groups.push({ activities: members, minDaysBetween: 1, weight: 95, consecutiveIfSameDay: true, maxPerDay: 2 });
    });
  }
  // Teachers are away at a few slots where the layout leaves them free.
  resources.forEach((r, i) => {
    if (r.kind !== 'teacher') return;
    const away: number[] = [];
    for (let s = 0; s < days * hours && away.length < 3; s += 1) if (!teacherBusy.has(`${i}:${s}`) && random() < 0.1) away.push(s);
    if (away.length > 0) r.unavailable = away;
  });
  return { days, hours, resources, activities, groups };
}
