// Two runs of one shard, as when a run hangs past its job's expiry and pg-boss gives the job to another
// worker: the later run takes the shard over, and the earlier one's progress is refused, so nothing is
// counted twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPush } from '../src/apns/sender.ts';
import { createCircuit } from '../src/apns/circuit.ts';
import { createFanout } from '../src/domain/broadcasts/fanout.ts';
import { openQueue, type Boss } from '../src/jobs/queue.ts';
import { backends, testLogger } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';

describe.each(backends)('shard fencing on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let boss: Boss;
  beforeAll(async () => {
    storage = await backend.open();
    boss = await openQueue(storage.database, testLogger);
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: false, wait: true });
    await storage?.close();
  });

  it('lets only the run that last claimed a shard store progress', async () => {
    const db = storage.database.prisma;
    const org = await seedOrganization(db);
    for (let i = 0; i < 4; i += 1) {
      const device = await db.device.create({ data: { deviceUuid: randomUUID(), apnsToken: apnsToken(), platform: 'ios' } });
      await db.subscription.create({ data: { organizationId: org.id, deviceUuid: device.deviceUuid } });
    }
    const push = { payload: '{"aps":{}}', headers: {} };
    const broadcast = await db.broadcast.create({
      data: { organizationId: org.id, request: { body: 'x', target: 'all', push }, recipients: 4, shards: { create: { index: 0, after: '00000000-0000-0000-0000-000000000000' } } },
    });
    const sentBy = { a: 0, b: 0 };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowA: SendPush = async () => {
      sentBy.a += 1;
      await gate;
      return { ok: true };
    };
    const fastB: SendPush = async () => {
      sentBy.b += 1;
      return { ok: true };
    };
    const options = { database: storage.database, boss, logger: testLogger, pageSize: 2, concurrency: 1, shardSize: 100, circuit: createCircuit(), retryWindowMs: 60_000 };
    const a = createFanout({ ...options, send: slowA });
    const b = createFanout({ ...options, send: fastB });
    const job = { broadcastId: broadcast.id, index: 0 };
    const runningA = a.runShard(job, randomUUID());
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Its first page (2 devices) is in flight.
    expect(sentBy.a).toBe(2);
    // A hangs inside its first page; its job expires and B gets it: B claims the shard and finishes it.
    await b.runShard(job, randomUUID());
    expect(sentBy.b).toBe(4);
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'completed', sent: 4, failed: 0 });
    // A wakes up: its page's progress is refused and it stops, so nothing is counted twice.
    release();
    await runningA;
    expect(sentBy.a).toBe(2);
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id }, include: { shards: true } })).toMatchObject({
      status: 'completed', sent: 4, failed: 0, shards: [{ status: 'done', sent: 4 }],
    });
  });
});
