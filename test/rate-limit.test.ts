import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../src/generated/graphql/gql.ts';
import { backends } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';
import { startServer, type TestServer } from './support/server.ts';

const RegisterDeviceForRateLimit = graphql(`
  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: "ios") { deviceUuid } }
`);

const register = (server: TestServer, headers?: Record<string, string>) => server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios' }, headers);

describe.each(backends)('POST /v1/devices rate limit on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  const servers: TestServer[] = [];
  // Every server gets its own budget: its own process memory, or its own Redis namespace.
  const start = async (config: Parameters<typeof startServer>[1], prefix = `clarion:test:${randomBytes(6).toString('hex')}:`) => {
    const server = await startServer(storage, { redisPrefix: prefix, ...config });
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    storage = await backend.open();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('allows 30 a minute per IP, then answers 429 with Retry-After and RateLimit headers', async () => {
    const server = await start({ deviceRegistrationsPerMinute: 30 });
    for (let i = 1; i <= 30; i += 1) {
      const response = await register(server);
      expect(response.status).toBe(201);
      expect(response.headers.get('ratelimit-limit')).toBe('30');
      expect(response.headers.get('ratelimit-remaining')).toBe(String(30 - i));
      expect(response.headers.get('ratelimit-policy')).toBe('30;w=60');
    }
    const refused = await register(server);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many requests: registerDevice allows 30 per 60 seconds per client IP' } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  });

  it('does not write anything for a refused registration', async () => {
    const server = await start({ deviceRegistrationsPerMinute: 1 });
    expect((await register(server)).status).toBe(201);
    const token = apnsToken();
    expect((await server.post('/v1/devices', { apnsToken: token, platform: 'ios' })).status).toBe(429);
    expect(await server.db.device.count({ where: { apnsToken: token } })).toBe(0);
  });

  it('shares the budget with the registerDevice mutation on /graphql', async () => {
    const server = await start({ deviceRegistrationsPerMinute: 2 });
    await register(server);
    await register(server);
    const response = await server.graphql(RegisterDeviceForRateLimit, { apnsToken: apnsToken() });
    expect(response.status).toBe(429);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not limit the other device routes', async () => {
    const server = await start({ deviceRegistrationsPerMinute: 1 });
    const org = await seedOrganization(server.db);
    const { body } = await register(server);
    for (let i = 0; i < 5; i += 1) {
      expect((await server.post(`/v1/devices/${body.deviceUuid}/subscriptions`, { orgSlug: org.slug })).status).toBeLessThan(300);
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const direct = await start({ deviceRegistrationsPerMinute: 2 });
    await register(direct, { 'x-forwarded-for': '203.0.113.1' });
    await register(direct, { 'x-forwarded-for': '203.0.113.2' });
    expect((await register(direct, { 'x-forwarded-for': '203.0.113.3' })).status).toBe(429);

    const proxied = await start({ deviceRegistrationsPerMinute: 2, trustProxy: 1 });
    for (let i = 0; i < 2; i += 1) expect((await register(proxied, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(201);
    expect((await register(proxied, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(429);
    // A client cannot escape by prepending its own entries: one trusted proxy means the last one counts.
    expect((await register(proxied, { 'x-forwarded-for': '198.51.100.7, 203.0.113.10' })).status).toBe(429);
    expect((await register(proxied, { 'x-forwarded-for': '203.0.113.11' })).status).toBe(201);
  });

  // Only a backend with Redis has instances that share a budget.
  if (backend.name.includes('Redis')) {
    it('lets registrations through when Redis fails, rather than refusing every device', async () => {
      const { Redis } = await import('ioredis');
      const broken = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
      broken.on('error', () => {});
      const server = await startServer({ ...storage, redis: broken }, { deviceRegistrationsPerMinute: 1 });
      servers.push(server);
      for (let i = 0; i < 3; i += 1) expect((await register(server)).status).toBe(201);
      broken.disconnect();
    });

    it('shares one budget across instances through Redis', async () => {
      const prefix = `clarion:test:${randomBytes(6).toString('hex')}:`;
      const a = await start({ deviceRegistrationsPerMinute: 4 }, prefix);
      const b = await start({ deviceRegistrationsPerMinute: 4 }, prefix);
      const answers = await Promise.all([register(a), register(b), register(a), register(b), register(a), register(b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    });
  }
});

describe.each(backends)('subscribing costs a stranger something, on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let server: TestServer;
  beforeAll(async () => {
    storage = await backend.open();
    server = await startServer(storage, { subscriptionsPerMinute: 3, redisPrefix: `clarion:test:${randomBytes(6).toString('hex')}:` });
  });
  afterAll(async () => {
    await server?.close();
    await storage?.close();
  });

  it('allows SUBSCRIPTIONS_PER_MINUTE per IP, with RateLimit headers, then 429 with Retry-After, writing nothing', async () => {
    const orgs = [];
    for (let i = 0; i < 4; i += 1) orgs.push(await seedOrganization(server.db));
    const { deviceUuid } = (await register(server)).body;
    for (let i = 0; i < 3; i += 1) {
      const response = await server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: orgs[i]!.slug });
      expect(response.status).toBe(201);
      expect(response.headers.get('ratelimit-limit')).toBe('3');
      expect(response.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      expect(response.headers.get('ratelimit-policy')).toBe('3;w=60');
    }
    const refused = await server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: orgs[3]!.slug });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests: subscribeDevice allows 3 per 60 seconds per client IP' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await server.db.subscription.count({ where: { deviceUuid } })).toBe(3);
  });
});
