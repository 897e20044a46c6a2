import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';

/** Queued answers one batch moves at most (a batch is one transaction). */
export const TALLY_BATCH = 20_000;

/**
 * Moves a survey's queued answers into its running tallies and text answers, in one transaction:
 * per option counters (and per question "answered" counters, option -1) are added up in SQL, the texts get a
 * random listing key, and the survey's response count grows by the batch. The statistics then read a few
 * tally rows, never the answers, whatever the number of respondents.
 *
 * Anonymity: a queued row shares its answering transaction (xmin) with the respondent's row in
 * survey_respondents; the batch ends that, since its rows are written under the batch's own transaction, in
 * no order of arrival, and the queued rows are deleted. Answers the number moved.
 */
export async function flushSurvey(db: Db, surveyId: number, limit = TALLY_BATCH): Promise<number> {
  return db.transaction(async (tx) => flushIn(tx, surveyId, limit));
}

/** The batch's statement, inside the caller's transaction (the seed runs it in its own). */
export async function flushIn(tx: DbOrTx, surveyId: number, limit = TALLY_BATCH): Promise<number> {
  {
    const [row] = await queryRows<{ moved: number }>(tx, sql`
      WITH moved AS (
        DELETE FROM survey_answer_queue q
        WHERE q.ctid IN (SELECT ctid FROM survey_answer_queue WHERE survey_id = ${surveyId} LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING q.answers),
      items AS (SELECT e.key::int AS question, e.value FROM moved CROSS JOIN LATERAL jsonb_each(moved.answers) AS e),
      votes AS (
        SELECT question, 0 AS r, -1 AS o FROM items
        UNION ALL SELECT question, 0, (value #>> '{}')::int FROM items WHERE jsonb_typeof(value) = 'number'
        UNION ALL SELECT i.question, 0, (x.value #>> '{}')::int FROM items i CROSS JOIN LATERAL jsonb_array_elements(i.value) AS x WHERE jsonb_typeof(i.value) = 'array'
        UNION ALL SELECT i.question, x.key::int, (x.value #>> '{}')::int FROM items i CROSS JOIN LATERAL jsonb_each(i.value) AS x WHERE jsonb_typeof(i.value) = 'object'),
      tallied AS (
        INSERT INTO survey_tallies (survey_id, question, "row", option, count)
        SELECT ${surveyId}, question, r, o, count(*)::int FROM votes GROUP BY question, r, o
        ON CONFLICT (survey_id, question, "row", option) DO UPDATE SET count = survey_tallies.count + EXCLUDED.count
        RETURNING 1),
      texts AS (
        INSERT INTO survey_text_answers (survey_id, question, body, sort_key)
        SELECT ${surveyId}, question, value #>> '{}', floor(random() * 2147483647)::int FROM items WHERE jsonb_typeof(value) = 'string'
        RETURNING 1),
      counted AS (SELECT count(*)::int AS n FROM moved)
      UPDATE surveys SET response_count = response_count + counted.n FROM counted
      WHERE surveys.id = ${surveyId} AND counted.n > 0
      RETURNING counted.n AS moved`);
    return row?.moved ?? 0;
  }
}

/** Whether a survey has answers waiting for a batch. */
export async function hasQueued(db: DbOrTx, surveyId: number): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM survey_answer_queue WHERE survey_id = ${surveyId}) AS any`);
  return row?.any === true;
}

/** Moved rows after which the queue is vacuumed at once. */
const VACUUM_AFTER = 5_000;

/**
 * Every queued answer of a survey moved (the statistics call this before they read). A large drain leaves
 * as many dead rows in the queue, which every later "anything queued?" check would walk through until
 * autovacuum came (and it never comes on the embedded database): the queue is vacuumed right away.
 */
export async function flushAll(db: Db, surveyId: number): Promise<void> {
  let moved = 0;
  while (await hasQueued(db, surveyId)) {
    const batch = await flushSurvey(db, surveyId);
    if (batch === 0) break;
    moved += batch;
  }
  if (moved >= VACUUM_AFTER) await db.execute(sql`VACUUM survey_answer_queue`);
}

/**
 * Batches answers shortly after they arrive: the first answer after a quiet moment schedules a batch half a
 * second later, which takes whatever arrived meanwhile. A process that stops before it runs leaves its answers
 * queued, and the next answer or statistics read moves them.
 */
export class TallyScheduler {
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 500,
  ) {}

  nudge(surveyId: number): void {
    if (this.closed) return;
    this.pending.add(surveyId);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.run().finally(() => {
        this.running = null;
      });
    }, this.delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    for (const id of ids) {
      if (this.closed) return;
      try {
        await flushAll(this.db, id);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
