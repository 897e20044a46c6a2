/**
 * Bulk writing for the generator: COPY in text format on both databases (pg-copy-streams on the
 * PostgreSQL server, COPY FROM '/dev/blob' on PGlite), with progress output.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type Cell = string | number | boolean | null | undefined | Date;

/** One value in COPY text format: \N for null, backslash escapes for the separators. */
function field(value: Cell): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = value instanceof Date ? value.toISOString() : value;
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}

const CHUNK_ROWS = 20_000;

/** Joins rows into COPY text chunks of CHUNK_ROWS lines, reporting progress as it goes. */
function* textChunks(rows: Iterable<Cell[]>, progress: Progress): Generator<string> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(row.map(field).join('\t'));
    if (lines.length === CHUNK_ROWS) {
      progress.add(lines.length);
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length) {
    progress.add(lines.length);
    yield `${lines.join('\n')}\n`;
  }
}

export class Progress {
  private done = 0;
  private lastPrint = 0;
  private readonly started = Date.now();
  constructor(private readonly label: string, private readonly total: number) {}
  add(n: number): void {
    this.done += n;
    const now = Date.now();
    if (now - this.lastPrint > 1000 || this.done >= this.total) {
      this.lastPrint = now;
      const seconds = (now - this.started) / 1000;
      const pct = this.total ? Math.min(100, (100 * this.done) / this.total).toFixed(0) : '100';
      const line = `  ${this.label}: ${this.done.toLocaleString('en')} / ${this.total.toLocaleString('en')} (${pct} %, ${Math.round(this.done / Math.max(seconds, 0.001)).toLocaleString('en')} rows/s)`;
      if (process.stdout.isTTY) process.stdout.write(`\r${line}\x1b[K`);
      else if (this.done >= this.total || now - this.started > 0) console.log(line);
    }
  }
  finish(): void {
    if (process.stdout.isTTY) process.stdout.write('\n');
  }
}

export interface BulkWriter {
  kind: 'postgres' | 'pglite';
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  copy(table: string, columns: string[], rows: Iterable<Cell[]>, total: number): Promise<void>;
  close(): Promise<void>;
}

/** A dedicated connection: FK triggers off (the generator writes consistent data) and synchronous commit off. */
export async function postgresWriter(databaseUrl: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '256MB'");
  return {
    kind: 'postgres',
    exec: async (text) => {
      await client.query(text);
    },
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    copy: async (table, columns, rows, total) => {
      const progress = new Progress(table, total);
      const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
      await pipeline(Readable.from(textChunks(rows, progress)), stream);
      progress.finish();
    },
    close: () => client.end(),
  };
}

export async function pgliteWriter(client: PGlite): Promise<BulkWriter> {
  await client.exec("SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '256MB'");
  return {
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    copy: async (table, columns, rows, total) => {
      const progress = new Progress(table, total);
      for (const chunk of textChunks(rows, progress)) {
        await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
      progress.finish();
    },
    close: async () => {
      await client.exec('RESET session_replication_role');
    },
  };
}

/**
 * Drops the secondary indexes of `tables` (constraint indexes stay) and returns a function that
 * builds them again: one sort per index after loading is much cheaper than maintaining them row by row.
 */
export async function deferIndexes(writer: BulkWriter, tables: string[]): Promise<() => Promise<void>> {
  const indexes = await writer.query<{ indexname: string; indexdef: string; tablename: string }>(
    `SELECT i.indexname, i.indexdef, i.tablename FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const index of indexes) await writer.exec(`DROP INDEX "${index.indexname}"`);
  return async () => {
    for (const index of indexes) {
      const started = Date.now();
      await writer.exec(index.indexdef);
      console.log(`  index ${index.indexname} rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
}
