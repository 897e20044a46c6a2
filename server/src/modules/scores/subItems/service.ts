import { sql } from 'drizzle-orm';
import type { Language, SubItemBatch, SubItemForm } from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { localName } from '../../timetable/views/queries.ts';
import { schoolToday } from '../../timetable/views/service.ts';

export const SUB_ITEM_PERMISSION = 'score:subScore';

/** The batches whose subjects may be split into parts, newest term first. */
export async function subItemBatches(db: DbOrTx, language: Language): Promise<Omit<SubItemBatch, 'subjects'>[]> {
  return queryRows(db, sql`
    SELECT b.id, b.name, ${localName('t', language)} AS "termName", ${localName('g', language)} AS "gradeName", b.released,
      t.end_date < ${schoolToday()}::date AS ended
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id
    ORDER BY t.start_date DESC, b.entry_start DESC, b.id DESC`);
}

export async function subItemBatch(db: DbOrTx, batchId: number, language: Language): Promise<SubItemBatch> {
  const [batch] = await queryRows<Omit<SubItemBatch, 'subjects'> & { subjects: SubItemBatch['subjects'] | string }>(db, sql`
    SELECT b.id, b.name, ${localName('t', language)} AS "termName", ${localName('g', language)} AS "gradeName", b.released,
      t.end_date < ${schoolToday()}::date AS ended,
      (SELECT coalesce(json_agg(json_build_object(
          'courseId', bs.course_id, 'courseName', ${localName('co', language)}, 'fullMark', ss.full_mark,
          'scored', EXISTS (SELECT 1 FROM scores sc WHERE sc.batch_id = b.id AND sc.course_id = bs.course_id),
          'items', (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'maxScore', i.max_score::float8) ORDER BY i.sort, i.id), '[]'::json)
                    FROM score_sub_items i WHERE i.batch_id = b.id AND i.course_id = bs.course_id)) ORDER BY co.sort, co.id), '[]'::json)
       FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id JOIN score_systems ss ON ss.id = bs.score_system_id WHERE bs.batch_id = b.id) AS subjects
    FROM score_batches b JOIN terms t ON t.id = b.term_id JOIN grades g ON g.id = b.grade_id WHERE b.id = ${batchId}`);
  if (!batch) throw notFound();
  return { ...batch, subjects: jsonValue(batch.subjects) };
}

/**
 * Replaces the parts of one subject of a batch. The parts add up to the subject's full mark exactly; they
 * no longer change once the subject has scores (those were entered part by part) or the batch is released.
 * Returns the subject's name in the caller's language, for the answer.
 */
export async function saveSubItems(db: Db, batchId: number, courseId: number, items: SubItemForm[], language: Language): Promise<string> {
  return db.transaction(async (tx) => {
    const [batch] = await queryRows<{ name: string; released: boolean; ended: boolean }>(tx, sql`
      SELECT b.name, b.released, t.end_date < ${schoolToday()}::date AS ended FROM score_batches b JOIN terms t ON t.id = b.term_id WHERE b.id = ${batchId} FOR UPDATE OF b`);
    if (!batch) throw notFound();
    const [subject] = await queryRows<{ courseName: string; fullMark: number; scored: boolean }>(tx, sql`
      SELECT ${localName('co', language)} AS "courseName", ss.full_mark AS "fullMark",
        EXISTS (SELECT 1 FROM scores sc WHERE sc.batch_id = bs.batch_id AND sc.course_id = bs.course_id) AS scored
      FROM score_batch_subjects bs JOIN courses co ON co.id = bs.course_id JOIN score_systems ss ON ss.id = bs.score_system_id
      WHERE bs.batch_id = ${batchId} AND bs.course_id = ${courseId}`);
    if (!subject) throw badRequest('scoreSub.notInBatch');
    if (batch.ended) throw conflict('exam.termEnded');
    if (batch.released) throw conflict('scoreBatch.releasedLocked', { name: batch.name });
    if (subject.scored) throw conflict('scoreSub.scored', { course: subject.courseName });
    // Sums in hundredths, so 33.33 + 33.33 + 33.34 is exactly 100.
    const sum = items.reduce((total, item) => total + Math.round(item.maxScore * 100), 0);
    if (items.length && sum !== subject.fullMark * 100) throw badRequest('scoreSub.sumMismatch', { course: subject.courseName, sum: sum / 100, full: subject.fullMark });
    await tx.execute(sql`DELETE FROM score_sub_items WHERE batch_id = ${batchId} AND course_id = ${courseId}`);
    if (items.length) {
      await tx.execute(sql`
        INSERT INTO score_sub_items (batch_id, course_id, name, max_score, sort)
        SELECT ${batchId}, ${courseId}, i.name, i."maxScore", i.ord FROM jsonb_to_recordset(${JSON.stringify(items.map((item, ord) => ({ ...item, ord })))}::jsonb)
          AS i(name text, "maxScore" numeric, ord int)`);
    }
    return subject.courseName;
  });
}
