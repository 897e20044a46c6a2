import { sql, type SQL } from 'drizzle-orm';
import { intArray, queryRows, type Db, type Tx } from '../../../db/client.ts';
import { enqueueTask, registerTaskHandler, type TaskHandler } from '../../../platform/background.ts';

/**
 * 成绩分析's figures, computed once per release as background work (platform/background.ts) instead of
 * on every view: a district's 900,000 scores take about a second to sum up, a view of the sums a
 * millisecond. The figures of a batch are dropped when its release is cancelled, since its scores may then
 * change, and computed again at the next release.
 */

export const SCORE_ANALYSIS_TASK = 'score-analysis';

interface AnalysisPayload {
  batchIds: number[];
}

/**
 * Each subject's full mark and the lines its analysis counts against (a derived table with batch_id,
 * course_id, full_mark, pass_line, good_line, excellent_line): the exam's own percents of the full mark
 * (考试分析设置) when it has them, otherwise the score system's lines.
 */
export function effectiveLines(where: SQL): SQL {
  const line = (percent: string, own: string) =>
    sql.raw(`CASE WHEN cfg.batch_id IS NULL THEN ss.${own} ELSE round(ss.full_mark * cfg.${percent} / 100.0, 2) END`);
  return sql`(
    SELECT bs.batch_id, bs.course_id, ss.full_mark, ${line('pass_percent', 'pass_line')} AS pass_line, ${line('good_percent', 'good_line')} AS good_line,
      ${line('excellent_percent', 'excellent_line')} AS excellent_line
    FROM score_batch_subjects bs JOIN score_systems ss ON ss.id = bs.score_system_id LEFT JOIN score_analysis_settings cfg ON cfg.batch_id = bs.batch_id
    WHERE ${where})`;
}

/**
 * Marks released batches as waiting for their figures and queues their computation (in the release's
 * transaction) as one task: one statement over all of them is faster than a task per batch, even two at a
 * time (a district exam of 12 grades: 4.1 s against 4.9 s, issue 15, bench/RESULTS.md).
 */
export async function queueAnalysis(tx: Tx, batchIds: number[], createdBy: number | null): Promise<void> {
  if (!batchIds.length) return;
  await tx.execute(sql`UPDATE score_batches SET analysis_state = 'pending', analysed_at = NULL WHERE id = ANY(${intArray(batchIds)})`);
  await enqueueTask(tx, SCORE_ANALYSIS_TASK, { batchIds } satisfies AnalysisPayload, createdBy);
}

/** Drops the figures of batches whose release is cancelled (in the cancellation's transaction). */
export async function dropAnalysis(tx: Tx, batchIds: number[]): Promise<void> {
  if (!batchIds.length) return;
  await tx.execute(sql`DELETE FROM score_stats WHERE batch_id = ANY(${intArray(batchIds)})`);
  await tx.execute(sql`DELETE FROM score_totals WHERE batch_id = ANY(${intArray(batchIds)})`);
  await tx.execute(sql`UPDATE score_batches SET analysis_state = 'none', analysed_at = NULL WHERE id = ANY(${intArray(batchIds)})`);
}

/**
 * Computes the figures of the given batches that are still released and waiting. Each batch's lock is
 * taken as a release or cancellation takes it (scores/batches lockBatches), so a cancellation waits for
 * the computation or the computation finds the batch no longer released.
 */
