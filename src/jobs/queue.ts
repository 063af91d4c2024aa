// pg-boss, on Clarion's own PostgreSQL and pool: the engine for all background work. Every process that
// opens it supervises (pg-boss makes sure one of them runs each maintenance round), so a job whose worker
// died is failed by timeout and retried even when only worker processes are left.
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { PRUNE_CRON } from '../domain/webhooks/retention.ts';

export const QUEUES = {
  /** One shard of a broadcast's audience: {broadcastId, index}. */
  shard: 'broadcast-shard',
  /** A shard whose retries are exhausted (pg-boss's dead letter): it is recorded and its broadcast ends. */
  shardGaveUp: 'broadcast-shard-gave-up',
  /** A scheduled broadcast's start: {broadcastId}, with the broadcast's id as the job's id. */
  start: 'broadcast-start',
  /** A scheduled start whose retries are exhausted (dead letter): the broadcast is failed rather than left scheduled. */
  startGaveUp: 'broadcast-start-gave-up',
  /** One attempt of a webhook delivery: {deliveryId, attempt}; each retry is a new job at its exact time. */
  webhookDelivery: 'webhook-delivery',
  /** A delivery job whose own retries are exhausted (pg-boss's dead letter): its delivery is failed, not left pending. */
  webhookGaveUp: 'webhook-delivery-gave-up',
  /** Daily (pg-boss's cron): deletes finished webhook deliveries older than their retention. */
  webhookPrune: 'webhook-prune',
} as const;

/**
 * How long a shard job may stay active before pg-boss fails it by timeout and retries it. A run sends for at
 * most SLICE_MS (src/domain/broadcasts/shard-runner.ts) and then hands the rest of its range to a new job, so
 * a live run stays well inside this; a dead one is retried within SHARD_EXPIRE_SECONDS + MAINTENANCE_SECONDS.
 */
export const SHARD_EXPIRE_SECONDS = 30;
const MAINTENANCE_SECONDS = 10;

export type Boss = PgBoss;

/**
 * `schedule`: this process fires pg-boss's cron schedules and registers Clarion's (the API process does; workers need
 * not: a worker's start is a broadcast's wait).
 */
export async function openQueue(database: Pick<Database, 'executeSql'>, logger: Logger, { schedule = false } = {}): Promise<PgBoss> {
  let inFlight = 0;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        inFlight += 1;
        return database.executeSql(text, values).finally(() => (inFlight -= 1));
      },
    },
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    // Finished jobs are kept a day for inspection, then dropped.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  statementsOf.set(boss, () => inFlight);
  boss.on('error', (error: Error) => logger.warn('job queue error', { error: error.message }));
  await boss.start();
  await ensureQueue(boss, QUEUES.shardGaveUp, { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 });
  // Backoff from 2 s: 2, 4, 8, 16, 32, 64 s (pg-boss adds jitter), about two minutes before a shard gives up.
  await ensureQueue(boss, QUEUES.shard, { retryLimit: 6, retryDelay: 2, retryBackoff: true, expireInSeconds: SHARD_EXPIRE_SECONDS, deadLetter: QUEUES.shardGaveUp });
  await ensureQueue(boss, QUEUES.startGaveUp, { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 });
  await ensureQueue(boss, QUEUES.start, { retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 120, deadLetter: QUEUES.startGaveUp });
  // pg-boss retries only a delivery whose worker died or whose database write failed; an endpoint's failures
  // are retried by src/domain/webhooks/delivery.ts as new jobs.
  // A job that still fails after its 10 retries (about 1.5 hours of backoff) goes to the dead letter, whose worker
  // fails the delivery so that it does not stay pending for ever.
  await ensureQueue(boss, QUEUES.webhookGaveUp, { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 });
  await ensureQueue(boss, QUEUES.webhookDelivery, { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, deadLetter: QUEUES.webhookGaveUp });
  await ensureQueue(boss, QUEUES.webhookPrune, { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 });
  // Registering is idempotent; the job is worked wherever webhook deliveries are (src/domain/webhooks/delivery.ts).
  if (schedule) await boss.schedule(QUEUES.webhookPrune, PRUNE_CRON, {}, { tz: 'UTC' });
  return boss;
}

/** The queues a fan-out worker takes jobs from (src/fanout/fanout.ts, src/domain/webhooks/delivery.ts). */
export const WORKER_QUEUES: readonly string[] = Object.values(QUEUES);

/**
 * How many jobs of the workers' queues can be taken now (created or retried, their start time come), counted up to
 * `limit`: what starts workers that run on demand (as many as there are jobs, up to the free places), and keeps them.
 * Read through pg-boss's index of waiting jobs (name, start_after).
 */
export async function jobsWaiting(database: Pick<Database, 'executeSql'>, limit = 1): Promise<number> {
  const { rows } = (await database.executeSql(
    `SELECT count(*)::int AS waiting FROM (SELECT 1 FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now() LIMIT $2) jobs`,
    [WORKER_QUEUES, limit],
  )) as { rows: { waiting: number }[] };
  return rows[0]?.waiting ?? 0;
}

const statementsOf = new WeakMap<PgBoss, () => number>();

/**
 * Waits (at most `timeoutMs`) until none of pg-boss's statements is in flight, then one turn more. After offWork, a
 * loop's fetch that was already under way still hands the jobs it took to their handler: stopping pg-boss or closing
 * the pool before that would leave them active until they expire, each with a retry spent.
 */
export async function queueSettled(boss: PgBoss, timeoutMs: number) {
  const inFlight = statementsOf.get(boss) ?? (() => 0);
  for (const until = Date.now() + timeoutMs; inFlight() > 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setImmediate(resolve));
}

/** Why a dead-lettered job failed: the error pg-boss kept as its output (fetched with includeMetadata). */
export function failureReason(job: unknown): string {
  return (job as { output?: { message?: string } } | undefined)?.output?.message ?? 'unknown error';
}

/** createQueue keeps the first options it was given; updateQueue brings an existing queue to these. */
async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>) {
  await boss.createQueue(name, { name, ...options });
  await boss.updateQueue(name, { name, ...options });
}

/**
 * Starts pg-boss polling loops spread over `spreadMs` instead of all at once. Loops started together poll in step
 * for ever, each poll taking a PostgreSQL connection at the same moment, and the pool keeps that many connections
 * open; spread out, they share one and the others close when idle. A loop not yet started when `stopped()` says so
 * is never started.
 */
export function startSpread(loops: (() => Promise<unknown>)[], spreadMs: number, stopped: () => boolean, logger: Logger) {
  loops.forEach((start, i) => {
    const timer = setTimeout(() => {
      if (stopped()) return;
      start().catch((error: Error) => !stopped() && logger.error('a job queue worker could not start', { error: error.message }));
    }, (spreadMs * (i + 1)) / (loops.length + 1));
    timer.unref();
  });
}
