import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../client.ts';
import type { Caller } from '../../platform/caller.ts';
import { createDraft, moveLesson, publishDraft } from '../../modules/timetable/arrange/drafts.ts';
import { fillPlanFromTimetable } from '../../modules/timetable/arrange/plan.ts';

/**
 * 排课管理 demo data (issue 16): the current term's teaching plan taken from its timetable (physics and
 * chemistry in double periods where they have three hours or more), a few teachers' unavailable periods, the
 * published timetable's own draft (published), and a draft being reworked with a few lessons moved.
 */
export async function seedTimetableArrangement(tx: Tx): Promise<void> {
  const [done] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM timetable_drafts) AS any`);
  if (done?.any) return;
  const [facts] = await queryRows<{ termId: number | null; termName: string | null; admin: number | null }>(tx, sql`
    SELECT (SELECT id FROM terms WHERE is_current) AS "termId", (SELECT name FROM terms WHERE is_current) AS "termName",
      (SELECT id FROM users WHERE account = 'admin') AS admin`);
  if (!facts?.termId || !facts.admin) return;
  const termId = facts.termId;
  // The module's writes open their own transactions: inside the seed's they are savepoints.
  const db = tx as unknown as Db;
  await fillPlanFromTimetable(db, termId);
  await tx.execute(sql`
    UPDATE timetable_plan_items p SET double_periods = 1
    FROM grade_course_hours h, classes c, courses co
    WHERE p.term_id = ${termId} AND c.id = p.class_id AND h.term_id = p.term_id AND h.grade_id = c.grade_id AND h.course_id = p.course_id
      AND co.id = p.course_id AND co.code IN ('physics', 'chemistry') AND h.weekly_hours >= 3`);

  // Five teachers are not available on Friday afternoon where they have no lesson.
  await tx.execute(sql`
    INSERT INTO teacher_unavailable_periods (term_id, staff_id, day, period)
    SELECT ${termId}, st.id, 5, p.period
    FROM (SELECT id FROM staff WHERE staff_number <> 'T0001' ORDER BY staff_number LIMIT 5) st
    CROSS JOIN (VALUES (7), (8)) AS p(period)
    WHERE NOT EXISTS (SELECT 1 FROM timetable_entries te WHERE te.term_id = ${termId} AND te.teacher_id = st.id AND te.day = 5 AND te.period = p.period)
      AND NOT EXISTS (SELECT 1 FROM elective_sessions es WHERE es.term_id = ${termId} AND es.teacher_id = st.id AND es.day = 5 AND es.period = p.period)
      AND NOT EXISTS (SELECT 1 FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
                      WHERE tc.term_id = ${termId} AND tc.teacher_id = st.id AND l.day = 5 AND l.period = p.period)`);

  const caller: Caller = { auth: { userId: facts.admin } as Caller['auth'], permissions: new Set(), language: 'zh' };
  const name = facts.termName ?? '';
  const published = await createDraft(db, caller, { termId, name: `${name}课表（开学版）`, from: 'published' });
  await publishDraft(db, caller, published);
  await tx.execute(sql`UPDATE timetable_drafts SET created_at = now() - interval '60 days', published_at = now() - interval '59 days', updated_at = now() - interval '59 days' WHERE id = ${published}`);

  const working = await createDraft(db, caller, { termId, name: `${name}课表（期中调整稿）`, from: 'published' });
  // A few lessons of the first class moved where the checks allow, as an office reworking it would.
  const lessons = await queryRows<{ id: number; classId: number }>(tx, sql`
    SELECT l.id, l.class_id AS "classId" FROM timetable_draft_lessons l JOIN classes c ON c.id = l.class_id
    WHERE l.draft_id = ${working} ORDER BY c.sort, c.id, l.day, l.period LIMIT 12`);
  const free = await queryRows<{ day: number; period: number }>(tx, sql`
    SELECT d.day, p.sort AS period FROM week_days d CROSS JOIN periods p
    WHERE d.teaching AND NOT EXISTS (SELECT 1 FROM timetable_draft_lessons l WHERE l.draft_id = ${working} AND l.class_id = ${lessons[0]?.classId ?? 0} AND l.day = d.day AND l.period = p.sort)
    ORDER BY d.day DESC, p.sort DESC`);
  let moved = 0;
  for (const lesson of lessons) {
    for (const slot of free) {
      try {
        await moveLesson(db, 'zh', { id: working, lessonId: lesson.id, day: slot.day, period: slot.period });
        moved++;
        break;
      } catch {
        // Refused there: try the next free period.
      }
    }
    if (moved >= 1) break;
  }
  await tx.execute(sql`UPDATE timetable_draft_lessons SET locked = TRUE WHERE id IN (SELECT id FROM timetable_draft_lessons WHERE draft_id = ${working} AND day = 1 AND period = 1 ORDER BY id LIMIT 6)`);
}
