/**
 * Fills a database for the benchmark.
 *
 *   npx tsx bench/generate.ts                 district scale on PostgreSQL (database campus_bench, recreated)
 *   npx tsx bench/generate.ts --scale school  school scale on the embedded database (BENCH_DATA_DIR, recreated)
 *
 * The schema comes from the server's own migrations and the demo accounts, menus, roles and demo school
 * from the server's own seed; the district is added on top of it with COPY.
 */
import type { PGlite } from '@electric-sql/pglite';
import { USER_TYPES } from '@campus/contract';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../server/src/config.ts';
import { migrateDatabase, openDatabase } from '../server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/src/db/seed/index.ts';
import { COURSES, DEPARTMENTS, DIVISIONS, ELECTIVES, GIVEN, GRADE_NAMES, SURNAMES } from '../server/src/db/seed/reference.ts';
import { hashPassword, hashPasswordDigest } from '../server/src/platform/passwords.ts';
import { deferIndexes, pgliteWriter, postgresWriter, type BulkWriter, type Cell } from './bulk.ts';
import { maintenanceUrl, pad, parseArgs, random, targetOf, type Scale } from './common.ts';
import { generateKeywordLists, homeworkTitle, KEYWORD_LIST_COUNTS, KEYWORD_LIST_TABLES, nameInitials, surnamePicker, type DistrictClass, type DistrictSchool, type DistrictStudent } from './generateLists.ts';

const CURRENT_YEAR = 2026;
/** Tables loaded in bulk whose secondary indexes are built after loading. */
const DEFERRED_INDEX_TABLES = [
  'sessions', 'users', 'students', 'staff', 'guardians', 'user_roles', 'messages', 'operation_logs', 'timetable_entries', 'elective_enrolments', 'teaching_class_students', 'classes',
  'assignments', 'homework_works', 'applications', 'approval_decisions', 'application_approvers', ...KEYWORD_LIST_TABLES,
];

