import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { buildings, campusProfiles, courses, gradeCourseHours, grades, orgUnits, researchGroupMembers, researchGroupProfiles, staff, staffAppointments, terms } from '../schema/index.ts';
import { COURSES, GRADE_NAMES } from './reference.ts';

/**
 * Demo rows of the campus screens the school seed leaves empty: campus details, buildings (named as the
 * classrooms name them), teaching-research group leaders, courses and members, and the grade-course
 * hours of the current term. Each part fills only what is missing, so running it again changes nothing.
 */
export async function seedCampus(tx: Tx): Promise<void> {
  const campuses = await tx.select().from(orgUnits).where(eq(orgUnits.kind, 'campus')).orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  const east = campuses.find((c) => c.code === 'campus-1');
  const west = campuses.find((c) => c.code === 'campus-2');
  if (!east || !west) return;

  await tx
    .insert(campusProfiles)
    .values([
      {
        orgUnitId: east.id,
        address: '北京市海淀区学院路明德街 18 号',
        phone: '010-62781234',
        areaCode: '110108',
        floorArea: '58600.00',
        postalCode: '100083',
        personInCharge: '周明远',
        instrumentValue: '12860000.00',
        fixedAssetsValue: '186500000.00',
      },
      {
        orgUnitId: west.id,
        address: '北京市西城区德胜门外明德路 6 号',
        phone: '010-62085678',
        areaCode: '110102',
        floorArea: '36200.00',
        postalCode: '100088',
        personInCharge: '陈静怡',
        instrumentValue: '8350000.00',
        fixedAssetsValue: '97300000.00',
      },
    ])
    .onConflictDoNothing();

  await tx
    .insert(buildings)
    .values([
      { code: 'E-QM', name: '启明楼', campusId: east.id, floors: 5, usage: 'teaching', sort: 1, remark: '小学部教学楼' },
      { code: 'E-ZY', name: '致远楼', campusId: east.id, floors: 6, usage: 'teaching', sort: 2, remark: '初中部教学楼' },
      { code: 'E-ZH', name: '综合楼', campusId: east.id, floors: 4, usage: 'laboratory', sort: 3, remark: '实验室、专用教室与体育馆' },
      { code: 'E-XZ', name: '行政楼', campusId: east.id, floors: 5, usage: 'office', sort: 4, remark: '校长办公室、教务处、德育处' },
      { code: 'W-ZY', name: '致远楼', campusId: west.id, floors: 6, usage: 'teaching', sort: 5, remark: '高中部教学楼' },
      { code: 'W-SS', name: '明德公寓', campusId: west.id, floors: 8, usage: 'dormitory', sort: 6, remark: '高中部学生宿舍' },
    ])
    .onConflictDoNothing({ target: buildings.code });

  // Groups shared by courses and electives lost their English name in the school seed (the electives'
  // empty one won): give every group without one the English name its courses know it by.
  const groupEnglish = new Map(COURSES.map((c) => [c.group, c.groupEn]));
  for (const group of await tx.select().from(orgUnits).where(and(eq(orgUnits.kind, 'researchGroup'), isNull(orgUnits.nameEn)))) {
    const nameEn = groupEnglish.get(group.name);
    if (nameEn) await tx.update(orgUnits).set({ nameEn }).where(eq(orgUnits.id, group.id));
  }

  // Teaching-research groups: the leader is the group's researchLeader, the course its first course,
  // the members up to eight other teachers of the group.
  const groups = await tx.select().from(orgUnits).where(eq(orgUnits.kind, 'researchGroup')).orderBy(asc(orgUnits.sort), asc(orgUnits.id));
  const profiled = new Set((await tx.select({ id: researchGroupProfiles.orgUnitId }).from(researchGroupProfiles)).map((row) => row.id));
  for (const group of groups.filter((g) => !profiled.has(g.id))) {
    const [leader] = await tx
      .select({ staffId: staffAppointments.staffId })
      .from(staffAppointments)
      .where(and(eq(staffAppointments.orgUnitId, group.id), eq(staffAppointments.kind, 'researchLeader')))
      .limit(1);
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.researchGroupId, group.id)).orderBy(asc(courses.sort)).limit(1);
    await tx.insert(researchGroupProfiles).values({ orgUnitId: group.id, leaderStaffId: leader?.staffId ?? null, courseId: course?.id ?? null, remark: `${group.name}每周三下午集体教研` });
    const members = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.researchGroupId, group.id), leader ? sql`${staff.id} <> ${leader.staffId}` : undefined))
      .orderBy(asc(staff.staffNumber))
      .limit(8);
    if (members.length) await tx.insert(researchGroupMembers).values(members.map((m) => ({ orgUnitId: group.id, staffId: m.id }))).onConflictDoNothing();
  }

  // Weekly hours of the current term, by grade band (primary, junior, senior) as the timetable uses them.
  const [current] = await tx.select({ id: terms.id }).from(terms).where(eq(terms.isCurrent, true));
  if (!current) return;
  const gradeRows = await tx.select().from(grades).orderBy(asc(grades.sort));
  const courseRows = await tx.select({ id: courses.id, code: courses.code }).from(courses).where(inArray(courses.code, COURSES.map((c) => c.code)));
  const courseId = new Map(courseRows.map((c) => [c.code, c.id]));
  const hours = gradeRows.flatMap((grade) => {
    const number = GRADE_NAMES.findIndex(([name]) => name === grade.name) + 1;
    if (number < 1) return [];
    const band = number <= 6 ? 0 : number <= 9 ? 1 : 2;
    return COURSES.filter((c) => c.weekly[band] > 0 && courseId.has(c.code)).map((c) => ({ termId: current.id, gradeId: grade.id, courseId: courseId.get(c.code)!, weeklyHours: c.weekly[band] }));
  });
  if (hours.length) await tx.insert(gradeCourseHours).values(hours).onConflictDoNothing();
}
