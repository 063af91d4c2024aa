// PostgreSQL unreachable (stopped, restarting, a connection cut): every route answers 503 UNAVAILABLE with
// Retry-After, never a 500, /healthz says so, and once it is back a notify retried with its Idempotency-Key
// creates its broadcast once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { routes } from '../src/http/rest/routes.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { startCutProxy } from './support/cut-proxy.ts';
import { goodBodies } from './support/fuzz.ts';
import { seedDevice, seedKey, seedOrganization } from './support/seed.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('when PostgreSQL cannot be reached', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let proxy: Awaited<ReturnType<typeof startCutProxy>>;
  let database: Database;
  let server: TestServer;
  let admin: Database;
  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
    const direct = new URL(fresh.url);
    proxy = await startCutProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(fresh.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({ url: proxied.toString(), logger: testLogger });
    admin = await openDatabase({ url: fresh.url, logger: testLogger });
    server = await startServer({ database, close: async () => {} });
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await server?.close();
    await database?.close();
    await admin?.close();
    await proxy?.close();
    await fresh?.drop();
  });

  /** One request to every /v1 route, with seeded parameters and a good body, and to /graphql and /healthz. */
  async function everyRoute(seeds: { key: string; slug: string; inviteCode: string; deviceUuid: string }) {
    const bodies = goodBodies({ liveKey: seeds.key, testKey: seeds.key, orgSlug: seeds.slug, inviteCode: seeds.inviteCode, deviceUuid: seeds.deviceUuid, notificationId: '', webhookId: '' });
    const params: Record<string, string> = { deviceUuid: seeds.deviceUuid, orgSlug: seeds.slug, inviteCode: seeds.inviteCode, id: '00000000-0000-4000-8000-000000000000' };
    const answers = [];
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
      const json = route.body ? (bodies[route.path] ?? {}) : undefined;
      const response = await server.request(route.method, path, { json, headers: { authorization: `Bearer ${seeds.key}` } });
      answers.push({ what: `${route.method} ${route.path}`, response });
    }
    answers.push({ what: 'POST /graphql', response: await server.graphql('{ organizations { nextCursor } }') });
    answers.push({ what: 'GET /healthz', response: await server.get('/healthz') });
    return answers;
  }

  it('answers 503 UNAVAILABLE with Retry-After on every route, then serves again; a retried notify with its Idempotency-Key makes one broadcast', async () => {
    const org = await seedOrganization(server.db);
    const { key } = await seedKey(server.db, org.slug, 'live');
    const { deviceUuid } = await seedDevice(server);
    const seeds = { key, slug: org.slug, inviteCode: org.inviteCode, deviceUuid };
    const notify = () => server.post('/v1/notify', { body: 'Once', target: 'all' }, { authorization: `Bearer ${key}`, 'idempotency-key': 'outage-1' });

    // PostgreSQL restarts: the server's connections are ended under it (57P01), and it reconnects on its own.
    await admin.sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    const afterRestart = await server.get('/v1/orgs');
    expect([200, 503]).toContain(afterRestart.status);

    // PostgreSQL stopped: connections are cut and new ones refused.
    await proxy.cut();
    for (const { what, response } of await everyRoute(seeds)) {
      expect(response.status, what).toBe(503);
      expect(response.headers.get('retry-after'), what).toMatch(/^\d+$/);
      const error = what === 'POST /graphql' ? response.body.errors?.[0]?.extensions?.code : response.body?.error?.code;
      expect(error, what).toBe('UNAVAILABLE');
      expect(response.text, what).not.toMatch(/ECONNREFUSED|select |prisma|at .*\.ts/i);
    }
    expect((await notify()).status).toBe(503);

    await proxy.restore();
    const health = await server.get('/healthz');
    expect(health.status).toBe(200);
    const first = await notify();
    expect(first.status).toBeLessThan(300);
    const again = await notify();
    expect(again.body.id).toBe(first.body.id);
    expect(await server.db.broadcast.count({ where: { organizationId: org.id } })).toBe(1);
  });
});
