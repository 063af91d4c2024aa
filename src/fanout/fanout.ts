// The fan-out: runs broadcast shards, whoever's process it is. A run claims its shard, reads a page of devices
// (the next one is read while this one sends), sends it, and commits the page's outcome only while it still holds
// the shard (./page-commit.ts: progress, retries, dead devices, events, all or nothing). It sends
// for a time slice and then hands the rest of its range to a new job; it never outlives its job: a page still
// waiting for answers at the run's deadline leaves them to the retry table. A run whose process died is retried
// by pg-boss from the shard's last committed page. The shard that ends last ends its broadcast in the same
// transaction.
import { randomUUID } from 'node:crypto';
import { OUTAGE_PROBE_PUSHES } from './circuit.ts';
import type { Database } from '../db/database.ts';
import { QUEUES, queueSettled, startSpread, type Boss } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { countShardRun } from '../metrics/fanout.ts';
import { countBroadcastEnd } from '../metrics/broadcasts.ts';
import { pageQuery, type Recipient } from './audience.ts';
import { createDeliverer } from '../domain/webhooks/delivery.ts';
import type { WebhookSettings } from '../domain/webhooks/settings.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import type { PlatformChannels } from './platform.ts';
import { createDeliveryProofs } from './proofs.ts';
import { dueRetries } from './retries.ts';
import { createRunPlatforms } from './run-platforms.ts';
import { refusingPlatforms, sendTest } from './test-send.ts';
import { claimShard, closeCounted, EXPRESS_RUN_MS, handOff, JOB_RUN_MS, pauseShard, settleRetries, type ShardJob } from './shards.ts';
import { finishIfDone } from './broadcast-end.ts';
import { shardGaveUp, startBroadcast, startGaveUp } from './starts.ts';
import { FOLD_MS, foldTotals } from './totals.ts';
import { commitPage, fencedWrite } from './page-commit.ts';

export interface FanoutOptions {
  database: Pick<Database, 'sql' | 'transaction'>;
  boss: Boss;
  /** The platforms this process sends to (src/apns, src/fcm, src/webpush make them): a device of another fails. */
  channels: PlatformChannels;
  logger: Logger;
  /** Devices read, sent and stored per page. */
  pageSize: number;
  /** Pushes in flight per shard run and platform. */
  concurrency: number;
  /** Devices per shard. */
  shardSize: number;
  /** How long one run starts new pages before it hands the rest of its shard to a new job. */
  sliceMs?: number;
  /** How often a run folds its pages into the broadcast's totals (./totals.ts); a page with a fold due commits in a transaction. */
  foldMs?: number;
  /** How long a push its push service cannot take is tried again (APNS_RETRY_WINDOW). */
  retryWindowMs: number;
  /** WEBHOOK_SECRET_KEY and WEBHOOKS_ALLOW_PRIVATE: the webhook deliveries this process works (default: none can be signed). */
  webhooks?: WebhookSettings;
  /** How often an idle worker asks the queue for shards (FANOUT_POLL_SECONDS); shards planned here wake it at once. */
  pollSeconds?: number;
  /** Told when this process planned shards, and how many: the API process wakes its forked workers with it. */
  wake?: (shards: number) => void;
}

type PageRow = Recipient & { live: boolean };

