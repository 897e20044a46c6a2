import highsLoader from 'highs';

/**
 * 走班 class formation and scheduling, a pure computation run in a child process (platform/childWork.ts).
 *
 * Students who chose the same subjects form a group (in 'fixTwo', a group is also one administrative
 * class). A mixed-integer programme (HiGHS) decides, for each group, how many of its students take their
 * subjects in which order of time blocks (so a student's subjects are always in different blocks), and how
 * many classes each subject has in each block: each within minSize..maxSize, no more in a block than the
 * subject has teachers and the block has rooms, as few classes in all as possible; 'fixTwo' then prefers
 * each administrative class's students of a subject in one block. The students of a subject in a block are
 * then dealt into its classes balanced by gender and prior score, and the classes get teachers, each at most
 * one class a block, the periods spread evenly.
 */

export interface FormationInput {
  blockCount: number;
  minSize: number;
  maxSize: number;
  mode: 'full' | 'fixTwo';
  /** Classes a block can hold at once (rooms); 0: no limit. */
  roomsPerBlock: number;
  courses: { id: number; hours: number; teachers: number[] }[];
  students: { id: number; classId: number; gender: string; score: number | null; courses: number[] }[];
  timeLimitMs: number;
}

export interface FormedSection {
  courseId: number;
  block: number;
  students: number[];
  teacherId: number | null;
}

export interface FormationOutput {
  sections: FormedSection[];
  /** Students (with the subject) left without a class. */
  unplaced: { studentId: number; courseId: number }[];
  classLowerBound: number;
  teacherPeriodsLowerBound: number;
  /** Warnings: [key, params] for the caller's language. */
  warnings: [string, Record<string, string | number>][];
  status: string;
  elapsedMs: number;
}

/** Every ordered choice of k distinct blocks out of n (the blocks a group's subjects take, in order). */
function arrangements(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === k) {
      out.push(prefix);
      return;
    }
    for (let b = 0; b < n; b++) if (!prefix.includes(b)) walk([...prefix, b]);
  };
  walk([]);
  return out;
}

interface Group {
  key: string;
  classId: number;
  courses: number[];
  members: FormationInput['students'];
}

