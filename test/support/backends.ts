// The storage every HTTP test runs against: a fresh database per test file on one PostgreSQL server for
// the whole run: the machine's (DATABASE_URL) or an embedded cluster started by test/support/global-setup.ts.
// With REDIS_URL, rate-limit windows go to Redis as well (CI sets both).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { throwawayDatabase } from '../../src/db/throwaway-database.ts';
import { createLogger } from '../../src/logger.ts';

export interface Backend {
  name: string;
  open(): Promise<{ database: Database; redis?: Redis; redisPrefix?: string; close(): Promise<void> }>;
}

export const testLogger = createLogger((process.env.TEST_LOG_LEVEL as 'debug') ?? 'silent');

/** The PostgreSQL server of this test run. */
export const databaseServerUrl = () => inject('databaseServerUrl');

/** The prefix of this test run's databases: the run fails if one is left behind (./global-setup.ts). */
const testDatabasePrefix = () => inject('testDatabasePrefix');

/** A fresh database on the test run's server (or `serverUrl`), dropped afterwards. */
export const freshPostgresDatabase = (serverUrl = databaseServerUrl()) => throwawayDatabase(serverUrl, testDatabasePrefix());

/** `prefix`: the databases' names (outside vitest, as scripts/screenshots.ts runs it, pass one). */
export function postgresBackend(serverUrl: () => string, redisUrl: string | undefined, name: string, prefix = testDatabasePrefix): Backend {
  return {
    name,
    async open() {
      const fresh = await throwawayDatabase(serverUrl(), prefix());
      const database = await openDatabase({ url: fresh.url, logger: testLogger });
      const redis = redisUrl ? new Redis(redisUrl) : undefined;
      return {
        database,
        redis,
        redisPrefix: `clarion:test:${randomBytes(6).toString('hex')}:`,
        // The database is dropped even when closing the pool or Redis fails (the failure is still thrown).
        async close() {
          try {
            await database.close();
            await redis?.quit();
          } finally {
            await fresh.drop();
          }
        },
      };
    },
  };
}

const redisUrl = process.env.REDIS_URL;
const name = `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'}${redisUrl ? ' + Redis' : ''}`;

export const backends: Backend[] = [postgresBackend(databaseServerUrl, redisUrl, name)];