export async function computeAnalysis(tx: Tx, batchIds: number[]): Promise<number[]> {
  const sorted = [...new Set(batchIds)].sort((a, b) => a - b);
  for (const id of sorted) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('score-batch'), ${id})`);
  const waiting = (await queryRows<{ id: number }>(tx, sql`
    SELECT id FROM score_batches WHERE id = ANY(${intArray(sorted)}) AND released AND analysis_state IN ('pending', 'failed')`)).map((row) => row.id);
  if (!waiting.length) return [];
  const ids = intArray(waiting);
  // Batches just released have no statistics yet: the planner, expecting a few rows, would pick nested loops,
  // merge joins and sorts that take seconds over a district's scores. Hashes with room in memory suit this,
  // and the sums are taken in float8 (numeric arithmetic over a million rows is several times slower).
  await tx.execute(sql`SET LOCAL enable_nestloop = off`);
  await tx.execute(sql`SET LOCAL enable_mergejoin = off`);
  await tx.execute(sql`SET LOCAL enable_sort = off`);
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
  // Those settings make the plans' costs look enormous, which made PostgreSQL compile them with JIT at every
  // level: a second of compiling for each statement, longer than the statement.
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`DELETE FROM score_stats WHERE batch_id = ANY(${ids})`);
  await tx.execute(sql`DELETE FROM score_totals WHERE batch_id = ANY(${ids})`);
  // A student belongs to the class they are in now, as the batch lists it (as the family's transcript counts).
  await tx.execute(sql`
    INSERT INTO score_totals (batch_id, student_id, class_id, total, class_rank, grade_rank, class_order, grade_order)
    SELECT batch_id, student_id, class_id, (cents / 100)::numeric(8, 2),
      rank() OVER (PARTITION BY batch_id, class_id ORDER BY cents DESC),
      rank() OVER (PARTITION BY batch_id ORDER BY cents DESC),
      row_number() OVER (PARTITION BY batch_id, class_id ORDER BY cents DESC, student_id),
      row_number() OVER (PARTITION BY batch_id ORDER BY cents DESC, student_id)
    FROM (
      -- Summed in float8 and ranked in whole hundredths: equal totals are equal whatever order they were added in.
      SELECT sc.batch_id, sc.student_id, s.class_id, round(sum(sc.score::float8) * 100) AS cents
      FROM scores sc JOIN students s ON s.id = sc.student_id
      JOIN score_batch_classes bc ON bc.batch_id = sc.batch_id AND bc.class_id = s.class_id
      WHERE sc.batch_id = ANY(${ids}) AND sc.score IS NOT NULL
      GROUP BY sc.batch_id, sc.student_id, s.class_id) t`);
  // Per class first; the grade's row adds the classes' sums up (counts, sums, squares and bands all add).
  await tx.execute(sql`
    WITH lines AS (
      SELECT el.batch_id, el.course_id, el.full_mark::float8 AS full_mark, el.pass_line::float8 AS pass_line, el.good_line::float8 AS good_line, el.excellent_line::float8 AS excellent_line
      FROM ${effectiveLines(sql`bs.batch_id = ANY(${ids})`)} el
      UNION ALL
      SELECT el.batch_id, 0, sum(el.full_mark)::float8, sum(el.pass_line)::float8, sum(el.good_line)::float8, sum(el.excellent_line)::float8
      FROM ${effectiveLines(sql`bs.batch_id = ANY(${ids})`)} el GROUP BY el.batch_id),
    entries AS (
      SELECT sc.batch_id, s.class_id, sc.course_id, sc.score::float8 AS score, sc.mark
      FROM scores sc JOIN students s ON s.id = sc.student_id
      JOIN score_batch_classes bc ON bc.batch_id = sc.batch_id AND bc.class_id = s.class_id
      WHERE sc.batch_id = ANY(${ids})
      UNION ALL
      SELECT batch_id, class_id, 0, total::float8, NULL FROM score_totals WHERE batch_id = ANY(${ids})),
    marked AS (
      SELECT e.*, l.pass_line, l.good_line, l.excellent_line,
        CASE WHEN e.score IS NULL OR l.full_mark <= 0 THEN NULL ELSE least(floor(e.score * 10 / l.full_mark), 9)::int END AS band
      FROM entries e JOIN lines l ON l.batch_id = e.batch_id AND l.course_id = e.course_id),
    per_class AS (
      SELECT batch_id, class_id, course_id,
        count(score)::int AS counted, count(*) FILTER (WHERE mark = 'absent')::int AS absent, count(*) FILTER (WHERE mark = 'exempt')::int AS exempt,
        sum(score) AS s1, sum(score * score) AS s2, max(score) AS highest, min(score) AS lowest,
        count(*) FILTER (WHERE score >= pass_line)::int AS pass, count(*) FILTER (WHERE score >= good_line)::int AS good,
        count(*) FILTER (WHERE score >= excellent_line)::int AS excellent,
        count(*) FILTER (WHERE band = 0)::int AS b0, count(*) FILTER (WHERE band = 1)::int AS b1, count(*) FILTER (WHERE band = 2)::int AS b2,
        count(*) FILTER (WHERE band = 3)::int AS b3, count(*) FILTER (WHERE band = 4)::int AS b4, count(*) FILTER (WHERE band = 5)::int AS b5,
        count(*) FILTER (WHERE band = 6)::int AS b6, count(*) FILTER (WHERE band = 7)::int AS b7, count(*) FILTER (WHERE band = 8)::int AS b8,
        count(*) FILTER (WHERE band = 9)::int AS b9
      FROM marked GROUP BY batch_id, class_id, course_id),
    -- The grade's row of every subject and the total, even one nobody has a score or a mark in.
    both_levels AS (
      SELECT * FROM per_class
      UNION ALL
      SELECT l.batch_id, 0, l.course_id, coalesce(sum(p.counted), 0)::int, coalesce(sum(p.absent), 0)::int, coalesce(sum(p.exempt), 0)::int,
        sum(p.s1), sum(p.s2), max(p.highest), min(p.lowest), coalesce(sum(p.pass), 0)::int, coalesce(sum(p.good), 0)::int,
        coalesce(sum(p.excellent), 0)::int, coalesce(sum(p.b0), 0)::int, coalesce(sum(p.b1), 0)::int, coalesce(sum(p.b2), 0)::int,
        coalesce(sum(p.b3), 0)::int, coalesce(sum(p.b4), 0)::int, coalesce(sum(p.b5), 0)::int, coalesce(sum(p.b6), 0)::int,
        coalesce(sum(p.b7), 0)::int, coalesce(sum(p.b8), 0)::int, coalesce(sum(p.b9), 0)::int
      FROM lines l LEFT JOIN per_class p ON p.batch_id = l.batch_id AND p.course_id = l.course_id GROUP BY l.batch_id, l.course_id)
    INSERT INTO score_stats (batch_id, class_id, course_id, full_mark, pass_line, good_line, excellent_line,
      counted, absent, exempt, average, highest, lowest, std_dev, pass, good, excellent, bands)
    SELECT b.batch_id, b.class_id, b.course_id, l.full_mark, l.pass_line, l.good_line, l.excellent_line, b.counted, b.absent, b.exempt,
      CASE WHEN b.counted > 0 THEN round((b.s1 / b.counted)::numeric, 2) END, b.highest, b.lowest,
      CASE WHEN b.counted > 0 THEN round(sqrt(greatest(b.s2 / b.counted - (b.s1 / b.counted) ^ 2, 0))::numeric, 2) END,
      b.pass, b.good, b.excellent, ARRAY[b.b0, b.b1, b.b2, b.b3, b.b4, b.b5, b.b6, b.b7, b.b8, b.b9]
    FROM both_levels b JOIN lines l ON l.batch_id = b.batch_id AND l.course_id = b.course_id`);
  // The clock's time, not the transaction's start: the figures are ready when the computation ends.
  await tx.execute(sql`UPDATE score_batches SET analysis_state = 'ready', analysed_at = clock_timestamp() WHERE id = ANY(${ids})`);
  return waiting;
}

const analysisTask: TaskHandler<AnalysisPayload> = {
  async run(db, task, step) {
    await db.transaction(async (tx) => {
      const done = await computeAnalysis(tx, task.payload.batchIds);
      await step.checkpoint(tx, { done: done.length, total: task.payload.batchIds.length }, {});
    });
  },
  async failed(db: Db, task) {
    await db.execute(sql`UPDATE score_batches SET analysis_state = 'failed' WHERE id = ANY(${intArray(task.payload.batchIds)}) AND analysis_state = 'pending'`);
  },
};

registerTaskHandler(SCORE_ANALYSIS_TASK, analysisTask);