export async function formClasses(input: FormationInput, progress: (done: number, total: number) => void = () => undefined): Promise<FormationOutput> {
  const started = Date.now();
  const blocks = input.blockCount;
  const courseIds = input.courses.map((c) => c.id);
  const courseIndex = new Map(courseIds.map((id, i) => [id, i]));
  const warnings: FormationOutput['warnings'] = [];

  // Groups: the same subjects (and in fixTwo the same administrative class).
  const groups = new Map<string, Group>();
  const unplaced: FormationOutput['unplaced'] = [];
  for (const student of input.students) {
    const courses = [...new Set(student.courses.filter((c) => courseIndex.has(c)))].sort((a, b) => a - b);
    if (courses.length !== student.courses.length || courses.length > blocks) {
      for (const c of student.courses) unplaced.push({ studentId: student.id, courseId: c });
      continue;
    }
    const key = `${input.mode === 'fixTwo' ? student.classId : 0}|${courses.join(',')}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, classId: student.classId, courses, members: [] }));
    group.members.push(student);
  }
  const groupList = [...groups.values()];
  const demand = new Map<number, number>();
  for (const g of groupList) for (const c of g.courses) demand.set(c, (demand.get(c) ?? 0) + g.members.length);
  const classLowerBound = courseIds.reduce((sum, c) => sum + Math.ceil((demand.get(c) ?? 0) / input.maxSize), 0);
  const teacherPeriodsLowerBound = input.courses.reduce((sum, c) => sum + Math.ceil((demand.get(c.id) ?? 0) / input.maxSize) * c.hours, 0);
  progress(0, 3);

  // ---- The programme (CPLEX LP text) ----
  const objective: string[] = [];
  const constraints: string[] = [];
  const bounds: string[] = [];
  const integers: string[] = [];
  const binaries: string[] = [];
  const perms = new Map<number, number[][]>();
  const loadTerms = new Map<string, string[]>();
  const groupVars: { group: number; perm: number[]; name: string }[] = [];
  groupList.forEach((group, g) => {
    let list = perms.get(group.courses.length);
    if (!list) perms.set(group.courses.length, (list = arrangements(blocks, group.courses.length)));
    const names: string[] = [];
    list.forEach((perm, p) => {
      const name = `y${g}_${p}`;
      names.push(name);
      groupVars.push({ group: g, perm, name });
      integers.push(name);
      group.courses.forEach((c, i) => {
        const key = `${courseIndex.get(c)}_${perm[i]}`;
        let terms = loadTerms.get(key);
        if (!terms) loadTerms.set(key, (terms = []));
        terms.push(name);
      });
    });
    if (names.length) constraints.push(`g${g}: ${names.join(' + ')} = ${group.members.length}`);
  });
  const WEIGHT = 1000;
  for (const [ci, course] of input.courses.entries()) {
    const students = demand.get(course.id) ?? 0;
    // A subject with fewer students than a class's minimum still gets its one class.
    const min = Math.min(input.minSize, students);
    for (let b = 0; b < blocks; b++) {
      const x = `x${ci}_${b}`;
      integers.push(x);
      objective.push(`${WEIGHT} ${x}`);
      const terms = loadTerms.get(`${ci}_${b}`) ?? [];
      const load = terms.join(' + ');
      if (terms.length) {
        constraints.push(`max${ci}_${b}: ${load} - ${input.maxSize} ${x} <= 0`);
        if (min > 0) constraints.push(`min${ci}_${b}: ${load} - ${min} ${x} >= 0`);
      }
      const teachers = course.teachers.length;
      bounds.push(`0 <= ${x} <= ${teachers > 0 ? teachers : Math.ceil(students / Math.max(1, min)) + 1}`);
      if (!terms.length) bounds.push(`${x} = 0`);
    }
  }
  if (input.roomsPerBlock > 0) {
    for (let b = 0; b < blocks; b++) constraints.push(`rooms${b}: ${input.courses.map((_, ci) => `x${ci}_${b}`).join(' + ')} <= ${input.roomsPerBlock}`);
  }
  if (input.mode === 'fixTwo') {
    // z: an administrative class has students of a subject in a block; fewer of them keeps classes together.
    const byClass = new Map<number, number[]>();
    groupList.forEach((group, g) => byClass.set(group.classId, [...(byClass.get(group.classId) ?? []), g]));
    let zi = 0;
    for (const [, members] of byClass) {
      const size = members.reduce((sum, g) => sum + groupList[g]!.members.length, 0);
      for (const c of courseIds) {
        const ci = courseIndex.get(c)!;
        for (let b = 0; b < blocks; b++) {
          const terms = groupVars.filter((v) => members.includes(v.group) && groupList[v.group]!.courses.some((gc, i) => gc === c && v.perm[i] === b)).map((v) => v.name);
          if (!terms.length) continue;
          const z = `z${zi++}_${ci}_${b}`;
          binaries.push(z);
          objective.push(`1 ${z}`);
          constraints.push(`k${z}: ${terms.join(' + ')} - ${size} ${z} <= 0`);
        }
      }
    }
  }
  const lp = ['Minimize', ` obj: ${objective.join(' + ') || '0'}`, 'Subject To', ...constraints.map((c) => ` ${c}`), 'Bounds', ...bounds.map((b) => ` ${b}`)];
  if (integers.length) lp.push('General', ` ${integers.join(' ')}`);
  if (binaries.length) lp.push('Binary', ` ${binaries.join(' ')}`);
  lp.push('End');

  const highs = await highsLoader();
  const solveLp = (text: string) =>
    highs.solve(text, { time_limit: Math.max(1, (input.timeLimitMs - (Date.now() - started)) / 1000), mip_rel_gap: 0.001, output_flag: false } as Parameters<typeof highs.solve>[1]);
  let solution = solveLp(lp.join('\n'));
  progress(1, 3);
  const usable = (status: string) => status === 'Optimal' || ((status === 'Time limit reached' || status === 'Target for objective reached') && Object.keys(solution.Columns ?? {}).length > 0);
  if (!usable(solution.Status)) {
    // Infeasible as asked (too few teachers, rooms or students for the minimum): drop the minimum sizes,
    // the teacher and the room limits, and say so (the warnings below name what is short).
    const relaxed = lp
      .filter((line) => !/^ (min|rooms)\d/.test(line))
      .map((line) => (/^ 0 <= x\d+_\d+ <= \d+$/.test(line) ? line.replace(/<= \d+$/, `<= ${input.students.length}`) : line));
    solution = solveLp(relaxed.join('\n'));
    warnings.push(['shift.warning.relaxed', {}]);
  }
  const status = solution.Status;
  const value = (name: string) => {
    const column = solution.Columns?.[name];
    return column && 'Primal' in column ? Math.round(column.Primal) : 0;
  };

  // ---- Students into classes ----
  const sections: FormedSection[] = [];
  const pools = new Map<string, FormationInput['students']>();
  groupList.forEach((group, g) => {
    // Deterministic order inside a group: by administrative class, then student id.
    const members = [...group.members].sort((a, b) => a.classId - b.classId || a.id - b.id);
    let at = 0;
    for (const v of groupVars.filter((gv) => gv.group === g)) {
      const count = usable(status) ? value(v.name) : 0;
      const taken = members.slice(at, at + count);
      at += count;
      group.courses.forEach((c, i) => {
        const key = `${c}_${v.perm[i]}`;
        pools.set(key, [...(pools.get(key) ?? []), ...taken]);
      });
    }
    for (const student of members.slice(at)) for (const c of group.courses) unplaced.push({ studentId: student.id, courseId: c });
  });
  for (const [ci, course] of input.courses.entries()) {
    for (let b = 0; b < blocks; b++) {
      const pool = pools.get(`${course.id}_${b}`) ?? [];
      if (!pool.length) continue;
      const count = Math.max(1, value(`x${ci}_${b}`), Math.ceil(pool.length / input.maxSize));
      const dealt: number[][] = Array.from({ length: count }, () => []);
      if (input.mode === 'fixTwo') {
        // Administrative classes kept together: consecutive runs of the class order, sizes even.
        const ordered = [...pool].sort((a, b2) => a.classId - b2.classId || a.id - b2.id);
        ordered.forEach((s, i) => dealt[Math.floor((i * count) / ordered.length)]!.push(s.id));
      } else {
        // Balanced: each gender in score order, dealt back and forth (snake), so sizes, genders and
        // scores are even across the classes.
        const ordered = [...pool].sort((a, b2) => a.gender.localeCompare(b2.gender) || (b2.score ?? -1) - (a.score ?? -1) || a.id - b2.id);
        ordered.forEach((s, i) => {
          const round = Math.floor(i / count);
          const position = i % count;
          dealt[round % 2 === 0 ? position : count - 1 - position]!.push(s.id);
        });
      }
      for (const students of dealt) if (students.length) sections.push({ courseId: course.id, block: b + 1, students, teacherId: null });
    }
  }
  progress(2, 3);

  // ---- Teachers: one class a block each, the fewest classes first ----
  for (const course of input.courses) {
    const load = new Map(course.teachers.map((t) => [t, 0]));
    for (let b = 1; b <= blocks; b++) {
      const here = sections.filter((s) => s.courseId === course.id && s.block === b);
      const free = [...course.teachers].sort((x, y) => load.get(x)! - load.get(y)! || x - y);
      here.forEach((section, i) => {
        const teacher = free[i];
        if (teacher === undefined) return;
        section.teacherId = teacher;
        load.set(teacher, load.get(teacher)! + 1);
      });
      if (course.teachers.length && here.length > course.teachers.length) warnings.push(['shift.warning.fewTeachers', { course: course.id, block: b, classes: here.length, teachers: course.teachers.length }]);
    }
  }
  if (input.roomsPerBlock > 0) {
    for (let b = 1; b <= blocks; b++) {
      const here = sections.filter((s) => s.block === b).length;
      if (here > input.roomsPerBlock) warnings.push(['shift.warning.fewRooms', { block: b, classes: here, rooms: input.roomsPerBlock }]);
    }
  }
  progress(3, 3);
  return { sections, unplaced, classLowerBound, teacherPeriodsLowerBound, warnings, status, elapsedMs: Date.now() - started };
}
