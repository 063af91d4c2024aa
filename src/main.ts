// `npm start`: read the configuration, open the database, serve, and drain on SIGTERM.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { EmbeddedPostgresError } from './db/embedded/data-dir.ts';
import { openStorage } from './db/storage.ts';
import { createApp } from './http/app.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { assertPortsFree, listen, PortInUse } from './listen.ts';
import { startPlatforms, type Platforms } from './platforms.ts';
import { createFanout, type Fanout } from './fanout/fanout.ts';
import { adoptShardsWithoutJobs } from './fanout/shards.ts';
import { finishStranded } from './fanout/broadcast-end.ts';
import { webhookSecretKey } from './domain/webhooks/key-file.ts';
import { openQueue } from './jobs/queue.ts';
import { watchDemand } from './jobs/demand.ts';
import { superviseWorkers } from './jobs/supervisor.ts';
import { workerBundle } from './jobs/worker-bundle.ts';
import { ensureDashboardBuilt } from './dashboard/build.ts';
import { createDashboardServer } from './dashboard/server.ts';
import { createLogger, redactUrl } from './logger.ts';
import { serveProcessMetrics } from './metrics/collect.ts';
import { observeRequest } from './metrics/http.ts';
import { countBroadcastEnd } from './metrics/broadcasts.ts';
import { isEntryPoint } from './entry.ts';

export async function start(config: Config) {
  const logger = createLogger(config.logLevel);
  // A port taken by another program is said before the database is touched, not after.
  await assertPortsFree(config.host, [config.port, config.dashboardPort]);
  // The workers' bundle is built by a process of its own (about 0.3 s) while the database opens.
  const bundling = config.fanoutWorkers > 0
    ? workerBundle().catch((error: Error) => {
        logger.warn('could not bundle the worker; workers run through tsx', { error: error.message });
        return undefined;
      })
    : undefined;
  const storage = await openStorage(config, logger, 'server');
  const { database } = storage;
  let redis: Redis | undefined;
  let push: Platforms | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  let fanout: Fanout | undefined;
  let workers: ReturnType<typeof superviseWorkers> | undefined;
  let demand: ReturnType<typeof watchDemand> | undefined;
  const servers: Server[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('draining in-flight requests');
      try {
        const drained = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
        for (const s of servers) s.closeIdleConnections();
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownTimeoutMs).unref());
        await Promise.race([drained, timeout]);
        for (const s of servers) s.closeAllConnections();
        // Workers and this process's own runs store their page and hand their shards back to the queue.
        demand?.stop();
        await workers?.stop();
        await fanout?.stop();
        await app?.close();
        await push?.close();
        await redis?.quit();
      } finally {
        // The database goes last, and whatever failed before: no PostgreSQL is left behind.
        await storage.close();
      }
      logger.info('stopped');
    })());

  try {
    // ioredis (36 files) is loaded only by an instance that uses Redis.
    redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 }) : undefined;
    if (redis) {
      redis.on('error', (error) => logger.warn('redis error', { error: error.message }));
      await redis.connect();
    }
    push = await startPlatforms(config, logger);
    const boss = await openQueue(database, logger, { schedule: true });
    const webhookKey = await webhookSecretKey(config, { create: true });
    if (!webhookKey) logger.warn('webhooks are off: set WEBHOOK_SECRET_KEY (32 bytes, the same on every instance) to register and sign them');
    const webhooks = { secretKey: webhookKey, allowPrivate: config.webhooksAllowPrivate };
    fanout = createFanout({
      database, boss, channels: push.channels, logger, pageSize: config.fanoutPageSize, concurrency: config.fanoutConcurrency, shardSize: config.fanoutShardSize,
      retryWindowMs: config.apnsRetryWindowMs, webhooks, pollSeconds: config.fanoutPollSeconds,
      // One worker per shard, up to the free places: a broadcast of two shards does not start eight.
      wake: (shards) => workers?.wake(shards),
    });
    const adopted = await database.transaction((tx) => adoptShardsWithoutJobs(tx, boss));
    if (adopted) logger.info('broadcasts interrupted before the upgrade to the job queue are resumed', { shards: adopted });
    const stranded = await finishStranded(database, boss);
    stranded.forEach(countBroadcastEnd);
    if (stranded.length) logger.info('broadcasts whose shards had all ended are ended', { broadcasts: stranded.length });
    if (config.fanoutWorkers > 0) {
      const env: Record<string, string> = { CLARION_WORKER_DATABASE_URL: database.url };
      if (Object.keys(push.simulators).length) env.CLARION_WORKER_SIMULATOR = JSON.stringify(push.simulators);
      const bundle = await bundling;
      const onDemand = config.fanoutWorkerIdleSeconds > 0;
      workers = superviseWorkers({ count: config.fanoutWorkers, bundle, env, logger, stopTimeoutMs: config.shutdownTimeoutMs + 15_000, onDemand, onLeft: () => demand?.check() });
      if (onDemand) demand = watchDemand({ workers, database, pollMs: config.fanoutPollSeconds * 1000, logger });
    } else {
      await fanout.work({ shardRuns: config.fanoutShardRuns });
    }
    const metrics = serveProcessMetrics({ pools: database.pools, boss, logger, token: config.metricsToken, workers: () => workers?.processes() ?? [] });
    app = createApp({ config, database, logger, redis, boss, fanout, webhooks, devices: push.devices, metrics, onRequest: observeRequest });
    const server = answerClientErrors(createServer(app.handler));
    server.keepAliveTimeout = 65_000;
    servers.push(server);
    const { address, port } = await listen(server, config.port, config.host);
    const host = address.includes(':') ? `[${address}]` : address;
    logger.info('clarion listening', {
      url: `http://${host}:${port}`,
      database: storage.description,
      redis: config.redisUrl ? redactUrl(config.redisUrl) : 'none (rate limits kept in this process)',
    });
    // In idle time after start, not before it: a failure here is a first request's to meet again, not a reason to stop.
    void app.prepare().catch((error: Error) => logger.warn('could not compile the REST operations ahead of their first requests', { error: error.message }));

    if (config.dashboardPort !== undefined) {
      const root = await ensureDashboardBuilt(logger);
      const dashboard = createDashboardServer({ root, api: app.handler });
      servers.push(dashboard);
      const bound = await listen(dashboard, config.dashboardPort, config.host);
      logger.info('dashboard listening', { url: `http://${host}:${bound.port}` });
    }

    const dashboard = servers[1];
    return { server, port, dashboard, stop, lost: storage.lost, workers: () => workers?.pids() ?? [] };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs Clarion until SIGTERM or SIGINT: `node --import tsx src/main.ts`, or `npm start` (scripts/start.mjs runs the
 * bundled server and calls this).
 */
