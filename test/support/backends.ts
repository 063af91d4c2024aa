// The storage every HTTP test runs against: a fresh database per test file on one PostgreSQL server for
// the whole run: the machine's (DATABASE_URL) or an embedded cluster started by test/support/global-setup.ts.
// With REDIS_URL, rate-limit windows go to Redis as well (CI sets both).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { createLogger } from '../../src/logger.ts';

export interface Backend {
  name: string;
  open(): Promise<{ database: Database; redis?: Redis; redisPrefix?: string; close(): Promise<void> }>;
}

export const testLogger = createLogger((process.env.TEST_LOG_LEVEL as 'debug') ?? 'silent');

/** The PostgreSQL server of this test run. */
export const databaseServerUrl = () => inject('databaseServerUrl');

/** A fresh database on the server at `serverUrl`, dropped afterwards. */
export async function freshPostgresDatabase(serverUrl = databaseServerUrl()) {
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

export function postgresBackend(serverUrl: () => string, redisUrl: string | undefined, name: string): Backend {
  return {
    name,
    async open() {
      const fresh = await freshPostgresDatabase(serverUrl());
      const database = await openDatabase({ url: fresh.url, logger: testLogger });
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

const redisUrl = process.env.REDIS_URL;
const name = `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'}${redisUrl ? ' + Redis' : ''}`;

export const backends: Backend[] = [postgresBackend(databaseServerUrl, redisUrl, name)];
