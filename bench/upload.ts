/**
 * Issue 12, finding 1, at full size: 3 × 150 MB videos in one request, then 3 such uploads at once, to the
 * production server (server/src/main.ts) on the embedded database in a fresh folder, or on the PostgreSQL
 * server with --postgres (a fresh database campus_upload_bench). Prints the server's peak resident memory
 * (sampled from /proc every 100 ms), each answer and its time. Not part of the tests.
 *
 *   npx tsx bench/upload.ts [--postgres] [--size-mb 150]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const usePostgres = args.includes('--postgres');
const sizeMb = Number(args[args.indexOf('--size-mb') + 1]) || 150;
const MB = 1024 * 1024;
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-upload-bench-'));
  let databaseUrl = '';
  if (usePostgres) {
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS campus_upload_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE campus_upload_bench');
    await admin.end();
    databaseUrl = 'postgres://postgres@127.0.0.1:5432/campus_upload_bench';
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', JOB_SCHEDULER: 'off' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(server.pid!));
    } catch {
      // exited
    }
  }, 100);
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/api/config/client`)).ok) break;
      } catch {
        // not yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const login = await fetch(`${base}/api/login/v4`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=T0001&password=Demo%402026' });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const atStart = rssOf(server.pid!);
    console.log(`server ready (${usePostgres ? 'PostgreSQL' : 'embedded'}), resident ${(atStart / MB).toFixed(0)} MB`);
    const one = await timed(() => upload(token, [sizeMb, sizeMb, sizeMb], 1));
    console.log(`3 × ${sizeMb} MB in one request: ${one.result} in ${one.seconds.toFixed(1)} s; peak resident ${(peak / MB).toFixed(0)} MB`);
    peak = 0;
    const many = await timed(() => Promise.all([upload(token, [sizeMb], 10), upload(token, [sizeMb], 20), upload(token, [sizeMb], 30)]));
    console.log(`3 uploads of ${sizeMb} MB at once: ${many.result.join(', ')} in ${many.seconds.toFixed(1)} s; peak resident ${(peak / MB).toFixed(0)} MB`);
    const alive = await fetch(`${base}/api/config/client`);
    console.log(`server still answers: ${alive.status}`);
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

function upload(token: string, sizes: number[], seed: number): Promise<number> {
  const boundary = `----campusBench${seed}`;
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41', 'latin1')]);
  function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nvideo\r\n`);
    for (const [index, size] of sizes.entries()) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lesson${index}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
      for (let piece = 0; piece < size; piece++) {
        const buffer = Buffer.alloc(MB, (piece + seed) % 251);
        if (piece === 0) head.copy(buffer);
        yield buffer;
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/files/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'X-TOKEN-XX': token } });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    Readable.from(body()).pipe(request);
  });
}

await main();
