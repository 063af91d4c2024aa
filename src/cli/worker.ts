// `npx clarion worker`: a worker-only process on DATABASE_URL, or on the running server's embedded PostgreSQL.
// It migrates first (it may be the first Clarion process on a new DATABASE_URL), then runs src/worker.ts.
import type { Config } from '../config.ts';
import { runningEmbeddedUrl } from '../db/embedded/cluster.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { runWorker } from '../worker.ts';

export async function workerCommand(config: Config, error: (message: string) => void = console.error): Promise<number> {
  const logger = createLogger(config.logLevel);
  const databaseUrl = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
  if (!databaseUrl) {
    error(`No DATABASE_URL, and no Clarion server is running on DATA_DIR ${config.dataDir}: a worker sends the broadcasts of a database that a server (npm start) has set up.`);
    return 1;
  }
  try {
    await migrateDatabase(databaseUrl, logger);
    return await runWorker(config, { databaseUrl, logger, metricsPort: config.metricsPort });
  } catch (failure) {
    error((failure as Error).message);
    return 1;
  }
}

