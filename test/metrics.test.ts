// GET /metrics of a real Clarion (npm start with a forked fan-out worker, sending to the APNs stand-in): the
// token, the route templates, and counters that move by exactly what happened, including the pushes only the
// worker process sent (so they reach the scrape through the aggregation). Also `npx clarion worker`'s METRICS_PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startMockApns, type MockApns } from './support/apns.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { parseMetrics, valueOf, type Sample } from './support/metrics.ts';
import { logLines, runClarion, waitFor, workersReady } from './support/processes.ts';
import { apnsToken, seedAudience, seedKey, seedOrganization } from './support/seed.ts';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const root = path.resolve(import.meta.dirname, '..');

describe('GET /metrics (npm start with FANOUT_WORKERS=1)', () => {
  let apns: MockApns;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let env: Record<string, string>;
  let clarion: ReturnType<typeof runClarion>;
  let url: string;
  let workerPid: number;

  beforeAll(async () => {
    apns = await startMockApns();
    fresh = await freshPostgresDatabase();
    database = await openDatabase({ url: fresh.url, logger: testLogger });
    env = {
      DATABASE_URL: fresh.url, REDIS_URL: '', PORT: '0', DASHBOARD: 'off', LOG_LEVEL: 'debug', NOTIFY_WAIT_MS: '0', METRICS_TOKEN: TOKEN,
      ...apns.processEnv,
    };
    // Shards of 10: a broadcast to more devices is never sent "express" by the API process, only by the worker.
    clarion = runClarion({ ...env, FANOUT_WORKERS: '1', FANOUT_WORKER_IDLE_SECONDS: '0', FANOUT_SHARD_SIZE: '10', FANOUT_PAGE_SIZE: '5', DEVICE_REGISTRATIONS_PER_MINUTE: '1' });
    url = await clarion.listening;
    [workerPid] = (await workersReady(clarion, 1, 30_000)) as [number];
  });
  afterAll(async () => {
    if (clarion) {
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
    await database?.close();
    await fresh?.drop();
    await apns?.close();
  });

  const scrape = async (): Promise<Sample[]> => {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return parseMetrics(await response.text());
  };
  const asKey = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
  const notify = async (key: string, body: Record<string, unknown>) => {
    const response = await fetch(`${url}/v1/notify`, { method: 'POST', headers: asKey(key), body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { id: string; status: string } };
  };

  it('needs Bearer METRICS_TOKEN: 401 UNAUTHENTICATED with WWW-Authenticate otherwise', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-some-length' }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN}x` }] as Record<string, string>[]) {
      const response = await fetch(`${url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(await response.text());
    // The default process metrics, and the pool of the API process and its worker.
    expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'clarion_db_pool_connections')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'clarion_fanout_shards_queued')).toBe(true);
  });

  it("counts a broadcast's pushes by result, exactly, though only the worker process sent them", async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const live = await seedAudience(database.sql, org.id, 24);
    // All-zero tokens are BadDeviceToken to the simulator; one more token is scripted to be Unregistered (410).
    const zeros = ['0'.repeat(64), '0'.repeat(66), '0'.repeat(68)];
    await database.sql.query(
      `WITH d AS (INSERT INTO devices (device_uuid, apns_token, platform) SELECT gen_random_uuid(), t, 'ios' FROM unnest($2::text[]) AS t RETURNING device_uuid)
       INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM d`,
      [org.id, zeros],
    );
    apns.script(live[0]!, { status: 410, reason: 'Unregistered' });
    const before = await scrape();

    const { status, body } = await notify(key, { body: 'Counted', target: 'all' });
    expect(status).toBe(202);
    const done = await waitFor(async () => {
      const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id: body.id } });
      return row.status === 'sending' ? undefined : row;
    }, 60_000);
    expect(done).toMatchObject({ status: 'completed', recipients: 27, sent: 23, failed: 4, failures: { BadDeviceToken: 3, Unregistered: 1 } });
    // The worker counts the broadcast's end just after its statement returns: wait for that, then compare exactly.
    const moved = (samples: Sample[], name: string, labels: Record<string, string>) => valueOf(samples, name, labels) - valueOf(before, name, labels);
    const after = await waitFor(async () => {
      const samples = await scrape();
      return moved(samples, 'clarion_broadcasts_total', { status: 'completed' }) >= 1 ? samples : undefined;
    });
    expect(moved(after, 'clarion_broadcasts_total', { status: 'completed' })).toBe(1);
    expect(moved(after, 'clarion_broadcasts_total', { status: 'failed' })).toBe(0);
    expect(moved(after, 'clarion_pushes_total', { result: 'sent' })).toBe(23);
    expect(moved(after, 'clarion_pushes_total', { result: 'BadDeviceToken' })).toBe(3);
    expect(moved(after, 'clarion_pushes_total', { result: 'Unregistered' })).toBe(1);
    expect(moved(after, 'clarion_pushes_total', {})).toBe(27);

    // Every page of it was sent and stored by the worker process, none by the API process that answers the scrape.
    // Log lines are written asynchronously (at most 100 ms late): wait for them.
    const storedPages = () => logLines(clarion.output()).filter((line) => line.message === 'shard page stored' && line.broadcast === body.id);
    const pages = await waitFor(() => (storedPages().length >= 6 ? storedPages() : undefined));
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(new Set(pages.map((line) => line.pid))).toEqual(new Set([workerPid]));
    expect(workerPid).not.toBe(clarion.child.pid);
  }, 90_000);

  it('labels requests with the route template, never a raw path or id', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const { body } = await notify(key, { body: 'Later', target: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await fetch(`${url}/v1/notifications/${body.id}`, { headers: asKey(key) })).status).toBe(200);
    const stray = crypto.randomUUID();
    expect((await fetch(`${url}/nowhere/${stray}`)).status).toBe(404);
    const samples = await scrape();
    expect(valueOf(samples, 'clarion_http_requests_total', { route: '/v1/notifications/:id', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'clarion_http_request_duration_seconds_count', { route: '/v1/notifications/:id', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'clarion_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'clarion_http_requests_total', { route: '/metrics', status: '401' })).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.filter((sample) => sample.name === 'clarion_http_requests_total').map((sample) => sample.labels.route));
    expect([...routes].every((route) => route === 'unmatched' || /^\/[a-z0-9/:]*$/.test(route!))).toBe(true);
    for (const sample of samples) expect(Object.values(sample.labels).join(' ')).not.toMatch(new RegExp(`${body.id}|${stray}|${org.slug}`));
  });

  it('counts a cancelled broadcast and a rate-limit refusal once each', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const before = await scrape();
    const { body } = await notify(key, { body: 'Never', target: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(body.status).toBe('scheduled');
    const cancelled = await fetch(`${url}/v1/notifications/${body.id}`, { method: 'DELETE', headers: asKey(key) });
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    // Cancelling again changes nothing, and counts nothing.
    expect((await fetch(`${url}/v1/notifications/${body.id}`, { method: 'DELETE', headers: asKey(key) })).status).toBe(200);
    // DEVICE_REGISTRATIONS_PER_MINUTE=1: the second registration from this address is refused.
    const register = () => fetch(`${url}/v1/devices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apnsToken: apnsToken(), platform: 'ios' }) });
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(429);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('clarion_broadcasts_total', { status: 'cancelled' })).toBe(1);
    expect(moved('clarion_broadcasts_total', {})).toBe(1);
    expect(moved('clarion_rate_limit_refusals_total', { limit: 'registerDevice' })).toBe(1);
    expect(moved('clarion_rate_limit_refusals_total', {})).toBe(1);
  });

  it('serves `npx clarion worker` metrics on METRICS_PORT, with the same token rule', async () => {
    const worker = spawn(process.execPath, ['bin/clarion.js', 'worker'], { cwd: root, env: { ...process.env, ...env, METRICS_PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    worker.stderr.on('data', (chunk) => (output += chunk));
    try {
      const metricsUrl = await waitFor(() => logLines(output).find((line) => line.message === 'metrics listening')?.url as string | undefined, 60_000);
      expect((await fetch(metricsUrl)).status).toBe(401);
      const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      const samples = parseMetrics(await response.text());
      expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(valueOf(samples, 'clarion_db_pool_connections')).toBeGreaterThan(0);
      worker.kill('SIGTERM');
      expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
    } finally {
      worker.kill('SIGKILL');
    }
  }, 90_000);
});
