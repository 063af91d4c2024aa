// Two runs of one shard, as when a run hangs past its job's expiry and pg-boss gives the job to another
// worker: the later run takes the shard over, and the earlier one commits nothing (no progress, no retries,
// no dead devices, no events), so nothing is counted or sent twice. And a run never outlives its job: a push
// still unanswered at its deadline is left to the retry table. And a run ends its range on a full page whose last
// device is the range's bound, and so does the open-ended last range on its last full page: it neither reads nor
// stores an empty page after it (one read and one transaction less per shard whenever a shard holds a whole number of
// pages, as the defaults do).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SendPush } from '../src/apns/sender.ts';
import type { PushOutcome } from '../src/fanout/platform.ts';
import { createCircuit } from '../src/fanout/circuit.ts';
import { apnsChannel } from '../src/apns/platform.ts';
import { createFanout } from '../src/fanout/fanout.ts';
import { queueDuringSuite } from './support/queues.ts';
import { backends, testLogger } from './support/backends.ts';
import { waitFor } from './support/processes.ts';
import { apnsToken, seedOneShardBroadcast, seedOrganization } from './support/seed.ts';
import { TEST_PLATFORM } from './support/server.ts';

describe.each(backends)('shard fencing on $name', (backend) => {
  const suite = queueDuringSuite(backend);

  /** A one-shard broadcast to `count` new devices, with an endpoint that takes devices.unregistered; its devices' tokens in fan-out order. */
  async function broadcastTo(count: number) {
    const db = suite.storage.database.prisma;
    const seeded = await seedOneShardBroadcast(db, count);
    await db.webhookEndpoint.create({ data: { id: randomUUID(), organizationId: seeded.org.id, url: 'https://hooks.example.com/x', events: ['devices.unregistered'], secretEncrypted: Buffer.alloc(40) } });
    return seeded;
  }
  const options = () => ({ database: suite.storage.database, boss: suite.boss, logger: testLogger, pageSize: 2, concurrency: 2, shardSize: 100, retryWindowMs: 60_000 });
  /** Until run `who` has its first page (2 devices) in flight, however slow the machine. */
  const firstPageSent = (sentBy: Record<'a' | 'b', number>, who: 'a' | 'b') => waitFor(() => (sentBy[who] >= 2 ? true : undefined));
  const ios = (send: SendPush) => ({ ios: apnsChannel({ send, platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }) });

  it('lets only the run that last claimed a shard write: the other commits no progress, retries, dead devices or events', async () => {
    const db = suite.storage.database.prisma;
    const { org, broadcast, job, tokens } = await broadcastTo(4);
    const sentBy = { a: 0, b: 0 };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A's first page: a device APNs calls gone, and one it cannot take for now; A hangs before their answers.
    const slowA: SendPush = async ({ deviceToken }) => {
      sentBy.a += 1;
      await gate;
      const answers: Record<string, PushOutcome> = { [tokens[0]!]: { ok: false, reason: 'Unregistered', kind: 'dead' }, [tokens[1]!]: { ok: false, reason: 'ServiceUnavailable', kind: 'retry' } };
      return answers[deviceToken] ?? { ok: true };
    };
    const fastB: SendPush = async () => {
      sentBy.b += 1;
      return { ok: true };
    };
    const a = createFanout({ ...options(), channels: ios(slowA) });
    const b = createFanout({ ...options(), channels: ios(fastB) });
    const runningA = a.runShard(job, randomUUID());
    // Its first page (2 devices) is in flight.
    await firstPageSent(sentBy, 'a');
    expect(sentBy.a).toBe(2);
    // A hangs inside its first page; its job expires and B gets it: B claims the shard and finishes it.
    await b.runShard(job, randomUUID());
    expect(sentBy.b).toBe(4);
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'completed', sent: 4, failed: 0 });
    // A wakes up: everything its page would have written is refused with its progress.
    release();
    await runningA;
    expect(sentBy.a).toBe(2);
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id }, include: { shards: true } })).toMatchObject({
      status: 'completed', sent: 4, failed: 0, failures: {}, shards: [{ status: 'done', sent: 4 }],
    });
    expect(await db.broadcastRetry.count({ where: { broadcastId: broadcast.id } })).toBe(0);
    expect(await db.device.count({ where: { tokenInvalidatedAt: { not: null }, subscriptions: { some: { organizationId: org.id } } } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpoint: { organizationId: org.id } } })).toBe(0);
  });

  it('fences a page that writes nothing but its progress (one statement, no transaction) as it fences a whole transaction', async () => {
    const db = suite.storage.database.prisma;
    const { broadcast, job } = await broadcastTo(6);
    const sentBy = { a: 0, b: 0 };
    let releaseA: () => void = () => {};
    let releaseB: () => void = () => {};
    const gateA = new Promise<void>((resolve) => (releaseA = resolve));
    const gateB = new Promise<void>((resolve) => (releaseB = resolve));
    // A's first page is delivered in full: nothing to write but its progress (the range goes on; no fold is due).
    const slowA: SendPush = async () => {
      sentBy.a += 1;
      await gateA;
      return { ok: true };
    };
    // B has taken the shard over and holds it, its own first page in flight, when A's answers come.
    const slowB: SendPush = async () => {
      sentBy.b += 1;
      if (sentBy.b <= 2) await gateB;
      return { ok: true };
    };
    const a = createFanout({ ...options(), channels: ios(slowA), foldMs: 3_600_000 });
    const b = createFanout({ ...options(), channels: ios(slowB), foldMs: 3_600_000 });
    const runningA = a.runShard(job, randomUUID());
    await firstPageSent(sentBy, 'a');
    expect(sentBy.a).toBe(2);
    const runningB = b.runShard(job, randomUUID());
    await firstPageSent(sentBy, 'b');
    expect(sentBy.b).toBe(2);
    releaseA();
    // Taken over: A's progress is refused, and A stops.
    expect(await runningA).toBe(true);
    expect(sentBy.a).toBe(2);
    expect(await db.broadcastShard.findFirstOrThrow({ where: { broadcastId: broadcast.id } })).toMatchObject({ status: 'pending', sent: 0 });
    releaseB();
    await runningB;
    expect(sentBy.b).toBe(6);
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id }, include: { shards: true } })).toMatchObject({
      status: 'completed', sent: 6, failed: 0, shards: [{ status: 'done', sent: 6 }],
    });
  });

  it('never outlives its job: a push unanswered at the run deadline is left to the retry table as ambiguous, and sent once more', async () => {
    const db = suite.storage.database.prisma;
    const { broadcast, job, tokens } = await broadcastTo(2);
    const attempts = new Map<string, number>();
    // One device's push never answers the first time.
    const send: SendPush = ({ deviceToken }) => {
      attempts.set(deviceToken, (attempts.get(deviceToken) ?? 0) + 1);
      return deviceToken === tokens[0] && attempts.get(deviceToken) === 1 ? new Promise<PushOutcome>(() => {}) : Promise.resolve({ ok: true });
    };
    const fanout = createFanout({ ...options(), channels: ios(send) });
    const started = Date.now();
    await fanout.runShard(job, randomUUID(), 500);
    // Back within its deadline (and the commit), not waiting for the push.
    expect(Date.now() - started).toBeLessThan(5_000);
    const [retry] = await db.broadcastRetry.findMany({ where: { broadcastId: broadcast.id } });
    expect(retry).toMatchObject({ ambiguous: 1, attempts: 1 });
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'sending', sent: 1 });
    // The next run sends it again when it is due, and the broadcast ends.
    await db.broadcastRetry.updateMany({ where: { broadcastId: broadcast.id }, data: { nextAt: new Date() } });
    await fanout.runShard(job, randomUUID());
    expect(attempts.get(tokens[0]!)).toBe(2);
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'completed', sent: 2, failed: 0 });
  });

  it('stops at a full page that ends on the range bound, and sends nothing past it; the open-ended last range ends on its last full page', async () => {
    const db = suite.storage.database.prisma;
    const org = await seedOrganization(db);
    const devices = [];
    for (let i = 0; i < 6; i += 1) {
      const device = await db.device.create({ data: { deviceUuid: randomUUID(), apnsToken: apnsToken(), platform: 'ios' } });
      await db.subscription.create({ data: { organizationId: org.id, deviceUuid: device.deviceUuid } });
      devices.push(device);
    }
    devices.sort((a, b) => a.deviceUuid.localeCompare(b.deviceUuid));
    // Shard 0 holds the first four devices (two pages of two); shard 1 the rest.
    const push = { payload: '{"aps":{}}', headers: {} };
    const broadcast = await db.broadcast.create({
      data: {
        organizationId: org.id, request: { body: 'x', target: 'all', push }, recipients: 6,
        shards: { create: [{ index: 0, after: '00000000-0000-0000-0000-000000000000', until: devices[3]!.deviceUuid }, { index: 1, after: devices[3]!.deviceUuid }] },
      },
    });
    let pageReads = 0;
    const database = {
      ...suite.storage.database,
      sql: {
        query: <Row,>(text: string, params?: unknown[]) => {
          if (text.includes('CROSS JOIN LATERAL')) pageReads += 1;
          return suite.storage.database.sql.query<Row>(text, params);
        },
      },
    };
    const sent: string[] = [];
    const send: SendPush = async ({ deviceToken }) => (sent.push(deviceToken), { ok: true });
    let pagesStored = 0;
    const logger = { ...testLogger, debug: (message: string) => void (message === 'shard page stored' && (pagesStored += 1)) };
    const fanout = createFanout({
      database, boss: suite.boss, logger, pageSize: 2, concurrency: 2, shardSize: 4, retryWindowMs: 60_000,
      channels: { ios: apnsChannel({ send, platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }) },
    });
    await fanout.runShard({ broadcastId: broadcast.id, index: 0 }, randomUUID());
    expect(pageReads).toBe(2);
    expect(sent.sort()).toEqual(devices.slice(0, 4).map((d) => d.apnsToken).sort());
    const shards = await db.broadcastShard.findMany({ where: { broadcastId: broadcast.id }, orderBy: { index: 'asc' } });
    expect(shards.map((s) => [s.status, s.sent])).toEqual([['done', 4], ['pending', 0]]);
    expect((await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).status).toBe('sending');
    // Shard 1, (devices[3], end), holds one full page: one read tells it nothing follows, and the broadcast ends.
    pagesStored = 0;
    await fanout.runShard({ broadcastId: broadcast.id, index: 1 }, randomUUID());
    expect(pageReads).toBe(3);
    expect(pagesStored).toBe(1);
    expect(sent.sort()).toEqual(devices.map((d) => d.apnsToken).sort());
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id }, include: { shards: { orderBy: { index: 'asc' } } } })).toMatchObject({
      status: 'completed', sent: 6, shards: [{ status: 'done', sent: 4 }, { status: 'done', sent: 2 }],
    });
  });
});
