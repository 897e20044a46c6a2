import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, translate, type Language } from '@campus/contract';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { Caller } from '../../platform/caller.ts';

/** Messages of the area go out as the approvals' kind (the bell's "notices of the school office"). */
export const ELECTIVE_MESSAGE_TYPE = '4';

/** The caller's staff id, if they are staff. */
export async function staffIdOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM staff WHERE user_id = ${userId}`);
  return row?.id ?? null;
}

/** SQL names of a day (alias wd joined on week_days) and a period (alias pe joined on periods). */
export const dayName = (language: Language) => (language === 'en' ? sql.raw(`coalesce(wd.name_en, wd.name)`) : sql.raw(`wd.name`));
export const periodName = (language: Language) => (language === 'en' ? sql.raw(`coalesce(pe.name_en, pe.name)`) : sql.raw(`pe.name`));

/** One message to each user, in the school's language (a message is the recipient's to read). */
export async function sendMessages(tx: Tx, caller: Caller, recipients: SQL, key: string, params: Record<string, string | number>, link: string): Promise<void> {
  const title = translate(DEFAULT_LANGUAGE, key, params).slice(0, 200);
  await tx.execute(sql`
    INSERT INTO messages (recipient_user_id, sender_user_id, title, content, type, link)
    SELECT u.id, ${caller.auth.userId}, ${title}, ${title.slice(0, 100)}, ${ELECTIVE_MESSAGE_TYPE}, ${link}
    FROM users u WHERE u.enabled AND u.id IN (${recipients})`);
}

/**
 * What else is at a time in a term's weeks for a teacher (`teacher_id`) or a room (`classroom_id`): class
 * lessons, elective sessions (other than `exceptSession`) and teaching classes. (what, day, period) rows.
 */
export function ownerBusy(column: 'teacher_id' | 'classroom_id', ownerId: number, slot: { termId: number; day: number; period: number; weekFrom: number; weekTo: number }, exceptSession: number, language: Language): SQL {
  const col = sql.raw(column);
  const name = language === 'en' ? sql.raw(`coalesce(co.name_en, co.name)`) : sql.raw(`co.name`);
  return sql`
    SELECT ${name} || ' · ' || c.name AS what FROM timetable_entries te JOIN courses co ON co.id = te.course_id JOIN classes c ON c.id = te.class_id
      WHERE te.term_id = ${slot.termId} AND te.${col} = ${ownerId} AND te.day = ${slot.day} AND te.period = ${slot.period}
        AND te.week_from <= ${slot.weekTo} AND te.week_to >= ${slot.weekFrom}
    UNION ALL
    SELECT ${name} FROM elective_sessions es JOIN courses co ON co.id = es.course_id
      WHERE es.term_id = ${slot.termId} AND es.${col} = ${ownerId} AND es.day = ${slot.day} AND es.period = ${slot.period} AND es.id <> ${exceptSession}
        AND es.week_from <= ${slot.weekTo} AND es.week_to >= ${slot.weekFrom}
    UNION ALL
    SELECT tc.name FROM teaching_classes tc JOIN teaching_class_lessons l ON l.teaching_class_id = tc.id
      WHERE tc.term_id = ${slot.termId} AND tc.${col} = ${ownerId} AND l.day = ${slot.day} AND l.period = ${slot.period}
        AND tc.week_from <= ${slot.weekTo} AND tc.week_to >= ${slot.weekFrom}`;
}
