/**
 * An exclusive lock on a PGlite data directory: two processes must never open one directory.
 * The lock is a file created exclusively and holding the owner's pid; a lock left by a process
 * that no longer runs is taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'crowned.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another Crowned server (pid ${pid}). ` +
            'Stop that server, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).',
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
