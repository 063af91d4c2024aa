// Workers on demand (FANOUT_WORKER_IDLE_SECONDS, the default): `npm start` runs no worker until there is work,
// starts them for a broadcast it plans and for work the job queue holds (a scheduled start come due), and lets them
// leave when they have had nothing to do; nothing is lost or sent twice across their comings and goings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startMockApns, type MockApns } from './support/apns.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { parseMetrics, valueOf } from './support/metrics.ts';
import { logLines, notifyAt, runClarion, waitFor, workerPids } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization } from './support/seed.ts';

/** A broadcast accepted to be sent by the workers (202): its id. */
async function accepted(url: string, key: string, body: Record<string, unknown>) {
  const { status, id } = await notifyAt(url, key, body);
  expect(status).toBe(202);
  return id;
}

describe('fan-out workers on demand (npm start, FANOUT_WORKER_IDLE_SECONDS)', () => {
  let apns: MockApns;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let env: Record<string, string>;
  beforeAll(async () => {
    apns = await startMockApns({ fallback: () => ({ status: 200, delayMs: 5 }) });
    fresh = await freshPostgresDatabase();
    database = await openDatabase({ url: fresh.url, logger: testLogger });
    env = { DATABASE_URL: fresh.url, REDIS_URL: '', PORT: '0', DASHBOARD: 'off', LOG_LEVEL: 'debug', NOTIFY_WAIT_MS: '0', ...apns.processEnv };
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
    await apns?.close();
  });
  const ended = (id: string, ms: number) =>
    waitFor(async () => {
      const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id } });
      return row.status === 'sending' || row.status === 'scheduled' ? undefined : row;
    }, ms);
  const messages = (output: string) => logLines(output).map((line) => line.message);

  it('runs no worker until a broadcast, starts them for it, lets them leave when idle, and starts them again for the next', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 400);
    // A poll every 10 minutes: only the server's own start-up of its workers can get the shards sent in time.
    const metricsToken = 'metrics-test-token-0123456789abcdef';
    const clarion = runClarion({ ...env, METRICS_TOKEN: metricsToken, FANOUT_WORKERS: '2', FANOUT_WORKER_IDLE_SECONDS: '2', FANOUT_POLL_SECONDS: '600', FANOUT_SHARD_SIZE: '50', FANOUT_PAGE_SIZE: '25' });
    const pushes = async (url: string) => {
      const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      return valueOf(parseMetrics(await response.text()), 'clarion_pushes_total', { result: 'sent' });
    };
    try {
      const url = await clarion.listening;
      expect(messages(clarion.output())).toContain('fan-out workers start when there is work');
      expect(await workerPids(clarion.child.pid!)).toEqual([]);

      const first = await ended(await accepted(url, key, { body: 'First', target: 'all' }), 60_000);
      expect(first).toMatchObject({ status: 'completed', sent: 400, failed: 0 });
      expect(tokens.every((token) => apns.delivered(token).length === 1)).toBe(true);
      // The workers sent it, not the server (log lines come up to 100 ms late: wait for them).
      const stored = await waitFor(() => {
        const pids = new Set(logLines(clarion.output()).flatMap((line) => (line.message === 'shard page stored' ? [line.pid] : [])));
        return pids.size ? pids : undefined;
      });
      expect(stored.has(clarion.child.pid!)).toBe(false);

      // Idle for 2 s, each leaves on its own: no error, no replacement.
      await waitFor(async () => ((await workerPids(clarion.child.pid!)).length === 0 ? true : undefined), 30_000);
      await waitFor(() => (messages(clarion.output()).filter((m) => m === 'fan-out worker left, idle').length === 2 ? true : undefined), 10_000);
      expect(messages(clarion.output())).not.toContain('fan-out worker stopped; starting another');
      // The workers that sent them are gone; what they counted is still in the instance's totals.
      expect(await pushes(url)).toBe(400);

      const second = await ended(await accepted(url, key, { body: 'Second', target: 'all' }), 60_000);
      expect(second).toMatchObject({ status: 'completed', sent: 400, failed: 0 });
      expect(tokens.every((token) => apns.delivered(token).length === 2)).toBe(true);
      // Live workers' counts and those of the workers that left, together (the live ones count as their pages end).
      expect(await waitFor(async () => ((await pushes(url)) === 800 ? true : undefined), 10_000)).toBe(true);
      clarion.child.kill('SIGTERM');
      expect(await clarion.exited).toBe(0);
      expect(await workerPids(clarion.child.pid!)).toEqual([]);
    } finally {
      clarion.child.kill('SIGKILL');
    }
  }, 120_000);

  it('starts one worker per shard it plans, not every free place', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 80);
    // Three places and a broadcast of two shards; no poll in the test's time that could start more.
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '3', FANOUT_WORKER_IDLE_SECONDS: '60', FANOUT_POLL_SECONDS: '600', FANOUT_SHARD_SIZE: '50' });
    try {
      const url = await clarion.listening;
      const done = await ended(await accepted(url, key, { body: 'Two shards', target: 'all' }), 60_000);
      expect(done).toMatchObject({ status: 'completed', sent: 80, failed: 0 });
      expect(tokens.every((token) => apns.delivered(token).length === 1)).toBe(true);
      expect(await workerPids(clarion.child.pid!)).toHaveLength(2);
    } finally {
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
  }, 120_000);

  it('starts a worker for a scheduled broadcast that comes due while none runs', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, 120);
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '1', FANOUT_WORKER_IDLE_SECONDS: '30', FANOUT_POLL_SECONDS: '0.5', FANOUT_SHARD_SIZE: '50' });
    try {
      const url = await clarion.listening;
      const id = await accepted(url, key, { body: 'Later', target: 'all', sendAt: new Date(Date.now() + 10_000).toISOString() });
      expect(await workerPids(clarion.child.pid!)).toEqual([]);
      const done = await ended(id, 60_000);
      expect(done).toMatchObject({ status: 'completed', sent: 120, failed: 0 });
      expect(tokens.every((token) => apns.delivered(token).length === 1)).toBe(true);
      // The worker the queue's job brought took the start.
      const [worker] = await workerPids(clarion.child.pid!);
      expect(worker).toBeDefined();
      // Log lines are written up to 100 ms late: wait for it.
      expect(await waitFor(() => logLines(clarion.output()).some((line) => line.message === 'shard page stored' && line.pid === worker) || undefined)).toBe(true);
    } finally {
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
  }, 120_000);

  it('polls for work on one PostgreSQL connection while idle, instead of opening one per poll', async () => {
    // A poll every 2 s (the default): a connection closed after 1 s unused would be a new PostgreSQL backend per poll.
    const clarion = runClarion({ ...env, FANOUT_WORKERS: '1', FANOUT_POLL_SECONDS: '2' });
    try {
      await clarion.listening;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const { since } = (await database.sql.query<{ since: Date }>('SELECT now() AS since'))[0]!;
      const ours = new Set((await database.sql.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((row) => row.pid));
      // Every backend started for this database in the next 10 s (five polls), by anyone but this test. One poll met by
      // the queue's maintenance or its schedule check can need a second connection for a moment.
      const started = new Set<number>();
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 200))) {
        const rows = await database.sql.query<{ pid: number; backend_start: Date }>('SELECT pid, backend_start FROM pg_stat_activity WHERE datname = current_database()');
        for (const row of rows) if (row.backend_start >= since && !ours.has(row.pid)) started.add(row.pid);
      }
      expect(started.size).toBeLessThanOrEqual(2);
      expect(await workerPids(clarion.child.pid!)).toEqual([]);
    } finally {
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
  }, 60_000);
});
