/** Settings shared by the benchmark's generator, runner and baseline server. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ScaleName = 'district' | 'school';

export interface Scale {
  name: ScaleName;
  /** Totals after generation, the demo school of the seed included. */
  students: number;
  parents: number;
  staff: number;
  classes: number;
  messages: number;
  logs: number;
  /** Login sessions already in the table (a quarter live), as a district has at 8:00. */
  sessions: number;
  /** New classes are grouped into schools of this many classes. */
  classesPerSchool: number;
  /** Accounts given a real password hash (Demo@2026), which the runner logs in. */
  loginPool: { students: number; staff: number; parents: number };
}

export const SCALES: Record<ScaleName, Scale> = {
  district: {
    name: 'district',
    students: 100_000,
    parents: 200_000,
    staff: 10_000,
    classes: 2_500,
    messages: 2_000_000,
    logs: 1_000_000,
    sessions: 100_000,
    classesPerSchool: 50,
    loginPool: { students: 300, staff: 100, parents: 100 },
  },
  school: {
    name: 'school',
    students: 3_000,
    parents: 6_000,
    staff: 300,
    classes: 72,
    messages: 200_000,
    logs: 100_000,
    sessions: 5_000,
    classesPerSchool: 36,
    loginPool: { students: 100, staff: 30, parents: 30 },
  },
};

/** The district runs on the PostgreSQL server, in its own database; `test` is never touched. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/campus_bench';
/** The school scale runs on the embedded database in this folder. */
export const SCHOOL_DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/campus-bench-pglite';

export function parseArgs(argv: string[]): { scale: Scale; flags: Set<string>; options: Map<string, string> } {
  const flags = new Set<string>();
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) options.set(key, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) options.set(key, argv[++i]);
    else flags.add(key);
  }
  const scaleName = (options.get('scale') ?? 'district') as ScaleName;
  if (!(scaleName in SCALES)) throw new Error(`--scale must be district or school, got ${scaleName}`);
  return { scale: SCALES[scaleName], flags, options };
}

/** The database the chosen scale uses: a PostgreSQL URL or an embedded data folder. */
export function targetOf(scale: Scale): { databaseUrl?: string; dataDir: string } {
  return scale.name === 'district' ? { databaseUrl: BENCH_DATABASE_URL, dataDir: SCHOOL_DATA_DIR } : { databaseUrl: undefined, dataDir: SCHOOL_DATA_DIR };
}

/** The same URL pointing at the server's maintenance database, to create or drop the bench database. */
export function maintenanceUrl(databaseUrl: string): { url: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name || name === 'test') throw new Error(`refusing to use database "${name}" for the benchmark`);
  url.pathname = '/postgres';
  return { url: url.toString(), name };
}

/** The commit measured; BENCH_COMMIT names it when the bench runs from an exported tree (git archive). */
export function gitCommit(): string {
  if (process.env.BENCH_COMMIT) return process.env.BENCH_COMMIT;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (+ uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

export function machineFacts(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'cpu'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A small deterministic generator (the seed's, which is not exported), so every run builds the same data. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[] | string): T => items[Math.floor(next() * items.length)] as T,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
