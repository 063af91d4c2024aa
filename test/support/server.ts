// A real Clarion HTTP server on an ephemeral port, over the given backend.
import { createServer } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { SendPush } from '../../src/apns/sender.ts';
import { createApp, type AppConfig, type AppDependencies } from '../../src/http/app.ts';
import { answerClientErrors } from '../../src/http/client-errors.ts';
import { createCircuit, type Circuit } from '../../src/fanout/circuit.ts';
import { createFanout } from '../../src/fanout/fanout.ts';
import { openQueue } from '../../src/jobs/queue.ts';
import type { WebhookSettings } from '../../src/domain/webhooks/settings.ts';
import { startMockApns, TEST_TOPIC, type MockApns } from './apns.ts';
import { apnsChannel, apnsPlatform } from '../../src/apns/platform.ts';
import type { PlatformChannels, PushPlatform } from '../../src/fanout/platform.ts';
import type { PreparedPush } from '../../src/apns/payload.ts';
import type { DeviceSettings } from '../../src/domain/devices/service.ts';
import { testLogger, type Backend } from './backends.ts';
import { startTestPlatforms, type TestPlatforms } from './platforms.ts';

export const defaultTestConfig: AppConfig = {
  production: false,
  trustProxy: false,
  deviceRegistrationsPerMinute: 0,
  subscriptionsPerMinute: 0,
  opensPerMinute: 0,
  maxBodyBytes: 16 * 1024,
  notifyPerMinute: 0,
  notifyWaitMs: 5_000,
  fanoutShardSize: 10_000,
  apnsTopic: 'dev.clarion.test',
  dashboardOrigins: ['http://dashboard.test'],
  signInsPerMinute: 0,
  loginFailuresPerEmail: 0,
  loginFailuresPerIp: 0,
  loginFailureWindowMs: 15 * 60_000,
};

/** For servers whose tests send no push: any attempt is a test bug. */
const noPushes: SendPush = async () => {
  throw new Error('this test server has no APNs; pass `send` to startServer');
};

export interface TestResponse<Body = any> {
  status: number;
  headers: Headers;
  text: string;
  body: Body;
}

/** How the test server's own fan-out sends: pages and pushes in flight per shard run, shard runs at once. */
export interface FanoutTestOptions {
  pageSize?: number;
  concurrency?: number;
  shardRuns?: number;
  /** false: this server only accepts broadcasts (and sends one-shard ones at once); other processes work the queue. */
  work?: boolean;
  /** This server's APNs outage breaker (default: a fresh one with the production thresholds). */
  circuit?: Circuit;
  retryWindowMs?: number;
  /** Webhook settings: by default a fixed WEBHOOK_SECRET_KEY, public addresses only, production timings. */
  webhooks?: Partial<WebhookSettings>;
  /** The APNs settings pushes are sent with, as the configuration breaker knows them (default: TEST_PLATFORM). */
  platform?: PushPlatform<PreparedPush>;
  /** Other platforms than iOS (whose channel is made of `send`, `platform` and `circuit`): ./platforms.ts. */
  channels?: PlatformChannels;
  /** How browsers' subscriptions are checked, and the VAPID public key (default: Web Push is off). */
  devices?: DeviceSettings & { webPushPublicKey?: string };
}

/** The test server's own options: its fan-out's, and who is told of every answered request (createApp's onRequest). */
export interface ServerTestOptions extends FanoutTestOptions {
  onRequest?: AppDependencies['onRequest'];
}

/** The test servers' APNs settings: one setting for all of them, unless a test plays a changed one. */
export const TEST_PLATFORM = apnsPlatform({ origin: 'https://apns.test' });

/** WEBHOOK_SECRET_KEY of the test servers (every server on one database must share it). */
export const TEST_WEBHOOK_KEY = Buffer.alloc(32, 7);