export async function runMain() {
  // Handled from the first moment: a SIGTERM while starting (initdb, migrations) stops Clarion as soon as it
  // has started, through the same drain, instead of killing it with its database half started.
  let stopped: ((code: number) => Promise<never>) | undefined;
  let signalled = false;
  const stopOnce = () => {
    if (signalled) return;
    signalled = true;
    void stopped?.(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stopOnce);
  stopWithParentShell(stopOnce);
  try {
    const config = loadConfig();
    const { stop, lost } = await start(config);
    stopped = (code) =>
      stop().then(
        () => process.exit(code),
        (error: Error) => {
          console.error(`Stopping failed: ${error.message}`);
          process.exit(1);
        },
      );
    if (signalled) void stopped(0);
    void lost.then((code) => {
      console.error(`The embedded PostgreSQL stopped on its own (exit code ${code}); Clarion stops too. Its log lines are above at LOG_LEVEL=debug.`);
      void stopped?.(1);
    });
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof EmbeddedPostgresError || error instanceof PortInUse;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  }
}

/**
 * Under `npm start`, npm runs Clarion through `sh -c`, and a SIGTERM sent to npm (`kill`, `docker stop` of a container
 * whose command is `npm start`) is passed to that shell, which dies without passing it on: Clarion would run on,
 * orphaned, with its PostgreSQL and its port. So, started by npm, it takes its parent's going away as that SIGTERM.
 */
function stopWithParentShell(stop: () => void) {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, 500);
  watch.unref();
}

if (isEntryPoint(import.meta.url)) await runMain();
