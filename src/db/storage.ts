// The database a process works on: DATABASE_URL's, or the embedded PostgreSQL in DATA_DIR. A server owns
// the embedded cluster (it starts it and stops it after its drain); a CLI command uses the running one,
// or starts one for its own length.
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import { openDatabase, type Database } from './database.ts';
import { startEmbeddedPostgres, useEmbeddedPostgres } from './embedded/cluster.ts';

export interface Storage {
  database: Database;
  /** For the start-up line: where the data lives, without credentials. */
  description: string;
  /** Resolves if the embedded PostgreSQL ends while Clarion still runs; never for DATABASE_URL. */
  lost: Promise<number | null>;
  close(): Promise<void>;
}

export async function openStorage(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databasePoolSize' | 'fanoutPollSeconds'>,
  logger: Logger,
  role: 'server' | 'cli',
): Promise<Storage> {
  // The server asks the job queue for work every FANOUT_POLL_SECONDS (src/jobs/demand.ts): a connection unused for
  // a second would close between two polls and be opened again by the next, a new PostgreSQL backend every 2 s. Kept
  // a little longer than the interval, the polls reuse one (the pool hands out the last released first), and the
  // others a burst opened still close soon after it. Idle, the server then opened no connection in a minute instead of
  // 30, and its CPU with PostgreSQL's fell by half (bench/README.md).
  const idleMs = Math.max(1_000, Math.ceil(config.fanoutPollSeconds * 2_500));
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, idleMs, logger });
    return { database, description: redactUrl(config.databaseUrl), lost: new Promise(() => {}), close: () => database.close() };
  }
  const options = { dataDir: config.dataDir, holder: role, logger };
  const cluster = role === 'server' ? await startEmbeddedPostgres(options) : await useEmbeddedPostgres(options);
  let closing = false;
  try {
    const database = await openDatabase({ url: cluster.url, poolSize: config.databasePoolSize, idleMs, logger });
    return {
      database,
      description: `embedded PostgreSQL in ${config.dataDir} (127.0.0.1:${cluster.port})`,
      lost: cluster.exited.then((code) => (closing ? new Promise<never>(() => {}) : code)),
      async close() {
        closing = true;
        try {
          await database.close();
        } finally {
          await cluster.stop();
        }
      },
    };
  } catch (error) {
    closing = true;
    await cluster.stop();
    throw error;
  }
}
