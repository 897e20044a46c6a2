import { USER_TYPES, formatStudentNumber, idCheckCharacter, studentNumberPrefix } from '@campus/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  areas, classes, classrooms, courses, dictionaryItems, dictionaryTables, electiveEnrolments, electiveSessions, examBatches, examSessions, grades,
  guardians, invigilations, messages, orgUnits, periods, roles, schoolYears, staff, staffAppointments, students, terms, timetableEntries, userRoles,
  users, weekDays,
} from '../schema/index.ts';
import {
  AREAS, CAMPUSES, COURSES, DEPARTMENTS, DICTIONARIES, DIVISIONS, ELECTIVES, GIVEN, GRADE_NAMES, PERIODS, SCHOOL, SURNAMES, TERMS, WEEK_DAYS,
} from './reference.ts';
import { seedCampus } from './campus.ts';

/** A small deterministic generator, so every demo school is the same school. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[] | string): T => items[Math.floor(next() * items.length)] as T, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

async function insertChunked<T extends Record<string, unknown>>(tx: Tx, table: Parameters<Tx['insert']>[0], rows: T[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size) as never);
}

const CLASSES_PER_GRADE = 3;
const STUDENTS_PER_CLASS = 42;
/** The demo student sits in 初二(1)班: grade 8, class 1. */
const DEMO_GRADE = 8;
const CURRENT_YEAR = 2026;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/**
 * The people a keyword search of the lists is tried on (侯, 张伟 and its initials zw; web/e2e/shared/keywordFlows.mjs):
 * two boarders of 初二(2)班, the class after the demo class, and two teachers with an elective. The generator's
 * people of these numbers are renamed rather than new ones added, so every count of the demo school stays; each
 * has the generator's gender, and the areas' seeds give the students records by these numbers.
 */
export const KEYWORD_PEOPLE = {
  students: { zhangWei: { number: '201911062', name: '张伟' }, hou: { number: '202521006', name: '侯浩宇' } },
  staff: { zhangWei: { number: 'T0046', name: '张伟' }, hou: { number: 'T0034', name: '侯丽娟' } },
} as const;
/** A resident ID number with its GB 11643 check character, so demo records pass the staff form's rule. */
const withIdCheck = (first17: string) => first17 + idCheckCharacter(first17);

/**
 * Builds the demo school: organisation, calendar, about 1,500 students with parents, about 150 staff,
 * a full timetable for every class in the current term, electives, invigilation and messages.
 * Runs once: when the school exists it changes nothing.
 */
