// Clarion as an operator runs it: `src/main.ts` and the `clarion` CLI as real processes, and what the
// machine's process table says about their embedded PostgreSQL.
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** `npx clarion ...` in the checkout, as an operator runs it. */
export const runCli = (args: string[], env: Record<string, string>) =>
  exec('npx', ['--no-install', 'clarion', ...args], { cwd: root, env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

/** Every process of the embedded PostgreSQL in `dataDir`: its watchdog, the postmaster and what the postmaster forked. */
export async function postgresProcessesOf(dataDir: string) {
  const cluster = path.join(dataDir, 'postgres');
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const table = await Promise.all(
    pids.map(async (pid) => ({
      pid: Number(pid),
      cmdline: await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
      // /proc/<pid>/stat: "pid (comm) state ppid ..."
      parent: Number((await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.split(' ')[1]),
    })),
  );
  const named = new Set(table.filter((p) => p.cmdline.includes(`-D\0${cluster}\0`)).map((p) => p.pid));
  return table.filter((p) => named.has(p.pid) || named.has(p.parent)).map((p) => p.pid);
}
