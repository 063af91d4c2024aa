// A connection pool on a database that is already migrated, with plain SQL and transactions only: what a
// worker process needs (no Prisma, no migrations). src/db/database.ts builds the server's database on it.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import type { SqlClient, SqlTransaction } from './sql.ts';

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
  /** The pool itself: Prisma's adapter runs on it, and the metrics read its counts. */
  pool: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  /** How long a connection may sit unused before it is closed: short, so that an idle server holds none. */
  idleMs?: number;
  logger: Logger;
}

/** A pool on an already migrated database, with plain SQL and transactions only. */
export function openSqlDatabase({ url, poolSize = 10, idleMs = 1000, logger }: DatabaseOptions): SqlDatabase & { pool: pg.Pool } {
  // A stuck statement or lock fails after a while instead of holding the writes queued behind it. Prepared statements
  // (QueryOptions.prepare) are planned anew per call: a generic plan, made once per connection, kept what it chose
  // while the tables were nearly empty (bench/rest on a fresh database: 3,400-6,100 req/s against a steady 5,000).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: idleMs, options: '-c statement_timeout=30000 -c lock_timeout=10000 -c plan_cache_mode=force_custom_plan' });
  pool.on('error', (error) => logger.warn('idle PostgreSQL connection failed', { error: error.message }));
  return {
    pool,
    sql: { query: async (text, params, options) => (await pool.query(options?.prepare ? { name: statementName(text), text, values: params } : { text, values: params })).rows },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, params, options) => (await client.query(options?.prepare ? { name: statementName(text), text, values: params } : { text, values: params })).rows,
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

const names = new Map<string, string>();

/** A prepared statement's name: its text's digest, so one text is one statement on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `clarion_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}
