// The fan-out: runs broadcast shards, whoever's process it is. A run claims its shard, reads a page of devices
// (the next one is read while this one sends), sends it, and stores the cursor and counts after each page. It
// runs for a time slice and then hands the rest of its range to a new job, so no live job outlives pg-boss's
// expiry; a run whose process died is retried by pg-boss from the shard's last stored page.
import { randomUUID } from 'node:crypto';
import { PROBE_PUSHES, type Circuit } from '../../apns/circuit.ts';
import type { SendPush } from '../../apns/sender.ts';
import type { Database } from '../../db/database.ts';
import { failureReason, QUEUES, type Boss } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { countShardRun } from '../../metrics/fanout.ts';
import { countBroadcastEnd } from '../../metrics/broadcasts.ts';
import { countRecipients, pageQuery, type Recipient } from './audience.ts';
import { markDead, sendPage } from './pages.ts';
import { devicesUnregistered } from '../webhooks/events.ts';
import { createDeliverer } from '../webhooks/delivery.ts';
import type { WebhookSettings } from '../webhooks/settings.ts';
import type { NotifyRequest } from './request.ts';
import { createConfigurationBreaker } from './breaker.ts';
import { clearRetries, dueRetries, giveUpExpired, nextRetryAt, addRetries } from './retries.ts';
import { claimShard, closeShard, failBroadcast, failUnstarted, finishBroadcast, handOff, pauseShard, planShards, recordGaveUp, storePage, type ShardJob } from './shards.ts';

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
  /** This process's APNs outage breaker (src/apns/circuit.ts). */
  circuit: Circuit;
  /** How long a push APNs cannot take is tried again (APNS_RETRY_WINDOW). */
  retryWindowMs: number;
  /** WEBHOOK_SECRET_KEY and WEBHOOKS_ALLOW_PRIVATE: the webhook deliveries this process works (default: none can be signed). */
  webhooks?: WebhookSettings;
}

type PageRow = Recipient & { live: boolean };

