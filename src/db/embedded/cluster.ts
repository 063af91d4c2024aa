// The embedded default (no DATABASE_URL): a real PostgreSQL 18 whose data lives in DATA_DIR, listening on
// 127.0.0.1 only, with random passwords. The server starts it; a CLI command connects to the running one
// like any client, or starts it for the length of the command when no server runs.
import path from 'node:path';
import pg from 'pg';
import { probePort } from '../../listen.ts';
import type { Logger } from '../../logger.ts';
import { checkDataDir, connectionUrl, dataDirLayout, EmbeddedPostgresError, loadConnection, saveConnection, type Connection } from './data-dir.ts';
import { initCluster } from './initdb.ts';
import { claimDataDir, DataDirInUse, readHolder } from './lock.ts';
import { clearLeftoverPostmaster, postgresBinaries, startPostgres } from './postgres-process.ts';
import { choosePostgresUser, type PostgresUser } from './run-as.ts';

export interface EmbeddedPostgres {
  /** Clarion's role on Clarion's database. */
  url: string;
  /** The superuser on the `postgres` database: for making databases (test runs, migration authoring). */
  adminUrl: string;
  port: number;
  /** Resolves when the PostgreSQL server ends on its own or after stop(); never for a cluster another process runs. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  /** Said to anyone who finds DATA_DIR taken: "server", "cli", "test run". */
  holder: string;
  logger: Logger;
}

/** The last port if it is free (so `clarion db url` stays the same across restarts), else any free one. */
const freePort = (preferred: number) =>
  preferred ? probePort('127.0.0.1', preferred).catch(() => probePort('127.0.0.1', 0)) : probePort('127.0.0.1', 0);

async function startOnFreePort(cluster: string, preferred: number, user: PostgresUser, logger: Logger) {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort(attempt === 0 ? preferred : 0);
    try {
      return { port, server: await startPostgres({ cluster, port, user, logger }) };
    } catch (error) {
      // Another program took the port between the probe and PostgreSQL's bind: try another.
      if (attempt < 3 && /could not (bind|create any TCP\/IP sockets)/.test((error as Error).message)) continue;
      throw error;
    }
  }
}

/** Clarion's role (no superuser: it cannot read files or run programs through SQL) and its database, owned by it. */
async function ensureRoleAndDatabase(connection: Connection, port: number) {
  const client = new pg.Client({ connectionString: connectionUrl(connection.admin, 'postgres', port) });
  await client.connect();
  try {
    const role = client.escapeIdentifier(connection.user);
    if (!(await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [connection.user])).rowCount) {
      await client.query(`CREATE ROLE ${role} LOGIN PASSWORD ${client.escapeLiteral(connection.password)}`);
    }
    if (!(await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [connection.database])).rowCount) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(connection.database)} OWNER ${role}`);
    }
  } finally {
    await client.end();
  }
}

/** Starts the cluster in DATA_DIR (making it on the first start) for this process, which then owns it. */
export async function startEmbeddedPostgres({ dataDir, holder, logger }: Options): Promise<EmbeddedPostgres> {
  await checkDataDir(dataDir);
  const claim = await claimDataDir(dataDir, holder);
  let server: Awaited<ReturnType<typeof startPostgres>> | undefined;
  try {
    const connection = await loadConnection(dataDir);
    const { cluster } = dataDirLayout(dataDir);
    const user = await choosePostgresUser(cluster, path.dirname((await postgresBinaries()).postgres));
    await initCluster(cluster, connection, user, logger);
    await clearLeftoverPostmaster(cluster, logger);
    const started = await startOnFreePort(cluster, connection.port, user, logger);
    const { port } = started;
    server = started.server;
    await ensureRoleAndDatabase(connection, port);
    if (port !== connection.port) await saveConnection(dataDir, { ...connection, port });
    // Only now do CLI commands find it: its database exists.
    await claim.setPort(port);
    const running = server;
    return {
      url: connectionUrl(connection, connection.database, port),
      adminUrl: connectionUrl(connection.admin, 'postgres', port),
      port,
      exited: running.exited,
      async stop() {
        try {
          await running.stop();
        } finally {
          await claim.release();
        }
      },
    };
  } catch (error) {
    await server?.stop();
    await claim.release();
    throw error;
  }
}

/** The cluster another process runs on DATA_DIR, as a client of it sees it; undefined when none is ready. */
async function runningCluster(dataDir: string): Promise<EmbeddedPostgres | undefined> {
  const current = await readHolder(dataDir);
  if (!current?.port || current.holder === 'cli') return undefined;
  const connection = await loadConnection(dataDir);
  return {
    url: connectionUrl(connection, connection.database, current.port),
    adminUrl: connectionUrl(connection.admin, 'postgres', current.port),
    port: current.port,
    exited: new Promise(() => {}),
    stop: async () => {},
  };
}

/**
 * For a CLI command: the cluster a running server holds, or one started for this command (`stop` ends it).
 * A cluster another command started is waited for, since it stops when that command ends.
 */
export async function useEmbeddedPostgres({ dataDir, holder, logger }: Options): Promise<EmbeddedPostgres> {
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const running = await runningCluster(dataDir);
    if (running) return running;
    try {
      return await startEmbeddedPostgres({ dataDir, holder, logger });
    } catch (error) {
      // Held by a server still starting, or by another command: wait for the one, then for the other to end.
      if (!(error instanceof DataDirInUse)) throw error;
      if (Date.now() - started > 30_000) {
        throw new EmbeddedPostgresError(`DATA_DIR ${dataDir} is held by Clarion process ${error.holder.pid} (${error.holder.holder}), whose database has not been ready for 30 s.`);
      }
    }
  }
}

/** The URL of the cluster a running server holds, for psql and pg_dump; undefined when none runs. */
export async function runningEmbeddedUrl(dataDir: string) {
  return (await runningCluster(dataDir))?.url;
}
