import fs from 'node:fs';
import path from 'node:path';

/** The embedded database's folder is held by another live process (or already by this one). */
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: number,
  ) {
    super(
      `The embedded database folder ${folder} is in use by process ${holder}. Only one server may open it: stop that ` +
        'process first, or give this one its own DATA_DIR, or share a PostgreSQL server between processes (DATABASE_URL).',
    );
    this.name = 'DataFolderInUseError';
  }
}

const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process: two servers on one PGlite folder both started,
 * handed out the same ids and lost acknowledged writes (issue 12, finding 7). A lock file holds the pid;
 * a lock left by a process that died (kill -9) is taken over. Answers the release.
 */
export function lockDataFolder(folder: string): () => void {
  const resolved = path.resolve(folder);
  const lockFile = path.join(resolved, 'campus.lock');
  if (held.has(resolved)) throw new DataFolderInUseError(resolved, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      held.add(resolved);
      return () => {
        held.delete(resolved);
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataFolderInUseError(resolved, holder);
      // A stale lock (its process is gone, or the file is empty from a crash mid-write).
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataFolderInUseError(resolved, 0);
}