export function createFanout({ database, boss, send, logger, pageSize, concurrency, shardSize, sliceMs = 10_000, circuit, retryWindowMs, webhooks = { secretKey: undefined, allowPrivate: false } }: FanoutOptions) {
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
    const retryDeadline = { windowMs: retryWindowMs, expiration: request.expiration };
    const readPage = (after: string | null, limit: number) => sql.query<PageRow>(...pageQuery(shard.organizationId, request, shard, after, limit));
    const sliceEnd = Date.now() + sliceMs;
    const breaker = createConfigurationBreaker(push.headers['apns-topic'] ?? '');
    const log = { broadcast: job.broadcastId, shard: job.index };
    let cursor = shard.cursor;
    let exhausted = shard.exhausted;
    let prefetched: { after: string | null; rows: Promise<PageRow[]> } | undefined;
    for (;;) {
      // APNs is down: wait for the next probe in the queue, not in this run, so no job outlives its expiry.
      const down = circuit.openSince();
      if (down && circuit.nextProbeAt().getTime() > Date.now()) {
        await database.transaction((tx) => pauseShard(tx, boss, job, holder, down, circuit.nextProbeAt()));
        return logger.info('APNs unavailable; shard waits for the next probe', { ...log, since: down.toISOString() });
      }
      const limit = down ? PROBE_PUSHES : pageSize;
      let batch: PageRow[];
      let last = cursor;
      let rangeDone = exhausted;
      let expired: Record<string, number> = {};
      if (!exhausted) {
        const rows = prefetched && prefetched.after === cursor && limit === pageSize ? await prefetched.rows : await readPage(cursor, limit);
        prefetched = undefined;
        last = rows.at(-1)?.device_uuid ?? cursor;
        rangeDone = rows.length < limit;
        if (!rangeDone && !down) {
          prefetched = { after: last, rows: readPage(last, pageSize) };
          prefetched.rows.catch(() => {}); // awaited on the next turn, if there is one
        }
        batch = rows.filter((row) => row.live);
      } else {
        expired = await giveUpExpired(sql, job, retryDeadline);
        batch = await dueRetries(sql, job, limit);
        if (!batch.length && !Object.keys(expired).length) {
          const next = await nextRetryAt(sql, job);
          if (!next) {
            if ((await storePage(sql, job, holder, { cursor: null, sent: 0, failed: 0, failures: {}, done: true })) === null) return;
            return database.transaction((tx) => finishBroadcast(tx, boss, job.broadcastId)).then(countBroadcastEnd);
          }
          await database.transaction((tx) => handOff(tx, boss, job, holder, next));
          return;
        }
      }
      const outcome = await sendPage(send, job.broadcastId, push, batch, concurrency, breaker, circuit);
      const tripped = breaker.tripped();
      const retrying = exhausted;
      const status = await database.transaction(async (tx) => {
        await markDead(tx, outcome.dead);
        await devicesUnregistered(tx, boss, shard.organizationId, outcome.dead);
        if (retrying) {
          const again = new Set(outcome.retry.map((item) => item.deviceUuid));
          await clearRetries(tx, job, batch.map((row) => row.device_uuid).filter((uuid) => !again.has(uuid)));
        }
        await addRetries(tx, job, outcome.retry, circuit.openSince() ? circuit.nextProbeAt() : null);
        const givenUp = Object.values(expired).reduce((sum, n) => sum + n, 0);
        const failures = { ...outcome.failures };
        for (const [reason, n] of Object.entries(expired)) failures[reason] = (failures[reason] ?? 0) + n;
        return storePage(tx, job, holder, { cursor: retrying ? null : last, exhausted: rangeDone, sent: outcome.sent, failed: outcome.attempted - outcome.sent + givenUp, failures, done: false });
      });
      if (status === null) return logger.warn('shard taken over by another run; this one stops', log);
      if (tripped) {
        logger.error('broadcast stopped: APNs blames a setting', { ...log, setting: tripped.setting, reason: tripped.reason });
        await database.transaction((tx) => failBroadcast(tx, boss, job.broadcastId, { code: tripped.code, message: tripped.message })).then(countBroadcastEnd);
        return closeShard(sql, job, holder);
      }
      logger.debug('shard page stored', { ...log, devices: batch.length, sent: outcome.sent, retry: outcome.retry.length });
      if (status !== 'sending') return closeShard(sql, job, holder); // cancelled, or failed by another run's breaker
      cursor = last;
      exhausted = rangeDone;
      if (stopping || Date.now() >= sliceEnd) {
        await database.transaction((tx) => handOff(tx, boss, job, holder));
        return;
      }
    }
  }

  /**
   * Sends a one-shard broadcast in this process at once, instead of waiting for a worker to poll. Its job
   * waits RESCUE_DELAY_SECONDS first and is deleted once this run has finished (or handed the shard on),
   * so it runs only if this process dies on the way.
   */
  function express(job: ShardJob, jobId: string): Promise<void> {
    return track(
      countShardRun(runShard(job, jobId)).then(
        () => boss.deleteJob(QUEUES.shard, jobId),
        (error: Error) => logger.error('express send interrupted; its job resumes it', { broadcast: job.broadcastId, error: error.message }),
      ),
    );
  }

  /** A scheduled broadcast's time has come: it becomes "sending" with its shards and their jobs. */
  async function startScheduled(broadcastId: string) {
    await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; organization_id: string; request: NotifyRequest }>(
        `SELECT id::text, organization_id::text, request FROM broadcasts WHERE id = $1 AND status = 'scheduled' FOR UPDATE`,
        [broadcastId],
      );
      if (!row) return; // cancelled meanwhile, or started already
      const recipients = await countRecipients(tx, row.organization_id, row.request);
      await tx.query(`UPDATE broadcasts SET status = 'sending', recipients = $2 WHERE id = $1`, [broadcastId, recipients]);
      await planShards(tx, boss, { id: row.id, organizationId: row.organization_id, request: row.request }, shardSize, { express: false });
    });
  }

  /** Takes jobs from the queue: `shardRuns` shards at a time, scheduled starts, and exhausted shards and starts. */
  async function work({ shardRuns }: { shardRuns: number }) {
    for (let i = 0; i < shardRuns; i += 1) {
      await boss.work<ShardJob>(QUEUES.shard, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => track(countShardRun(runShard(job!.data, job!.id))));
    }
    await boss.work<{ broadcastId: string }>(QUEUES.start, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => track(startScheduled(job!.data.broadcastId)));
    await boss.work<ShardJob>(QUEUES.shardGaveUp, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
      const reason = failureReason(job);
      logger.error('a broadcast shard gave up after its retries', { broadcast: job!.data.broadcastId, shard: job!.data.index, reason });
      await recordGaveUp(sql, job!.data, reason);
      await database.transaction((tx) => finishBroadcast(tx, boss, job!.data.broadcastId)).then(countBroadcastEnd);
    });
    await boss.work<{ broadcastId: string }>(QUEUES.startGaveUp, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
      const reason = failureReason(job);
      logger.error('a scheduled broadcast could not be started after its retries', { broadcast: job!.data.broadcastId, reason });
      await database.transaction((tx) => failUnstarted(tx, boss, job!.data.broadcastId, reason)).then(countBroadcastEnd);
    });
    // Webhook deliveries are worked wherever shards are.
    await createDeliverer({ database, boss, logger, settings: webhooks }).work();
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
    /** Runs one shard job here and now (what a worker does with a job it took). */
    runShard: (job: ShardJob, jobId: string) => track(countShardRun(runShard(job, jobId))),
    /** The shard runs of this process, to wait for them. */
    running: () => [...running],
  };
}


export type Fanout = ReturnType<typeof createFanout>;
