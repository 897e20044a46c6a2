import { sql } from 'drizzle-orm';
import type { ClassOverview, HeadTeacherProfile, OverviewStudent } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { notFound } from '../../../platform/errors.ts';
import { schoolMinute } from '../../../platform/schoolClock.ts';
import { pageOnLeave } from '../../applications/leave/service.ts';
import { awardCountsOf, recentAwardsOf } from '../../awards/myAwards/service.ts';
import { dormitoryPlacesOf } from '../../campusLife/dormitories/service.ts';
import { conductCountsOf, pageConduct } from '../../homeSchool/conduct/queries.ts';
import { appointments, basicInfo } from '../../records/staffProfile/service.ts';
import { fundSummary } from '../fund/service.ts';
import { recordCounts } from '../records/service.ts';
import { classFor, genderName } from '../common.ts';

type StudentRaw = Omit<OverviewStudent, 'dormitory' | 'onLeaveToday' | 'conductCount' | 'awardCount'>;

/**
 * The students of a class with their key facts: parents and their phones, dormitory place (校园生活's
 * dormitories), on leave today (申请审批), serving cadre posts, conduct and award counts (their areas' services).
 */
async function classStudents(db: DbOrTx, caller: Caller, classId: number): Promise<{ students: OverviewStudent[]; onLeave: ClassOverview['onLeave'] }> {
  const raws = await queryRows<StudentRaw>(db, sql`
    SELECT s.id, s.student_number AS "studentNumber", u.account, s.name, s.gender, ${genderName(sql`s.gender`, caller.language)} AS "genderName",
      coalesce(to_char(s.birth_date, 'YYYY-MM-DD'), '') AS "birthDate", s.in_school_status AS "inSchoolStatus",
      coalesce((SELECT json_agg(json_build_object('name', pu.display_name, 'relation', coalesce(g.relation, ''), 'phone', coalesce(g.phone, '')) ORDER BY pu.id)
        FROM guardians g JOIN users pu ON pu.id = g.parent_user_id WHERE g.student_id = s.id), '[]'::json) AS parents,
      coalesce((SELECT json_agg(r.title ORDER BY r.record_date) FROM class_records r
        WHERE r.class_id = s.class_id AND r.kind = 'cadre' AND r.fields->>'status' = 'serving' AND (r.fields->>'student')::int = s.id), '[]'::json) AS "cadrePosts"
    FROM students s JOIN users u ON u.id = s.user_id WHERE s.class_id = ${classId} ORDER BY s.student_number`);
  const ids = raws.map((raw) => raw.id);
  const [places, leave, conduct, awards] = await Promise.all([
    dormitoryPlacesOf(db, ids),
    pageOnLeave(db, caller, { classId }, { offset: 0, limit: 500 }),
    conductCountsOf(db, ids),
    awardCountsOf(db, ids),
  ]);
  const away = new Set(leave.rows.map((row) => row.studentId));
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    students: raws.map((raw) => {
      const place = places.get(raw.id);
      return {
        ...raw,
        parents: parse(raw.parents),
        cadrePosts: parse(raw.cadrePosts),
        dormitory: place ? `${place.building} ${place.room}-${place.bed}` : '',
        onLeaveToday: away.has(raw.id),
        conductCount: conduct.get(raw.id) ?? 0,
        awardCount: awards.get(raw.id) ?? 0,
      };
    }),
    onLeave: leave.rows.map((row) => ({ studentId: row.studentId, studentName: row.studentName, leaveTypeName: row.leaveTypeName, startAt: row.startAt, endAt: row.endAt, reason: row.reason })),
  };
}

export async function classOverview(db: DbOrTx, caller: Caller, classId: number): Promise<ClassOverview> {
  const cls = await classFor(db, caller, classId);
  const { students, onLeave } = await classStudents(db, caller, classId);
  const ids = students.map((student) => student.id);
  const [conduct, awards] = await Promise.all([pageConduct(db, { studentIds: ids }, { offset: 0, limit: 8 }), recentAwardsOf(db, ids, 8)]);
  return {
    cls,
    counts: {
      total: students.length,
      male: students.filter((student) => student.gender === '1').length,
      female: students.filter((student) => student.gender === '2').length,
      boarders: students.filter((student) => student.dormitory).length,
      onLeave: new Set(onLeave.map((row) => row.studentId)).size,
    },
    students,
    onLeave,
    conduct: ids.length
      ? conduct.rows.map((row) => ({ id: row.id, studentName: row.studentName, category: row.category, content: row.content, createdAt: schoolMinute(row.createdAt) }))
      : [],
    awards,
  };
}

/** 学生概况: the class's students with their key facts. */
export async function classStudentList(db: DbOrTx, caller: Caller, classId: number): Promise<OverviewStudent[]> {
  await classFor(db, caller, classId);
  return (await classStudents(db, caller, classId)).students;
}

/** 班主任详情: the chosen class's teacher (the caller, for a class teacher), their appointments and classes. */
export async function headTeacherProfile(db: Db, caller: Caller, classId: number): Promise<HeadTeacherProfile> {
  await classFor(db, caller, classId);
  const [teacher] = await queryRows<{ staffNumber: string; staffId: number }>(db, sql`
    SELECT st.staff_number AS "staffNumber", st.id AS "staffId" FROM classes c JOIN staff st ON st.id = c.class_teacher_id WHERE c.id = ${classId}`);
  if (!teacher) throw notFound();
  const [basic, posts, counts, fund] = await Promise.all([
    basicInfo(db, caller.auth, teacher.staffNumber, caller.language),
    appointments(db, caller.auth, teacher.staffNumber),
    recordCounts(db, caller, classId),
    fundSummary(db, classId),
  ]);
  const classes = await queryRows<HeadTeacherProfile['classes'][number]>(db, sql`
    SELECT c.id, c.name, c.code, coalesce(g.name, '') AS "gradeName", ${basic.name} AS "teacherName",
      (SELECT count(*)::int FROM students s WHERE s.class_id = c.id) AS "studentCount",
      (SELECT count(*)::int FROM students s WHERE s.class_id = c.id AND s.gender = '1') AS male,
      (SELECT count(*)::int FROM students s WHERE s.class_id = c.id AND s.gender = '2') AS female,
      coalesce(cr.name, '') AS "classroomName", ${sql`st.user_id = ${caller.auth.userId}`} AS editable
    FROM classes c JOIN grades g ON g.id = c.grade_id JOIN staff st ON st.id = c.class_teacher_id LEFT JOIN classrooms cr ON cr.id = c.classroom_id
    WHERE c.class_teacher_id = ${teacher.staffId} ORDER BY g.sort, c.sort`);
  return {
    staffNumber: basic.staffNumber,
    name: basic.name,
    genderName: basic.genderName,
    phone: basic.phone,
    campusName: basic.campusName ?? '',
    departmentName: basic.workingDeptName ?? basic.establishmentDeptName ?? '',
    researchGroupName: basic.researchGroupName ?? '',
    ledClasses: posts.ledClasses,
    gradeLeaderOf: posts.gradeLeaderOf,
    lessonPrepHeadOf: posts.lessonPrepHeadOf,
    classes,
    recordCounts: counts,
    fundBalance: fund.balance,
  };
}
