// Opens the one database Clarion uses: a PostgreSQL server, either the operator's (DATABASE_URL) or the
// embedded one in DATA_DIR (src/db/embedded), reached through the same Prisma client and pool.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import { applyMigrations } from './migrate.ts';
import type { SqlClient, SqlTransaction } from './sql.ts';

export type Db = PrismaClient;

export interface Database extends SqlDatabase {
  prisma: PrismaClient;
}

/** The database without Prisma and without migrating it: what a worker process needs. */
export interface SqlDatabase {
  sql: SqlClient;
  /** Runs `work` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** pg-boss's executor (src/jobs/queue.ts): the same pool, so the queue costs no connections of its own. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** The connection string, credentials included: for this process's worker processes only, never logged. */
  url: string;
  /** Where the data lives, without credentials. */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  logger: Logger;
}

/** Brings the database's schema up to date (a no-op when it is). */
export async function migrateDatabase(url: string, logger: Logger) {
  // Migrations run on one dedicated connection, not the pool, so the advisory lock and the
  // transaction stay on the same session.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyMigrations(
      {
        query: async (sql, params) => (await client.query(sql, params)).rows,
        exec: async (sql) => void (await client.query(sql)),
      },
      logger,
    );
  } finally {
    await client.end();
  }
}

export async function openDatabase({ url, poolSize = 10, logger }: DatabaseOptions): Promise<Database> {
  await migrateDatabase(url, logger);
  const sqlDatabase = openSqlDatabase({ url, poolSize, logger });
  const prisma = new PrismaClient({ adapter: new PrismaPg(sqlDatabase.pool) });
  return {
    ...sqlDatabase,
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await sqlDatabase.close();
    },
  };
}

/** A pool on an already migrated database, with plain SQL and transactions only. */
export function openSqlDatabase({ url, poolSize = 10, logger }: DatabaseOptions): SqlDatabase & { pool: pg.Pool } {
  // A stuck statement or lock fails after a while instead of holding the writes queued behind it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c statement_timeout=30000 -c lock_timeout=10000' });
  pool.on('error', (error) => logger.warn('idle PostgreSQL connection failed', { error: error.message }));
  return {
    pool,
    sql: { query: async (text, params) => (await pool.query(text, params)).rows },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, params) => (await client.query(text, params)).rows,
          executeSql: (text, values) => client.query(text, values),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    executeSql: (text, values) => pool.query(text, values),
    url,
    location: redactUrl(url),
    ping: async () => void (await pool.query('SELECT 1')),
    close: () => pool.end(),
  };
}
