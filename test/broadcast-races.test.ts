// A broadcast's totals when it ends (cancelled, or failed by another run's breaker) while a run writes its last page.
// The run reads the broadcast as sending, its own fold is skipped (the ending transaction holds the row), and its page
// commits after the ending transaction's fold has read the shards: whoever next closes the shard or asks whether the
// broadcast has ended folds it in, waiting. And an open reported before the pages' counts are folded is counted.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apnsChannel } from '../src/apns/platform.ts';
import type { SqlTransaction } from '../src/db/sql.ts';
import { cancelBroadcast } from '../src/domain/broadcasts/history.ts';
import { recordOpen } from '../src/domain/insights/opens.ts';
import { finishIfDone } from '../src/fanout/broadcast-end.ts';
import { createCircuit } from '../src/fanout/circuit.ts';
import { createFanout } from '../src/fanout/fanout.ts';
import { claimShard, endShard, handOff, holdShard, stopBroadcast, storePage } from '../src/fanout/shards.ts';
import { startBroadcast } from '../src/fanout/starts.ts';
import { foldTotals } from '../src/fanout/totals.ts';
import { pause } from './support/pause.ts';
import { queueDuringSuite } from './support/queues.ts';
import { backends, testLogger } from './support/backends.ts';
import { apnsToken, seedAudience, seedOrganization } from './support/seed.ts';
import { TEST_PLATFORM } from './support/server.ts';

const NIL = '00000000-0000-0000-0000-000000000000';
/** A page's progress: `sent` delivered, `failed` refused as BadDeviceToken, all on iOS. */
function page(sent: number, failed = 0) {
  const failures: Record<string, number> = {};
  const byPlatform: Record<string, number> = {};
  if (failed) failures.BadDeviceToken = byPlatform['ios.failed'] = failed;
  if (sent) byPlatform['ios.sent'] = sent;
  return { cursor: null, sent, failed, failures, byPlatform, done: false };
}

