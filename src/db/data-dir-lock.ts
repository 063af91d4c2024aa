// PGlite is one process's database: a second process on the same directory would overwrite the first's
// writes. A pid file makes the second one stop with a clear message instead.
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR for this process; resolves to the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'clarion.pid');
  try {
    await writeFile(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(await readFile(lockPath, 'utf8').catch(() => ''));
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new Error(`DATA_DIR ${dataDir} is in use by process ${holder}: embedded PGlite serves one process at a time. Stop that process (or use DATABASE_URL with PostgreSQL) and try again.`);
    }
    // Left behind by a process that has ended.
    await writeFile(lockPath, String(process.pid));
  }
  return () => unlink(lockPath).catch(() => {});
}
