// A worker killed with SIGKILL in the middle of a broadcast to iOS, Android and browsers: `npm start` replaces it,
// its shards finish from their last stored page, every device gets the push, and none more than twice (at most
// the pages the dead worker had sent and not stored). A 1,000-device Android broadcast goes through in shards with
// one access token. APNs, FCM and Web Push are the stand-ins, reached by the Clarion processes over TLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startMockApns, type MockApns } from './support/apns.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { seedAndroidAudience, seedWebAudience, startTestPlatforms, type TestPlatforms } from './support/platforms.ts';
import { logLines, notifyAt, runClarion, waitFor, workerPids, workersReady } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization } from './support/seed.ts';


describe('every platform through worker processes (npm start with FANOUT_WORKERS)', () => {
  let apns: MockApns;
  let platforms: TestPlatforms;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let env: Record<string, string>;
  let slowMs = 0;
  beforeAll(async () => {
    apns = await startMockApns({ fallback: () => (slowMs ? { status: 200, delayMs: slowMs } : undefined) });
    platforms = await startTestPlatforms({
      fcm: { keep: 5_000, answer: () => (slowMs ? { delayMs: slowMs } : undefined) },
      web: { keep: 5, answer: () => (slowMs ? { status: 201, delayMs: slowMs } : undefined) },
    });
    fresh = await freshPostgresDatabase();
    database = await openDatabase({ url: fresh.url, logger: testLogger });
    env = {
      DATABASE_URL: fresh.url, REDIS_URL: '', PORT: '0', DASHBOARD: 'off', LOG_LEVEL: 'debug', NOTIFY_WAIT_MS: '0',
      ...apns.processEnv, ...(await platforms.processEnv(apns.processEnv.NODE_EXTRA_CA_CERTS)),
    };
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
    await platforms?.close();
    await apns?.close();
  });

  const notify = async (url: string, key: string) => (await notifyAt(url, key, { body: 'Everyone', target: 'all' })).id;
  const ended = (id: string, ms: number) =>
    waitFor(async () => {
      const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id } });
      return row.status === 'sending' ? undefined : row;
    }, ms);

  it('a worker killed mid-broadcast: each device of each platform gets it, none more than twice, at most a page per run twice', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const ios = await seedAudience(database.sql, org.id, 400);
    const android = await seedAndroidAudience(database.sql, org.id, 400);
    const web = await seedWebAudience(database.sql, org.id, platforms, 400);
    const pageSize = 30;
    // Workers that run from the start: both are there to take shards from the first moment.
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '2', FANOUT_WORKER_IDLE_SECONDS: '0', FANOUT_SHARD_RUNS: '2', FANOUT_SHARD_SIZE: '150', FANOUT_PAGE_SIZE: String(pageSize), FANOUT_CONCURRENCY: '10' });
    try {
      const url = await clarion.listening;
      await workersReady(clarion, 2);
      slowMs = 15;
      const id = await notify(url, key);
      // Both workers (started on demand for it) have stored pages of it.
      const [victim, survivor] = await waitFor(async () => {
        const pids = await workerPids(clarion.child.pid!);
        const ran = new Set(logLines(clarion.output()).flatMap((line) => (line.message === 'shard page stored' ? [line.pid] : [])));
        return pids.length === 2 && pids.every((pid) => ran.has(pid)) ? pids : undefined;
      }, 30_000);
      expect((await database.prisma.broadcast.findUniqueOrThrow({ where: { id } })).status).toBe('sending');
      process.kill(victim!, 'SIGKILL');
      slowMs = 0;
      const done = await ended(id, 90_000);
      expect(done).toMatchObject({ status: 'completed', recipients: 1200, sent: 1200, failed: 0 });
      expect(done.byPlatform).toEqual({ 'ios.sent': 400, 'android.sent': 400, 'web.sent': 400 });
      const counts = [...ios.map((token) => apns.delivered(token).length), ...android.map((token) => platforms.fcm.received(token).length), ...web.map((endpoint) => platforms.web.count(endpoint))];
      expect(counts.filter((n) => n === 0)).toEqual([]);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
      // The killed worker had two shard runs, each with at most one page sent but not stored.
      expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(2 * pageSize);
      clarion.child.kill('SIGTERM');
      expect(await clarion.exited).toBe(0);
    } finally {
      slowMs = 0;
      clarion.child.kill('SIGKILL');
    }
  }, 180_000);

  it('sends 1,000 Android devices in shards across workers with one access token per process, each once', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const android = await seedAndroidAudience(database.sql, org.id, 1000);
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '2', FANOUT_WORKER_IDLE_SECONDS: '0', FANOUT_SHARD_SIZE: '100', FANOUT_PAGE_SIZE: '50' });
    try {
      const url = await clarion.listening;
      await waitFor(async () => ((await workerPids(clarion.child.pid!)).length === 2 ? true : undefined), 30_000);
      const issuedBefore = platforms.fcm.tokensIssued();
      const first = await ended(await notify(url, key), 60_000);
      expect(first).toMatchObject({ status: 'completed', sent: 1000, failed: 0 });
      expect(android.every((token) => platforms.fcm.received(token).length === 1)).toBe(true);
      // A second broadcast reuses the tokens the processes minted: no process asks twice within the hour.
      const second = await ended(await notify(url, key), 60_000);
      expect(second).toMatchObject({ status: 'completed', sent: 1000 });
      expect(platforms.fcm.tokensIssued() - issuedBefore).toBeLessThanOrEqual(3);
      clarion.child.kill('SIGTERM');
      expect(await clarion.exited).toBe(0);
    } finally {
      clarion.child.kill('SIGKILL');
    }
  }, 120_000);
});
