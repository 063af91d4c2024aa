// A forked worker goes with its parent, even when the parent is gone before the worker has finished starting
// (a server killed during its start): nothing is left behind polling a database that may be gone too.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from './support/backends.ts';
import { waitFor } from './support/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Running (a zombie left for a parent that does not reap counts as gone). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('a forked worker whose parent dies while it starts', () => {
  let dir: string | undefined;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let worker: number | undefined;
  afterAll(async () => {
    if (worker && alive(worker)) process.kill(worker, 'SIGKILL');
    await fresh?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stops on its own instead of running without a parent', async () => {
    fresh = await freshPostgresDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-orphan-'));
    const parent = path.join(dir, 'parent.mjs');
    // The parent forks the worker as npm start does, and exits at once: the IPC channel closes before the worker listens.
    await writeFile(parent, `import { fork } from 'node:child_process';
const child = fork(${JSON.stringify(path.join(root, 'src', 'worker.ts'))}, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
console.log(child.pid);
process.exit(0);
`);
    const env = { ...process.env, DATABASE_URL: '', REDIS_URL: '', CLARION_WORKER_DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' };
    const { stdout } = await promisify(execFile)(process.execPath, [parent], { cwd: root, env });
    worker = Number(stdout.trim());
    expect(worker).toBeGreaterThan(0);
    await waitFor(() => (alive(worker!) ? undefined : true), 60_000);
  }, 90_000);
});
