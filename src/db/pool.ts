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
  // (QueryOptions.prepare) are planned per call until the tables are large (see GENERIC_PLANS); a connection lives
  // LIFETIME_SECONDS at most, so that one opened while they were small decides again.
  const pool = new pg.Pool({
    connectionString: url, max: poolSize, idleTimeoutMillis: idleMs, maxLifetimeSeconds: LIFETIME_SECONDS,
    options: '-c statement_timeout=30000 -c lock_timeout=10000 -c plan_cache_mode=force_custom_plan',
  });
  pool.on('error', (error) => logger.warn('idle PostgreSQL connection failed', { error: error.message }));
  // Queued before anything the pool hands the connection out for; if it fails, statements stay planned per call.
  pool.on('connect', (client) => void client.query(GENERIC_PLANS, [GENERIC_PLANS_FROM_ROWS]).catch(() => {}));
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

/**
 * The rows (by the planner's statistics) both devices and subscriptions must have before a connection plans the
 * prepared statements once (a generic plan) rather than per call. A generic plan halves what PostgreSQL spends on a
 * subscription batch (bench/rest/statements.ts: 1.03 ms against 1.55), but it keeps what it chose when it was made: made
 * while the tables were nearly empty (a fresh install), it scanned them whole as they grew (bench/rest: 3,400 to 6,100
 * req/s from run to run against a steady 5,000). On tables this large the planner looks rows up by index.
 */
export const GENERIC_PLANS_FROM_ROWS = 10_000;
const GENERIC_PLANS = `SELECT set_config('plan_cache_mode', 'force_generic_plan', false)
  WHERE (SELECT count(*) FROM pg_class WHERE oid IN (to_regclass('devices'), to_regclass('subscriptions')) AND reltuples >= $1) = 2`;

/** How long a connection lives at most: one opened while the tables were small plans per call until then. */
export const LIFETIME_SECONDS = 300;

const names = new Map<string, string>();

/** A prepared statement's name: its text's digest, so one text is one statement on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `clarion_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}
