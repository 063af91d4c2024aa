// The whole HTTP application: /healthz, /graphql and the /v1 REST façade, as a node:http listener and as a fetch
// handler. Built here, listened on elsewhere (src/main.ts), so tests can also call app.fetch(new Request(...)).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Request } from '@whatwg-node/fetch';
import { createServerAdapter } from '@whatwg-node/server';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { attempt } from '../attempt.ts';
import { withRequestId, type Logger } from '../logger.ts';
import { requestIdOf, type Observed } from './request-id.ts';
import { isJson, readLimited, requireJsonParams } from './body.ts';
import { clientIp } from './client-ip.ts';
import { databaseTrouble, errorReply, errorResponse, HttpError, json } from './errors.ts';
import { BodyCutOff, fromNode, fromRequest, toResponse, writeReply, type Incoming, type Reply } from './exchange.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { readCookie, sessionCookieName, sessionCookies } from './session-cookie.ts';
import type { FieldLimit } from './rate-limit/limits.ts';
import { createRateLimits } from './rate-limit/limits.ts';
import { MemoryHitStore } from './rate-limit/memory-store.ts';
import { RedisHitStore } from './rate-limit/redis-store.ts';
import { MemoryFailureCounter, RedisFailureCounter } from './rate-limit/failure-counters.ts';
import type { LoginThrottle } from '../domain/accounts/login-throttle.ts';
import { createRestRouter } from './rest/router.ts';
import { routes } from './rest/routes.ts';
import { buildOpenApi, OPENAPI_PATH } from './rest/openapi.ts';
import { createGraphQLServer } from './yoga.ts';
import type { Fanout } from '../fanout/fanout.ts';
import type { Boss } from '../jobs/queue.ts';
import { createListener } from '../db/listen.ts';
import { BROADCAST_ENDED_CHANNEL } from '../fanout/broadcast-end.ts';
import type { MetricsEndpoint } from '../metrics/endpoint.ts';
import type { WebhookSettings } from '../domain/webhooks/settings.ts';
import type { Context } from '../graphql/context.ts';
import { createMailer } from '../mail/mailer.ts';

export type AppConfig = Pick<
  Config,
  | 'production' | 'trustProxy' | 'deviceRegistrationsPerMinute' | 'subscriptionsPerMinute' | 'opensPerMinute' | 'maxBodyBytes' | 'notifyPerMinute' | 'notifyWaitMs'
  | 'fanoutShardSize' | 'apnsTopic' | 'dashboardOrigins' | 'signInsPerMinute'
  | 'loginFailuresPerEmail' | 'loginFailuresPerIp' | 'loginFailureWindowMs' | 'dashboardUrl' | 'smtpUrl' | 'smtpFrom'
> & {
  /** Namespace of the rate-limit keys in Redis; instances sharing a budget share the prefix. */
  redisPrefix?: string;
  /** GRAPHIQL=on (src/config.ts); off when absent. */
  graphiql?: boolean;
};

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  logger: Logger;
  redis?: Redis;
  /** The job queue that live broadcasts are created on, and the fan-out that sends one-shard broadcasts and test sends at once. */
  boss: Boss;
  fanout: Fanout;
  /** WEBHOOK_SECRET_KEY and WEBHOOKS_ALLOW_PRIVATE: the same settings the fan-out delivers with. */
  webhooks: WebhookSettings;
  /** Web Push: how a browser's subscription is checked, and the VAPID public key (absent: Web Push is off). */
  devices?: Context['devices'];
  /** Told of every answered request, e.g. for metrics. */
  onRequest?: (request: { route: string; method: string; status: number; seconds: number }) => void;
  /** GET /metrics (src/metrics/endpoint.ts); without it there is no such route. */
  metrics?: MetricsEndpoint;
}

const WINDOW_MS = 60_000;

/** A Host header that is a name or address with an optional port (or none, as HTTP/1.0 may send): no path, query or user. */
const HOST = /^[A-Za-z0-9._~\-]*(?::\d*)?$|^\[[0-9A-Fa-f:.]+\](?::\d*)?$/;