describe.each(backends)('a broadcast ending while a run stores its last page, on $name', (backend) => {
  const suite = queueDuringSuite(backend);

  async function sendingBroadcast(shards: number) {
    const org = await seedOrganization(suite.storage.database.prisma);
    const broadcast = await suite.storage.database.prisma.broadcast.create({
      data: {
        organizationId: org.id, status: 'sending', recipients: 10, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } },
        shards: { create: Array.from({ length: shards }, (_, index) => ({ index, after: NIL })) },
      },
    });
    const jobs = Array.from({ length: shards }, (_, index) => ({ broadcastId: broadcast.id, index }));
    const holders = jobs.map(() => randomUUID());
    for (const [i, job] of jobs.entries()) expect(await claimShard(suite.storage.database.sql, job, randomUUID(), holders[i]!)).not.toBeNull();
    return { org, broadcast, jobs, holders };
  }

  async function totals(organizationId: string, broadcastId: string) {
    const row = await suite.storage.database.prisma.broadcast.findUniqueOrThrow({ where: { id: broadcastId } });
    const [day] = await suite.storage.database.sql.query<{ sent: number; failed: number }>(`SELECT sent, failed FROM organization_days WHERE organization_id = $1`, [organizationId]);
    return { status: row.status, sent: row.sent, failed: row.failed, byPlatform: row.byPlatform, day: { sent: day?.sent ?? 0, failed: day?.failed ?? 0 } };
  }

  /** The backend of a transaction, for blockedBy. */
  async function backendOf(tx: SqlTransaction) {
    const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return row!.pid;
  }

  /** Resolves once `n` sessions wait for a lock the session `pid` holds, or once one of `racing` has settled. */
  async function blockedBy(pid: number, n: number, racing: Promise<unknown>[]) {
    let over = false;
    void Promise.race(racing).finally(() => (over = true)).catch(() => {});
    while (!over) {
      const [row] = await suite.storage.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [pid]);
      if (row!.n >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** cancelBroadcast held just before its NOTIFY: after its fold, before its commit. */
  function heldCancel(organizationId: string, broadcastId: string) {
    const { database } = suite.storage;
    const { reached, arrived, gate, release } = pause();
    let pid = 0;
    const held = {
      transaction: <T>(work: (tx: SqlTransaction) => Promise<T>) =>
        database.transaction(async (tx) => {
          pid = await backendOf(tx);
          return work({
            ...tx,
            query: async (text: string, params?: unknown[]) => {
              if (text.includes('pg_notify')) {
                arrived();
                await gate;
              }
              return tx.query(text, params);
            },
          } as SqlTransaction);
        }),
    };
    const cancelling = cancelBroadcast({ sql: database.sql, database: held, boss: suite.boss }, organizationId, broadcastId);
    return { reached: reached.then(() => pid), release, cancelling };
  }

  it('makes a page stored while the cancel commits wait for it and read the broadcast cancelled, then counts it', async () => {
    const { database } = suite.storage;
    const { org, broadcast, jobs, holders } = await sendingBroadcast(2);
    const { reached, release, cancelling } = heldCancel(org.id, broadcast.id);
    const cancel = await reached;

    // Run 0 stores a page in one statement, run 1 in a transaction: each began reading the broadcast as sending.
    const plain = storePage(database.sql, jobs[0]!, holders[0]!, page(7));
    const inTransaction = database.transaction(async (tx) => {
      if (!(await holdShard(tx, jobs[1]!, holders[1]!))) return 'fenced';
      return (await storePage(tx, jobs[1]!, holders[1]!, page(2)))?.status;
    });
    await blockedBy(cancel, 2, [plain, inTransaction]);
    release();
    expect((await cancelling).ok).toBe(true);
    expect(await totals(org.id, broadcast.id)).toMatchObject({ status: 'cancelled', sent: 0 });
    // Both read it cancelled, so neither run starts another page.
    expect((await plain)?.status).toBe('cancelled');
    expect(await inTransaction).toBe('cancelled');

    // The runs find the broadcast cancelled: they close their shards and fold their pages in.
    const fanout = createFanout({
      database, boss: suite.boss, logger: testLogger, pageSize: 2, concurrency: 2, shardSize: 100, retryWindowMs: 60_000,
      channels: { ios: apnsChannel({ send: async () => ({ ok: true }), platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }) },
    });
    for (const job of jobs) {
      await database.transaction((tx) => handOff(tx, suite.boss, job, holders[job.index]!));
      await fanout.runShard(job, randomUUID());
    }
    expect(await totals(org.id, broadcast.id)).toEqual({ status: 'cancelled', sent: 9, failed: 0, byPlatform: { 'ios.sent': 9 }, day: { sent: 9, failed: 0 } });
    const shards = await database.sql.query<{ status: string }>(`SELECT status::text FROM broadcast_shards WHERE broadcast_id = $1`, [broadcast.id]);
    expect(shards.map((shard) => shard.status)).not.toContain('pending');
  });

  it("waits for a page being stored when it is cancelled, and counts it in the cancel's answer", async () => {
    const { database } = suite.storage;
    const { org, broadcast, jobs, holders } = await sendingBroadcast(1);
    const { reached, arrived, gate, release } = pause();
    let storer = 0;
    const storing = database.transaction(async (tx) => {
      storer = await backendOf(tx);
      expect(await holdShard(tx, jobs[0]!, holders[0]!)).toBe(true);
      const stored = await storePage(tx, jobs[0]!, holders[0]!, page(7));
      arrived();
      await gate;
      return stored?.status;
    });
    await reached;
    const cancelling = cancelBroadcast({ sql: database.sql, database, boss: suite.boss }, org.id, broadcast.id);
    await blockedBy(storer, 1, [cancelling]);
    release();
    // The page committed first, read as sending: the run sends the one page it then has in flight, no more.
    expect(await storing).toBe('sending');
    const answer = await cancelling;
    expect(answer.ok && answer.value).toMatchObject({ status: 'cancelled', sent: 7 });
    expect(await totals(org.id, broadcast.id)).toMatchObject({ status: 'cancelled', sent: 7, day: { sent: 7, failed: 0 } });
  });

  it('makes a claim that waited for the cancel read the broadcast cancelled', async () => {
    const { database } = suite.storage;
    const { org, broadcast, jobs, holders } = await sendingBroadcast(1);
    await database.transaction((tx) => handOff(tx, suite.boss, jobs[0]!, holders[0]!));
    const { reached, release, cancelling } = heldCancel(org.id, broadcast.id);
    const cancel = await reached;
    const claiming = claimShard(database.sql, jobs[0]!, randomUUID(), randomUUID());
    await blockedBy(cancel, 1, [claiming]);
    release();
    expect((await cancelling).ok).toBe(true);
    expect((await claiming)?.broadcastStatus).toBe('cancelled');
  });

  it('sees the shards of a start it waited for, and flags them', async () => {
    const { database } = suite.storage;
    const org = await seedOrganization(database.prisma);
    await seedAudience(database.sql, org.id, 5);
    const broadcast = await database.prisma.broadcast.create({
      data: { organizationId: org.id, status: 'scheduled', sendAt: new Date(Date.now() + 60_000), request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } } },
    });
    const { reached, arrived, gate, release } = pause();
    let starter = 0;
    const starting = database.transaction(async (tx) => {
      starter = await backendOf(tx);
      const shards = await startBroadcast(tx, suite.boss, broadcast.id, 2);
      arrived();
      await gate;
      return shards;
    });
    await reached;
    const cancelling = cancelBroadcast({ sql: database.sql, database, boss: suite.boss }, org.id, broadcast.id);
    await blockedBy(starter, 1, [cancelling]);
    release();
    expect((await starting)?.shards).toBe(3);
    const answer = await cancelling;
    expect(answer.ok && answer.value.status).toBe('cancelled');
    const shards = await database.sql.query<{ cancelled: boolean }>(`SELECT cancelled FROM broadcast_shards WHERE broadcast_id = $1`, [broadcast.id]);
    expect(shards.map((shard) => shard.cancelled)).toEqual([true, true, true]);
  });

  it("leaves no shard flagged when a run's breaker failed the broadcast while the cancel waited for its shard", async () => {
    const { database } = suite.storage;
    const { org, broadcast, jobs, holders } = await sendingBroadcast(2);
    const { reached, arrived, gate, release } = pause();
    let failer = 0;
    const failing = database.transaction(async (tx) => {
      failer = await backendOf(tx);
      expect(await holdShard(tx, jobs[1]!, holders[1]!)).toBe(true);
      await storePage(tx, jobs[1]!, holders[1]!, page(0, 3));
      const end = await stopBroadcast(tx, suite.boss, jobs[1]!, holders[1]!, { code: 'APNS_CONFIGURATION', setting: 'APNS_TOPIC', reason: 'TopicDisallowed', message: 'a wrong setting' });
      arrived();
      await gate;
      return end;
    });
    await reached;
    const cancelling = cancelBroadcast({ sql: database.sql, database, boss: suite.boss }, org.id, broadcast.id);
    await blockedBy(failer, 1, [cancelling]);
    release();
    expect(await failing).toBe('failed');
    const answer = await cancelling;
    expect(!answer.ok && answer.error.code).toBe('CONFLICT');
    const shards = await database.sql.query<{ cancelled: boolean }>(`SELECT cancelled FROM broadcast_shards WHERE broadcast_id = $1 ORDER BY index`, [broadcast.id]);
    expect(shards.map((shard) => shard.cancelled)).toEqual([false, false]);
  });

  it('lets the second of two cancels at once wait for the first, flag nothing, take no flag off and answer the same', async () => {
    const { database } = suite.storage;
    const { org, broadcast } = await sendingBroadcast(2);
    const first = heldCancel(org.id, broadcast.id);
    const cancel = await first.reached;
    const second = cancelBroadcast({ sql: database.sql, database, boss: suite.boss }, org.id, broadcast.id);
    await blockedBy(cancel, 1, [second]);
    first.release();
    const [one, other] = [await first.cancelling, await second];
    expect(one.ok && one.value).toMatchObject({ id: broadcast.id, status: 'cancelled' });
    expect(other.ok && other.value).toMatchObject({ id: broadcast.id, status: 'cancelled' });
    const shards = await database.sql.query<{ cancelled: boolean }>(`SELECT cancelled FROM broadcast_shards WHERE broadcast_id = $1 ORDER BY index`, [broadcast.id]);
    expect(shards.map((shard) => shard.cancelled)).toEqual([true, true]);
  });

  it("counts the last page of a shard that ends while another run's breaker fails the broadcast", async () => {
    const { database } = suite.storage;
    const { org, broadcast, jobs, holders } = await sendingBroadcast(2);
    // Run 1: its breaker trips, its page's transaction fails the broadcast, and commits a moment later.
    const { reached, arrived, gate, release } = pause();
    const failing = database.transaction(async (tx) => {
      expect(await holdShard(tx, jobs[1]!, holders[1]!)).toBe(true);
      await storePage(tx, jobs[1]!, holders[1]!, page(0, 3));
      const end = await stopBroadcast(tx, suite.boss, jobs[1]!, holders[1]!, { code: 'APNS_CONFIGURATION', setting: 'APNS_TOPIC', reason: 'TopicDisallowed', message: 'a wrong setting' });
      arrived();
      await gate;
      return end;
    });
    await reached;
    // Run 0: its last page and its end, read as sending, committed while the failure is uncommitted.
    await database.transaction(async (tx) => {
      expect(await holdShard(tx, jobs[0]!, holders[0]!)).toBe(true);
      expect((await storePage(tx, jobs[0]!, holders[0]!, page(7)))?.status).toBe('sending');
      await endShard(tx, jobs[0]!, holders[0]!);
    });
    release();
    expect(await failing).toBe('failed');
    // What the run asks once its shard's end has committed.
    expect(await finishIfDone(database, suite.boss, broadcast.id)).toBeUndefined();
    expect(await totals(org.id, broadcast.id)).toEqual({ status: 'failed', sent: 7, failed: 3, byPlatform: { 'ios.sent': 7, 'ios.failed': 3 }, day: { sent: 7, failed: 3 } });
  });

  it('counts an open reported before the pages that sent it are folded into the broadcast', async () => {
    const { database } = suite.storage;
    const { org, broadcast, jobs, holders } = await sendingBroadcast(1);
    const device = await database.prisma.device.create({ data: { deviceUuid: randomUUID(), apnsToken: apnsToken(), platform: 'ios' } });
    await database.prisma.subscription.create({ data: { organizationId: org.id, deviceUuid: device.deviceUuid, createdAt: new Date(Date.now() - 60_000) } });
    await database.transaction(async (tx) => {
      expect(await holdShard(tx, jobs[0]!, holders[0]!)).toBe(true);
      await storePage(tx, jobs[0]!, holders[0]!, page(1));
    });
    expect((await totals(org.id, broadcast.id)).sent).toBe(0); // not folded yet
    expect(await recordOpen(database.sql, { deviceUuid: device.deviceUuid, notificationId: broadcast.id })).toEqual({ ok: true, value: true });
    const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } });
    expect(row.opened).toBe(1);
  });
});
