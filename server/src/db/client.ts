import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataFolder } from './folderLock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every module uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services pass it down to queries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A list as one array parameter (`= ANY(...)`), so a statement's text does not grow with the list. */
export const intArray = (values: readonly number[]): SQL => sql`${sql.param([...values])}::int[]`;
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;
/** A json column's value: both drivers parse it, but tolerate text in case one leaves it as a string. */
export const jsonValue = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * The embedded database's notifications (LISTEN): a callback runs before the committing statement's
   * promise settles, so in this one process nothing can act on the old data after a commit that changed it.
   */
  listen?: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
  /** The embedded database's queue: statements waiting for their turn, the wait they make, and those skipped (abandoned requests). */
  queue?: EmbeddedQueue;
  /** The embedded database's files as one archive, which `loadDataDir` opens again (the tests' seeded template). */
  dump?: () => Promise<Blob>;
}

export interface EmbeddedQueue {
  waiting(): number;
  /** Milliseconds a statement asked now would wait: those waiting times the recent statement time. */
  expectedWaitMs(): number;
  skipped(): number;
}

/** What a request's statements know of it: set per request by the platform (platform/requestScope.ts). */
export interface RequestScope {
  /** The client went away before its answer: statements not yet started are skipped. */
  abandoned: boolean;
  /** The answer has been sent: what runs now (the operation log, the export log) always runs. */
  answered: boolean;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** A statement skipped because the client that asked for it is gone (answered to nobody). */
export class RequestAbandonedError extends Error {
  constructor() {
    super('the request was abandoned by its client');
    this.name = 'RequestAbandonedError';
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any 64-bit number works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_ID = 4_242_001;

/**
 * Connections for statements that keep one generic plan (queryRows' `genericPlan`): lists' keyword pages,
 * a few milliseconds each on two cores, so more connections would only queue inside PostgreSQL.
 */
const GENERIC_PLAN_POOL_SIZE = 5;
/** The generic-plan database beside each PostgreSQL pool. */
const genericPlanDatabases = new WeakMap<object, Db>();

/** Buffer pool of the embedded database (see openDatabase). */
const EMBEDDED_SHARED_BUFFERS = '32MB';

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number; loadDataDir?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle connection that the server ends (a restart, an administrator) is an error on the pool;
    // without a listener it would crash the process. The pool replaces the connection on next use.
    pool.on('error', (error) => {
      console.warn(`[campus] an idle database connection was closed: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // A few connections whose prepared statements keep one plan (queryRows' `genericPlan`); pg opens them
    // only when a statement first asks. No JIT compilation there: a generic plan prices a LIMIT it cannot
    // see at a tenth of the rows, which put a keyword page's cost past jit_above_cost, and compiling it took
    // 30–80 ms of a statement that runs in 2.
    const genericPool = new pg.Pool({ connectionString: options.databaseUrl, max: GENERIC_PLAN_POOL_SIZE, options: '-c plan_cache_mode=force_generic_plan -c jit=off' });
    genericPool.on('error', (error) => {
      console.warn(`[campus] an idle database connection was closed: ${error.message}`);
    });
    genericPlanDatabases.set(pool, drizzlePg(genericPool, { schema }) as unknown as Db);
    return { db, kind: 'postgres', close: async () => void (await Promise.all([pool.end(), genericPool.end()])) };
  }
  let release = () => {};
  if (options.dataDir !== 'memory://') {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = lockDataFolder(options.dataDir);
  }
  // pg_trgm backs the people picker's keyword index; a migration creates the extension in the database.
  // shared_buffers: PGlite's 128 MB default is resident from the start (363 MB at open against 250 MB with
  // 32 MB); its files are read through the operating system's page cache anyway, which is not the server's.
  let client: PGlite;
  try {
    client = new PGlite(options.dataDir, { extensions: { pg_trgm }, postgresqlconf: [`shared_buffers = ${EMBEDDED_SHARED_BUFFERS}`], loadDataDir: options.loadDataDir });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const queue = takeTurnsWithInput(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const close = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  return { db, kind: 'pglite', close, listen: (channel, callback) => client.listen(channel, callback), queue, dump: () => client.dumpDataDir('none') };
}

/**
 * Runs the embedded database's statements one per turn of the event loop.
 *
 * PGlite runs statements on this thread and starts a queued statement in the microtasks that follow the
 * previous one, so a queue of statements ran without the event loop turning once (20 queued statements: 0
 * turns). At 200 connections the queue held 140–290 ms of log pages, new connections waited in the listen
 * queue (111 of them, accepted about 7 a second) and the last were accepted 15 s later: the school bench's
 * timeouts. Here a statement (or a whole transaction, whose own statements run inside it) starts only when
 * the previous one has ended and the event loop has turned (setImmediate), so connections and requests
 * are taken between any two statements. The order of the calls is kept.
 */
function takeTurnsWithInput(client: PGlite): EmbeddedQueue {
  // Settles a turn of the event loop after the last call asked has ended: the next call starts then.
  let previous: Promise<void> = Promise.resolve();
  let waiting = 0;
  let skipped = 0;
  // Recent time per statement (exponentially weighted), to tell how long the queue is in time.
  let averageMs = 1;
  const methods = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = methods[name].bind(client);
    methods[name] = (...args) => {
      // A request whose client has gone does not get its waiting statements run (issue 12, finding 8: the
      // server worked 62 s for clients that had left); one already running, or a transaction, finishes.
      const scope = requestScope.getStore();
      waiting++;
      const result = previous.then(() => {
        waiting--;
        if (scope?.abandoned) {
          skipped++;
          throw new RequestAbandonedError();
        }
        const started = performance.now();
        const running = run(...args);
        // A transaction's time includes its caller's work between statements: not a statement's cost.
        if (name !== 'transaction') {
          const measure = () => {
            averageMs = averageMs * 0.9 + (performance.now() - started) * 0.1;
          };
          running.then(measure, measure);
        }
        return running;
      });
      previous = result.then(turnOfTheEventLoop, turnOfTheEventLoop);
      return result;
    };
  }
  return { waiting: () => waiting, expectedWaitMs: () => waiting * averageMs, skipped: () => skipped };
}

const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Applies pending migrations. On a PostgreSQL server several processes may start at once, so the
 * migration runs under an advisory lock held on one dedicated connection.
 */
export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** Runs `work` while holding a transaction-scoped advisory lock, so only one process does it at a time. */
export async function withAdvisoryLock<T>(db: Db, lockId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockId})`);
    return work(tx);
  });
}

/** A prepared statement's name: derived from its text, so the same text always has the same name. */
function statementName(text: string): string {
  return `campus_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/**
 * Runs a drizzle query as a named prepared statement (see queryRows' `prepared`): same rules, for queries
 * written with the query builder.
 */
export function runPrepared<T>(query: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

/** What both drivers' clients (a pg pool, a pooled connection, PGlite or its transaction) answer to. */
interface DriverClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A PostgreSQL server's client (a pg pool or pooled connection), as opposed to PGlite running in this process. */
function isServerClient(client: unknown): boolean {
  return client instanceof pg.Pool || client instanceof pg.Client;
}

/** True when `db` is the embedded database (PGlite in this process) or one of its transactions. */
export function isEmbedded(db: DbOrTx): boolean {
  return !isServerClient((db as unknown as { session: { client: unknown } }).session.client);
}

/**
 * A hot read written once in SQL with $1, $2… parameters: it goes straight to the driver as a named
 * prepared statement, without drizzle building and rendering the query on every call (that building cost
 * as much as the statement itself on the session lookup every request makes). Return only columns
 * whose JavaScript form is the same on both drivers (text, integers, booleans, integer arrays; cast
 * timestamps and bigints to text).
 */
export function hotStatement<Row>(text: string): (db: DbOrTx, values: unknown[]) => Promise<Row[]> {
  const name = statementName(text);
  return async (db, values) => {
    const { client } = (db as unknown as { session: { client: DriverClient } }).session;
    // A pg pool or pooled connection prepares by name; PGlite (one in-process connection) takes the text.
    const result = isServerClient(client) ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as Row[];
  };
}

interface Queue<Row> {
  waiting: Waiting<Row>[];
  inFlight: number;
  /** PGlite, in this process: see run. */
  embedded: boolean;
  scheduled: boolean;
}

interface Waiting<Row> {
  key: string;
  input: readonly unknown[];
  resolve: (rows: Row[]) => void;
  reject: (error: unknown) => void;
}

/**
 * A hot read that concurrent requests make with different values, sent for many of them in one statement.
 * On this machine a statement costs more in the kernel (the socket write, waking the PostgreSQL backend)
 * and in the backend's protocol handling than a small indexed read itself (docs/decisions.md "Hot reads in
 * batches"), so a busy server shares statements: while `maxInFlight` batches of one database are running,
 * new requests wait and leave together when one comes back; a request that finds a free slot goes at once,
 * alone, so a quiet server waits for nothing. Every request is still read by a statement sent after it
 * arrived, in one snapshot: nothing is remembered between batches.
 *
 * `text` reads the requests from $1, a JSON array with one array of values per request:
 *   FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position)
 * (`request.input->>0` is the first value), and answers `request.position` as `position` in every row. A
 * request gets its rows in the statement's order. Only for reads: a failed statement fails its whole batch.
 */
export class BatchedStatement<Row> {
  readonly #statement: (db: DbOrTx, values: unknown[]) => Promise<(Row & { position: number | string })[]>;
  readonly #queues = new WeakMap<object, Queue<Row>>();
  /** Statements sent so far (for tests and diagnostics). */
  statements = 0;

  constructor(
    text: string,
    private readonly maxInFlight = 1,
    private readonly maxBatch = 256,
  ) {
    this.#statement = hotStatement(text);
  }

  run(db: DbOrTx, input: readonly unknown[]): Promise<Row[]> {
    let queue = this.#queues.get(db);
    if (!queue) {
      const { client } = (db as unknown as { session: { client: unknown } }).session;
      queue = { waiting: [], inFlight: 0, embedded: !isServerClient(client), scheduled: false };
      this.#queues.set(db, queue);
    }
    const waiting = queue;
    return new Promise((resolve, reject) => {
      waiting.waiting.push({ key: JSON.stringify(input), input, resolve, reject });
      if (!waiting.embedded) {
        this.#send(db, waiting);
      } else if (!waiting.scheduled) {
        // PGlite runs a statement on this very thread as soon as it is sent, before the other requests read
        // in the same turn of the event loop get here: the batch leaves after them (setImmediate runs once
        // the turn's input has been handled), or every request would go alone.
        waiting.scheduled = true;
        setImmediate(() => {
          waiting.scheduled = false;
          this.#send(db, waiting);
        });
      }
    });
  }

  #send(db: DbOrTx, queue: Queue<Row>): void {
    while (queue.inFlight < this.maxInFlight && queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, this.maxBatch);
      // Requests with the same values (one user's tabs) are asked once.
      const positions = new Map<string, number>();
      const inputs: (readonly unknown[])[] = [];
      for (const waiting of batch) {
        if (!positions.has(waiting.key)) {
          inputs.push(waiting.input);
          positions.set(waiting.key, inputs.length);
        }
      }
      queue.inFlight += 1;
      this.statements += 1;
      this.#statement(db, [JSON.stringify(inputs)])
        .then(
          (rows) => {
            const byPosition = new Map<number, Row[]>();
            for (const { position, ...row } of rows) {
              const at = Number(position);
              let list = byPosition.get(at);
              if (!list) byPosition.set(at, (list = []));
              list.push(row as unknown as Row);
            }
            // Requests that asked the same get their own copies of the rows, so none sees another's changes.
            const answered = new Set<number>();
            for (const waiting of batch) {
              const position = positions.get(waiting.key)!;
              const found = byPosition.get(position) ?? [];
              waiting.resolve(answered.has(position) ? found.map((row) => ({ ...row })) : found);
              answered.add(position);
            }
          },
          (error: unknown) => {
            for (const waiting of batch) waiting.reject(error);
          },
        )
        .finally(() => {
          queue.inFlight -= 1;
          this.#send(db, queue);
        });
    }
  }
}

/** One request's part of a batch's work: its answer, or the error that is its own. */
export type BatchOutcome<Output> = { value: Output } | { error: unknown };

interface WorkQueue<Input, Output> {
  waiting: WaitingWork<Input, Output>[];
  inFlight: boolean;
  embedded: boolean;
}

interface WaitingWork<Input, Output> {
  input: Input;
  scope: RequestScope | undefined;
  resolve: (value: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes that concurrent requests make, done for many of them at once: the write-side counterpart of
 * BatchedStatement, for a burst of the same write (a thousand students choosing in the same second, and
 * the operation log of each of their calls). `work` does a batch's inputs in as few statements as it can
 * (its own transaction, if it needs one) and answers each input in order, with its value or its own error.
 *
 * One batch per database at a time: requests that arrive meanwhile leave together when it ends, and one
 * that finds nothing running goes at once, alone, on the embedded database too (unlike BatchedStatement's
 * reads: a lone write keeps its timing, so the log row of a call is asked for as its answer leaves, before
 * whatever comes next). Inputs with the same `key` never share a batch (the later waits for the next one,
 * in order), so a batch's work may treat its inputs as independent. When a batch of several fails as a
 * whole, each of its inputs is done again alone, so one input's failure stays its own. Nothing is kept
 * between batches.
 */
export class BatchedWork<Input, Output> {
  readonly #queues = new WeakMap<object, WorkQueue<Input, Output>>();
  /** Batches sent so far, retries alone included (for tests and diagnostics). */
  batches = 0;

  constructor(
    private readonly work: (db: Db, inputs: Input[]) => Promise<BatchOutcome<Output>[]>,
    private readonly options: { maxBatch?: number; key?: (input: Input) => string | number } = {},
  ) {}

  run(db: Db, input: Input): Promise<Output> {
    let queue = this.#queues.get(db);
    if (!queue) {
      const { client } = (db as unknown as { session: { client: unknown } }).session;
      queue = { waiting: [], inFlight: false, embedded: !isServerClient(client) };
      this.#queues.set(db, queue);
    }
    const waiting = queue;
    return new Promise((resolve, reject) => {
      waiting.waiting.push({ input, scope: requestScope.getStore(), resolve, reject });
      this.#send(db, waiting);
    });
  }

  #send(db: Db, queue: WorkQueue<Input, Output>): void {
    if (queue.inFlight || queue.waiting.length === 0) return;
    const batch: WaitingWork<Input, Output>[] = [];
    const keys = new Set<string | number>();
    const later: WaitingWork<Input, Output>[] = [];
    for (const waiting of queue.waiting) {
      const key = this.options.key?.(waiting.input);
      if (batch.length >= (this.options.maxBatch ?? 200) || (key !== undefined && keys.has(key))) {
        later.push(waiting);
      } else if (queue.embedded && waiting.scope?.abandoned) {
        // The embedded database skips the statements of a request whose client has gone (db/client.ts).
        waiting.reject(new RequestAbandonedError());
      } else {
        batch.push(waiting);
        if (key !== undefined) keys.add(key);
      }
    }
    queue.waiting = later;
    if (batch.length === 0) return;
    queue.inFlight = true;
    // The batch's statements belong to none of its requests (an abandoned one would skip them all).
    void requestScope
      .exit(() => this.#do(db, batch))
      .finally(() => {
        queue.inFlight = false;
        this.#send(db, queue);
      });
  }

  async #do(db: Db, batch: WaitingWork<Input, Output>[]): Promise<void> {
    this.batches += 1;
    let outcomes: BatchOutcome<Output>[];
    try {
      outcomes = await this.work(db, batch.map((waiting) => waiting.input));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) await this.#do(db, [waiting]);
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (!outcome) waiting.reject(new Error('a batch answered fewer requests than it was given'));
      else if ('error' in outcome) waiting.reject(outcome.error);
      else waiting.resolve(outcome.value);
    });
  }
}

const batchDialect = new PgDialect();
/** Renders a statement written with drizzle's sql to a BatchedStatement's text; it must take no parameters of its own. */
export function statementText(query: SQL): string {
  const { sql: text, params } = batchDialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('a batched statement reads its values from $1 only');
  return text;
}

/** A value of a batched statement's request, for statementText: `(request.input->>at)::type`. */
export function requestValue(at: number, type: 'int' | 'bigint' | 'text'): SQL {
  return sql.raw(`(request.input->>${at})::${type}`);
}

/**
 * A read of one request's rows written once for both ways it runs: batched with the requests of the moment
 * (values from `requestValue`, the request's position first in each row), or alone as a named statement
 * (values as parameters, for variants that are not batched, such as a keyword's). `joins` bring what the
 * columns read, lateral to the request.
 */
export function perRequestStatement(part: { columns: SQL; joins: SQL }, batched: boolean): SQL {
  return batched
    ? sql`SELECT request.position, ${part.columns} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS request(input, position) ${part.joins} ORDER BY request.position`
    : sql`SELECT ${part.columns} FROM (SELECT 1) AS request ${part.joins}`;
}

/**
 * BatchedStatements made on first use, one per variant of a statement (a filter's shape, a language): each
 * text is rendered once, and each variant's requests share statements only with their own kind.
 */
export function batchedVariants<Key, Row>(statement: (key: Key) => SQL): (key: Key) => BatchedStatement<Row> {
  const made = new Map<Key, BatchedStatement<Row>>();
  return (key) => {
    let batched = made.get(key);
    if (!batched) {
      batched = new BatchedStatement<Row>(statementText(statement(key)));
      made.set(key, batched);
    }
    return batched;
  };
}

/** The parts of drizzle's database object that run one statement under a name (not in its public types). */
interface PreparingDb {
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * Runs a raw SQL statement and returns its rows, the same way on both drivers.
 *
 * `prepared` makes it a named prepared statement on a PostgreSQL server, named after its text: each pooled
 * connection parses and plans it once instead of on every call (planning the session lookup costs three
 * times its execution; docs/decisions.md "Named statements"). Only for hot statements whose text comes in
 * a handful of variants (language, caller kind), never for texts that grow with the data (IN lists of
 * varying length): each variant stays prepared for the life of its connection.
 *
 * `genericPlan` (with `prepared`) keeps one plan for every call. PostgreSQL plans a prepared statement
 * afresh for each call's values whenever those plans are priced below the generic one, which a keyword's
 * estimates always are; for a list's page joining seven tables that planning took 6–9 ms against 2 ms to
 * run it. Only for statements whose plan does not depend on the values (a keyword's matches capped at
 * 1,001). Such statements run on connections of their own, set to keep generic plans (openDatabase), so
 * the setting touches nothing else and costs no extra round trip; inside a caller's transaction, and on
 * the embedded database, the statement runs where it is asked.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL, options: { prepared?: boolean; genericPlan?: boolean } = {}): Promise<T[]> {
  if (options.prepared) {
    const generic = options.genericPlan ? genericPlanDatabases.get((db as unknown as { session: { client: object } }).session.client) : undefined;
    if (generic) return queryRows<T>(generic, query, { prepared: true });
    const preparing = db as unknown as PreparingDb;
    const statement = preparing.dialect.sqlToQuery(query);
    return ((await preparing.session.prepareQuery(statement, undefined, statementName(statement.sql), false).execute()) as { rows: T[] }).rows;
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
