// A fan-out worker: takes broadcast shards from the job queue and sends them. No HTTP server, no GraphQL, no
// dashboard, no Prisma: a pool, pg-boss and the APNs connections. `npm start` forks FANOUT_WORKERS of these
// (src/jobs/supervisor.ts); `npx clarion worker` runs one on its own, e.g. on another machine.
import { startPlatforms, type Platforms, type SharedSimulators } from './platforms.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openSqlDatabase } from './db/pool.ts';
import { createFanout } from './fanout/fanout.ts';
import { webhookSecretKey } from './domain/webhooks/key-file.ts';
import { jobsWaiting, openQueue } from './jobs/queue.ts';
import { IDLE, WAKE } from './jobs/supervisor.ts';
import { watchIdle } from './jobs/idle.ts';
import { createLogger, type Logger } from './logger.ts';
import { reportToParent, serveProcessMetrics } from './metrics/collect.ts';
import { registry } from './metrics/registry.ts';
import { serveMetrics } from './metrics/server.ts';
import { isEntryPoint } from './entry.ts';

export interface WorkerOptions {
  databaseUrl: string;
  logger: Logger;
  /** The simulator of the `npm start` that forked this worker, when it runs without APNs credentials. */
  simulator?: SharedSimulators;
  /** Forked by `npm start`: its metrics go to the parent's scrapes over IPC. */
  forked?: boolean;
  /** `npx clarion worker` with METRICS_PORT: serve this process's /metrics there. */
  metricsPort?: number;
  /** Forked on demand: called once the worker has had no work for FANOUT_WORKER_IDLE_SECONDS (it should then stop). */
  onIdle?: () => void;
}

/** How long a worker keeps an unused PostgreSQL connection. */
const WORKER_POOL_IDLE_MS = 30_000;

export async function startWorker(config: Config, { databaseUrl, logger, simulator, forked = false, metricsPort, onIdle }: WorkerOptions) {
  // Each shard run holds at most two connections (the next page's read and the progress write), and the
  // queue's polling and maintenance a few more. They stay open through a broadcast's pauses: a connection that
  // closes after a second unused is opened again moments later, and a new PostgreSQL backend costs it more CPU than
  // the queries it runs (eight workers held to a tenth of a core each opened 10-16 a second, and PostgreSQL spent
  // half a core on them). A worker started on demand leaves once idle, and its connections with it.
  const database = openSqlDatabase({ url: databaseUrl, poolSize: 2 * config.fanoutShardRuns + 4, idleMs: WORKER_POOL_IDLE_MS, logger });
  let push: Platforms | undefined;
  try {
    push = await startPlatforms(config, logger, simulator);
    const boss = await openQueue(database, logger);
    if (forked) reportToParent({ pools: database.pools });
    const metrics = metricsPort === undefined ? undefined : await serveMetrics({ host: config.host, port: metricsPort, logger, endpoint: serveProcessMetrics({ pools: database.pools, boss, logger, token: config.metricsToken }) });
    // Forked by `npm start` on the embedded default, it reads the key its server made in DATA_DIR.
    const webhooks = { secretKey: await webhookSecretKey(config, { create: false }), allowPrivate: config.webhooksAllowPrivate };
    const fanout = createFanout({
      database, boss, channels: push.channels, logger, pageSize: config.fanoutPageSize, concurrency: config.fanoutConcurrency, shardSize: config.fanoutShardSize,
      retryWindowMs: config.apnsRetryWindowMs, webhooks, pollSeconds: config.fanoutPollSeconds,
    });
    await fanout.work({ shardRuns: config.fanoutShardRuns });
    // Busy while it works a job or the queue holds one it could take; no work for the idle time, and it goes.
    // Once it has decided to go it takes no more jobs (a wake then is the parent's to act on when it has gone).
    let leaving = false;
    const idle = onIdle
      ? watchIdle({
          idleMs: config.fanoutWorkerIdleSeconds * 1000, checkMs: Math.min(config.fanoutPollSeconds, config.fanoutWorkerIdleSeconds) * 1000,
          busy: async () => fanout.busy() || (await jobsWaiting(database)) > 0,
          onIdle: () => {
            leaving = true;
            // What it counts is handed over with IDLE: every job it took ends first.
            void fanout
              .stopTaking()
              .then(() => fanout.finishRunning())
              .finally(onIdle);
          },
        })
      : undefined;
    // The parent planned shards: take them now (otherwise at the next poll, FANOUT_POLL_SECONDS).
    const onMessage = (message: unknown) => {
      if ((message as { type?: string } | null)?.type !== WAKE || leaving) return;
      idle?.touch();
      fanout.look();
    };
    if (forked) process.on('message', onMessage);
    const service = push;
    return {
      async stop() {
        idle?.stop();
        process.off('message', onMessage);
        try {
          await metrics?.close();
          await fanout.stop();
          await service.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await push?.close();
    await database.close();
    throw error;
  }
}

/** Runs a worker until SIGTERM or SIGINT (or, for a forked one, until its parent is gone). */
export async function runWorker(config: Config, options: WorkerOptions): Promise<number> {
  // Listened for from the first moment: a parent killed while this worker was still starting (its IPC channel
  // already closed) must not leave it behind, polling a database that may be gone with it.
  let leave = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    leave = resolve;
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
    if (process.send) {
      // kill -9 of the parent closes the IPC channel: the worker drains and goes too.
      process.once('disconnect', resolve);
      if (!process.connected) resolve();
    }
  });
  // A start or a drain that cannot finish (its database gone with a killed parent) must not keep the worker either.
  void stopRequested.then(() =>
    setTimeout(() => {
      options.logger.error('fan-out worker did not stop within 60 s; exiting');
      process.exit(1);
    }, 60_000).unref(),
  );
  // Forked by a server that starts its workers on demand: it leaves when idle, saying so first (the parent then
  // does not start another until there is work).
  const onDemand = options.forked && config.fanoutWorkerIdleSeconds > 0;
  const onIdle = () => {
    options.logger.info('fan-out worker idle; leaving', { idleSeconds: config.fanoutWorkerIdleSeconds });
    // Its counts go with the message, for the parent to keep in the instance's totals (src/metrics/workers.ts).
    void registry
      .getMetricsAsJSON()
      .catch(() => undefined)
      .then((metrics) => new Promise<void>((sent) => (process.send ? process.send({ type: IDLE, metrics }, undefined, undefined, () => sent()) : sent())))
      .finally(leave);
  };
  const worker = await startWorker(config, { ...options, onIdle: onDemand ? onIdle : undefined });
  options.logger.info('fan-out worker ready', { shardRuns: config.fanoutShardRuns });
  await stopRequested;
  await worker.stop();
  return 0;
}

if (isEntryPoint(import.meta.url)) {
  try {
    const config = loadConfig();
    const databaseUrl = process.env.CLARION_WORKER_DATABASE_URL;
    if (!databaseUrl) throw new ConfigError(['CLARION_WORKER_DATABASE_URL is set by the process that forks a worker; run `npx clarion worker` instead']);
    const simulator = process.env.CLARION_WORKER_SIMULATOR ? (JSON.parse(process.env.CLARION_WORKER_SIMULATOR) as SharedSimulators) : undefined;
    process.exit(await runWorker(config, { databaseUrl, logger: createLogger(config.logLevel), simulator, forked: true }));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
