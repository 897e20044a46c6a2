import { sql } from 'drizzle-orm';
import type { DutyDay, DutyRosterParsed } from '@campus/contract';
import { intArray, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { badRequest } from '../../../platform/errors.ts';
import { localName } from '../../timetable/views/queries.ts';
import { checkClassStudents, classFor, lockClass } from '../common.ts';

/** 每周值日: the school's teaching days, each with the class's duty group (empty when none yet). */
export async function dutyRoster(db: DbOrTx, caller: Caller, classId: number): Promise<DutyDay[]> {
  await classFor(db, caller, classId);
  return queryRows<DutyDay>(db, sql`
    SELECT wd.day, ${localName('wd', caller.language)} AS "dayName", d.leader_student_id AS "leaderStudentId",
      coalesce(d.student_ids, '{}'::int[]) AS "studentIds", coalesce(d.tasks, '') AS tasks
    FROM week_days wd LEFT JOIN class_duty_days d ON d.day = wd.day AND d.class_id = ${classId}
    WHERE wd.teaching OR d.class_id IS NOT NULL
    ORDER BY wd.day`);
}

/** Saves the whole week: the given days replace the class's roster; each student is on duty once a week at most. */
export async function saveDutyRoster(db: Db, caller: Caller, roster: DutyRosterParsed): Promise<void> {
  await db.transaction(async (tx) => {
    await classFor(tx, caller, roster.classId, true);
    await lockClass(tx, roster.classId);
    const days = roster.days.filter((day) => day.studentIds.length > 0);
    const everyone = days.flatMap((day) => day.studentIds);
    await checkClassStudents(tx, roster.classId, everyone);
    const seen = new Set<number>();
    for (const id of everyone) {
      if (seen.has(id)) {
        const [student] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM students WHERE id = ${id}`);
        throw badRequest('headTeacher.dutyTwice', { name: student?.name ?? '' });
      }
      seen.add(id);
    }
    const [known] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM week_days WHERE day = ANY(${intArray(days.map((day) => day.day))})`);
    if ((known?.n ?? 0) !== days.length) throw badRequest();
    await tx.execute(sql`DELETE FROM class_duty_days WHERE class_id = ${roster.classId}`);
    for (const day of days) {
      await tx.execute(sql`
        INSERT INTO class_duty_days (class_id, day, leader_student_id, student_ids, tasks, updated_by_user_id)
        VALUES (${roster.classId}, ${day.day}, ${day.leaderStudentId ?? null}, ${intArray(day.studentIds)}, ${day.tasks}, ${caller.auth.userId})`);
    }
  });
}
