/**
 * 走班 formation at the scale (issue 16): a grade of 1,200 students choosing among the 12
 * combinations of 3+1+2, classes of 40 to 50, three time blocks, formed and scheduled by the product's own
 * computation in a child process (as the background task runs it). Run alone with
 * `npx tsx bench/shiftFormation.ts`, or as the 'shift formation' scenario of `npm run bench`.
 */
import { runFormation } from '../server/src/modules/electives/shiftClasses/classes.ts';
import type { FormationInput } from '../server/src/modules/electives/shiftClasses/formation.ts';

export interface ShiftFormationFacts {
  students: number;
  classes: number;
  classLowerBound: number;
  teacherPeriods: number;
  teacherPeriodsLowerBound: number;
  clashes: number;
  unplaced: number;
  smallest: number;
  largest: number;
  wallMs: number;
  status: string;
  mode: string;
}

/** The 12 combinations' shares, as schools report them (physics-chemistry-biology the largest). */
const WEIGHTS = [18, 9, 6, 8, 5, 4, 5, 8, 10, 7, 9, 11];

export function syntheticGrade(students = 1200, seed = 2026): FormationInput['students'] {
  // Physics (1) or history (2) first; two of chemistry (3), biology (4), politics (5), geography (6).
  const combos = [1, 2].flatMap((first) => [[3, 4], [3, 5], [3, 6], [4, 5], [4, 6], [5, 6]].map(([a, b]) => [first, a!, b!]));
  let state = seed;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const total = WEIGHTS.reduce((a, b) => a + b, 0);
  return Array.from({ length: students }, (_, i) => {
    let at = random() * total;
    let k = 0;
    while (k < WEIGHTS.length - 1 && at >= WEIGHTS[k]!) at -= WEIGHTS[k++]!;
    return { id: i + 1, classId: Math.floor(i / 45) + 1, gender: random() < 0.5 ? '1' : '2', score: Math.round(400 + random() * 300), courses: combos[k]! };
  });
}

export async function measureShiftFormation(mode: 'full' | 'fixTwo' = 'full'): Promise<ShiftFormationFacts> {
  const students = syntheticGrade();
  // Ten teachers a subject, thirty rooms a block: enough that the classes, not the staff, are the limit.
  const input: FormationInput = {
    blockCount: 3,
    minSize: 40,
    maxSize: 50,
    mode,
    roomsPerBlock: 30,
    courses: [1, 2, 3, 4, 5, 6].map((id) => ({ id, hours: 4, teachers: Array.from({ length: 10 }, (_, t) => id * 100 + t) })),
    students,
    timeLimitMs: 50_000,
  };
  const started = Date.now();
  const output = await runFormation(input);
  const wallMs = Date.now() - started;
  const seen = new Set<string>();
  let clashes = 0;
  for (const section of output.sections) {
    for (const student of section.students) {
      const key = `${student}:${section.block}`;
      if (seen.has(key)) clashes++;
      seen.add(key);
    }
  }
  const sizes = output.sections.map((s) => s.students.length);
  return {
    students: students.length,
    classes: output.sections.length,
    classLowerBound: output.classLowerBound,
    teacherPeriods: output.sections.length * 4,
    teacherPeriodsLowerBound: output.teacherPeriodsLowerBound,
    clashes,
    unplaced: new Set(output.unplaced.map((u) => u.studentId)).size,
    smallest: Math.min(...sizes),
    largest: Math.max(...sizes),
    wallMs,
    status: output.status,
    mode,
  };
}

export function describeShiftFormation(f: ShiftFormationFacts): string {
  return `shift formation (${f.mode}): ${f.students} students → ${f.classes} classes (lower bound ${f.classLowerBound}), ${f.teacherPeriods} teacher periods (lower bound ${f.teacherPeriodsLowerBound}), sizes ${f.smallest}–${f.largest}, ${f.clashes} clashes, ${f.unplaced} unplaced, ${f.wallMs} ms (${f.status})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const mode of ['full', 'fixTwo'] as const) console.log(describeShiftFormation(await measureShiftFormation(mode)));
}
