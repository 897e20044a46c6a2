/**
 * Searches that change every request against the production server on the embedded school database
 * (issue 12, finding 8: at 200 connections 65 requests completed, 263 timed out, and the server stayed busy
 * 62 s after the load for clients that had gone).
 *
 *   npx tsx bench/embedded-overload.ts            (needs the school scale: npx tsx bench/generate.ts --scale school)
 *   options: --duration 20 (0: the idle searches only)  --connections 200  --timeout 10  --idle-samples 30
 *
 * Reports the uncached keyword search's latency on the idle server, what the load got (answers, 503s with
 * Retry-After, timeouts), how long the first search after the load took, and how long after the load the
 * server kept working (its CPU, read from /proc). Every keyword is new, so the picker's cache never answers.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { DEMO_PASSWORD } from '../server/src/db/seed/index.ts';
import { GIVEN, SURNAMES } from '../server/src/db/seed/reference.ts';
import { parseArgs, repoRoot, SCHOOL_DATA_DIR, sleep } from './common.ts';

const { options } = parseArgs(process.argv.slice(2));
const DURATION = Number(options.get('duration') ?? 20);
const CONNECTIONS = Number(options.get('connections') ?? 200);
const TIMEOUT = Number(options.get('timeout') ?? 10);
const IDLE_SAMPLES = Number(options.get('idle-samples') ?? 30);
const TOKEN_HEADER = loadConfig({}).tokenHeader;

const surnames = [...SURNAMES];
const given = [...GIVEN];

/** Where the idle searches start in the sequence, far from the load's. */
const IDLE_FROM = 1_000_000;
const singles = [...new Set([...surnames, ...given, ...'0123456789'])];

/**
 * The i-th search of a sequence that never repeats within a run: two- and three-character names (most
 * searches), digit runs of student numbers, and single characters (the first keystroke: many people
 * match one), whose pages change each time round so that no search is asked twice in a run.
 */