export async function seedSchool(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.code, SCHOOL.code));
  // The school exists: only the later, idempotent parts run (a database seeded by an older release gets them).
  if (existing) return seedCampus(tx);
  const rnd = random(20261122);
  const personName = () => rnd.pick<string>(SURNAMES) + rnd.pick<string>(GIVEN) + (rnd.next() < 0.6 ? rnd.pick<string>(GIVEN) : '');

  // Dictionaries and areas.
  await tx.insert(dictionaryTables).values(DICTIONARIES.map((d) => ({ tableName: d.tableName, name: d.name, nameEn: d.nameEn, published: true })));
  await tx.insert(dictionaryItems).values(
    DICTIONARIES.flatMap((d) => d.items.map((item, index) => ({ tableName: d.tableName, code: item.code, name: item.name, nameEn: item.nameEn, shortName: item.shortName, sort: index + 1 }))),
  );
  await tx.insert(areas).values(AREAS.map((a) => ({ code: a.code, name: a.name, parentCode: a.parent ?? null, level: a.level })));

  // Organisation.
  const [school] = await tx.insert(orgUnits).values({ code: SCHOOL.code, name: SCHOOL.name, nameEn: SCHOOL.nameEn, kind: 'school', sort: 1 }).returning();
  const campusRows = await tx.insert(orgUnits).values(CAMPUSES.map((c, i) => ({ code: c.code, name: c.name, nameEn: c.nameEn, kind: 'campus', parentId: school.id, sort: i + 1 }))).returning();
  const divisionRows = await tx.insert(orgUnits).values(DIVISIONS.map((d, i) => ({ code: d.code, name: d.name, nameEn: d.nameEn, kind: 'division', parentId: school.id, sort: 10 + i }))).returning();
  const departmentRows = await tx.insert(orgUnits).values(DEPARTMENTS.map((d, i) => ({ code: d.code, name: d.name, nameEn: d.nameEn, kind: 'department', parentId: school.id, sort: 20 + i }))).returning();
  const academic = departmentRows.find((d) => d.code === 'dept-academic')!;
  const groupNames = [...new Map([...COURSES, ...ELECTIVES.map((e) => ({ ...e, groupEn: '' }))].map((c) => [c.group, c.groupEn || c.group])).entries()];
  const groupRows = await tx
    .insert(orgUnits)
    .values(groupNames.map(([name, nameEn], i) => ({ code: `group-${i + 1}`, name, nameEn: nameEn === name ? null : nameEn, kind: 'researchGroup', parentId: academic.id, sort: i + 1 })))
    .returning();
  const groupId = new Map(groupRows.map((g) => [g.name, g.id]));

  // Calendar.
  const yearCodes = [...new Set(TERMS.map((t) => t.year))];
  const yearRows = await tx
    .insert(schoolYears)
    .values(yearCodes.map((code) => ({ code, name: `${code}学年`, startDate: `${code.slice(0, 4)}-08-01`, endDate: `${code.slice(5)}-07-31` })))
    .returning();
  const termRows = await tx
    .insert(terms)
    .values(TERMS.map((t) => ({ code: t.code, schoolYearId: yearRows.find((y) => y.code === t.year)!.id, name: t.name, nameEn: t.nameEn, startDate: t.start, endDate: t.end, weekCount: t.weeks, isCurrent: t.current })))
    .returning();
  const currentTerm = termRows.find((t) => t.isCurrent)!;
  await tx.insert(periods).values(PERIODS.map(([name, nameEn, start, end], i) => ({ sort: i + 1, name, nameEn, startTime: start, endTime: end })));
  await tx.insert(weekDays).values(WEEK_DAYS.map(([name, nameEn], i) => ({ day: i + 1, name, nameEn, teaching: i < 5 })));

  // Courses.
  const courseRows = await tx
    .insert(courses)
    .values([
      ...COURSES.map((c, i) => ({ code: c.code, name: c.name, nameEn: c.nameEn, researchGroupId: groupId.get(c.group)!, sort: i + 1 })),
      ...ELECTIVES.map((c, i) => ({ code: c.code, name: c.name, nameEn: c.nameEn, researchGroupId: groupId.get(c.group)!, isElective: true, sort: 100 + i })),
    ])
    .returning();
  const courseByCode = new Map(courseRows.map((c) => [c.code, c]));

  // Grades, classrooms, classes.
  const gradeRows = await tx
    .insert(grades)
    .values(GRADE_NAMES.map(([name, nameEn], i) => ({ code: `G${pad(i + 1, 2)}`, name, nameEn, divisionId: divisionRows[DIVISIONS.findIndex((d) => d.grades.includes(i + 1))].id, sort: i + 1 })))
    .returning();
  const campusOfGrade = (grade: number) => (grade <= 9 ? campusRows[0] : campusRows[1]);
  const classPlan = gradeRows.flatMap((g, gi) => Array.from({ length: CLASSES_PER_GRADE }, (_, ci) => ({ grade: gi + 1, gradeRow: g, number: ci + 1 })));
  const roomRows = await tx
    .insert(classrooms)
    .values([
      ...classPlan.map((c) => ({
        code: `${campusOfGrade(c.grade).code === 'campus-1' ? 'E' : 'W'}${pad(c.grade, 2)}${c.number}`,
        name: `${campusOfGrade(c.grade).name}${c.grade <= 6 ? '启明楼' : '致远楼'}${pad(c.grade, 2)}${c.number}室`,
        building: c.grade <= 6 ? '启明楼' : '致远楼',
        campusId: campusOfGrade(c.grade).id,
        capacity: 50,
      })),
      ...['机器人实验室', '书法教室', '音乐厅'].map((name, i) => ({ code: `S${i + 1}`, name, building: '综合楼', campusId: campusRows[0].id, capacity: 60 })),
      // Every class's PE is in the gym: it holds several classes at once.
      { code: 'S4', name: '体育馆', building: '综合楼', campusId: campusRows[0].id, capacity: 400, classesAtOnce: 8 },
    ])
    .returning();
  const specialRooms = roomRows.slice(classPlan.length);

  // Users for staff, students and parents; the demo accounts already exist and are reused.
  const demoUsers = await tx.select().from(users).where(inArray(users.account, ['T0001', 'T0002', '201911001', 'jz201911001']));
  const demoUser = new Map(demoUsers.map((u) => [u.account, u]));

  // Staff: teachers per research group in proportion to the lessons their courses need.
  const STAFF_COUNT = 150;
  const staffPlan: { number: string; name: string; gender: string; group: string; campus: (typeof campusRows)[number]; dept: (typeof departmentRows)[number] }[] = [];
  // Every group gets teachers in proportion to its courses' lessons (electives' groups at least one).
  const groupCycle = [
    ...COURSES.flatMap((c) => Array<string>(Math.max(1, Math.round((c.weekly[0] + c.weekly[1] + c.weekly[2]) / 3))).fill(c.group)),
    ...ELECTIVES.map((e) => e.group),
  ].sort(() => rnd.next() - 0.5);
  for (let i = 1; i <= STAFF_COUNT; i++) {
    const number = `T${pad(i, 4)}`;
    const group = i === 1 ? '数学组' : i === 2 ? '语文组' : groupCycle[(i - 3) % groupCycle.length];
    const name = i === 1 ? '王建国' : i === 2 ? '李秀英' : personName();
    staffPlan.push({ number, name, gender: i === 1 ? '1' : i === 2 ? '2' : rnd.next() < 0.6 ? '2' : '1', group, campus: i <= 2 ? campusRows[0] : rnd.pick(campusRows), dept: i <= 140 ? academic : rnd.pick(departmentRows) });
  }
  // Renamed after the draws, which stay the same for everyone else.
  for (const person of Object.values(KEYWORD_PEOPLE.staff)) staffPlan.find((s) => s.number === person.number)!.name = person.name;
  const newStaffUsers = staffPlan.filter((s) => !demoUser.has(s.number)).map((s) => ({ account: s.number, displayName: s.name, userType: USER_TYPES.teacher, passwordHash: null }));
  await insertChunked(tx, users, newStaffUsers);
  // The demo teachers keep their login but take their full names.
  await tx.update(users).set({ displayName: staffPlan[0].name }).where(eq(users.account, 'T0001'));
  await tx.update(users).set({ displayName: staffPlan[1].name }).where(eq(users.account, 'T0002'));
  const staffUsers = await tx.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, staffPlan.map((s) => s.number)));
  const staffUserId = new Map(staffUsers.map((u) => [u.account, u.id]));
  const staffRows = await tx
    .insert(staff)
    .values(
      staffPlan.map((s, i) => {
        const birthYear = 1965 + ((i * 13) % 35);
        const birth = `${birthYear}-${pad(1 + (i % 12), 2)}-${pad(1 + (i % 27), 2)}`;
        const workStart = birthYear + 22;
        return {
          userId: staffUserId.get(s.number)!,
          staffNumber: s.number,
          name: s.name,
          gender: s.gender,
          birthDate: birth,
          idNumber: withIdCheck(`110108${birth.replace(/-/g, '')}${pad(100 + i, 3)}`),
          phone: `13${pad(800000000 + i * 7919, 9)}`,
          email: `${s.number.toLowerCase()}@mingde.edu.cn`,
          campusId: s.campus.id,
          establishmentDeptId: academic.id,
          workingDeptId: s.dept.id,
          researchGroupId: groupId.get(s.group)!,
          staffType: s.dept.id === academic.id ? '1' : '2',
          title: rnd.pick(['二级教师', '一级教师', '高级教师', '正高级教师']),
          education: rnd.pick(['21', '21', '14', '11']),
          workStartDate: `${workStart}-09-01`,
          arrivalDate: `${workStart + rnd.int(0, 10)}-09-01`,
        };
      }),
    )
    .returning();
  const staffByGroup = new Map<number, typeof staffRows>();
  const pickFrom = <T>(pool: T[], index: number): T => pool[index % pool.length];
  for (const s of staffRows) staffByGroup.set(s.researchGroupId!, [...(staffByGroup.get(s.researchGroupId!) ?? []), s]);

  // Classes with class teachers: T0002 leads 初二(1)班; the others are drawn from the staff in turn.
  const teacherPool = staffRows.filter((s) => s.staffNumber !== 'T0002' && s.staffNumber !== 'T0001');
  const classRows = await tx
    .insert(classes)
    .values(
      classPlan.map((c, i) => {
        const isDemo = c.grade === DEMO_GRADE && c.number === 1;
        return {
          code: `${CURRENT_YEAR - c.grade + 1}${pad(c.grade, 2)}${pad(c.number, 2)}`,
          name: `${GRADE_NAMES[c.grade - 1][0]}(${c.number})班`,
          shortName: `${GRADE_NAMES[c.grade - 1][0]}${c.number}班`,
          gradeId: c.gradeRow.id,
          campusId: campusOfGrade(c.grade).id,
          classTeacherId: isDemo ? staffRows[1].id : teacherPool[i % teacherPool.length].id,
          classroomId: roomRows[i].id,
          sort: i + 1,
        };
      }),
    )
    .returning();

  // Students: numbers follow the template entry year, division, campus, serial (e.g. 201911001).
  const serials = new Map<string, number>();
  const studentPlan: { number: string; name: string; gender: string; classIndex: number; entryYear: number }[] = [];
  classPlan.forEach((c, classIndex) => {
    const entryYear = CURRENT_YEAR - c.grade + 1;
    const campusDigit = campusOfGrade(c.grade).code === 'campus-1' ? '1' : '2';
    for (let k = 0; k < STUDENTS_PER_CLASS; k++) {
      // Everyone joined in grade 1 (division 1) except a few who came to the junior or senior division later.
      const lateDivision = c.grade >= 7 && k % 10 === 9 ? DIVISIONS.find((d) => d.grades.includes(c.grade))! : null;
      const year = lateDivision ? CURRENT_YEAR - (c.grade - lateDivision.grades[0]) : entryYear;
      const prefix = studentNumberPrefix(year, lateDivision ? lateDivision.digit : '1', campusDigit);
      const serial = (serials.get(prefix) ?? 0) + 1;
      serials.set(prefix, serial);
      studentPlan.push({ number: formatStudentNumber(prefix, serial), name: personName(), gender: rnd.next() < 0.5 ? '1' : '2', classIndex, entryYear: year });
    }
  });
  const demoStudent = studentPlan.find((s) => s.number === '201911001')!;
  demoStudent.name = '张小明';
  demoStudent.gender = '1';
  for (const person of Object.values(KEYWORD_PEOPLE.students)) studentPlan.find((s) => s.number === person.number)!.name = person.name;
  await insertChunked(
    tx,
    users,
    studentPlan.filter((s) => !demoUser.has(s.number)).map((s) => ({ account: s.number, displayName: s.name, userType: USER_TYPES.student, passwordHash: null })),
  );
  await insertChunked(
    tx,
    users,
    studentPlan.filter((s) => !demoUser.has(`jz${s.number}`)).map((s) => ({ account: `jz${s.number}`, displayName: `${s.name}家长`, userType: USER_TYPES.parent, passwordHash: null })),
  );
  const studentUsers = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(sql`${users.userType} IN (${USER_TYPES.student}, ${USER_TYPES.parent})`);
  const userIdOf = new Map(studentUsers.map((u) => [u.account, u.id]));
  const studentRows: (typeof students.$inferSelect)[] = [];
  for (let i = 0; i < studentPlan.length; i += 500) {
    const chunk = studentPlan.slice(i, i + 500);
    studentRows.push(
      ...(await tx
        .insert(students)
        .values(
          chunk.map((s) => {
            const grade = classPlan[s.classIndex].grade;
            return {
              userId: userIdOf.get(s.number)!,
              studentNumber: s.number,
              name: s.name,
              gender: s.gender,
              birthDate: s.number === '201911001' ? '2012-04-16' : `${CURRENT_YEAR - grade - 6}-${pad(rnd.int(1, 12), 2)}-${pad(rnd.int(1, 28), 2)}`,
              classId: classRows[s.classIndex].id,
              entryYear: s.entryYear,
              inSchoolStatus: '1',
              enrolmentStatus: '1',
            };
          }),
        )
        .returning()),
    );
  }
  await insertChunked(
    tx,
    guardians,
    studentRows.map((s) => ({ parentUserId: userIdOf.get(`jz${s.studentNumber}`)!, studentId: s.id, relation: rnd.pick(['父亲', '母亲']) })),
  );

  // Roles: every staff member teaches; class teachers also hold the class-teacher role.
  const roleRows = await tx.select().from(roles).where(inArray(roles.code, ['teacher', 'class_teacher', 'student', 'parent']));
  const roleId = new Map(roleRows.map((r) => [r.code, r.id]));
  const classTeacherIds = new Set(classRows.map((c) => c.classTeacherId));
  await insertChunked(tx, userRoles, [
    ...staffRows.map((s) => ({ userId: s.userId, roleId: roleId.get('teacher')! })),
    ...staffRows.filter((s) => classTeacherIds.has(s.id)).map((s) => ({ userId: s.userId, roleId: roleId.get('class_teacher')! })),
    ...studentRows.map((s) => ({ userId: s.userId, roleId: roleId.get('student')! })),
    ...studentRows.map((s) => ({ userId: userIdOf.get(`jz${s.studentNumber}`)!, roleId: roleId.get('parent')! })),
  ].filter((link) => !demoUsers.some((u) => u.id === link.userId)));

  // Appointments.
  await tx.insert(staffAppointments).values([
    { staffId: staffRows[1].id, kind: 'gradeLeader', scopeName: GRADE_NAMES[DEMO_GRADE - 1][0], orgUnitId: divisionRows[1].id },
    { staffId: staffRows[0].id, kind: 'lessonPrepHead', scopeName: `${GRADE_NAMES[DEMO_GRADE - 1][0]}数学备课组` },
    ...groupRows.map((g) => ({ staffId: (staffByGroup.get(g.id) ?? staffRows)[0].id, kind: 'researchLeader', scopeName: g.name, orgUnitId: g.id })),
    // The approvers of the applications' chains (issue 14): the demo teacher T0001 directs the junior
    // division (the demo class's) and heads their own department; a principal; a head for every other
    // department and a director for the other divisions.
    { staffId: staffRows[0].id, kind: 'divisionDirector', scopeName: divisionRows[1].name, orgUnitId: divisionRows[1].id },
    { staffId: staffRows[0].id, kind: 'departmentHead', scopeName: departmentRows.find((d) => d.id === staffRows[0].workingDeptId)?.name ?? '', orgUnitId: staffRows[0].workingDeptId },
    { staffId: teacherPool[teacherPool.length - 1].id, kind: 'principal', scopeName: SCHOOL.name, orgUnitId: school.id },
    ...divisionRows
      .filter((d, i) => i !== 1)
      .map((d, i) => ({ staffId: teacherPool[teacherPool.length - 2 - i].id, kind: 'divisionDirector', scopeName: d.name, orgUnitId: d.id })),
    ...departmentRows
      .filter((d) => d.id !== staffRows[0].workingDeptId)
      .map((d, i) => ({ staffId: teacherPool[teacherPool.length - 5 - i].id, kind: 'departmentHead', scopeName: d.name, orgUnitId: d.id })),
  ]);

  // Timetable of the current term: each class fills its week with its grade band's lessons.
  const cells: (typeof timetableEntries.$inferInsert)[] = [];
  // A teacher is never in two rooms at once: each lesson takes a free slot of its class where its
  // teacher is also free.
  const teacherBusy = new Set<string>();
  // The gym holds eight classes at once (its classes_at_once).
  const gymClasses = new Map<string, number>();
  // Electives run on Thursday's last period; the demo teacher T0001 runs the robotics club.
  const electiveTeachers = ELECTIVES.map((e, i) => (i === 0 ? staffRows[0] : pickFrom(staffByGroup.get(groupId.get(e.group)!) ?? staffRows, i + 1)));
  for (const teacher of electiveTeachers) teacherBusy.add(`${teacher.id}:4:8`);
  classRows.forEach((cls, classIndex) => {
    const grade = classPlan[classIndex].grade;
    const band = grade <= 6 ? 0 : grade <= 9 ? 1 : 2;
    const lessons = COURSES.flatMap((c) => Array<string>(c.weekly[band]).fill(c.code)).sort(() => rnd.next() - 0.5);
    const slots: { day: number; period: number }[] = [];
    for (let day = 1; day <= 5; day++) for (let period = 1; period <= 8; period++) slots.push({ day, period });
    // Thursday's last period is kept free for electives from grade 7 up.
    const free = slots.filter((slot) => !(grade >= 7 && slot.day === 4 && slot.period === 8)).sort(() => rnd.next() - 0.5);
    const teacherOf = new Map<string, number>();
    for (const courseCode of lessons) {
      const course = courseByCode.get(courseCode)!;
      let teacherId = teacherOf.get(courseCode);
      if (teacherId === undefined) {
        if (grade === DEMO_GRADE && classPlan[classIndex].number === 1 && courseCode === 'maths') teacherId = staffRows[0].id;
        else if (cls.classTeacherId === staffRows[1].id && courseCode === 'chinese') teacherId = staffRows[1].id;
        // A class meeting is led by the class's own class teacher, nobody else's.
        else if (courseCode === 'classMeeting' && cls.classTeacherId) teacherId = cls.classTeacherId;
        else teacherId = pickFrom(staffByGroup.get(course.researchGroupId!) ?? staffRows, classIndex + courseCode.length).id;
        teacherOf.set(courseCode, teacherId);
      }
      const at = free.findIndex((slot) => !teacherBusy.has(`${teacherId}:${slot.day}:${slot.period}`) && (courseCode !== 'pe' || (gymClasses.get(`${slot.day}:${slot.period}`) ?? 0) < 8));
      if (at < 0) continue;
      const [slot] = free.splice(at, 1);
      teacherBusy.add(`${teacherId}:${slot.day}:${slot.period}`);
      if (courseCode === 'pe') gymClasses.set(`${slot.day}:${slot.period}`, (gymClasses.get(`${slot.day}:${slot.period}`) ?? 0) + 1);
      const alternating = courseCode === 'music' || courseCode === 'art';
      cells.push({
        termId: currentTerm.id,
        classId: cls.id,
        day: slot.day,
        period: slot.period,
        courseId: course.id,
        teacherId,
        classroomId: courseCode === 'pe' ? specialRooms[3].id : cls.classroomId,
        label: alternating ? (courseCode === 'music' ? '单周' : '双周') : null,
        weekFrom: 1,
        weekTo: currentTerm.weekCount,
        weekParity: alternating ? (courseCode === 'music' ? 'odd' : 'even') : 'all',
      });
    }
  });
  await insertChunked(tx, timetableEntries, cells);

  // Electives on Thursday's last period for grades 7 and up.
  const electiveRows = await tx
    .insert(electiveSessions)
    .values(ELECTIVES.map((e, i) => ({ termId: currentTerm.id, courseId: courseByCode.get(e.code)!.id, teacherId: electiveTeachers[i].id, classroomId: specialRooms[i].id, day: 4, period: 8, weekFrom: 3, weekTo: 18 })))
    .returning();
  const seniorStudents = studentRows.filter((s) => classPlan[classRows.findIndex((c) => c.id === s.classId)].grade >= 7);
  await insertChunked(
    tx,
    electiveEnrolments,
    seniorStudents.map((s, i) => ({ sessionId: s.studentNumber === '201911001' ? electiveRows[0].id : electiveRows[i % electiveRows.length].id, studentId: s.id })),
  );

  // Invigilation of the mid-term exams.
  const [midterm] = await tx.insert(examBatches).values({ termId: currentTerm.id, name: '2026-2027学年第一学期期中考试', published: true }).returning();
  const examCourses = ['chinese', 'maths', 'english', 'physics', 'chemistry'];
  const sessionRows = await tx
    .insert(examSessions)
    .values(
      examCourses.flatMap((code, i) => [
        { batchId: midterm.id, courseId: courseByCode.get(code)!.id, examDate: `2026-11-${pad(10 + i, 2)}`, startTime: '08:30', endTime: code === 'chinese' || code === 'maths' ? '10:30' : '10:00', classroomId: roomRows[21].id },
        { batchId: midterm.id, courseId: courseByCode.get(code)!.id, examDate: `2026-11-${pad(10 + i, 2)}`, startTime: '14:30', endTime: '16:00', classroomId: roomRows[30].id },
      ]),
    )
    .returning();
  await tx.insert(invigilations).values(
    sessionRows.flatMap((session, i) => [
      { sessionId: session.id, staffId: i < 4 ? staffRows[0].id : staffRows[2 + i].id, role: 'chief' },
      { sessionId: session.id, staffId: i % 3 === 0 ? staffRows[1].id : staffRows[20 + i].id, role: 'assistant' },
      { sessionId: session.id, staffId: staffRows[40 + (i % 5)].id, role: 'patrol' },
    ]),
  );

  // Messages for the demo accounts, each what their own role would have received (type, title, content).
  const messageTexts: Record<string, [string, string, string][]> = {
    admin: [
      ['1', '系统维护通知', '本周六 22:00 至 24:00 系统维护，期间暂停服务。'],
      ['1', '数据同步完成', '教职工与学生数据已于今晨 02:00 同步完成。'],
      ['4', '调课申请待审核', '初二年级有 2 条调课申请等待教务处审核。'],
      ['1', '账号导入完成', '新学期教职工账号已导入，共 12 个。'],
      ['4', '证明申请待审核', '有 3 条在读证明申请等待审核。'],
    ],
    T0001: [
      ['1', '系统维护通知', '本周六 22:00 至 24:00 系统维护，期间暂停服务。'],
      ['3', '教研活动通知', '数学组本周三下午第七节在三楼会议室集体备课。'],
      ['4', '调课申请已通过', '您提交的周四第三节调课申请已通过审核。'],
      ['5', '成绩录入提醒', '期中考试成绩请于本周五前录入完毕。'],
    ],
    T0002: [
      ['1', '系统维护通知', '本周六 22:00 至 24:00 系统维护，期间暂停服务。'],
      ['4', '学生请假待审批', '本班张小明提交了病假申请，请及时审批。'],
      ['3', '班主任例会', '本周一中午 12:30 在行政楼二楼召开班主任例会。'],
      ['5', '成绩录入提醒', '期中考试成绩请于本周五前录入完毕。'],
      ['3', '家长会准备', '请各班主任于周四前提交家长会发言提纲。'],
    ],
    '201911001': [
      ['2', '数学作业已发布', '请于周五前完成练习册第三章习题。'],
      ['2', '语文作业提醒', '请背诵《岳阳楼记》全文。'],
      ['3', '期中考试安排', '期中考试将于11月10日开始，请按时参加。'],
      ['5', '期中成绩已发布', '期中考试成绩已发布，请及时查看。'],
    ],
    jz201911001: [
      ['3', '家长会通知', '本周五下午三点在各班教室召开家长会。'],
      ['2', '孩子作业提醒', '张小明的数学作业尚未提交，请督促完成。'],
      ['4', '请假申请已审批', '您为张小明提交的病假申请已通过审批。'],
      ['5', '期中成绩已发布', '张小明的期中考试成绩已发布，请及时查看。'],
    ],
  };
  // Different amounts and different unread counts per account, as real inboxes are.
  const amounts: Record<string, { total: number; unreadEvery: number }> = {
    admin: { total: 18, unreadEvery: 6 },
    T0001: { total: 24, unreadEvery: 4 },
    T0002: { total: 30, unreadEvery: 3 },
    '201911001': { total: 20, unreadEvery: 5 },
    jz201911001: { total: 16, unreadEvery: 4 },
  };
  const now = new Date('2026-11-22T08:00:00Z').getTime();
  const messageRows: (typeof messages.$inferInsert)[] = [];
  for (const [account, texts] of Object.entries(messageTexts)) {
    const [recipient] = await tx.select({ id: users.id }).from(users).where(eq(users.account, account));
    const { total, unreadEvery } = amounts[account]!;
    for (let i = 0; i < total; i++) {
      const [type, title, content] = texts[i % texts.length]!;
      const created = new Date(now - i * 2.7 * 24 * 3600 * 1000 - i * 3600 * 1000);
      const unread = i % unreadEvery === 0;
      messageRows.push({
        recipientUserId: recipient!.id,
        title: `${title}${i >= texts.length ? `（${Math.floor(i / texts.length) + 1}）` : ''}`,
        content,
        type,
        status: unread ? 0 : 1,
        link: i % 5 === 4 ? '/dashboard' : null,
        createdAt: created,
        readAt: unread ? null : created,
      });
    }
  }
  await insertChunked(tx, messages, messageRows);
  await seedCampus(tx);
}
