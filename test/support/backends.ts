// The storage every HTTP test runs against: embedded PGlite always; PostgreSQL and Redis as well
// when DATABASE_URL and REDIS_URL are set (CI sets both).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { createLogger } from '../../src/logger.ts';

export interface Backend {
  name: string;
  open(): Promise<{ database: Database; redis?: Redis; redisPrefix?: string; close(): Promise<void> }>;
}

export const testLogger = createLogger((process.env.TEST_LOG_LEVEL as 'debug') ?? 'silent');

const pglite: Backend = {
  name: 'PGlite',
  async open() {
    const database = await openDatabase({ dataDir: 'memory://', logger: testLogger });
    return { database, close: () => database.close() };
  },
};

/** A fresh database on the DATABASE_URL server for each test file, dropped afterwards. */
export async function freshPostgresDatabase(serverUrl: string) {
  const name = `clarion_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function postgres(serverUrl: string, redisUrl: string | undefined): Backend {
  return {
    name: redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL',
    async open() {
      const fresh = await freshPostgresDatabase(serverUrl);
      const database = await openDatabase({ databaseUrl: fresh.url, dataDir: '', logger: testLogger });
      const redis = redisUrl ? new Redis(redisUrl) : undefined;
      return {
        database,
        redis,
        redisPrefix: `clarion:test:${randomBytes(6).toString('hex')}:`,
        async close() {
          await database.close();
          await redis?.quit();
          await fresh.drop();
        },
      };
    },
  };
}

export const backends: Backend[] = [pglite, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL, process.env.REDIS_URL)] : [])];
