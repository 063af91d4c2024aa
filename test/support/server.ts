// A real Clarion HTTP server on an ephemeral port, over the given backend.
import { createServer } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { SendPush } from '../../src/apns/sender.ts';
import { createApp, type AppConfig } from '../../src/http/app.ts';
import { startMockApns, TEST_TOPIC, type MockApns } from './apns.ts';
import { testLogger, type Backend } from './backends.ts';

export const defaultTestConfig: AppConfig = {
  production: false,
  trustProxy: false,
  deviceRegistrationsPerMinute: 0,
  maxBodyBytes: 16 * 1024,
  notifyPerMinute: 0,
  notifyWaitMs: 5_000,
  fanoutConcurrency: 100,
  fanoutPageSize: 50,
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

export async function startServer(storage: Awaited<ReturnType<Backend['open']>>, config: Partial<AppConfig> = {}, send: SendPush = noPushes) {
  const app = createApp({ config: { ...defaultTestConfig, redisPrefix: storage.redisPrefix, ...config }, database: storage.database, logger: testLogger, redis: storage.redis, send });
  const server = createServer(app.handler);
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
      await app.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * A server over a fresh database of `backend` for the enclosing describe block: opened before its
 * tests, closed after them. With `apns`, pushes go to the APNs stand-in (`suite.apns`). Read
 * `suite.server`, `suite.storage` and `suite.apns` inside the tests.
 */
export function serveDuringSuite(backend: Backend, config: Partial<AppConfig> = {}, { apns = false } = {}) {
  const suite = {} as { storage: Awaited<ReturnType<Backend['open']>>; server: TestServer; apns: MockApns };
  beforeAll(async () => {
    suite.storage = await backend.open();
    if (apns) suite.apns = await startMockApns();
    suite.server = await startServer(suite.storage, apns ? { apnsTopic: TEST_TOPIC, ...config } : config, suite.apns?.send);
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.apns?.close();
    await suite.storage?.close();
  });
  return suite;
}
