// Broadcasts as pg-boss jobs: shards shared by worker processes, a worker killed with SIGKILL, APNs failing
// under load, and scheduled and cancelled broadcasts, against the APNs stand-in and a real PostgreSQL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import type { Answer } from '../src/apns/simulator.ts';
import { QUEUES } from '../src/jobs/queue.ts';
import { withoutRetries } from './support/queues.ts';
import { startMockApns, TEST_TOPIC, type MockApns } from './support/apns.ts';
import { backends, freshPostgresDatabase, testLogger } from './support/backends.ts';
import { logLines, notifyAt, runClarion, waitFor, workerPids, workersReady } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite, startServer } from './support/server.ts';

const deliveries = (apns: MockApns, tokens: string[]) => tokens.map((token) => apns.delivered(token).length);


describe('broadcasts across worker processes (npm start with FANOUT_WORKERS)', () => {
  let apns: MockApns;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let env: Record<string, string>;
  let slowMs = 0;
  let outage = false;
  beforeAll(async () => {
    apns = await startMockApns({
      fallback: () => (outage ? { status: 503, reason: 'ServiceUnavailable' } : slowMs ? { status: 200, delayMs: slowMs } : undefined),
    });
    fresh = await freshPostgresDatabase();
    database = await openDatabase({ url: fresh.url, logger: testLogger });
    env = {
      DATABASE_URL: fresh.url, REDIS_URL: '', PORT: '0', DASHBOARD: 'off', LOG_LEVEL: 'debug', NOTIFY_WAIT_MS: '0',
      ...apns.processEnv,
    };
  });
  /** The broadcast once it is no longer sending (nor, with `alsoWaiting`, still in that state). */
  const ended = (id: string, ms: number, alsoWaiting = 'sending') =>
    waitFor(async () => {
      const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id } });
      return row.status === 'sending' || row.status === alsoWaiting ? undefined : row;
    }, ms);
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
    await apns?.close();
  });

  it('shares one broadcast between two workers; a worker killed with SIGKILL is replaced and its shards finish from their last page', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 3000);
    const pageSize = 50;
    // Workers that run from the start: both are there to take shards from the first moment (test/worker-demand.test.ts
    // covers workers started on demand).
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '2', FANOUT_WORKER_IDLE_SECONDS: '0', FANOUT_SHARD_RUNS: '2', FANOUT_SHARD_SIZE: '200', FANOUT_PAGE_SIZE: String(pageSize), FANOUT_CONCURRENCY: '10' });
    try {
      const url = await clarion.listening;
      await workersReady(clarion, 2);
      slowMs = 15;
      const { status, id } = await notifyAt(url, key, { body: 'Shared', target: 'all' });
      expect(status).toBe(202);
      const progress = () => database.prisma.broadcast.findUniqueOrThrow({ where: { id } });
      // Both workers (started on demand for it) have sent pages of it before one of them dies.
      const [victim, survivor] = await waitFor(async () => {
        const pids = await workerPids(clarion.child.pid!);
        const ran = new Set(logLines(clarion.output()).flatMap((line) => (line.message === 'shard page stored' ? [line.pid] : [])));
        return pids.length === 2 && pids.every((pid) => ran.has(pid)) ? pids : undefined;
      }, 30_000);
      expect((await progress()).status).toBe('sending');
      process.kill(victim!, 'SIGKILL');
      const killedAt = Date.now();
      slowMs = 0;
      const done = await ended(id, 90_000);
      expect(done).toMatchObject({ status: 'completed', recipients: 3000, sent: 3000, failed: 0 });
      expect(done.finishedAt!.getTime() - killedAt).toBeLessThan(60_000);
      const counts = deliveries(apns, tokens);
      expect(counts.filter((n) => n === 0)).toEqual([]);
      // The killed worker had two shard runs, each with at most one page sent but not stored.
      expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(2 * pageSize);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
      // The supervisor started a worker in the dead one's place.
      const replaced = await waitFor(async () => {
        const pids = await workerPids(clarion.child.pid!);
        return pids.length === 2 && !pids.includes(victim!) ? pids : undefined;
      }, 30_000);
      expect(replaced).toContain(survivor);
      expect(await waitFor(() => clarion.output().includes('fan-out worker stopped; starting another') || undefined)).toBe(true);
      clarion.child.kill('SIGTERM');
      expect(await clarion.exited).toBe(0);
      expect(await workerPids(clarion.child.pid!)).toEqual([]);
    } finally {
      slowMs = 0;
      clarion.child.kill('SIGKILL');
    }
  }, 180_000);

  it('shares a broadcast with `npx clarion worker` processes on the same database', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 1500);
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '1', FANOUT_SHARD_SIZE: '50', FANOUT_PAGE_SIZE: '25', FANOUT_CONCURRENCY: '5' });
    const standalone = spawn(process.execPath, ['bin/clarion.js', 'worker'], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, FANOUT_POLL_SECONDS: '0.5', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let standaloneOutput = '';
    standalone.stderr.on('data', (chunk) => (standaloneOutput += chunk));
    try {
      const url = await clarion.listening;
      await waitFor(() => (standaloneOutput.includes('fan-out worker ready') ? true : undefined), 60_000);
      // Slow enough that the standalone worker's poll (every 0.5 s) comes while shards are left: the server wakes
      // its own worker at once, and would otherwise send all of them first. One worker alone takes about 15 s (with
      // 600 devices at 40 ms it took 2.4 s, and on a loaded machine it sometimes finished before the standalone one polled).
      slowMs = 100;
      const { id } = await notifyAt(url, key, { body: 'Many hands', target: 'all' });
      const done = await ended(id, 90_000);
      expect(done).toMatchObject({ status: 'completed', sent: 1500 });
      expect(deliveries(apns, tokens).every((n) => n === 1)).toBe(true);
      // Both the server's worker and the standalone one stored pages of it.
      const storedPage = (output: string) => logLines(output).some((line) => line.message === 'shard page stored' && line.broadcast === id);
      // Log lines are written asynchronously (at most 100 ms late): wait for them.
      expect(await waitFor(() => storedPage(standaloneOutput) || undefined)).toBe(true);
      expect(await waitFor(() => storedPage(clarion.output()) || undefined)).toBe(true);
      standalone.kill('SIGTERM');
      expect(await new Promise((resolve) => standalone.once('exit', resolve))).toBe(0);
    } finally {
      slowMs = 0;
      standalone.kill('SIGKILL');
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
  }, 120_000);

  it('wakes its workers for a broadcast it planned: they take its shards at once, not at their next poll', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 200);
    // A poll every 10 minutes: only the wake-up can get the shards sent within the test's time.
    // Workers that run from the start (not on demand): the wake-up is a message to a running worker.
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '1', FANOUT_WORKER_IDLE_SECONDS: '0', FANOUT_POLL_SECONDS: '600', FANOUT_SHARD_SIZE: '50', FANOUT_PAGE_SIZE: '25' });
    try {
      const url = await clarion.listening;
      await waitFor(async () => ((await workerPids(clarion.child.pid!)).length === 1 && clarion.output().includes('fan-out worker ready') ? true : undefined), 30_000);
      const { id } = await notifyAt(url, key, { body: 'Wake up', target: 'all' });
      const done = await ended(id, 60_000);
      expect(done).toMatchObject({ status: 'completed', sent: 200 });
      expect(deliveries(apns, tokens).every((n) => n === 1)).toBe(true);
    } finally {
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
  }, 120_000);

  it('loses nothing when every Clarion process is killed while APNs is down: the next start sends every device once', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 400);
    outage = true;
    const first = runClarion({ ...env, FANOUT_WORKERS: '1', FANOUT_SHARD_SIZE: '100', FANOUT_PAGE_SIZE: '50' });
    let id: string;
    try {
      const url = await first.listening;
      ({ id } = await notifyAt(url, key, { body: 'Storm', target: 'all' }));
      // APNs is down: the broadcast waits, its pushes held back in broadcast_retries.
      await waitFor(async () => ((await database.prisma.broadcast.findUniqueOrThrow({ where: { id } })).waitingSince ? true : undefined), 30_000);
      expect(await database.prisma.broadcastRetry.count({ where: { broadcastId: id } })).toBeGreaterThan(0);
      for (const pid of await workerPids(first.child.pid!)) process.kill(pid, 'SIGKILL');
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      first.child.kill('SIGKILL');
      outage = false;
    }
    expect(tokens.filter((token) => apns.delivered(token).length > 0)).toEqual([]);
    const second = runClarion({ ...env, FANOUT_WORKERS: '1' });
    try {
      await second.listening;
      const done = await ended(id, 120_000);
      expect(done).toMatchObject({ status: 'completed', sent: 400, failed: 0, waitingSince: null });
      expect(tokens.map((token) => apns.delivered(token).length).every((n) => n === 1)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);

  it('sends a scheduled broadcast that was accepted before a restart', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 3);
    const first = runClarion({ ...env, FANOUT_WORKERS: '0' });
    let id: string;
    try {
      const url = await first.listening;
      const sendAt = new Date(Date.now() + 4_000).toISOString();
      const accepted = await notifyAt(url, key, { body: 'Later', target: 'all', sendAt });
      expect(accepted.status).toBe(202);
      id = accepted.id;
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
    }
    expect(deliveries(apns, tokens)).toEqual([0, 0, 0]);
    expect((await database.prisma.broadcast.findUniqueOrThrow({ where: { id } })).status).toBe('scheduled');
    const second = runClarion({ ...env, FANOUT_WORKERS: '1' });
    try {
      await second.listening;
      const done = await ended(id, 60_000, 'scheduled');
      expect(done).toMatchObject({ status: 'completed', sent: 3, recipients: 3 });
      expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.sendAt!.getTime());
      expect(deliveries(apns, tokens)).toEqual([1, 1, 1]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});

