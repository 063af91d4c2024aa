// Clarion as an operator runs it: `src/main.ts` and the `clarion` CLI as real processes, and what the
// machine's process table says about their embedded PostgreSQL.
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { clusterName } from '../../src/db/embedded/data-dir.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const exec = promisify(execFile);

export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = await read();
    if (value !== undefined) return value;
  }
  throw new Error('waited too long');
}

/** `npm start`'s process (node src/main.ts), its output, and the URL it says it listens on. */
export function runClarion(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'info', FANOUT_POLL_SECONDS: '0.5', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stderr.on('data', check);
    void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
  listening.catch(() => {}); // awaited by the tests that expect a listening server
  return { child, exited, listening, output: () => output };
}

const settled = (run: Promise<{ stdout: string; stderr: string }>) =>
  run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

/** `npx clarion ...` in the checkout, as an operator runs it (test/cli.test.ts: the bin through npm). */
export const runNpxCli = (args: string[], env: Record<string, string>) =>
  settled(exec('npx', ['--no-install', 'clarion', ...args], { cwd: root, env: { ...process.env, ...env } }));

/**
 * The same bin, `bin/clarion.js`, run by node without npx: npm's start costs about 1.2 s of CPU a call (1.8 s
 * against 0.35 s of wall time for `--help` here), which the files that only need a command done do not pay.
 */
export const runCli = (args: string[], env: Record<string, string>) =>
  settled(exec(process.execPath, [path.join(root, 'bin', 'clarion.js'), ...args], { cwd: root, env: { ...process.env, ...env } }));

/** Every process of the embedded PostgreSQL in `dataDir`: its watchdog, the postmaster and what it forked, all titled with its cluster_name. */
export async function postgresProcessesOf(dataDir: string) {
  const name = `cluster_name=${clusterName(path.join(dataDir, 'postgres'))}`;
  const title = `postgres: ${clusterName(path.join(dataDir, 'postgres'))}:`;
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const found = await Promise.all(
    pids.map(async (pid) => {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      return cmdline.includes(name) || cmdline.startsWith(title) ? Number(pid) : undefined;
    }),
  );
  return found.filter((pid) => pid !== undefined);
}

/**
 * A file of /proc/<pid>, or '' once the process has gone: a PostgreSQL backend listed a moment ago may have exited
 * since (its connection closed), and its files with it.
 */
export const procFile = (pid: number, name: string) => readFile(`/proc/${pid}/${name}`, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'ESRCH' ? '' : Promise.reject(error)));

/** SIGKILL, if the process is still there. */
export function killIfAlive(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The JSON log lines in a process's output, parsed; other lines are left out. */
export const logLines = (output: string): Record<string, unknown>[] =>
  output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

/** The worker processes a Clarion server (`npm start`, pid `parent`) forked: its children running src/worker.ts. */
export async function workerPids(parent: number) {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const found = await Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = ppid === parent ? await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '') : '';
      return /src\/worker\.ts|\.cache\/clarion\/worker-/.test(cmdline) ? Number(pid) : undefined;
    }),
  );
  return found.filter((pid): pid is number => pid !== undefined).sort();
}

/**
 * Waits until `count` forked workers of a Clarion process have logged "fan-out worker ready": a test that needs each
 * of them to take part in a broadcast sends it then (on a loaded machine one worker can be ready seconds before the
 * other, and finish a small broadcast alone).
 */
export const workersReady = (clarion: { output: () => string }, count: number, ms = 60_000) =>
  waitFor(() => {
    const ready = new Set(logLines(clarion.output()).flatMap((line) => (line.message === 'fan-out worker ready' ? [line.pid as number] : [])));
    return ready.size >= count ? [...ready] : undefined;
  }, ms);

/** POST /v1/notify to a Clarion process with a key: the answer's status and the broadcast's id. */
export async function notifyAt(url: string, key: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/v1/notify`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, id: ((await response.json()) as { id: string }).id };
}
