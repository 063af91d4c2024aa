// The fan-out: runs broadcast shards, whoever's process it is. A run claims its shard, reads a page of devices
// (the next one is read while this one sends), sends it, and stores the cursor and counts after each page. It
// runs for a time slice and then hands the rest of its range to a new job, so no live job outlives pg-boss's
// expiry; a run whose process died is retried by pg-boss from the shard's last stored page.
import { randomUUID } from 'node:crypto';
import type { SendPush } from '../../apns/sender.ts';
import type { Database } from '../../db/database.ts';
import { QUEUES, type Boss } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { countRecipients, pageQuery, type Recipient } from './audience.ts';
import { markDead, sendPage } from './pages.ts';
import { createConfigurationBreaker } from './breaker.ts';
import { claimShard, closeShard, failBroadcast, finishBroadcast, handOff, planShards, recordGaveUp, storePage, type ShardJob } from './shards.ts';

export interface FanoutOptions {
  database: Pick<Database, 'sql' | 'transaction'>;
  boss: Boss;
  send: SendPush;
  logger: Logger;
  /** Devices read, sent and stored per page. */
  pageSize: number;
  /** Pushes in flight per shard run. */
  concurrency: number;
  /** Devices per shard. */
  shardSize: number;
  /** How long one run sends before it hands the rest of its shard to a new job. */
  sliceMs?: number;
}

type PageRow = Recipient & { live: boolean };

export function createFanout({ database, boss, send, logger, pageSize, concurrency, shardSize, sliceMs = 10_000 }: FanoutOptions) {
  const { sql } = database;
  const running = new Set<Promise<unknown>>();
  let stopping = false;

  function track<T>(task: Promise<T>): Promise<T> {
    running.add(task);
    void task.finally(() => running.delete(task)).catch(() => {});
    return task;
  }

  async function runShard(job: ShardJob, jobId: string): Promise<void> {
    const holder = randomUUID();
    const shard = await claimShard(sql, job, jobId, holder);
    if (!shard) return; // finished by an earlier run
    if (shard.broadcastStatus !== 'sending') return closeShard(sql, job, holder);
    const { push, ...request } = shard.request;
    const readPage = (after: string | null) => sql.query<PageRow>(...pageQuery(shard.organizationId, request, shard, after, pageSize));
    const deadline = Date.now() + sliceMs;
    const breaker = createConfigurationBreaker(push.headers['apns-topic'] ?? '');
    let cursor = shard.cursor;
    let next = readPage(cursor);
    for (;;) {
      const page = await next;
      const last = page.at(-1)?.device_uuid ?? cursor;
      const done = page.length < pageSize;
      if (!done) {
        next = readPage(last);
        next.catch(() => {}); // awaited on the next turn, if there is one
      }
      const live = page.filter((row) => row.live);
      const outcome = await sendPage(send, job.broadcastId, push, live, concurrency, breaker);
      const tripped = breaker.tripped();
      const status = await database.transaction(async (tx) => {
        await markDead(tx, outcome.dead);
        return storePage(tx, job, holder, { cursor: last, sent: outcome.sent, failed: outcome.attempted - outcome.sent, failures: outcome.failures, done: done && !tripped });
      });
      if (status === null) return logger.warn('shard taken over by another run; this one stops', { broadcast: job.broadcastId, shard: job.index });
      if (tripped) {
        logger.error('broadcast stopped: APNs blames a setting', { broadcast: job.broadcastId, setting: tripped.setting, reason: tripped.reason });
        await failBroadcast(sql, job.broadcastId, { code: tripped.code, message: tripped.message });
        return closeShard(sql, job, holder);
      }
      logger.debug('shard page stored', { broadcast: job.broadcastId, shard: job.index, pid: process.pid, devices: page.length, sent: outcome.sent });
      if (done) return finishBroadcast(sql, job.broadcastId);
      if (status !== 'sending') return closeShard(sql, job, holder); // cancelled, or failed by another run's breaker
      if (stopping || Date.now() >= deadline) {
        await database.transaction((tx) => handOff(tx, boss, job, holder));
        return;
      }
      cursor = last;
    }
  }

  /**
   * Sends a one-shard broadcast in this process at once, instead of waiting for a worker to poll. Its job
   * waits RESCUE_DELAY_SECONDS first and is deleted once this run has finished (or handed the shard on),
   * so it runs only if this process dies on the way.
   */
  function express(job: ShardJob, jobId: string): Promise<void> {
    return track(
      runShard(job, jobId).then(
        () => boss.deleteJob(QUEUES.shard, jobId),
        (error: Error) => logger.error('express send interrupted; its job resumes it', { broadcast: job.broadcastId, error: error.message }),
      ),
    );
  }

  /** A scheduled broadcast's time has come: it becomes "sending" with its shards and their jobs. */
  async function startScheduled(broadcastId: string, shards = shardSize) {
    await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; organization_id: string; request: ShardRequest }>(
        `SELECT id::text, organization_id::text, request FROM broadcasts WHERE id = $1 AND status = 'scheduled' FOR UPDATE`,
        [broadcastId],
      );
      if (!row) return; // cancelled meanwhile, or started already
      const recipients = await countRecipients(tx, row.organization_id, row.request);
      await tx.query(`UPDATE broadcasts SET status = 'sending', recipients = $2 WHERE id = $1`, [broadcastId, recipients]);
      await planShards(tx, boss, { id: row.id, organizationId: row.organization_id, request: row.request }, shards, { express: false });
    });
  }

  /** Takes jobs from the queue: `shardRuns` shards at a time, scheduled starts and exhausted shards. */
  async function work({ shardRuns }: { shardRuns: number }) {
    for (let i = 0; i < shardRuns; i += 1) {
      await boss.work<ShardJob>(QUEUES.shard, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => track(runShard(job!.data, job!.id)));
    }
    await boss.work<{ broadcastId: string }>(QUEUES.start, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => track(startScheduled(job!.data.broadcastId)));
    await boss.work<ShardJob>(QUEUES.shardGaveUp, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
      const reason = (job as unknown as { output?: { message?: string } }).output?.message ?? 'unknown error';
      logger.error('a broadcast shard gave up after its retries', { broadcast: job!.data.broadcastId, shard: job!.data.index, reason });
      await recordGaveUp(sql, job!.data, reason);
      await finishBroadcast(sql, job!.data.broadcastId);
    });
  }

  /**
   * Stops taking jobs, lets every run store its page and hand its shard on (an express run also deletes its
   * rescue job), then stops pg-boss.
   */
  async function stop() {
    stopping = true;
    await Promise.all(Object.values(QUEUES).map((queue) => boss.offWork(queue).catch(() => {})));
    while (running.size) await Promise.allSettled([...running]);
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
  }

  return {
    express,
    work,
    stop,
    startScheduled,
    /** Runs one shard job here and now (what a worker does with a job it took). */
    runShard: (job: ShardJob, jobId: string) => track(runShard(job, jobId)),
    /** The shard runs of this process, to wait for them. */
    running: () => [...running],
  };
}

type ShardRequest = Parameters<typeof countRecipients>[2];

export type Fanout = ReturnType<typeof createFanout>;