export async function startServer(storage: Awaited<ReturnType<Backend['open']>>, config: Partial<AppConfig> = {}, send: SendPush = noPushes, options: ServerTestOptions = {}) {
  const appConfig = { ...defaultTestConfig, redisPrefix: storage.redisPrefix, ...config };
  const boss = await openQueue(storage.database, testLogger, { schedule: true });
  const webhooks = { secretKey: TEST_WEBHOOK_KEY, allowPrivate: false, ...options.webhooks };
  const fanout = createFanout({
    database: storage.database, boss, logger: testLogger, pageSize: options.pageSize ?? 50, concurrency: options.concurrency ?? 100, shardSize: appConfig.fanoutShardSize,
    channels: {
      ios: apnsChannel({ send, platform: options.platform ?? TEST_PLATFORM, circuit: options.circuit ?? createCircuit(), topic: appConfig.apnsTopic }),
      ...options.channels,
    },
    retryWindowMs: options.retryWindowMs ?? 60_000, webhooks,
    // Retries handed to a later job are taken within half a second, as tests wait for them.
    pollSeconds: 0.5,
  });
  if (options.work !== false) await fanout.work({ shardRuns: options.shardRuns ?? 2 });
  const app = createApp({ config: appConfig, database: storage.database, logger: testLogger, redis: storage.redis, boss, fanout, webhooks, devices: options.devices, onRequest: options.onRequest });
  const server = answerClientErrors(createServer(app.handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request<Body = any>(method: string, path: string, { json, body, headers = {} }: { json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<TestResponse<Body>> {
    const init: RequestInit = { method, headers: { ...(json !== undefined && { 'content-type': 'application/json' }), ...headers } };
    if (json !== undefined) init.body = JSON.stringify(json);
    if (body !== undefined) init.body = body;
    const response = await fetch(url + path, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed as Body };
  }

  return {
    url,
    db: storage.database.prisma,
    app,
    fanout,
    boss,
    request,
    get: <Body = any>(path: string, headers?: Record<string, string>) => request<Body>('GET', path, { headers }),
    post: <Body = any>(path: string, json: unknown, headers?: Record<string, string>) => request<Body>('POST', path, { json, headers }),
    delete: <Body = any>(path: string) => request<Body>('DELETE', path),
    /** A typed document from codegen (src/generated/graphql), or a raw query string for malformed cases. */
    graphql: async <Data = any, Variables = Record<string, unknown>>(query: TypedDocumentNode<Data, Variables> | string, variables?: Variables, headers?: Record<string, string>) =>
      request<{ data?: Data; errors?: { message: string; extensions?: Record<string, unknown> }[] }>('POST', '/graphql', {
        json: { query: typeof query === 'string' ? query : print(query), variables },
        headers,
      }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fanout.stop();
      await app.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * A server over a fresh database of `backend` for the enclosing describe block: opened before its
 * tests, closed after them. With `apns`, pushes go to the APNs stand-in (`suite.apns`); with `platforms`, Android
 * and browser devices register and receive through the FCM and Web Push stand-ins (`suite.platforms`). Read
 * `suite.server`, `suite.storage`, `suite.apns` and `suite.platforms` inside the tests.
 */
export function serveDuringSuite(backend: Backend, config: Partial<AppConfig> = {}, { apns = false, platforms = false, fanout = {} as FanoutTestOptions, onRequest = undefined as ServerTestOptions['onRequest'] } = {}) {
  const suite = {} as { storage: Awaited<ReturnType<Backend['open']>>; server: TestServer; apns: MockApns; platforms: TestPlatforms };
  beforeAll(async () => {
    suite.storage = await backend.open();
    if (apns) suite.apns = await startMockApns();
    if (platforms) suite.platforms = await startTestPlatforms();
    const others = platforms ? { channels: suite.platforms.channels, devices: suite.platforms.devices } : {};
    suite.server = await startServer(suite.storage, apns ? { apnsTopic: TEST_TOPIC, ...config } : config, suite.apns?.send, { ...others, ...fanout, onRequest });
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.platforms?.close();
    await suite.apns?.close();
    await suite.storage?.close();
  });
  return suite;
}
