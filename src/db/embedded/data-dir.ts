// What the embedded default keeps in DATA_DIR, and who may use it:
//   postgres/       the PostgreSQL cluster (made by initdb on the first start)
//   postgres.json   how to connect: role, password, database, last port (mode 0600: the only copy of the password)
//   running.json    the Clarion process running the cluster now (pid, port, holder); removed when it stops
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const POSTGRES_MAJOR = '18';

/** One line for the operator: what is wrong and what to do. Clarion prints it and exits 1. */
export class EmbeddedPostgresError extends Error {}

export interface Connection {
  user: string;
  password: string;
  database: string;
  /** The port of the last start, tried first on the next one so URLs stay the same where possible. */
  port: number;
}

export interface Holder {
  pid: number;
  /** Who started the cluster: a server (`npm start`), a CLI command, or a test run. */
  holder: string;
  port: number;
  startedAt: string;
}

export const dataDirLayout = (dataDir: string) => ({
  cluster: path.join(dataDir, 'postgres'),
  connection: path.join(dataDir, 'postgres.json'),
  running: path.join(dataDir, 'running.json'),
});

const exists = (file: string) => stat(file).then(() => true, () => false);
const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

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

export async function readHolder(dataDir: string): Promise<Holder | undefined> {
  const text = await readFile(dataDirLayout(dataDir).running, 'utf8').catch(() => undefined);
  if (!text) return undefined;
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) && isAlive(holder.pid) ? holder : undefined;
  } catch {
    return undefined; // half-written by a process that died: nobody holds it
  }
}

export class DataDirInUse extends EmbeddedPostgresError {
  constructor(dataDir: string, readonly holder: Holder) {
    super(`DATA_DIR ${dataDir} is in use by Clarion process ${holder.pid} (${holder.holder}, since ${holder.startedAt}). One server runs per DATA_DIR; \`npx clarion\` commands work beside it.`);
  }
}

/**
 * Takes DATA_DIR for this process (O_EXCL, so of two starting at once one wins), replacing a file left by a
 * process that has ended. PostgreSQL's own postmaster.pid stays the last guard against two postmasters.
 */
export async function claimDataDir(dataDir: string, holder: string) {
  const file = dataDirLayout(dataDir).running;
  const record: Holder = { pid: process.pid, holder, port: 0, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, JSON.stringify(record), { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if (code(error) !== 'EEXIST') throw new EmbeddedPostgresError(`DATA_DIR ${dataDir} is not writable (${code(error)}).`);
      const current = await readHolder(dataDir);
      if (current) throw new DataDirInUse(dataDir, current);
      if (attempt > 2) throw new EmbeddedPostgresError(`DATA_DIR ${dataDir}: ${file} keeps coming back; is another Clarion starting?`);
      await unlink(file).catch(() => {});
    }
  }
  return {
    setPort: (port: number) => writeFile(file, JSON.stringify({ ...record, port })),
    release: () => unlink(file).catch(() => {}),
  };
}

/** The cluster's role and password, made once (before initdb) and kept only in DATA_DIR, readable by its owner alone. */
export async function loadConnection(dataDir: string): Promise<Connection> {
  const { connection, cluster } = dataDirLayout(dataDir);
  const text = await readFile(connection, 'utf8').catch(() => undefined);
  if (text) {
    try {
      return JSON.parse(text) as Connection;
    } catch {
      throw new EmbeddedPostgresError(`${connection} is not valid JSON; restore it from a backup of DATA_DIR.`);
    }
  }
  if (await exists(path.join(cluster, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(`${connection} is missing, and with it the password of the cluster in ${cluster}. Restore it from a backup of DATA_DIR.`);
  }
  const fresh: Connection = { user: 'clarion', password: randomBytes(24).toString('base64url'), database: 'clarion', port: 0 };
  await saveConnection(dataDir, fresh);
  return fresh;
}

/** Written whole or not at all (a new file renamed over the old), since it holds the only copy of the password. */
export async function saveConnection(dataDir: string, connection: Connection) {
  const file = dataDirLayout(dataDir).connection;
  const next = `${file}.${process.pid}.tmp`;
  await writeFile(next, JSON.stringify(connection, null, 2) + '\n', { mode: 0o600 });
  await rename(next, file);
}

export const connectionUrl = ({ user, password, database }: Connection, port: number) =>
  `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
