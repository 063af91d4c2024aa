// `npm start`: read the configuration, open the database, serve, and drain on SIGTERM.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createApp } from './http/app.ts';
import { createPushService } from './apns/push-service.ts';
import { ensureDashboardBuilt } from './dashboard/build.ts';
import { createDashboardServer } from './dashboard/server.ts';
import { createLogger, redactUrl } from './logger.ts';

export async function start(config: Config) {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, logger });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 }) : undefined;
  if (redis) {
    redis.on('error', (error) => logger.warn('redis error', { error: error.message }));
    await redis.connect();
  }
  const push = await createPushService(config, logger);
  const app = createApp({ config, database, logger, redis, send: push.send });
  const server = createServer(app.handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(config.port, config.host, resolve));
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  logger.info('clarion listening', {
    url: `http://${host}:${port}`,
    database: database.kind === 'postgres' ? database.location : `PGlite in ${database.location}`,
    redis: config.redisUrl ? redactUrl(config.redisUrl) : 'none (rate limits kept in this process)',
  });

  let dashboard: Server | undefined;
  if (config.dashboardPort !== undefined) {
    const root = await ensureDashboardBuilt(logger);
    dashboard = createDashboardServer({ root, api: app.handler });
    await new Promise<void>((resolve, reject) => dashboard!.once('error', reject).listen(config.dashboardPort, config.host, resolve));
    logger.info('dashboard listening', { url: `http://${host}:${(dashboard.address() as AddressInfo).port}` });
  }

  // Broadcasts left sending by a process that stopped are finished here; checked again while running,
  // since a lease held by a stopped process lapses only after a minute.
  await app.resumeBroadcasts();
  const resumer = setInterval(() => void app.resumeBroadcasts().catch((error: Error) => logger.warn('resume check failed', { error: error.message })), 30_000);
  resumer.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('draining in-flight requests');
      const servers = [server, ...(dashboard ? [dashboard] : [])];
      const drained = Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      for (const s of servers) s.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownTimeoutMs).unref());
      await Promise.race([drained, timeout]);
      for (const s of servers) s.closeAllConnections();
      clearInterval(resumer);
      await app.close();
      await push.close();
      await redis?.quit();
      await database.close();
      logger.info('stopped');
    })());
  return { server, port, dashboard, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const config = loadConfig();
    const { stop } = await start(config);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
