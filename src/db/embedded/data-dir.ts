// What the embedded default keeps in DATA_DIR, and who may use it:
//   postgres/       the PostgreSQL cluster (made by initdb on the first start)
//   postgres.json   how to connect: Clarion's role and password, the superuser's, the database, the last port
//                   (mode 0600: the only copy of the passwords)
//   running.json    the Clarion process running the cluster now (pid, port, holder); removed when it stops (lock.ts)
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const POSTGRES_MAJOR = '18';

/** One line for the operator: what is wrong and what to do. Clarion prints it and exits 1. */
export class EmbeddedPostgresError extends Error {}

export interface Role {
  user: string;
  password: string;
}

export interface Connection extends Role {
  /** Clarion's database, owned by Clarion's role (`user`), which is not a superuser. */
  database: string;
  /** The cluster's superuser (initdb's), for making the role and the database, and for test runs. */
  admin: Role;
  /** The port of the last start, tried first on the next one so URLs stay the same where possible. */
  port: number;
}

/**
 * The cluster_name of the cluster at `cluster`: every process of it carries it in its title, so a leftover
 * postmaster is told from an unrelated process whatever path it was started with.
 */
export const clusterName = (cluster: string) => `clarion-${createHash('sha256').update(cluster).digest('hex').slice(0, 16)}`;

export const dataDirLayout = (dataDir: string) => ({
  cluster: path.join(dataDir, 'postgres'),
  connection: path.join(dataDir, 'postgres.json'),
  running: path.join(dataDir, 'running.json'),
});

const exists = (file: string) => stat(file).then(() => true, (error) => (code(error) === 'ENOENT' ? false : Promise.reject(error)));
export const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates DATA_DIR if needed and refuses, before writing anything, a directory this Clarion must not touch. */
export async function checkDataDir(dataDir: string) {
  await mkdir(dataDir, { recursive: true }).catch((error) => {
    throw new EmbeddedPostgresError(`DATA_DIR ${dataDir} cannot be created (${code(error)}).`);
  });
  // An earlier Clarion kept an embedded PGlite database right in DATA_DIR.
  if (await exists(path.join(dataDir, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `DATA_DIR ${dataDir} holds a PGlite database from an earlier Clarion. Clarion now runs a real PostgreSQL and leaves that directory as it is: choose another DATA_DIR (or move this one aside).`,
    );
  }
  const version = await readFile(path.join(dataDirLayout(dataDir).cluster, 'PG_VERSION'), 'utf8').catch(() => undefined);
  if (version !== undefined && version.trim() !== POSTGRES_MAJOR) {
    throw new EmbeddedPostgresError(
      `DATA_DIR ${dataDir} holds a PostgreSQL ${version.trim()} cluster and this Clarion runs PostgreSQL ${POSTGRES_MAJOR}; it was left untouched. Dump it with pg_dump from the Clarion that made it, or upgrade it with pg_upgrade.`,
    );
  }
}

/** The roles and passwords, made once (before initdb) and kept only in DATA_DIR, readable by its owner alone. */
export async function loadConnection(dataDir: string): Promise<Connection> {
  const { connection, cluster } = dataDirLayout(dataDir);
  const text = await readFile(connection, 'utf8').catch((error) => {
    if (code(error) === 'ENOENT') return undefined;
    throw new EmbeddedPostgresError(`${connection} cannot be read (${code(error)}).`);
  });
  if (text !== undefined) {
    try {
      return JSON.parse(text) as Connection;
    } catch {
      throw new EmbeddedPostgresError(`${connection} is not valid JSON; restore it from a backup of DATA_DIR.`);
    }
  }
  if (await exists(path.join(cluster, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(`${connection} is missing, and with it the passwords of the cluster in ${cluster}. Restore it from a backup of DATA_DIR.`);
  }
  const secret = () => randomBytes(24).toString('base64url');
  const fresh: Connection = { user: 'clarion', password: secret(), database: 'clarion', admin: { user: 'postgres', password: secret() }, port: 0 };
  // Linked into place, never renamed over: a file that appeared meanwhile is kept, not replaced.
  const next = `${connection}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(next, JSON.stringify(fresh, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  try {
    await link(next, connection);
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
  } finally {
    await unlink(next);
  }
  return JSON.parse(await readFile(connection, 'utf8')) as Connection;
}

/** Written whole or not at all (a new file renamed over the old), since it holds the only copy of the password. */
export async function saveConnection(dataDir: string, connection: Connection) {
  const file = dataDirLayout(dataDir).connection;
  const next = `${file}.${process.pid}.tmp`;
  await writeFile(next, JSON.stringify(connection, null, 2) + '\n', { mode: 0o600 });
  await rename(next, file);
}

export const connectionUrl = ({ user, password }: Role, database: string, port: number) =>
  `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
