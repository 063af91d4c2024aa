// A connection pool on a database that is already migrated, with plain SQL and transactions only: what a
// worker process needs (no Prisma, no migrations). src/db/database.ts builds the server's database on it.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import type { QueryOptions, SqlClient, SqlTransaction } from './sql.ts';

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
  /** The pool itself: Prisma's adapter runs on it. */
  pool: pg.Pool;
  /** Every pool of this database, `pool` and the prepared statements' (the metrics watch each). */
  pools: pg.Pool[];
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
  // A stuck statement or lock fails after a while instead of holding the writes queued behind it.
  const limits = '-c statement_timeout=30000 -c lock_timeout=10000';
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: idleMs, options: limits });
  // Prepared statements (QueryOptions.prepare) run on connections of their own, so that how they are planned (see
  // GENERIC_PLANS) is theirs alone: a session's plan_cache_mode reaches every statement with parameters on it, Prisma's
  // and the fan-out's included, and a generic plan of a query written for its parameters ($2 IS NULL OR ...) can cost
  // several times a planned one (countRecipients over 100,000 subscriptions: 172 ms against 45). They are planned per
  // call until the tables are large; a connection lives LIFETIME_SECONDS at most, so that one opened while they were
  // small decides again. Unused, this pool opens nothing (a worker runs none of them).
  const prepared = new pg.Pool({
    connectionString: url, max: PREPARED_POOL_SIZE, idleTimeoutMillis: idleMs, maxLifetimeSeconds: LIFETIME_SECONDS,
    options: `${limits} -c plan_cache_mode=force_custom_plan -c ${OWN_SESSION}=on`,
    // Awaited before the connection is handed out; if it fails, its statements stay planned per call.
    onConnect: choosePlanMode,
  });
  const pools = [pool, prepared];
  for (const each of pools) each.on('error', (error) => logger.warn('idle PostgreSQL connection failed', { error: error.message }));
  return {
    pool,
    pools,
    sql: { query: async (text, params, options) => (await (options?.prepare ? prepared : pool).query(queryConfig(text, params, options))).rows },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, params, options) => (await client.query(queryConfig(text, params, options))).rows,
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
    async close() {
      // Both are ended, even if one fails.
      const ended = await Promise.allSettled(pools.map((each) => each.end()));
      for (const end of ended) if (end.status === 'rejected') throw end.reason;
    },
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
/**
 * Set on the prepared statements' connections at start-up: the session is this connection's own. A pooler in
 * transaction mode (PgBouncer, with `ignore_startup_parameters = options`) passes no start-up options and hands one
 * server connection to many clients, so the plan mode is never changed there: it would reach everyone else's
 * statements on that server connection.
 */
const OWN_SESSION = 'clarion.own_session';
const GENERIC_PLANS = `SELECT set_config('plan_cache_mode', 'force_generic_plan', false)
  WHERE current_setting('${OWN_SESSION}', true) = 'on'
    AND (SELECT count(*) FROM pg_class WHERE oid IN (to_regclass('devices'), to_regclass('subscriptions')) AND reltuples >= $1) = 2`;

/**
 * Connections for the prepared statements: each batcher (a registration's per platform, the subscription's) has one
 * batch in flight at a time (../domain/batch.ts).
 */
const PREPARED_POOL_SIZE = 4;

/**
 * Plans a new connection's prepared statements once when the tables are large and the session is its own; if the
 * query fails, they stay planned per call.
 */
export const choosePlanMode = (client: Pick<pg.ClientBase, 'query'>) => client.query(GENERIC_PLANS, [GENERIC_PLANS_FROM_ROWS]).then(() => {}, () => {});

/** How long a prepared statement's connection lives at most: one opened while the tables were small plans per call until then. */
export const LIFETIME_SECONDS = 300;

const names = new Map<string, string>();

/** A statement as pg sends it: by name when prepared (QueryOptions.prepare), else unnamed. */
const queryConfig = (text: string, values: unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig =>
  options?.prepare ? { name: statementName(text), text, values } : { text, values };

/** A prepared statement's name: its text's digest, so one text is one statement on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `clarion_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}
