// The fan-out's fixed statements are prepared once per connection and run by name on the main pool, planned as
// PostgreSQL chooses (src/db/sql.ts, QueryOptions.named): a page's progress, a claim and a fold cost PostgreSQL more to
// plan than to run. A page of recipients is still planned for the parameters of each call.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { apnsChannel } from '../src/apns/platform.ts';
import { createCircuit } from '../src/fanout/circuit.ts';
import { createFanout } from '../src/fanout/fanout.ts';
import { openQueue, type Boss } from '../src/jobs/queue.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';
import { TEST_PLATFORM } from './support/server.ts';

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

describe('named statements', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let boss: Boss;

  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
    // One connection, kept a minute unused: every statement below runs on it, and so does the read of what it holds.
    database = await openDatabase({ url: fresh.url, poolSize: 1, idleMs: 60_000, logger: testLogger });
    boss = await openQueue(database, testLogger);
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: false, wait: true });
    await database?.close();
    await fresh?.drop();
  });

  /** What the main pool's connection holds prepared (this read itself goes unnamed). */
  const prepared = () =>
    database.sql.query<Prepared>(`SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'clarion\\_%'`);
  const find = (rows: Prepared[], pattern: RegExp) => rows.filter((row) => pattern.test(row.statement));

  it("runs a shard's own statements by name, each planned generically once it has run five times, and a page of recipients by its parameters", async () => {
    const db = database.prisma;
    const org = await seedOrganization(db);
    for (let i = 0; i < 12; i += 1) {
      const device = await db.device.create({ data: { deviceUuid: randomUUID(), apnsToken: apnsToken(), platform: 'ios' } });
      await db.subscription.create({ data: { organizationId: org.id, deviceUuid: device.deviceUuid } });
    }
    let sent = 0;
    const channels = {
      ios: apnsChannel({ send: async () => ((sent += 1), { ok: true }), platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }),
    };
    const fanout = createFanout({ database, boss, channels, logger: testLogger, pageSize: 2, concurrency: 2, shardSize: 100, retryWindowMs: 60_000 });
    const broadcasts = [];
    // Seven one-shard broadcasts of six pages: seven claims, 42 pages stored.
    for (let i = 0; i < 7; i += 1) {
      const broadcast = await db.broadcast.create({
        data: {
          organizationId: org.id, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } }, recipients: 12,
          shards: { create: { index: 0, after: '00000000-0000-0000-0000-000000000000' } },
        },
      });
      await fanout.runShard({ broadcastId: broadcast.id, index: 0 }, randomUUID());
      broadcasts.push(broadcast.id);
    }
    expect(sent).toBe(7 * 12);
    const ended = await db.broadcast.findMany({ where: { id: { in: broadcasts } }, select: { status: true, sent: true } });
    expect(ended).toEqual(broadcasts.map(() => ({ status: 'completed', sent: 12 })));

    const rows = await prepared();
    const runs = (row: Prepared) => row.generic_plans + row.custom_plans;
    const [claim] = find(rows, /UPDATE broadcast_shards sh SET holder = \$3/);
    const [store] = find(rows, /WITH shard AS \(\s*UPDATE broadcast_shards SET cursor/);
    const [hold] = find(rows, /FROM broadcast_shards WHERE broadcast_id = \$1 AND index = \$2 AND holder = \$3 AND status = 'pending' FOR UPDATE/);
    expect(claim && runs(claim)).toBe(7);
    expect(hold && runs(hold)).toBeGreaterThanOrEqual(7);
    // Every page's progress, by name: the first five planned for their values, the rest on one generic plan.
    expect(store && runs(store)).toBeGreaterThanOrEqual(42);
    expect(store?.custom_plans).toBe(5);
    expect(store?.generic_plans).toBeGreaterThan(0);
    expect(find(rows, /FOR NO KEY UPDATE/).length).toBeGreaterThan(0);
    // Its pages: planned per call, for where the cursor is.
    expect(find(rows, /SELECT s\.device_uuid::text, d\.platform::text/)).toEqual([]);
    // The main pool plans as PostgreSQL chooses.
    expect(await database.sql.query(`SELECT current_setting('plan_cache_mode') AS plans`)).toEqual([{ plans: 'auto' }]);
  });
});
