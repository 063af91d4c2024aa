// Two processes and one broadcast: the lease decides who sends, and a process that lost it stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFanout } from '../src/domain/broadcasts/fanout.ts';
import type { SendPush } from '../src/apns/sender.ts';
import { backends, testLogger } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';

describe.each(backends)('broadcast leases on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  beforeAll(async () => {
    storage = await backend.open();
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('lets only the lease holder send and store progress', async () => {
    const db = storage.database.prisma;
    const org = await seedOrganization(db);
    for (let i = 0; i < 4; i += 1) {
      const device = await db.device.create({ data: { deviceUuid: crypto.randomUUID(), apnsToken: apnsToken(), platform: 'ios' } });
      await db.subscription.create({ data: { organizationId: org.id, deviceUuid: device.deviceUuid } });
    }
    const push = { payload: '{"aps":{}}', headers: {} };
    const broadcast = await db.broadcast.create({ data: { organizationId: org.id, request: { body: 'x', target: 'all', push }, recipients: 4 } });
    const sentBy = { a: 0, b: 0 };
    let release: () => void = () => {};
    const slowA: SendPush = async () => {
      sentBy.a += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    };
    const fastB: SendPush = async () => {
      sentBy.b += 1;
      return { ok: true };
    };
    const a = createFanout({ sql: storage.database.sql, send: slowA, logger: testLogger, pageSize: 10, concurrency: 1, leaseMs: 60_000 });
    const b = createFanout({ sql: storage.database.sql, send: fastB, logger: testLogger, pageSize: 10, concurrency: 1, leaseMs: 60_000 });
    const runningA = a.run(broadcast.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // B cannot take a lease A holds.
    await b.run(broadcast.id);
    expect(sentBy.b).toBe(0);
    // A's lease lapses (as if A had hung); B takes over and finishes.
    await db.broadcast.update({ where: { id: broadcast.id }, data: { leaseUntil: new Date(Date.now() - 1) } });
    await b.run(broadcast.id);
    expect(sentBy.b).toBe(4);
    // A wakes up: its progress is refused, so nothing is counted twice.
    for (let i = 0; i < 4; i += 1) {
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runningA;
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'completed', sent: 4, failed: 0 });
  });
});