/** The origin of the URLs of requests answered on node:http: the routes read their path and query only. */
const LOCAL = 'http://clarion.invalid';

export function createApp({ config, database, logger, redis, boss, fanout, webhooks, devices, onRequest, metrics }: AppDependencies) {
  const limits: FieldLimit[] = [];
  if (config.deviceRegistrationsPerMinute > 0) limits.push({ type: 'Mutation', field: 'registerDevice', max: config.deviceRegistrationsPerMinute, by: 'ip' });
  // Subscribing needs no key either: a stranger's subscriptions cost them their address's budget.
  if (config.subscriptionsPerMinute > 0) {
    for (const field of ['subscribeDevice', 'updateDevice']) limits.push({ type: 'Mutation', field, max: config.subscriptionsPerMinute, by: 'ip' });
  }
  // An app reports each notification its user opens; many users may share one address (a carrier's NAT).
  if (config.opensPerMinute > 0) limits.push({ type: 'Mutation', field: 'reportOpen', max: config.opensPerMinute, by: 'ip' });
  if (config.notifyPerMinute > 0) {
    limits.push({ type: 'Mutation', field: 'notify', max: config.notifyPerMinute, by: 'apiKey' });
    limits.push({ type: 'Mutation', field: 'sendNotification', max: config.notifyPerMinute, by: 'user' });
  }
  if (config.signInsPerMinute > 0) {
    for (const field of ['logIn', 'signUp']) limits.push({ type: 'Mutation', field, max: config.signInsPerMinute, by: 'ip' });
    // Each invitation can send an e-mail: owners get the sign-in budget for them, per user.
    limits.push({ type: 'Mutation', field: 'inviteMember', max: config.signInsPerMinute, by: 'user' });
  }
  const cap = Math.max(1, ...limits.map((limit) => limit.max));
  const store = redis
    ? new RedisHitStore(redis, WINDOW_MS, cap, config.redisPrefix, (error) => logger.warn('rate limit store unavailable; request let through', { error: error.message }))
    : new MemoryHitStore(WINDOW_MS, cap);
  const rateLimits = createRateLimits(store, WINDOW_MS, limits);
  const loginThrottle = createLoginThrottle(config, logger, redis);
  // One connection, open only while a request waits for a broadcast to end.
  const ended = createListener({ url: database.url, channel: BROADCAST_ENDED_CHANNEL, logger });
  const notifications = {
    sql: database.sql, database, boss, fanout, topic: config.apnsTopic, waitMs: config.notifyWaitMs, shardSize: config.fanoutShardSize, ended,
  };
  const invitations = {
    dashboardUrl: config.dashboardUrl ?? config.dashboardOrigins[0] ?? 'http://127.0.0.1:3001',
    mailer: config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom ?? 'Clarion <no-reply@localhost>') : undefined,
    logger,
  };
  const yoga = createGraphQLServer({ database, notifications, webhooks, devices, invitations, loginThrottle, dashboardOrigins: config.dashboardOrigins, rateLimits, logger, production: config.production, graphiql: config.graphiql ?? false });
  const rest = createRestRouter({ yoga, routes, rateLimits, maxBodyBytes: config.maxBodyBytes });
  // Built once from the same route table: a route without a description stops the server here.
  const openApi = JSON.stringify(buildOpenApi(routes));

  async function graphql(request: Request, url: URL, ip: string, authorization: string | undefined) {
    const secure = config.production || url.protocol === 'https:' || (config.trustProxy !== false && request.headers.get('x-forwarded-proto') === 'https');
    const token = readCookie(request.headers.get('cookie'), sessionCookieName(secure));
    const session = sessionCookies(token, secure, request.headers.get('user-agent'));
    // Browsers send cookies with other sites' requests too, and a cross-site form can even log a
    // victim into an attacker's account: state-changing requests from a page must come from the
    // dashboard (or this origin), and must be JSON, which a plain form cannot send.
    const origin = request.headers.get('origin');
    if (request.method !== 'GET' && origin && origin !== url.origin && !config.dashboardOrigins.includes(origin)) {
      return errorResponse({ code: 'FORBIDDEN', message: `GraphQL requests from pages must come from the dashboard, not ${origin}` });
    }
    const incoming = fromRequest(request, url);
    if (request.method === 'POST' && !isJson(incoming)) return errorResponse({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' });
    let response: Response;
    if (request.method !== 'POST') {
      requireJsonParams(url.searchParams, ['variables', 'extensions']);
      response = await yoga.fetch(request, { clientIp: ip, authorization, session });
    } else {
      // Yoga reads bodies without a bound, so the size limit is applied before it sees one.
      const body = Buffer.from(await readLimited(incoming, config.maxBodyBytes)).toString('utf8');
      // Read as UTF-8 and JSON by the check above, whatever its case or charset said: yoga's own check is stricter (an empty 415).
      const headers = new Headers(request.headers);
      headers.set('content-type', 'application/json');
      response = await yoga.fetch(new Request(request.url, { method: 'POST', headers, body }), { clientIp: ip, authorization, session });
    }
    for (const cookie of session.outgoing) response.headers.append('set-cookie', cookie);
    return response;
  }

  async function health() {
    try {
      await database.ping();
      return json(200, { status: 'ok', database: 'ok' });
    } catch (error) {
      logger.warn('health check failed', { error: (error as Error).message });
      return errorResponse({ code: 'UNAVAILABLE', message: 'database is not reachable' }, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
    }
  }

  async function route(request: Request, url: URL, serverContext: { req?: IncomingMessage }, observed: Observed) {
    try {
      const ip = clientIp(serverContext.req?.socket?.remoteAddress, request.headers.get('x-forwarded-for'), config.trustProxy);
      if (url.pathname === '/healthz' || url.pathname === '/graphql') observed.route = url.pathname;
      if (url.pathname === '/healthz') return await health();
      if (url.pathname === '/metrics' && metrics) {
        observed.route = '/metrics';
        const { status, headers, body } = await metrics(request.method, request.headers.get('authorization'));
        return new Response(body, { status, headers });
      }
      const authorization = request.headers.get('authorization') ?? undefined;
      if (url.pathname === OPENAPI_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
        observed.route = OPENAPI_PATH;
        return new Response(request.method === 'HEAD' ? null : openApi, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' } });
      }
      if (url.pathname.startsWith('/v1/')) return toResponse(await v1(fromRequest(request, url), ip, observed));
      if (url.pathname === '/graphql') return await graphql(request, url, ip, authorization);
      return errorResponse({ code: 'NOT_FOUND', message: `no route for ${request.method} ${url.pathname}` });
    } catch (error) {
      return toResponse(failure(error, url.pathname));
    }
  }

  /** The /v1 routes are for API keys and devices: a session cookie means nothing there. */
  const v1 = (request: Incoming, ip: string, observed: Observed) =>
    rest.handle(request, { clientIp: ip, authorization: request.header('authorization') ?? undefined, session: sessionCookies(undefined, false) }, observed);

  /** An error no route turned into an answer. */
  function failure(error: unknown, path: string): Reply {
    if (error instanceof HttpError) return errorReply(error.error, error.headers);
    if (error instanceof BodyCutOff) return errorReply({ code: 'VALIDATION_FAILED', message: error.message });
    const trouble = databaseTrouble(error);
    if (trouble) {
      logger.warn(trouble.log, { path, error: error instanceof Error ? error.message : String(error) });
      return errorReply({ code: 'UNAVAILABLE', message: trouble.message }, { 'Retry-After': trouble.retryAfter });
    }
    logger.error('unhandled error', { path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return errorReply({ code: 'INTERNAL', message: 'Unexpected error.' });
  }

  /** Every request's one log line and its metrics. */
  function answered(method: string, route: string, status: number, started: number) {
    const seconds = (performance.now() - started) / 1000;
    const line = { method, route, status, durationMs: Math.round(seconds * 10_000) / 10 };
    if (status >= 500) logger.warn('request answered', line);
    else logger.info('request answered', line);
    onRequest?.({ route, method, status, seconds });
  }

  const adapter = createServerAdapter<{ req?: IncomingMessage }>((request, serverContext) => {
    const requestId = requestIdOf(request.headers.get('x-request-id'));
    return withRequestId(requestId, async () => {
      const started = performance.now();
      // A request target that is no path (`*`, `http://host/...`) makes no URL here: a 400, not a thrown TypeError.
      const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
      // The route's template, never the raw path: ids and slugs stay out of logs' and metrics' labels.
      const observed: Observed = { route: 'unmatched' };
      const response = url
        ? await route(request, url, serverContext, observed)
        : errorResponse({ code: 'VALIDATION_FAILED', message: 'the request target must be a path' });
      response.headers.set('x-request-id', requestId);
      answered(request.method, observed.route, response.status, started);
      return response;
    });
  });

  /** The /v1 routes straight from node:http (./exchange.ts); everything else through the fetch API. */
  function handler(req: IncomingMessage, res: ServerResponse) {
    // The fetch API's URL is `http://<Host><target>`: a Host with a path in it would choose the route.
    if (!HOST.test(req.headers.host ?? '')) {
      return answerFromNode(req, res, new URL('/', LOCAL), async () => errorReply({ code: 'VALIDATION_FAILED', message: 'the Host header must be a host name, with a port or not' }));
    }
    const target = req.url ?? '';
    const url = target.startsWith('/v1/') ? new URL(target, LOCAL) : undefined;
    if (!url?.pathname.startsWith('/v1/') || url.pathname === OPENAPI_PATH) return adapter(req, res);
    return answerFromNode(req, res, url, (request, observed) => v1(request, clientIp(req.socket?.remoteAddress, request.header('x-forwarded-for'), config.trustProxy), observed));
  }

  /** Answers on node:http's response: the request id, the answer written whatever went wrong, its log line and metrics. */
  function answerFromNode(req: IncomingMessage, res: ServerResponse, url: URL, answer: (request: Incoming, observed: Observed) => Promise<Reply>) {
    const request = fromNode(req, url);
    const requestId = requestIdOf(request.header('x-request-id'));
    return withRequestId(requestId, () => {
      const started = performance.now();
      const observed: Observed = { route: 'unmatched' };
      const write = (reply: Reply) => {
        try {
          reply.headers['x-request-id'] = requestId;
          writeReply(res, reply);
        } catch (error) {
          logger.error('could not write an answer', { path: url.pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
          if (!res.headersSent) res.destroy();
        } finally {
          answered(request.method, observed.route, reply.status, started);
        }
      };
      // A `then`, not an async function awaiting the answer: a promise fewer a request (bench/README.md).
      return attempt(() => answer(request, observed)).then(write, (error) => write(failure(error, url.pathname)));
    });
  }

  return {
    /** A node:http request listener, and `fetch` for tests without a socket. */
    handler,
    fetch: (request: Request) => adapter.fetch(request),
    /**
     * Every REST route's operation compiled once the server listens, rather than on the route's first request.
     * (Prisma's query compiler is left to its first query: loaded ahead, it held 28 MB more at idle.)
     */
    prepare: () => rest.compileOperations(),
    close: async () => {
      await ended.close();
      await store.close();
      await loginThrottle?.counter.close();
    },
  };
}

export type App = ReturnType<typeof createApp>;

function createLoginThrottle(config: AppConfig, logger: Logger, redis?: Redis): LoginThrottle | undefined {
  const perEmail = config.loginFailuresPerEmail || Number.POSITIVE_INFINITY;
  const perIp = config.loginFailuresPerIp || Number.POSITIVE_INFINITY;
  if (perEmail === Number.POSITIVE_INFINITY && perIp === Number.POSITIVE_INFINITY) return undefined;
  const windowMs = config.loginFailureWindowMs;
  const counter = redis
    ? new RedisFailureCounter(redis, windowMs, `${config.redisPrefix ?? 'clarion:rate:'}login:`, (error) => logger.warn('log-in throttle store unavailable; log-in let through', { error: error.message }))
    : new MemoryFailureCounter(windowMs);
  return { counter, perEmail, perIp, windowMs };
}