describe.each(backends)('scheduled, cancelled and faulty broadcasts on $name', (backend) => {
  let chaos = false;
  let rolls = 0;
  // While `chaos` is on: 30% 503s, and every 50th push drops its connection.
  const fallback = (): Answer => {
    if (!chaos) return undefined;
    rolls += 1;
    if (rolls % 50 === 0) return { drop: true };
    return Math.random() < 0.3 ? { status: 503, reason: 'ServiceUnavailable' } : undefined;
  };
  const suite = serveDuringSuite(backend, { fanoutShardSize: 100 }, { apns: true, fanout: { pageSize: 20, concurrency: 20, shardRuns: 3 } });
  let apns: MockApns;
  beforeAll(async () => {
    apns = await startMockApns({ maxAttempts: 12, fallback });
  });
  afterAll(async () => {
    await apns?.close();
  });

  async function audience(count: number) {
    const org = await seedOrganization(suite.server.db);
    const { key } = await seedKey(suite.server.db, org.slug, 'live');
    const tokens = await seedAudience(suite.storage.database.sql, org.id, count);
    return { org, tokens, auth: { authorization: `Bearer ${key}` } };
  }

  it('sends every device at most twice, in shards, through 30% 503s and dropped connections; a push cut twice is counted ambiguous', async () => {
    // A database of its own: no other server's workers take these shards.
    const storage = await backend.open();
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC, fanoutShardSize: 100, notifyWaitMs: 0 }, apns.send, { pageSize: 20, concurrency: 20, shardRuns: 3 });
    const org = await seedOrganization(server.db);
    const { key } = await seedKey(server.db, org.slug, 'live');
    const tokens = await seedAudience(storage.database.sql, org.id, 1000);
    const auth = { authorization: `Bearer ${key}` };
    chaos = true;
    try {
      const response = await server.post('/v1/notify', { body: 'Stormy', target: 'all' }, auth);
      expect(response.status).toBe(202);
      const done = await waitFor(async () => {
        const row = await server.db.broadcast.findUniqueOrThrow({ where: { id: response.body.id }, include: { shards: true } });
        return row.status === 'sending' ? undefined : row;
      }, 120_000);
      // A push whose connection dropped after it was sent may have arrived: it is sent once more, and a second
      // drop leaves it "ambiguous" (counted failed), never a third copy. 503s are sent again until they pass.
      const ambiguous = (done.failures as Record<string, number>).ambiguous ?? 0;
      expect(done).toMatchObject({ status: 'completed', recipients: 1000, sent: 1000 - ambiguous, failed: ambiguous });
      expect(Object.keys(done.failures as object).filter((reason) => reason !== 'ambiguous')).toEqual([]);
      // Ten shards' worth: the first two full, the last eight's worth cut ever finer (src/fanout/audience.ts, TAPER).
      const sizes = [...done.shards].sort((a, b) => a.index - b.index).map((shard) => shard.sent + shard.failed);
      expect(done.shards.every((shard) => shard.status === 'done')).toBe(true);
      expect(sizes.slice(0, 2)).toEqual([100, 100]);
      expect(sizes.reduce((sum, n) => sum + n)).toBe(1000);
      expect(sizes.length).toBeGreaterThan(10);
      expect(sizes.slice(2).every((n, i, tail) => n < 100 && (i === 0 || n <= tail[i - 1]!))).toBe(true);
      expect(rolls).toBeGreaterThan(1000);
      const counts = deliveries(apns, tokens);
      expect(counts.filter((n) => n === 0).length).toBeLessThanOrEqual(ambiguous);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
      // A dropped connection can lose answers to pushes Apple had accepted; those are sent again (as Apple allows).
      expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(Math.ceil(rolls / 50) * 20);
      expect(await server.db.device.count({ where: { tokenInvalidatedAt: { not: null }, subscriptions: { some: { organizationId: org.id } } } })).toBe(0);
    } finally {
      chaos = false;
      await server.close();
      await storage.close();
    }
  }, 150_000);

  it('schedules a broadcast with sendAt: 202 "scheduled", then sent at its time', async () => {
    const { tokens, auth } = await audience(2);
    const sendAt = new Date(Date.now() + 1_500).toISOString();
    const response = await suite.server.post('/v1/notify', { body: 'At noon', target: 'all', sendAt }, auth);
    expect(response.status).toBe(202);
    expect(response.headers.get('location')).toBe(`/v1/notifications/${response.body.id}`);
    expect(response.body).toMatchObject({ status: 'scheduled', sendAt, sent: 0, finishedAt: null });
    expect(deliveries(suite.apns, tokens)).toEqual([0, 0]);
    const done = await waitFor(async () => {
      const answer = await suite.server.get(`/v1/notifications/${response.body.id}`, auth);
      return answer.body.status === 'completed' ? answer.body : undefined;
    }, 30_000);
    expect(done).toMatchObject({ sent: 2, sendAt });
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(sendAt));
    expect(deliveries(suite.apns, tokens)).toEqual([1, 1]);
  });

  it('fails a scheduled broadcast whose start keeps failing (pg-boss dead letter) instead of leaving it scheduled', async () => {
    const { tokens, auth } = await audience(2);
    // Without retries, so that the start reaches the dead letter at once (this test file's database only).
    await withoutRetries(suite.server.boss, QUEUES.start, async (queue) => {
      expect(queue).toMatchObject({ retryLimit: 10, deadLetter: QUEUES.startGaveUp });
      const response = await suite.server.post('/v1/notify', { body: 'Never', target: 'all', sendAt: new Date(Date.now() + 1_500).toISOString() }, auth);
      expect(response.status).toBe(202);
      // A stored request no client could have sent: the start throws, as a fault in Clarion would.
      await suite.storage.database.sql.query(`UPDATE broadcasts SET request = jsonb_set(request, '{externalIds}', '"x"') WHERE id = $1`, [response.body.id]);
      // Read from the table: the corrupted request is not one the API's view can show either.
      const failed = await waitFor(async () => {
        const row = await suite.server.db.broadcast.findUniqueOrThrow({ where: { id: response.body.id } });
        return row.status === 'scheduled' ? undefined : row;
      }, 30_000);
      expect(failed).toMatchObject({ status: 'failed', sent: 0, finishedAt: expect.any(Date), error: { code: 'START_FAILED', message: expect.stringMatching(/could not be started after repeated retries: .*malformed array literal/) } });
      expect(deliveries(suite.apns, tokens)).toEqual([0, 0]);
    });
  });

  it('refuses a sendAt that is malformed, in the past, too far ahead, or from a test key', async () => {
    const { org, auth } = await audience(1);
    const test = await seedKey(suite.server.db, org.slug, 'test');
    for (const sendAt of ['tomorrow', '2026-12-24', '2026-12-24T18:00:00', 42, new Date(Date.now() + 31 * 86_400_000).toISOString(), new Date(Date.now() - 3_600_000).toISOString()]) {
      const refused = await suite.server.post('/v1/notify', { body: 'x', target: 'all', sendAt }, auth);
      expect(refused.status, String(sendAt)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'sendAt' });
    }
    const fromTest = await suite.server.post('/v1/notify', { body: 'x', target: 'all', sendAt: new Date(Date.now() + 60_000).toISOString() }, { authorization: `Bearer ${test.key}` });
    expect(fromTest.status).toBe(400);
    expect(fromTest.body.error).toMatchObject({ field: 'sendAt', message: expect.stringContaining('test') });
    expect(await suite.server.db.broadcast.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it('cancels a scheduled broadcast: it never sends; cancelling again answers the same; a finished one is a 409', async () => {
    const { tokens, auth } = await audience(2);
    const sendAt = new Date(Date.now() + 1_500).toISOString();
    const scheduled = await suite.server.post('/v1/notify', { body: 'Never', target: 'all', sendAt }, auth);
    const cancelled = await suite.server.request('DELETE', `/v1/notifications/${scheduled.body.id}`, { headers: auth });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: scheduled.body.id, status: 'cancelled', sent: 0, finishedAt: expect.any(String) });
    const again = await suite.server.request('DELETE', `/v1/notifications/${scheduled.body.id}`, { headers: auth });
    expect(again).toMatchObject({ status: 200, body: cancelled.body });
    // Past its time, still nothing sent.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(sendAt) - Date.now() + 1_500));
    expect((await suite.server.get(`/v1/notifications/${scheduled.body.id}`, auth)).body.status).toBe('cancelled');
    expect(deliveries(suite.apns, tokens)).toEqual([0, 0]);

    const sent = await suite.server.post('/v1/notify', { body: 'Done', target: 'all' }, auth);
    expect(sent.body.status).toBe('completed');
    const late = await suite.server.request('DELETE', `/v1/notifications/${sent.body.id}`, { headers: auth });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already completed') });
    expect((await suite.server.request('DELETE', '/v1/notifications/not-an-id', { headers: auth })).status).toBe(404);
    const other = await audience(1);
    expect((await suite.server.request('DELETE', `/v1/notifications/${sent.body.id}`, { headers: other.auth })).status).toBe(404);
    expect((await suite.server.request('DELETE', `/v1/notifications/${sent.body.id}`)).status).toBe(401);
  });

  it('cancels a sending broadcast: no new page starts, and the answer says how many were sent', async () => {
    // A database of its own: only this server's two shard runs, with pages of 5, take these shards.
    const storage = await backend.open();
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC, fanoutShardSize: 20, notifyWaitMs: 0 }, suite.apns.send, { pageSize: 5, concurrency: 5, shardRuns: 2 });
    try {
      const org = await seedOrganization(server.db);
      const { key } = await seedKey(server.db, org.slug, 'live');
      const tokens = await seedAudience(storage.database.sql, org.id, 60);
      const auth = { authorization: `Bearer ${key}` };
      for (const token of tokens) suite.apns.script(token, { status: 200, delayMs: 200 });
      const response = await server.post('/v1/notify', { body: 'Stop it', target: 'all' }, auth);
      expect(response.status).toBe(202);
      await waitFor(async () => ((await server.db.broadcast.findUniqueOrThrow({ where: { id: response.body.id } })).sent >= 5 ? true : undefined), 30_000);
      const cancelled = await server.request('DELETE', `/v1/notifications/${response.body.id}`, { headers: auth });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(cancelled.body.sent).toBeGreaterThanOrEqual(5);
      // The pages in flight finish and are counted; then nothing more is sent, and the other shards never start.
      await waitFor(async () => {
        const shards = await server.db.broadcastShard.findMany({ where: { broadcastId: response.body.id } });
        return shards.every((shard) => shard.status === 'done') ? true : undefined;
      }, 30_000);
      const final = await server.db.broadcast.findUniqueOrThrow({ where: { id: response.body.id } });
      expect(final.status).toBe('cancelled');
      expect(final.sent).toBeLessThan(60);
      // At most one page in flight per shard run, and two runs.
      expect(final.sent - cancelled.body.sent).toBeLessThanOrEqual(2 * 5);
      expect(deliveries(suite.apns, tokens).reduce((a, b) => a + b, 0)).toBe(final.sent);
    } finally {
      await server.close();
      await storage.close();
    }
  });
});
