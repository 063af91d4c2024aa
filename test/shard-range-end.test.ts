// A shard run reads its range page by page; a page that ends on the range's last device ends the range, so the
// run neither reads nor stores an empty page after it (one read and one transaction less per shard whenever a
// shard holds a whole number of pages, as the default 10,000 and 1,000 do). Real PostgreSQL, the page query
// counted as it goes to the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPush } from '../src/apns/sender.ts';
import { apnsChannel } from '../src/apns/platform.ts';
import { createCircuit } from '../src/fanout/circuit.ts';
import { createFanout } from '../src/fanout/fanout.ts';
import { openQueue, type Boss } from '../src/jobs/queue.ts';
import { backends, testLogger } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';
import { TEST_PLATFORM } from './support/server.ts';

describe.each(backends)('the end of a shard range on $name', (backend) => {
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

  it('stops at a full page that ends on the range bound, and sends nothing past it', async () => {
    const db = storage.database.prisma;
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
      ...storage.database,
      sql: {
        query: <Row,>(text: string, params?: unknown[]) => {
          if (text.includes('CROSS JOIN LATERAL')) pageReads += 1;
          return storage.database.sql.query<Row>(text, params);
        },
      },
    };
    const sent: string[] = [];
    const send: SendPush = async ({ deviceToken }) => (sent.push(deviceToken), { ok: true });
    const fanout = createFanout({
      database, boss, logger: testLogger, pageSize: 2, concurrency: 2, shardSize: 4, retryWindowMs: 60_000,
      channels: { ios: apnsChannel({ send, platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }) },
    });
    await fanout.runShard({ broadcastId: broadcast.id, index: 0 }, randomUUID());
    expect(pageReads).toBe(2);
    expect(sent.sort()).toEqual(devices.slice(0, 4).map((d) => d.apnsToken).sort());
    const shards = await db.broadcastShard.findMany({ where: { broadcastId: broadcast.id }, orderBy: { index: 'asc' } });
    expect(shards.map((s) => [s.status, s.sent])).toEqual([['done', 4], ['pending', 0]]);
    expect((await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).status).toBe('sending');
  });
});
