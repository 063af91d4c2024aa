// A connection pool on a database that is already migrated, with plain SQL and transactions only: what a
// worker process needs (no Prisma, no migrations). src/db/database.ts builds the server's database on it.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import type { PoolCounts } from '../metrics/pool.ts';
import { pipelinedConnection } from './pipelined.ts';
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
  /** Every pool of this database, `pool` and the prepared statements' connection (the metrics watch each). */
  pools: PoolCounts[];
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
  pool.on('error', (error) => logger.warn('idle PostgreSQL connection failed', { error: error.message }));
  // Prepared statements (QueryOptions.prepare) run on a connection of their own, so that how they are planned (see
  // PREPARED_PLANS) is theirs alone: a session's settings reach every statement on it, Prisma's and the fan-out's
  // included, and a generic plan of a query written for its parameters ($2 IS NULL OR ...) can cost several times a
  // planned one (countRecipients over 100,000 subscriptions: 172 ms against 45). They are the intake's batches, one
  // in flight per batcher (../domain/batch.ts), pipelined on the one connection (./pipelined.ts). Unused, it is not
  // opened (a worker runs none of them).
  const prepared = pipelinedConnection(
    { connectionString: url, options: `${limits} ${PREPARED_PLANS}` },
    { idleMs, onError: (error) => logger.warn('PostgreSQL connection of the prepared statements failed', { error: error.message }) },
  );
  const pools = [pool, prepared];
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
      const ended = await Promise.allSettled([pool.end(), prepared.end()]);
      for (const end of ended) if (end.status === 'rejected') throw end.reason;
    },
  };
}

/**
 * How the prepared statements' connections plan: once per connection (a generic plan), and by index only. Both
 * statements look every row up by a key (a device by its uuid or token, an organization by its slug, a subscription by
 * its pair), so a plan that reads rows by index is right for a table of any size; planned per call instead, the
 * subscription statement spent more of PostgreSQL's time being planned than run (pg_stat_statements in bench/rest:
 * 0.72 ms of planning a call against 1.21 ms of running it). A generic plan is made once, from the statistics of the
 * moment: on a fresh install's nearly empty tables the planner would choose to read them whole (a sequential scan,
 * or an index read end to end into a hash or merge join), and keep doing so as they grow (bench/rest once: 3,400 to
 * 6,100 req/s from run to run). With those three turned off it looks rows up by key whatever the statistics say
 * (test/prepared-statements.test.ts grows the tables under a plan made on empty ones). Joins of the statement's own
 * rows then go by nested loop, quadratic in a batch's rows: a subscription batch is kept to 64 rows, where this plan
 * still beats one made per call (../domain/subscriptions/service.ts).
 *
 * Start-up options: behind a pooler in transaction mode (PgBouncer, with `ignore_startup_parameters = options`) they
 * do not arrive, and the statements are planned as PostgreSQL chooses (plan_cache_mode=auto), since a server
 * connection there serves other clients' statements too.
 */
export const PREPARED_PLANS = '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off';

const names = new Map<string, string>();

/** A statement as pg sends it: by name when prepared (QueryOptions.prepare or named), else unnamed. */
const queryConfig = (text: string, values: unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig =>
  options?.prepare || options?.named ? { name: statementName(text), text, values } : { text, values };

/** A prepared statement's name: its text's digest, so one text is one statement on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `clarion_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}
