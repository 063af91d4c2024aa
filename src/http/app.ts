// The whole HTTP application as one fetch handler: /healthz, /graphql and the /v1 REST façade.
// Built here, listened on elsewhere (src/main.ts), so tests can also call app.fetch(new Request(...)).
import type { IncomingMessage } from 'node:http';
import { Request } from '@whatwg-node/fetch';
import { createServerAdapter } from '@whatwg-node/server';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { readLimited } from './body.ts';
import { clientIp } from './client-ip.ts';
import { errorResponse, HttpError, json } from './errors.ts';
import type { FieldLimit } from './rate-limit/limits.ts';
import { createRateLimits } from './rate-limit/limits.ts';
import { MemoryHitStore } from './rate-limit/memory-store.ts';
import { RedisHitStore } from './rate-limit/redis-store.ts';
import { createRestRouter } from './rest/router.ts';
import { routes } from './rest/routes.ts';
import { createGraphQLServer } from './yoga.ts';

export type AppConfig = Pick<Config, 'production' | 'trustProxy' | 'deviceRegistrationsPerMinute' | 'maxBodyBytes'> & {
  /** Namespace of the rate-limit keys in Redis; instances sharing a budget share the prefix. */
  redisPrefix?: string;
};

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  logger: Logger;
  redis?: Redis;
}

const WINDOW_MS = 60_000;

export function createApp({ config, database, logger, redis }: AppDependencies) {
  const limits: FieldLimit[] = [];
  if (config.deviceRegistrationsPerMinute > 0) limits.push({ type: 'Mutation', field: 'registerDevice', max: config.deviceRegistrationsPerMinute });
  const cap = Math.max(1, ...limits.map((limit) => limit.max));
  const store = redis
    ? new RedisHitStore(redis, WINDOW_MS, cap, config.redisPrefix, (error) => logger.warn('rate limit store unavailable; request let through', { error: error.message }))
    : new MemoryHitStore(WINDOW_MS, cap);
  const rateLimits = createRateLimits(store, WINDOW_MS, limits);
  const yoga = createGraphQLServer({ database, rateLimits, logger, production: config.production });
  const rest = createRestRouter({ yoga, routes, rateLimits, maxBodyBytes: config.maxBodyBytes });

  async function graphql(request: Request, ip: string) {
    if (request.method !== 'POST') return yoga.fetch(request, { clientIp: ip });
    // Yoga reads bodies without a bound, so the size limit is applied before it sees one.
    const body = Buffer.from(await readLimited(request, config.maxBodyBytes)).toString('utf8');
    return yoga.fetch(new Request(request.url, { method: 'POST', headers: request.headers, body }), { clientIp: ip });
  }

  async function health() {
    try {
      await database.ping();
      return json(200, { status: 'ok', database: database.kind });
    } catch (error) {
      logger.warn('health check failed', { error: (error as Error).message });
      return errorResponse({ code: 'UNAVAILABLE', message: 'database is not reachable' });
    }
  }

  const adapter = createServerAdapter<{ req?: IncomingMessage }>(async (request, serverContext) => {
    const url = new URL(request.url);
    try {
      const ip = clientIp(serverContext.req?.socket?.remoteAddress, request.headers.get('x-forwarded-for'), config.trustProxy);
      if (url.pathname === '/healthz') return await health();
      if (url.pathname.startsWith('/v1/')) return await rest.handle(request, url, ip);
      if (url.pathname === '/graphql') return await graphql(request, ip);
      return errorResponse({ code: 'NOT_FOUND', message: `no route for ${request.method} ${url.pathname}` });
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.error, error.headers);
      logger.error('unhandled error', { path: url.pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return errorResponse({ code: 'INTERNAL', message: 'Unexpected error.' });
    }
  });

  return {
    /** A node:http request listener, and `fetch` for tests without a socket. */
    handler: adapter,
    fetch: (request: Request) => adapter.fetch(request),
    close: () => store.close(),
  };
}

export type App = ReturnType<typeof createApp>;
