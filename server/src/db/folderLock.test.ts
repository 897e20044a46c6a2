import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { DataFolderInUseError } from './folderLock.ts';

/** Issue 12, finding 7: two servers on one embedded folder lost acknowledged writes. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'campus-lock-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Starts the real server on the folder and answers its exit code and error output. */
function startServer(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'silent', SEED_DEMO: '0', JOB_SCHEDULER: 'off' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

// The embedded database only; a PostgreSQL run has nothing of its own to check here.
describe.skipIf(Boolean(process.env.DATABASE_URL))('one process per embedded data folder', () => {
  it('a second server on an open folder refuses to start with a clear message, and a second open in-process is refused', async () => {
    const database: Database = await openDatabase({ dataDir: folder });
    try {
      const second = await startServer(folder);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`is in use by process ${process.pid}`);
      await expect(openDatabase({ dataDir: folder })).rejects.toBeInstanceOf(DataFolderInUseError);
    } finally {
      await database.close();
    }
    // Released on close: the folder opens again.
    const again = await openDatabase({ dataDir: folder });
    await again.close();
  }, 90_000);

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await writeFile(path.join(folder, 'campus.lock'), dead.stdout.toString());
    const database = await openDatabase({ dataDir: folder });
    await database.close();
  }, 60_000);
});