export function createFanout({
  database, boss, channels, logger, pageSize, concurrency, shardSize, sliceMs = 10_000, foldMs = FOLD_MS, retryWindowMs, webhooks = { secretKey: undefined, allowPrivate: false }, pollSeconds = 2, wake,
}: FanoutOptions) {
  /** This process's shard-taking loops (pg-boss workers), to wake when there are shards to take. */
  const shardWorkers: string[] = [];
  const { sql } = database;
  const running = new Set<Promise<unknown>>();
  let stopping = false;

  function track<T>(task: Promise<T>): Promise<T> {
    running.add(task);
    void task.finally(() => running.delete(task)).catch(() => {});
    return task;
  }

  const { proofsOf, proveSetting, recordDelivered } = createDeliveryProofs(sql, logger, track);

  /** Runs a shard for at most `runMs`; true when it was taken over by another run (it wrote nothing more). */
  async function runShard(job: ShardJob, jobId: string, runMs = JOB_RUN_MS): Promise<boolean> {
    const started = Date.now();
    const deadline = started + runMs;
    const sliceEnd = started + Math.min(sliceMs, runMs);
    const holder = randomUUID();
    // How long each step took goes into the debug lines: where a run's time goes (bench/broadcast/page-timeline.mjs).
    let mark = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = Math.round((now - mark) * 10) / 10;
      mark = now;
      return ms;
    };
    const shard = await claimShard(sql, job, jobId, holder);
    // Finished by an earlier run, which may have died before asking whether the broadcast had ended.
    if (!shard) {
      countBroadcastEnd(await finishIfDone(database, boss, job.broadcastId));
      return false;
    }
    // Ended meanwhile: closed, its pages folded in, waiting (one stored while a cancel held the row missed its fold).
    if (shard.broadcastStatus !== 'sending') return database.transaction((tx) => closeCounted(tx, job, holder)).then(() => false);
    const { push: _push, ...request } = shard.request;
    const retryDeadline = { windowMs: retryWindowMs, expiration: request.expiration };
    const readPage = (after: string | null, limit: number) => sql.query<PageRow>(...pageQuery(shard.organizationId, request, shard, after, limit));
    const platforms = createRunPlatforms({ channels, proofsOf, request: shard.request, broadcastId: job.broadcastId, stopped: shard.stopped, logger });
    const log = { broadcast: job.broadcastId, shard: job.index };
    logger.debug('shard claimed', { ...log, claimMs: lap() });
    const committing = { database, boss, job, holder, organizationId: shard.organizationId, request, platforms };
    const fenced = fencedWrite(committing);
    /** When this run last folded its pages into the broadcast's totals (./totals.ts). */
    let foldedAt = started;
    let cursor = shard.cursor;
    let exhausted = shard.exhausted;
    let prefetched: { after: string | null; rows: Promise<PageRow[]> } | undefined;
    for (;;) {
      // Every push service this run sends to is down: wait for the next probe in the queue, not in this run, so
      // no job outlives its expiry. (One of several down only holds its own pushes back: ./pages.ts.)
      const down = platforms.downSince();
      if (down && platforms.nextProbeAt().getTime() > Date.now()) {
        await database.transaction(async (tx) => {
          await pauseShard(tx, boss, job, holder, down, platforms.nextProbeAt());
          await foldTotals(tx, job.broadcastId);
        });
        logger.info('push services unavailable; shard waits for the next probe', { ...log, since: down.toISOString() });
        return false;
      }
      const probing = down !== null || platforms.probeOnly();
      const limit = probing ? OUTAGE_PROBE_PUSHES : pageSize;
      let batch: PageRow[];
      let last = cursor;
      let rangeDone = exhausted;
      lap();
      if (!exhausted) {
        // One row more than the page is read, to know whether anything follows: a range of a whole number of pages
        // ends with its last full page, with no empty page read and stored after it, bounded or not (the last shard's
        // range is open-ended).
        const read = prefetched && prefetched.after === cursor && limit === pageSize ? await prefetched.rows : await readPage(cursor, limit + 1);
        prefetched = undefined;
        const rows = read.length > limit ? read.slice(0, limit) : read;
        last = rows.at(-1)?.device_uuid ?? cursor;
        rangeDone = read.length <= limit;
        if (!rangeDone && !probing) {
          prefetched = { after: last, rows: readPage(last, pageSize + 1) };
          prefetched.rows.catch(() => {}); // awaited on the next turn, if there is one
        }
        batch = rows.filter((row) => row.live);
      } else {
        batch = await dueRetries(sql, job, limit, retryDeadline);
        if (!batch.length) {
          // Nothing due now: the expired are given up, and the shard waits for its next retry in a new job, or ends.
          const end = await fenced((tx) => settleRetries(tx, boss, job, holder, retryDeadline));
          if (end === 'ended') countBroadcastEnd(await finishIfDone(database, boss, job.broadcastId));
          return end === null;
        }
      }
      const readMs = lap();
      const outcome = await platforms.send(batch, {
        concurrency, retries: true, deadline, more: exhausted ? batch.length === limit : !rangeDone, onDelivered: proveSetting,
      });
      // A fact whoever holds the shard: these devices have had a push delivered.
      recordDelivered(outcome.firstDelivered);
      const sendMs = lap();
      const trips = await platforms.newlyTripped();
      const lastOfRun = stopping || Date.now() >= sliceEnd;
      const foldDue = lastOfRun || Date.now() >= foldedAt + foldMs;
      const committed = await commitPage(committing, { outcome, trips, batch, last, retrying: exhausted, rangeDone, foldDue, retryDeadline });
      if (committed === null) {
        logger.warn('shard taken over by another run; this one stops without writing', log);
        return true;
      }
      if (committed.folded) foldedAt = Date.now();
      countBroadcastEnd(committed.end);
      if (committed.shardEnded) countBroadcastEnd(await finishIfDone(database, boss, job.broadcastId));
      for (const trip of trips) logger.error('a wrong setting stopped sending to a platform', { ...log, platform: trip.platform, setting: trip.tripped.setting, reason: trip.tripped.reason });
      if (!trips.length) logger.debug('shard page stored', { ...log, devices: batch.length, sent: outcome.sent, retry: outcome.retry.length, readMs, sendMs, commitMs: lap() });
      if (committed.stop) return false;
      cursor = last;
      exhausted = rangeDone;
      if (lastOfRun || stopping) return !(await database.transaction((tx) => handOff(tx, boss, job, holder)));
    }
  }

  /**
   * Sends a one-shard broadcast in this process at once, instead of waiting for a worker to poll. Its job
   * waits RESCUE_DELAY_SECONDS first and is deleted once this run has finished (or handed the shard on),
   * so it runs only if this process dies on the way.
   */
  function express(job: ShardJob, jobId: string): Promise<void> {
    return track(
      countShardRun(runShard(job, jobId, EXPRESS_RUN_MS)).then(
        // Taken over, the shard is its rescue job's now: that job stays.
        (lost) => (lost ? undefined : boss.deleteJob(QUEUES.shard, jobId)),
        (error: Error) => logger.error('express send interrupted; its job resumes it', { broadcast: job.broadcastId, error: error.message }),
      ),
    );
  }

  /** A scheduled broadcast's time has come: it becomes "sending" with its shards and their jobs. */
  async function startScheduled(broadcastId: string) {
    const plan = await database.transaction((tx) => startBroadcast(tx, boss, broadcastId, shardSize));
    if (plan) planned(plan.shards, broadcastId);
  }

  /**
   * Shards were planned (and committed): the loops that take them look now rather than at their next poll. The debug
   * line tells the planning from the workers' pick-up in a page timeline (bench/broadcast/page-timeline.mjs).
   */
  function planned(shards: number, broadcastId: string) {
    logger.debug('shards planned', { broadcast: broadcastId, shards });
    look();
    wake?.(shards);
  }

  /** This process's shard-taking loops ask the queue now (a worker told by its parent that there are shards). */
  function look() {
    for (const id of shardWorkers) boss.notifyWorker(id);
  }

  /** Takes jobs from the queue: `shardRuns` shards at a time, scheduled starts, and exhausted shards and starts. */
  async function work({ shardRuns }: { shardRuns: number }) {
    for (let i = 0; i < shardRuns; i += 1) {
      let id = '';
      id = await boss.work<ShardJob>(QUEUES.shard, { batchSize: 1, pollingIntervalSeconds: pollSeconds }, async ([job]) => {
        try {
          return await track(countShardRun(runShard(job!.data, job!.id)));
        } catch (error) {
          // pg-boss runs the job again from the shard's last stored page: the page in flight is sent again.
          logger.error('a shard run failed; its job runs again', { broadcast: job!.data.broadcastId, shard: job!.data.index, error: (error as Error).message });
          throw error;
        } finally {
          // A shard done: the loop looks for the next one at once, not after the rest of its polling interval.
          boss.notifyWorker(id);
        }
      });
      shardWorkers.push(id);
    }
    // The other queues' loops start spread over a polling interval, so that their polls share a connection.
    const stopped = () => stopping;
    startSpread(
      [
        () => boss.work<{ broadcastId: string }>(QUEUES.start, { batchSize: 1, pollingIntervalSeconds: pollSeconds }, async ([job]) => track(startScheduled(job!.data.broadcastId))),
        () => boss.work<ShardJob>(QUEUES.shardGaveUp, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, ([job]) => track(shardGaveUp(database, boss, logger, job!))),
        () => boss.work<{ broadcastId: string }>(QUEUES.startGaveUp, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, ([job]) => track(startGaveUp(database, boss, logger, job!))),
      ],
      pollSeconds * 1000,
      stopped,
      logger,
    );
    // Webhook deliveries are worked wherever shards are.
    await createDeliverer({ database, boss, logger, settings: webhooks }).work(stopped, track);
  }

  /** Takes no more jobs: its loops are told to stop, and a fetch they had under way has handed its jobs over. */
  async function stopTaking() {
    stopping = true;
    await Promise.all(Object.values(QUEUES).map((queue) => boss.offWork(queue).catch(() => {})));
    await queueSettled(boss, 5_000);
  }

  /** Until every job this process took has ended. */
  async function finishRunning() {
    while (running.size) await Promise.allSettled([...running]);
  }

  /**
   * Stops taking jobs, lets every run store its page and hand its shard on (an express run also deletes its
   * rescue job), then stops pg-boss.
   */
  async function stop() {
    await stopTaking();
    await finishRunning();
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
  }

  return {
    express,
    work,
    planned,
    look,
    stopTaking,
    finishRunning,
    stop,
    /** The platforms that cannot take the request's message, with why. */
    check: (request: NotifyRequest, broadcastId: string) => refusingPlatforms(channels, request, broadcastId),
    /** A test send: one push to one device (./test-send.ts). */
    sendTest: (request: NotifyRequest, device: Recipient, key: string) => sendTest({ sql, channels, proofsOf }, request, device, key),
    /** Runs one shard job here and now (what a worker does with a job it took), for at most `runMs`. */
    runShard: (job: ShardJob, jobId: string, runMs?: number) => track(countShardRun(runShard(job, jobId, runMs))),
    /** The shard runs of this process, to wait for them. */
    running: () => [...running],
    /** Whether this process is working a job of any queue (a shard, a start, a webhook delivery). */
    busy: () => running.size > 0,
  };
}

export type Fanout = ReturnType<typeof createFanout>;