function search(i: number): { word: string; page: number } {
  const kind = i % 5;
  const n = Math.floor(i / 5) + 1;
  // A stride prime to the table sizes walks every combination before any comes back.
  const pick = (list: string[], k: number) => list[(k * 7919) % list.length];
  switch (kind) {
    case 0:
      return { word: pick(surnames, n) + pick(given, Math.floor(n / surnames.length) + n), page: 0 };
    case 1:
      return { word: pick(given, n) + pick(given, Math.floor(n / given.length) + 3 * n), page: 0 };
    case 2:
      return { word: pick(surnames, n) + pick(given, n) + pick(given, Math.floor(n / given.length) + 5 * n), page: 0 };
    case 3:
      return { word: String(100 + (n % 9900)).padStart(4, '0') + (n >= 9900 ? String(Math.floor(n / 9900)) : ''), page: 0 };
    default:
      // Ten pages a round (a picker's first pages); the idle searches (from IDLE_FROM) take the next ten.
      return { word: singles[n % singles.length], page: (Math.floor(n / singles.length) % 10) + (i >= IDLE_FROM ? 10 : 0) };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CPU seconds a process has used so far, from /proc/<pid>/stat (utime + stime). */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function startServer(): Promise<{ child: ChildProcess; base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const script = path.join(repoRoot, 'server', 'src', 'main.ts');
  // node --import tsx runs the server in this very process (npx tsx would add a parent), so its CPU is readable.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.dirname(script),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: SCHOOL_DATA_DIR,
      LOG_LEVEL: 'warn',
      REQUEST_ENCRYPTION: '0',
      NODE_ENV: 'production',
      // The administrator only searches here; a second factor would only stand in the way of the login.
      MFA_REQUIRED_FOR_ADMINS: '0',
      // Scheduled jobs would count as the server's work after the load.
      JOB_SCHEDULER: 'off',
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error('the server exited before it was ready (is another server holding the school database?)');
    try {
      if ((await fetch(`${base}/api/config/client`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await sleep(250);
  }
  return {
    child,
    base,
    stop: async () => {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([done, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

const searchBody = ({ word, page }: { word: string; page: number }) =>
  new URLSearchParams({ size: '10', page: String(page), search: JSON.stringify({ KEYWORD: word }) }).toString();

/** One search and its time in milliseconds; throws unless the server answered it. */
async function timedSearch(base: string, token: string, asked: { word: string; page: number }): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/components/getUserAllData`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [TOKEN_HEADER]: token },
    body: searchBody(asked),
  });
  const envelope = (await response.json()) as { result: boolean; msg: string };
  if (!envelope.result) throw new Error(`search "${asked.word}" page ${asked.page} failed: ${response.status} ${envelope.msg}`);
  return performance.now() - started;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(SCHOOL_DATA_DIR, 'PG_VERSION'))) {
    throw new Error(`no embedded school database in ${SCHOOL_DATA_DIR}: run npx tsx bench/generate.ts --scale school first`);
  }
  const server = await startServer();
  try {
    const login = await fetch(`${server.base}/api/login/v4`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD }).toString(),
    });
    const envelope = (await login.json()) as { result: boolean; data?: { token?: string }; msg: string };
    if (!envelope.result || !envelope.data?.token) throw new Error(`login failed: ${envelope.msg}`);
    const token = envelope.data.token;

    let next = IDLE_FROM;
    const idle = new Map<string, number[]>();
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      const kind = ['names', 'names', 'names', 'digits', 'one character'][next % 5];
      const elapsed = await timedSearch(server.base, token, search(next++));
      idle.set(kind, [...(idle.get(kind) ?? []), elapsed]);
      idle.set('all', [...(idle.get('all') ?? []), elapsed]);
    }
    for (const [kind, times] of idle) {
      times.sort((a, b) => a - b);
      console.log(`idle, uncached search, ${kind} (${times.length}): min ${ms(times[0])}, median ${ms(quantile(times, 0.5))}, p90 ${ms(quantile(times, 0.9))}, max ${ms(times[times.length - 1])}`);
    }

    if (DURATION <= 0) return;
    let counter = 0;
    let retryAfter = 0;
    const cpuBefore = cpuSecondsOf(server.child.pid!);
    const loadStarted = performance.now();
    const result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: TIMEOUT,
      requests: [
        {
          method: 'POST',
          path: '/components/getUserAllData',
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-CN', [TOKEN_HEADER]: token },
            body: searchBody(search(counter++)),
          }),
          onResponse: (status, _body, _context, headers) => {
            if (status === 503 && Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'retry-after')) retryAfter++;
          },
        },
      ],
    });
    const loadEnded = performance.now();
    const loadCpu = cpuSecondsOf(server.child.pid!) - cpuBefore;

    // The first search after the load: what a user arriving now waits.
    const firstAfter = await timedSearch(server.base, token, search(next++)).catch((error: Error) => {
      console.log(`first search after the load failed: ${error.message}`);
      return Number.NaN;
    });
    // Busy until a whole second passes with the server under a tenth of a core (at most 120 s).
    let idleAt = performance.now();
    let before = cpuSecondsOf(server.child.pid!);
    for (const deadline = performance.now() + 120_000; performance.now() < deadline; ) {
      await sleep(1000);
      const now = cpuSecondsOf(server.child.pid!);
      if (now - before < 0.1) {
        idleAt = performance.now() - 1000;
        break;
      }
      before = now;
    }
    const stats = result.statusCodeStats as Record<string, { count: number } | undefined>;
    const count = (status: number) => stats[String(status)]?.count ?? 0;
    console.log(`load: ${CONNECTIONS} connections for ${DURATION} s, ${TIMEOUT} s client timeout, every keyword new`);
    console.log(`  sent ${counter}, answered ${result['2xx']} (200), ${count(503)} × 503 (${retryAfter} with Retry-After), other non-2xx ${result.non2xx - count(503)}, timeouts ${result.timeouts}, errors ${result.errors - result.timeouts}`);
    console.log(`  answered per second ${(result['2xx'] / ((loadEnded - loadStarted) / 1000)).toFixed(0)}, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; server CPU during the load ${loadCpu.toFixed(1)} s`);
    console.log(`after the load: first search ${Number.isNaN(firstAfter) ? 'failed' : ms(firstAfter)}; server busy for ${((idleAt - loadEnded) / 1000).toFixed(1)} s after the load ended`);
  } finally {
    await server.stop();
  }
}

await main();