/** The subjects that set written homework (not PE, music, art, IT or the class meeting). */
const HOMEWORK_SUBJECTS = ['chinese', 'maths', 'english', 'physics', 'chemistry', 'biology', 'history', 'geography', 'politics', 'science'];

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function recreatePostgresDatabase(databaseUrl: string): Promise<void> {
  const { url, name } = maintenanceUrl(databaseUrl);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/** Evenly spread `total` over `parts`: the first (total % parts) parts get one more. */
const spread = (total: number, parts: number, index: number) => Math.floor(total / parts) + (index < total % parts ? 1 : 0);

async function main(): Promise<void> {
  const { scale } = parseArgs(process.argv.slice(2));
  const target = targetOf(scale);
  const started = Date.now();
  console.log(`Generating the ${scale.name} scale on ${target.databaseUrl ? target.databaseUrl.replace(/\/\/[^@]*@/, '//') : `PGlite in ${target.dataDir}`}`);

  if (target.databaseUrl) await recreatePostgresDatabase(target.databaseUrl);
  else fs.rmSync(target.dataDir, { recursive: true, force: true });

  const config = loadConfig({ ...process.env, DATABASE_URL: target.databaseUrl ?? '', DATA_DIR: target.dataDir });
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await migrateDatabase(database, target.databaseUrl);
  await seedDemo(database.db, config);
  console.log(`schema migrated and demo school seeded (${seconds(started)})`);

  const writer = target.databaseUrl
    ? await postgresWriter(target.databaseUrl)
    : await pgliteWriter((database.db as unknown as { $client: PGlite }).$client);
  try {
    await generate(writer, scale, config.argon2);
  } finally {
    await writer.close();
    await database.close();
  }
  console.log(`done in ${seconds(started)}`);
}

interface Ids {
  next(table: string): number;
}

async function idAllocator(writer: BulkWriter, tables: string[]): Promise<Ids & { tables: string[] }> {
  const current = new Map<string, number>();
  for (const table of tables) {
    const [row] = await writer.query<{ max: number | string | null }>(`SELECT max(id) AS max FROM ${table}`);
    current.set(table, Number(row.max ?? 0));
  }
  return {
    tables,
    next(table) {
      const id = current.get(table)! + 1;
      current.set(table, id);
      return id;
    },
  };
}

async function generate(writer: BulkWriter, scale: Scale, argon2: Parameters<typeof hashPassword>[2]): Promise<void> {
  const rnd = random(20261122 + scale.students);
  // Surnames as common as in a real population (王 about 7 %, 侯 under half a percent), so a keyword of one
  // surname matches thousands of rows or a few hundred as it would in a real district.
  const surname = surnamePicker(SURNAMES);
  const givenName = () => rnd.pick<string>(GIVEN) + (rnd.next() < 0.6 ? rnd.pick<string>(GIVEN) : '');
  const personName = () => surname(rnd.next()) + givenName();
  const count = async (text: string) => Number((await writer.query<{ n: string }>(text))[0].n);

  // What the seed made.
  const seed = {
    students: await count('SELECT count(*) AS n FROM students'),
    staff: await count('SELECT count(*) AS n FROM staff'),
    classes: await count('SELECT count(*) AS n FROM classes'),
    parents: await count(`SELECT count(*) AS n FROM users WHERE user_type = ${USER_TYPES.parent}`),
    messages: await count('SELECT count(*) AS n FROM messages'),
    logs: await count('SELECT count(*) AS n FROM operation_logs'),
  };
  const [term] = await writer.query<{ id: number; week_count: number; start_date: string }>("SELECT id, week_count, to_char(start_date, 'YYYY-MM-DD') AS start_date FROM terms WHERE is_current");
  const gradeRows = await writer.query<{ id: number; sort: number; division_id: number }>('SELECT id, sort, division_id FROM grades ORDER BY sort');
  const courseRows = await writer.query<{ id: number; code: string; group_name: string }>(
    'SELECT c.id, c.code, o.name AS group_name FROM courses c JOIN org_units o ON o.id = c.research_group_id',
  );
  const courseByCode = new Map(courseRows.map((c) => [c.code, c]));
  const courseNameOf = new Map(COURSES.map((c) => [c.code, c.name]));
  const groupNames = (await writer.query<{ name: string; name_en: string | null }>("SELECT name, name_en FROM org_units WHERE kind = 'researchGroup' ORDER BY sort"));
  const roleId = new Map((await writer.query<{ id: number; code: string }>('SELECT id, code FROM roles')).map((r) => [r.code, r.id]));
  const seedStudentNumbers = (await writer.query<{ student_number: string; id: number }>('SELECT id, student_number FROM students ORDER BY id'));

  const newClasses = Math.max(0, scale.classes - seed.classes);
  const schoolCount = Math.ceil(newClasses / scale.classesPerSchool);
  const newStaff = Math.max(0, scale.staff - seed.staff);
  const newStudents = Math.max(0, scale.students - seed.students);
  const newParents = Math.max(0, scale.parents - seed.parents);
  console.log(`adding ${schoolCount} schools: ${newClasses} classes, ${newStaff} staff, ${newStudents} students, ${newParents} parents`);

  const ids = await idAllocator(writer, [
    'users', 'org_units', 'classrooms', 'classes', 'staff', 'students', 'elective_sessions', 'teaching_classes', 'assignments', 'applications',
    'competitions', 'competition_prizes', 'exam_batches', 'score_batches', 'buildings', 'dorm_rooms', 'dorm_beds',
  ]);

  // Password hashes: one real argon2id hash per account of the login pool (the digest includes the
  // account, so hashes cannot be shared between accounts that log in); every other generated account
  // carries one shared hash of an unknown password, so rows have their real width.
  const sharedHash = await hashPasswordDigest(`bench-no-login-${Date.now()}`, argon2);
  const poolAccounts: string[] = [];

  // ---- Organisation, classrooms, classes, staff, students (built in memory, written with COPY) ----
  type OrgRow = [number, string, string, string | null, number | null, string, number];
  const orgRows: OrgRow[] = [];
  const roomRows: Cell[][] = [];
  const classRows: Cell[][] = [];
  const userRows: Cell[][] = [];
  const staffRows: Cell[][] = [];
  const studentRows: Cell[][] = [];
  const userRoleRows: Cell[][] = [];
  const timetableRows: Cell[][] = [];
  const electiveRows: Cell[][] = [];
  const enrolmentRows: Cell[][] = [];
  // 教学班 (issue 14): each school's senior grades split into a physics and a history group (Wednesday's and
  // Friday's last periods), so a senior student's week reads their teaching classes too.
  const teachingClassRows: Cell[][] = [];
  const teachingLessonRows: Cell[][] = [];
  const teachingMemberRows: Cell[][] = [];
  const staffUserIds: number[] = [];
  const studentUserIds: number[] = [];
  const parentUserIds: number[] = [];
  const newStudentList: { id: number; number: string; name: string }[] = [];
  // Each class's teacher and students, for its homework (issue 13).
  const homeworkClasses: { classId: number; teacherUserId: number; studentIds: number[]; studentUserIds: number[]; principalUserId: number | null }[] = [];
  // The district's people, classes and schools as the keyword lists' generator needs them (generateLists.ts).
  const districtStudents: DistrictStudent[] = [];
  const districtClasses: DistrictClass[] = [];
  const districtSchools: DistrictSchool[] = [];
  // Each school's principal (issue 14): a staff member of the login pool, so the bench can open their queue.
  const appointmentRows: Cell[][] = [];

  const groupCycle = [
    ...COURSES.flatMap((c) => Array<string>(Math.max(1, Math.round((c.weekly[0] + c.weekly[1] + c.weekly[2]) / 3))).fill(c.group)),
    ...ELECTIVES.map((e) => e.group),
  ];
  let classIndexGlobal = 0;
  let studentIndexGlobal = 0;
  let staffIndexGlobal = 0;
  const poolEvery = (total: number, pool: number) => Math.max(1, Math.floor(total / Math.max(1, pool)));
  const studentPoolEvery = poolEvery(newStudents, scale.loginPool.students);
  const staffPoolEvery = poolEvery(newStaff, scale.loginPool.staff);

  for (let s = 1; s <= schoolCount; s++) {
    const code = `d${pad(s, 3)}`;
    const schoolId = ids.next('org_units');
    orgRows.push([schoolId, `${code}-school`, `第${s}实验学校`, `District School ${s}`, null, 'school', 100 + s]);
    const campusIds = [1, 2].map((c) => {
      const id = ids.next('org_units');
      orgRows.push([id, `${code}-campus-${c}`, `第${s}实验学校${c === 1 ? '东' : '西'}校区`, `School ${s} ${c === 1 ? 'east' : 'west'} campus`, schoolId, 'campus', c]);
      return id;
    });
    for (const [i, d] of DIVISIONS.entries()) orgRows.push([ids.next('org_units'), `${code}-${d.code}`, d.name, d.nameEn, schoolId, 'division', 10 + i]);
    const deptIds = DEPARTMENTS.map((d, i) => {
      const id = ids.next('org_units');
      orgRows.push([id, `${code}-${d.code}`, d.name, d.nameEn, schoolId, 'department', 20 + i]);
      return id;
    });
    const academicId = deptIds[DEPARTMENTS.findIndex((d) => d.code === 'dept-academic')];
    const groupId = new Map<string, number>();
    for (const [i, g] of groupNames.entries()) {
      const id = ids.next('org_units');
      orgRows.push([id, `${code}-group-${i + 1}`, g.name, g.name_en, academicId, 'researchGroup', i + 1]);
      groupId.set(g.name, id);
    }

    // Staff of this school, in proportion to its classes.
    const classesHere = Math.min(scale.classesPerSchool, newClasses - (s - 1) * scale.classesPerSchool);
    const staffHere = s === schoolCount ? newStaff - staffIndexGlobal : Math.round((newStaff * classesHere) / newClasses);
    const schoolStaff: { id: number; group: string; userId: number; number: string }[] = [];
    for (let i = 1; i <= staffHere; i++) {
      const userId = ids.next('users');
      const id = ids.next('staff');
      const number = `T${pad(s, 3)}${pad(i, 4)}`;
      const name = personName();
      const group = groupCycle[(i + s) % groupCycle.length];
      const inPool = staffIndexGlobal % staffPoolEvery === 0 && staffIndexGlobal / staffPoolEvery < scale.loginPool.staff;
      if (inPool) poolAccounts.push(number);
      userRows.push([userId, number, name, USER_TYPES.teacher, inPool ? null : sharedHash]);
      staffUserIds.push(userId);
      const birthYear = 1965 + ((i * 13) % 35);
      const birth = `${birthYear}-${pad(1 + (i % 12), 2)}-${pad(1 + (i % 27), 2)}`;
      const dept = i <= staffHere * 0.93 ? academicId : deptIds[i % deptIds.length];
      staffRows.push([
        id, userId, number, name, rnd.next() < 0.6 ? '2' : '1', birth, `110108${birth.replace(/-/g, '')}${pad(i % 1000, 3)}${i % 10}`, `13${pad((s * 100000 + i) % 1e9, 9)}`,
        `${number.toLowerCase()}@district.edu.cn`, campusIds[i % 2], academicId, dept, groupId.get(group)!, dept === academicId ? '1' : '2',
        rnd.pick(['二级教师', '一级教师', '高级教师', '正高级教师']), rnd.pick(['21', '21', '14', '11']), `${birthYear + 22}-09-01`, `${birthYear + 22 + rnd.int(0, 10)}-09-01`,
      ]);
      userRoleRows.push([userId, roleId.get('teacher')!]);
      schoolStaff.push({ id, group, userId, number });
      staffIndexGlobal++;
    }
    const principal = schoolStaff.find((member) => poolAccounts.includes(member.number)) ?? null;
    if (principal) appointmentRows.push([principal.id, 'principal', `第${s}实验学校`, schoolId]);
    districtSchools.push({ index: s, code, name: `第${s}实验学校`, campusIds: [campusIds[0], campusIds[1]], staffUserIds: schoolStaff.map((member) => member.userId) });
    const userOfStaff = new Map(schoolStaff.map((member) => [member.id, member.userId]));
    const staffByGroup = new Map<string, typeof schoolStaff>();
    for (const member of schoolStaff) staffByGroup.set(member.group, [...(staffByGroup.get(member.group) ?? []), member]);
    const teachersOf = (group: string) => staffByGroup.get(group) ?? schoolStaff;

    // Special rooms and electives of the school (Thursday's last period, grades 7 up).
    const specialRooms = ['机器人实验室', '书法教室', '音乐厅', '体育馆'].map((name, i) => {
      const id = ids.next('classrooms');
      roomRows.push([id, `${code}-S${i + 1}`, name, '综合楼', campusIds[0], 60]);
      return id;
    });
    const teacherBusy = new Set<string>();
    const electiveIds = ELECTIVES.map((e, i) => {
      const id = ids.next('elective_sessions');
      const teacher = teachersOf(e.group)[i % teachersOf(e.group).length];
      teacherBusy.add(`${teacher.id}:4:8`);
      electiveRows.push([id, term.id, courseByCode.get(e.code)!.id, teacher.id, specialRooms[i], 4, 8, 3, 18]);
      return id;
    });

    const teachingGroups = new Map<number, number[]>();
    const teachingClassesOf = (grade: number): number[] => {
      let found = teachingGroups.get(grade);
      if (!found) {
        found = (['physics', 'history'] as const).map((courseCode, i) => {
          const id = ids.next('teaching_classes');
          const course = courseByCode.get(courseCode)!;
          const teacher = teachersOf(course.group_name)[grade % teachersOf(course.group_name).length];
          teachingClassRows.push([id, term.id, `${code}-${GRADE_NAMES[grade - 1][0]}${courseCode === 'physics' ? '物理' : '历史'}选考班`, course.id, gradeRows[grade - 1].id, teacher.id, specialRooms[i], 200, 1, term.week_count, '']);
          for (const day of [3, 5]) teachingLessonRows.push([id, day, 8]);
          return id;
        });
        teachingGroups.set(grade, found);
      }
      return found;
    };

    const serials = new Map<string, number>();
    const academicStaff = schoolStaff.filter((_, i) => i < staffHere * 0.93);
    for (let k = 0; k < classesHere; k++) {
      const grade = (k % 12) + 1;
      const number = Math.floor(k / 12) + 1;
      const campusId = grade <= 9 ? campusIds[0] : campusIds[1];
      const roomId = ids.next('classrooms');
      roomRows.push([roomId, `${code}-${pad(grade, 2)}${pad(number, 2)}`, `${grade <= 6 ? '启明楼' : '致远楼'}${pad(grade, 2)}${pad(number, 2)}室`, grade <= 6 ? '启明楼' : '致远楼', campusId, 50]);
      const classId = ids.next('classes');
      const entryYear = CURRENT_YEAR - grade + 1;
      const classTeacher = academicStaff[k % academicStaff.length] ?? schoolStaff[0];
      classRows.push([
        classId, `${pad(s, 3)}${entryYear}${pad(grade, 2)}${pad(number, 2)}`, `${GRADE_NAMES[grade - 1][0]}(${number})班`, `${GRADE_NAMES[grade - 1][0]}${number}班`,
        gradeRows[grade - 1].id, campusId, classTeacher.id, roomId, 1000 + classIndexGlobal,
      ]);
      if (k < academicStaff.length) userRoleRows.push([classTeacher.userId, roleId.get('class_teacher')!]);

      // Students of the class.
      const size = spread(newStudents, newClasses, classIndexGlobal);
      const homeworkClass = { classId, teacherUserId: classTeacher.userId, studentIds: [] as number[], studentUserIds: [] as number[], principalUserId: principal?.userId ?? null };
      homeworkClasses.push(homeworkClass);
      const districtClass: DistrictClass = { id: classId, grade, school: s, name: `${GRADE_NAMES[grade - 1][0]}(${number})班`, teacherUserId: classTeacher.userId, studentIds: [], subjectTeachers: new Map() };
      districtClasses.push(districtClass);
      const division = DIVISIONS.find((d) => d.grades.includes(grade))!;
      const campusDigit = grade <= 9 ? '1' : '2';
      for (let n = 0; n < size; n++) {
        const prefix = `${entryYear}${division.digit}${campusDigit}`;
        const serial = (serials.get(prefix) ?? 0) + 1;
        serials.set(prefix, serial);
        const studentNumber = `${prefix}${pad(s, 3)}${pad(serial, 4)}`;
        const userId = ids.next('users');
        const id = ids.next('students');
        const name = personName();
        const inPool = studentIndexGlobal % studentPoolEvery === 0 && studentIndexGlobal / studentPoolEvery < scale.loginPool.students;
        if (inPool) poolAccounts.push(studentNumber);
        userRows.push([userId, studentNumber, name, USER_TYPES.student, inPool ? null : sharedHash]);
        studentUserIds.push(userId);
        const gender = rnd.next() < 0.5 ? '1' : '2';
        const birthDate = `${CURRENT_YEAR - grade - 6}-${pad(rnd.int(1, 12), 2)}-${pad(rnd.int(1, 28), 2)}`;
        studentRows.push([id, userId, studentNumber, name, gender, birthDate, classId, entryYear, '1', '1']);
        userRoleRows.push([userId, roleId.get('student')!]);
        newStudentList.push({ id, number: studentNumber, name });
        districtStudents.push({ id, userId, number: studentNumber, name, gender, birthDate, grade, classId, school: s, entryYear });
        districtClass.studentIds.push(id);
        homeworkClass.studentIds.push(id);
        homeworkClass.studentUserIds.push(userId);
        if (grade >= 7) enrolmentRows.push([electiveIds[n % electiveIds.length], id]);
        if (grade >= 10) teachingMemberRows.push([teachingClassesOf(grade)[n % 3 === 2 ? 1 : 0], id]);
        studentIndexGlobal++;
      }

      // The class's full week in the current term, each teacher in one room at a time.
      const band = grade <= 6 ? 0 : grade <= 9 ? 1 : 2;
      const lessons = COURSES.flatMap((c) => Array<string>(c.weekly[band]).fill(c.code)).sort(() => rnd.next() - 0.5);
      const free: { day: number; period: number }[] = [];
      for (let day = 1; day <= 5; day++) for (let period = 1; period <= 8; period++) if (!(grade >= 7 && day === 4 && period === 8)) free.push({ day, period });
      free.sort(() => rnd.next() - 0.5);
      const teacherOf = new Map<string, number>();
      for (const courseCode of lessons) {
        const course = courseByCode.get(courseCode)!;
        let teacherId = teacherOf.get(courseCode);
        if (teacherId === undefined) {
          const pool = teachersOf(course.group_name);
          teacherId = pool[(k + courseCode.length) % pool.length].id;
          teacherOf.set(courseCode, teacherId);
        }
        const at = free.findIndex((slot) => !teacherBusy.has(`${teacherId}:${slot.day}:${slot.period}`));
        if (at < 0) continue;
        const [slot] = free.splice(at, 1);
        teacherBusy.add(`${teacherId}:${slot.day}:${slot.period}`);
        districtClass.subjectTeachers.set(courseCode, userOfStaff.get(teacherId)!);
        const alternating = courseCode === 'music' || courseCode === 'art';
        timetableRows.push([
          term.id, classId, slot.day, slot.period, course.id, teacherId, courseCode === 'pe' ? specialRooms[3] : roomId,
          alternating ? (courseCode === 'music' ? '单周' : '双周') : null, 1, term.week_count, alternating ? (courseCode === 'music' ? 'odd' : 'even') : 'all',
        ]);
      }
      classIndexGlobal++;
    }
  }

  // Parents: every new student's first parent, then second parents, then second parents of the seed's
  // students, then further ones, until the total is reached.
  const guardianRows: Cell[][] = [];
  const parentSlots: { studentId: number; number: string; name: string; suffix: string }[] = [];
  const seedStudents = seedStudentNumbers.map((st) => ({ id: st.id, number: st.student_number, name: '' }));
  const seedNames = new Map((await writer.query<{ account: string; display_name: string }>(`SELECT account, display_name FROM users WHERE user_type = ${USER_TYPES.student}`)).map((u) => [u.account, u.display_name]));
  for (const st of seedStudents) st.name = seedNames.get(st.number) ?? '';
  const rounds: [typeof newStudentList, string][] = [[newStudentList, ''], [newStudentList, 'b'], [seedStudents, 'b'], [newStudentList, 'c'], [seedStudents, 'c']];
  for (const [list, suffix] of rounds) {
    for (const st of list) {
      if (parentSlots.length >= newParents) break;
      parentSlots.push({ studentId: st.id, number: st.number, name: st.name, suffix });
    }
  }
  const parentPoolEvery = poolEvery(parentSlots.length, scale.loginPool.parents);
  parentSlots.forEach((slot, i) => {
    const userId = ids.next('users');
    const account = `jz${slot.suffix}${slot.number}`;
    const inPool = i % parentPoolEvery === 0 && i / parentPoolEvery < scale.loginPool.parents;
    if (inPool) poolAccounts.push(account);
    userRows.push([userId, account, `${slot.name}家长`, USER_TYPES.parent, inPool ? null : sharedHash]);
    parentUserIds.push(userId);
    guardianRows.push([userId, slot.studentId, slot.suffix === '' ? rnd.pick(['父亲', '母亲']) : rnd.pick(['母亲', '父亲', '祖父', '祖母'])]);
    userRoleRows.push([userId, roleId.get('parent')!]);
  });

  // Real hashes for the login pool, computed in parallel on the argon2 thread pool.
  const hashStarted = Date.now();
  const poolHash = new Map<string, string>();
  for (let i = 0; i < poolAccounts.length; i += 8) {
    const batch = poolAccounts.slice(i, i + 8);
    const hashes = await Promise.all(batch.map((account) => hashPassword(account, DEMO_PASSWORD, argon2)));
    batch.forEach((account, j) => poolHash.set(account, hashes[j]));
  }
  for (const row of userRows) if (row[4] === null) row[4] = poolHash.get(row[1] as string)!;
  console.log(`hashed ${poolAccounts.length} login-pool passwords (${seconds(hashStarted)})`);

  // ---- Writes ----
  // People's pinyin initials (migration 0049): the loading connection runs with triggers off, so the trigger
  // that keeps them does not fire; they are written with the names, worked out by the database's rule.
  const initials = await nameInitials(writer, [...userRows.map((row) => row[2] as string), ...staffRows.map((row) => row[3] as string)]);
  const withInitials = (columns: string[], rows: Cell[][], nameAt: number): [string[], Cell[][]] =>
    initials ? [[...columns, 'name_initials'], rows.map((row) => [...row, initials.get(row[nameAt] as string) ?? ''])] : [columns, rows];
  const rebuild = await deferIndexes(writer, DEFERRED_INDEX_TABLES);
  await writer.copy('org_units', ['id', 'code', 'name', 'name_en', 'parent_id', 'kind', 'sort'], orgRows, orgRows.length);
  await writer.copy('classrooms', ['id', 'code', 'name', 'building', 'campus_id', 'capacity'], roomRows, roomRows.length);
  await writer.copy('users', ...withInitials(['id', 'account', 'display_name', 'user_type', 'password_hash'], userRows, 2), userRows.length);
  await writer.copy(
    'staff',
    ...withInitials(
      ['id', 'user_id', 'staff_number', 'name', 'gender', 'birth_date', 'id_number', 'phone', 'email', 'campus_id', 'establishment_dept_id', 'working_dept_id', 'research_group_id', 'staff_type', 'title', 'education', 'work_start_date', 'arrival_date'],
      staffRows,
      3,
    ),
    staffRows.length,
  );
  await writer.copy('classes', ['id', 'code', 'name', 'short_name', 'grade_id', 'campus_id', 'class_teacher_id', 'classroom_id', 'sort'], classRows, classRows.length);
  await writer.copy('students', ...withInitials(['id', 'user_id', 'student_number', 'name', 'gender', 'birth_date', 'class_id', 'entry_year', 'in_school_status', 'enrolment_status'], studentRows, 3), studentRows.length);
  await writer.copy('guardians', ['parent_user_id', 'student_id', 'relation'], guardianRows, guardianRows.length);
  await writer.copy('user_roles', ['user_id', 'role_id'], userRoleRows, userRoleRows.length);
  await writer.copy('timetable_entries', ['term_id', 'class_id', 'day', 'period', 'course_id', 'teacher_id', 'classroom_id', 'label', 'week_from', 'week_to', 'week_parity'], timetableRows, timetableRows.length);
  await writer.copy('elective_sessions', ['id', 'term_id', 'course_id', 'teacher_id', 'classroom_id', 'day', 'period', 'week_from', 'week_to'], electiveRows, electiveRows.length);
  await writer.copy('elective_enrolments', ['session_id', 'student_id'], enrolmentRows, enrolmentRows.length);
  await writer.copy('teaching_classes', ['id', 'term_id', 'name', 'course_id', 'grade_id', 'teacher_id', 'classroom_id', 'capacity', 'week_from', 'week_to', 'remarks'], teachingClassRows, teachingClassRows.length);
  await writer.copy('teaching_class_lessons', ['teaching_class_id', 'day', 'period'], teachingLessonRows, teachingLessonRows.length);
  await writer.copy('teaching_class_students', ['teaching_class_id', 'student_id'], teachingMemberRows, teachingMemberRows.length);

  // Messages: teachers receive the most, then students, then parents; the newest last, as written in time.
  const messageCount = Math.max(0, scale.messages - seed.messages);
  const recipients: [number[], number][] = [[staffUserIds, 40], [studentUserIds, 10], [parentUserIds, 3]];
  const weightTotal = recipients.reduce((sum, [list, w]) => sum + list.length * w, 0);
  const texts: [string, string, string][] = [
    ['1', '系统维护通知', '本周六 22:00 至 24:00 系统维护，期间暂停服务。请提前保存好正在编辑的内容，维护结束后即可正常使用。'],
    ['2', '数学作业已发布', '请于周五前完成练习册第三章习题，并在课代表处登记。'],
    ['3', '期中考试安排', '期中考试将于11月10日开始，请按时参加。考试期间请携带学生证，不得携带电子设备进入考场。'],
    ['4', '请假申请已审批', '您提交的请假申请已通过审批。'],
    ['5', '成绩已发布', '本次考试成绩已发布，请及时查看。如对成绩有疑问，请在三个工作日内联系任课教师。'],
    ['3', '家长会通知', '本周五下午三点在各班教室召开家长会，请各位家长准时参加。'],
  ];
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  function* messageRows(): Generator<Cell[]> {
    const r = random(7);
    for (let i = 0; i < messageCount; i++) {
      let pickAt = r.next() * weightTotal;
      let recipient = staffUserIds[0];
      for (const [list, w] of recipients) {
        if (pickAt < list.length * w) {
          recipient = list[Math.floor(pickAt / w)];
          break;
        }
        pickAt -= list.length * w;
      }
      const [type, title, content] = texts[i % texts.length];
      const created = new Date(now - year + (year * i) / messageCount);
      const read = r.next() < 0.7 + (0.3 * (messageCount - i)) / messageCount;
      yield [recipient, staffUserIds[i % staffUserIds.length], `${title}（${(i % 97) + 1}）`, content, type, read ? 1 : 0, i % 5 === 4 ? '/dashboard' : null, created, read ? new Date(created.getTime() + 3600_000) : null];
    }
  }
  await writer.copy('messages', ['recipient_user_id', 'sender_user_id', 'title', 'content', 'type', 'status', 'link', 'created_at', 'read_at'], messageRows(), messageCount);

  // Homework (issue 13): the class's subject teachers set 12 assignments over the past month, the last two still
  // open, titled as teachers title them (so a keyword of the title box matches as many as it would); every
  // student has a work row, most of the older ones corrected, the open ones partly handed in.
  const ASSIGNMENTS_PER_CLASS = 12;
  const day = 86_400_000;
  const assignmentRows: Cell[][] = [];
  const assignmentMeta: { id: number; open: boolean; studentIds: number[]; createdAt: Date }[] = [];
  const titleRandom = random(19);
  for (const [index, klass] of homeworkClasses.entries()) {
    const subjects = [...districtClasses[index]!.subjectTeachers].filter(([code]) => HOMEWORK_SUBJECTS.includes(code));
    for (let a = 0; a < ASSIGNMENTS_PER_CLASS; a++) {
      const id = ids.next('assignments');
      const createdAt = new Date(now - (ASSIGNMENTS_PER_CLASS - a) * 2.5 * day);
      const endAt = new Date(createdAt.getTime() + (a >= ASSIGNMENTS_PER_CLASS - 2 ? 7 : 2) * day);
      const [subject, publisher] = subjects.length ? subjects[a % subjects.length]! : ['maths', klass.teacherUserId];
      const title = homeworkTitle(courseNameOf.get(subject) ?? '', subject, titleRandom);
      assignmentRows.push([id, title, '<p>完成练习册对应章节习题，拍照上传。</p>', '{}', publisher, endAt, a % 3 === 0, true, a % 2 === 0, `[${klass.classId}]`, '[]', '[]', createdAt, createdAt]);
      assignmentMeta.push({ id, open: endAt.getTime() > now, studentIds: klass.studentIds, createdAt });
    }
  }
  await writer.copy(
    'assignments',
    ['id', 'title', 'content', 'attachments', 'publisher_user_id', 'end_at', 'needs_revision', 'online_submission', 'graded', 'class_ids', 'teaching_class_ids', 'student_ids', 'created_at', 'updated_at'],
    assignmentRows,
    assignmentRows.length,
  );
  const workCount = assignmentMeta.reduce((sum, a) => sum + a.studentIds.length, 0);
  function* workRows(): Generator<Cell[]> {
    const r = random(17);
    for (const assignment of assignmentMeta) {
      for (const studentId of assignment.studentIds) {
        const roll = r.next();
        const status = assignment.open
          ? roll < 0.45 ? 'to_submit' : roll < 0.6 ? 'viewed' : roll < 0.85 ? 'submitted' : 'to_check'
          : roll < 0.06 ? 'to_submit' : roll < 0.08 ? 'viewed' : roll < 0.8 ? 'corrected' : roll < 0.88 ? 'revised_approved' : roll < 0.94 ? 'to_revise' : 'revised_pending';
        const handedIn = status !== 'to_submit' && status !== 'viewed';
        const submittedAt = handedIn ? new Date(assignment.createdAt.getTime() + r.int(1, 40) * 3600_000) : null;
        yield [assignment.id, studentId, status, handedIn && r.next() < 0.05, submittedAt, handedIn ? '已完成' : null, submittedAt, status === 'corrected' || status === 'revised_approved' ? '完成得不错' : null, handedIn && !assignment.open ? submittedAt : null, assignment.createdAt];
      }
    }
  }
  await writer.copy('homework_works', ['assignment_id', 'student_id', 'status', 'late', 'viewed_at', 'submission_text', 'submitted_at', 'comment', 'corrected_at', 'updated_at'], workRows(), workCount);

  // Leave (issue 14): four applications a student over the term. Most were approved (the class teacher, then
  // the school's principal, for generated schools have no division directors); some were rejected or
  // withdrawn; the newest wait for the class teacher or the principal. About one student in a hundred is on
  // leave today.
  await writer.copy('staff_appointments', ['staff_id', 'kind', 'scope_name', 'org_unit_id'], appointmentRows, appointmentRows.length);
  const LEAVES_PER_STUDENT = 4;
  const steps = JSON.stringify([{ kind: 'classTeacher', roleId: null, userId: null }, { kind: 'divisionDirector', roleId: null, userId: null }]);
  const decisionRows: Cell[][] = [];
  const approverRows: Cell[][] = [];
  const applicationCount = homeworkClasses.reduce((sum, klass) => sum + klass.studentIds.length * LEAVES_PER_STUDENT, 0);
  function* applicationRows(): Generator<Cell[]> {
    const r = random(23);
    const hour = 3600_000;
    const today = new Date(now);
    today.setHours(0, 0, 0, 0);
    for (const klass of homeworkClasses) {
      for (const [index, studentId] of klass.studentIds.entries()) {
        const userId = klass.studentUserIds[index]!;
        for (let n = 0; n < LEAVES_PER_STUDENT; n++) {
          const id = ids.next('applications');
          const roll = r.next();
          const newest = n === LEAVES_PER_STUDENT - 1;
          // The newest of some students still waits; one in a hundred students is away today.
          const status = newest && roll < 0.16 ? 'pending' : newest && roll < 0.17 ? 'approved' : roll < 0.04 ? 'rejected' : roll < 0.07 ? 'withdrawn' : 'approved';
          const onLeaveToday = newest && roll >= 0.16 && roll < 0.17;
          const start = onLeaveToday ? new Date(today.getTime() + 8 * hour) : newest && status === 'pending' ? new Date(today.getTime() + r.int(1, 14) * day + 8 * hour) : new Date(today.getTime() - r.int(2, 90) * day + 8 * hour);
          const end = new Date(start.getTime() + (r.next() < 0.7 ? 9 : 33) * hour);
          const created = new Date(Math.min(start.getTime() - day, now - hour));
          const step = status === 'pending' ? (roll < 0.08 ? 1 : 2) : status === 'approved' ? 2 : 1;
          if (status === 'pending' && step === 2 && klass.principalUserId === null) continue;
          const decided = status === 'pending' ? null : new Date(created.getTime() + 2 * hour);
          if (status === 'approved' || (status === 'pending' && step === 2)) decisionRows.push([id, 1, 'approve', klass.teacherUserId, '', new Date(created.getTime() + hour)]);
          if (status === 'approved') decisionRows.push([id, 2, 'approve', klass.principalUserId ?? klass.teacherUserId, '', decided]);
          if (status === 'rejected') decisionRows.push([id, 1, 'reject', klass.teacherUserId, '请补充材料', decided]);
          if (status === 'withdrawn') decisionRows.push([id, 1, 'withdraw', userId, '', decided]);
          if (status === 'pending') approverRows.push([id, step === 1 ? klass.teacherUserId : klass.principalUserId]);
          yield [id, 'studentLeave', userId, studentId, status, step, steps, roll < 0.6 ? '1' : '2', start, end, 1, end.getTime() - start.getTime() > 10 * hour ? 16 : 8, '身体不适，需要休息。', created, decided ?? created, decided];
        }
      }
    }
  }
  await writer.copy(
    'applications',
    ['id', 'type', 'applicant_user_id', 'student_id', 'status', 'current_step', 'steps', 'leave_type', 'start_at', 'end_at', 'duration_days', 'duration_periods', 'reason', 'created_at', 'updated_at', 'decided_at'],
    applicationRows(),
    applicationCount,
  );
  // The queue's keyword reads the names the database keeps on each application (migration 0054), whose
  // trigger the loading connection does not run: the same function fills them here.
  const [keepsPeople] = await writer.query<{ n: string }>("SELECT count(*) AS n FROM pg_proc WHERE proname = 'campus_application_people'");
  if (Number(keepsPeople?.n)) await writer.query('UPDATE applications SET people_names = campus_application_people(applicant_user_id, student_id, staff_id)');
  await writer.copy('approval_decisions', ['application_id', 'step', 'decision', 'decider_user_id', 'comment', 'decided_at'], decisionRows, decisionRows.length);
  await writer.copy('application_approvers', ['application_id', 'user_id'], approverRows, approverRows.length);

  // The largest list of each business area, filled so its keyword search runs at a real district's scale.
  const listsStarted = Date.now();
  const [admin] = await writer.query<{ id: number }>("SELECT id FROM users WHERE account = 'admin'");
  await generateKeywordLists({
    writer, ids, personName, givenName, now, currentYear: CURRENT_YEAR,
    term: { id: term.id, startDate: term.start_date }, gradeIds: gradeRows.map((g) => g.id), courseIdOf: (code) => courseByCode.get(code)?.id,
    students: districtStudents, classes: districtClasses, schools: districtSchools, adminUserId: admin?.id ?? null,
  });
  console.log(`keyword lists written (${seconds(listsStarted)})`);

  // Operation logs over the past year, written in time order as the server writes them.
  const logCount = Math.max(0, scale.logs - seed.logs);
  const operations: [string, string, string, string][] = [
    ['POST', '/api/login/v4', 'auth', 'login'],
    ['GET', '/logout', 'auth', 'logout'],
    ['POST', '/api/message/info/markRead', 'message', 'markRead'],
    ['POST', '/file/upload', 'files', 'upload'],
    ['POST', '/api/account/updatePwd', 'account', 'changePassword'],
  ];
  const loggers = [...staffUserIds, ...studentUserIds.slice(0, 20_000), ...parentUserIds.slice(0, 20_000)];
  const accountOf = new Map(userRows.map((row) => [row[0] as number, row[1] as string]));
  function* logRows(): Generator<Cell[]> {
    const r = random(11);
    for (let i = 0; i < logCount; i++) {
      const userId = loggers[Math.floor(r.next() * loggers.length)];
      const account = accountOf.get(userId)!;
      const op = operations[r.next() < 0.6 ? 0 : r.int(1, operations.length - 1)];
      const failed = r.next() < 0.03;
      const params = op[3] === 'login' ? `{"username":"${account}","password":"***"}` : op[3] === 'markRead' ? `{"id":"${r.int(1, 2_000_000)}"}` : '{}';
      yield [
        new Date(now - year + (year * i) / logCount), userId, account, `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`, op[0], op[1], op[1], op[2], op[3], params,
        r.int(2, failed ? 900 : 120), failed ? 'failure' : 'success', failed ? 401 : 200, failed ? '账号或密码错误' : null, r.next() < 0.2 ? 'mobile' : 'pc',
      ];
    }
  }
  await writer.copy(
    'operation_logs',
    ['created_at', 'user_id', 'account', 'client_address', 'method', 'path', 'handler', 'module', 'operation', 'params', 'duration_ms', 'outcome', 'status_code', 'error_message', 'client_type'],
    logRows(),
    logCount,
  );

  // Sessions: the lookup on every call runs against a table of realistic size, not an empty one
  // (a quarter still live, the rest expired or logged out during the past week).
  const sessionCount = scale.sessions;
  const allUsers = [...staffUserIds, ...studentUserIds, ...parentUserIds];
  function* sessionRows(): Generator<Cell[]> {
    const r = random(13);
    const hour = 3600_000;
    for (let i = 0; i < sessionCount; i++) {
      const created = new Date(now - r.int(0, 7 * 24) * hour - r.int(0, 3599) * 1000);
      const live = r.next() < 0.25;
      const lastSeen = live ? new Date(now - r.int(0, 60) * 60_000) : new Date(created.getTime() + r.int(1, 120) * 60_000);
      yield [
        allUsers[Math.floor(r.next() * allUsers.length)], createHash('sha256').update(`bench-session-${i}`).digest('hex'), created, created, lastSeen,
        new Date(lastSeen.getTime() + 2 * hour), new Date(created.getTime() + 12 * hour), !live && r.next() < 0.3 ? lastSeen : null,
        `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`, r.next() < 0.3 ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
      ];
    }
  }
  await writer.copy(
    'sessions',
    ['user_id', 'token_hash', 'created_at', 'rotated_at', 'last_seen_at', 'idle_expires_at', 'absolute_expires_at', 'revoked_at', 'client_address', 'user_agent'],
    sessionRows(),
    sessionCount,
  );

  const indexStarted = Date.now();
  console.log('building indexes');
  await rebuild();
  for (const table of ids.tables) await writer.exec(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  // The load ran with triggers off, so the log's day counts (migration 0013) are counted from the rows.
  await writer.exec('SELECT recount_operation_log_days()');
  console.log(`indexes built (${seconds(indexStarted)}); vacuum and analyze`);
  const vacuumStarted = Date.now();
  await writer.exec('VACUUM ANALYZE');
  console.log(`vacuumed (${seconds(vacuumStarted)})`);

  const totals = await writer.query<Record<string, string>>(`SELECT
    (SELECT count(*) FROM students) AS students, (SELECT count(*) FROM users WHERE user_type = ${USER_TYPES.parent}) AS parents,
    (SELECT count(*) FROM staff) AS staff, (SELECT count(*) FROM classes) AS classes, (SELECT count(*) FROM users) AS users,
    (SELECT count(*) FROM timetable_entries) AS timetable_entries, (SELECT count(*) FROM messages) AS messages,
    (SELECT count(*) FROM operation_logs) AS operation_logs, (SELECT count(*) FROM org_units) AS org_units, (SELECT count(*) FROM sessions) AS sessions,
    (SELECT count(*) FROM homework_works) AS homework_works,
    (SELECT count(*) FROM applications) AS applications, ${KEYWORD_LIST_COUNTS}`);
  console.log('totals:', Object.entries(totals[0]).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', '));
  const [counted] = await writer.query<{ n: string | null }>('SELECT sum(rows) AS n FROM operation_log_days');
  if (Number(counted.n) !== Number(totals[0].operation_logs)) throw new Error(`the log's day counts say ${counted.n} rows, the log has ${totals[0].operation_logs}`);
}

await main();
