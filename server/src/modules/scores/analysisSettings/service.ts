import { sql } from 'drizzle-orm';
import type { AnalysisSettingsList, AnalysisSettingsSave, Language } from '@campus/contract';
import { jsonValue, queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { localName } from '../../timetable/views/queries.ts';
import { effectiveLines, queueAnalysis } from '../analysis/compute.ts';

/** 考试分析设置 (/cjfxNew/cjgl/ksfxsz): the lines each exam's analysis counts against. */

type BatchRaw = Omit<AnalysisSettingsList['batches'][number], 'subjects'> & { subjects: AnalysisSettingsList['batches'][number]['subjects'] | string | null };

/** Every batch of a term (the current one by default) with the lines in effect for each subject. */
export async function analysisSettingsList(db: DbOrTx, language: Language, termId: number | undefined): Promise<AnalysisSettingsList> {
  const terms = await queryRows<{ id: number; name: string; isCurrent: boolean }>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.is_current AS "isCurrent" FROM terms t ORDER BY t.start_date DESC`);
  const term = termId ?? terms.find((item) => item.isCurrent)?.id ?? terms[0]?.id;
  if (!term) return { terms, batches: [] };
  const rows = await queryRows<BatchRaw>(db, sql`
    SELECT b.id, b.name, ${localName('g', language)} AS "gradeName", b.exam_node AS "examNode", b.released, b.analysis_state AS state,
      cfg.batch_id IS NOT NULL AS custom, cfg.pass_percent AS "passPercent", cfg.good_percent AS "goodPercent", cfg.excellent_percent AS "excellentPercent",
      (SELECT json_agg(json_build_object('courseId', el.course_id, 'courseName', ${localName('co', language)}, 'fullMark', el.full_mark,
          'passLine', el.pass_line::float8, 'goodLine', el.good_line::float8, 'excellentLine', el.excellent_line::float8,
          'systemPassLine', ss.pass_line::float8, 'systemGoodLine', ss.good_line::float8, 'systemExcellentLine', ss.excellent_line::float8) ORDER BY co.sort, co.id)
        FROM ${effectiveLines(sql`bs.batch_id = b.id`)} el JOIN courses co ON co.id = el.course_id
        JOIN score_batch_subjects sbs ON sbs.batch_id = el.batch_id AND sbs.course_id = el.course_id JOIN score_systems ss ON ss.id = sbs.score_system_id) AS subjects
    FROM score_batches b JOIN grades g ON g.id = b.grade_id LEFT JOIN score_analysis_settings cfg ON cfg.batch_id = b.id
    WHERE b.term_id = ${term}
    ORDER BY b.entry_start DESC, b.id DESC`);
  return { terms, batches: rows.map((row) => ({ ...row, subjects: jsonValue(row.subjects ?? '[]') ?? [] })) };
}

/**
 * Saves an exam's lines (or returns it to the score systems'). A released exam's analysis is computed again
 * with them, in the background; the answer says whether that happens and the exam's name.
 */
export async function saveAnalysisSettings(db: Db, input: AnalysisSettingsSave, by: number): Promise<{ name: string; recomputed: boolean }> {
  return db.transaction(async (tx) => {
    // The batch's lock, as a release or cancellation takes it (scores/batches), so the analysis queued here
    // cannot race a cancellation.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-batch'), ${input.batchId})`);
    const [batch] = await queryRows<{ name: string; released: boolean }>(tx, sql`SELECT name, released FROM score_batches WHERE id = ${input.batchId}`);
    if (!batch) throw notFound();
    if (input.custom) {
      await tx.execute(sql`
        INSERT INTO score_analysis_settings (batch_id, pass_percent, good_percent, excellent_percent, updated_by, updated_at)
        VALUES (${input.batchId}, ${input.passPercent!}, ${input.goodPercent!}, ${input.excellentPercent!}, ${by}, now())
        ON CONFLICT (batch_id) DO UPDATE SET pass_percent = excluded.pass_percent, good_percent = excluded.good_percent,
          excellent_percent = excluded.excellent_percent, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
    } else {
      await tx.execute(sql`DELETE FROM score_analysis_settings WHERE batch_id = ${input.batchId}`);
    }
    if (batch.released) await queueAnalysis(tx, [input.batchId], by);
    return { name: batch.name, recomputed: batch.released };
  });
}
