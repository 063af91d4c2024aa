// A broadcast's totals are its shards' sums (src/fanout/totals.ts): pages store their counts on their shard only, and
// folds bring them to the broadcast's row. Twelve shards at once, each storing pages, folding as runs do (never
// waiting) and ending, then asking whether the broadcast has ended: it ends exactly once, with no deadlock, totals
// equal to the shards' sums, and the day's tally counting each push once however many folds there were. And twelve
// runs that find their broadcast cancelled, closing at once, each folding after updating its shard twice.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishIfDone } from '../src/fanout/broadcast-end.ts';
import { claimShard, closeCounted, endShard, holdShard, storePage } from '../src/fanout/shards.ts';
import { foldTotals } from '../src/fanout/totals.ts';
import { queueDuringSuite } from './support/queues.ts';
import { backends } from './support/backends.ts';
import { seedOrganization } from './support/seed.ts';

const SHARDS = 12;
const PAGES = 5;

describe.each(backends)('a broadcast\'s totals on $name', (backend) => {
  const suite = queueDuringSuite(backend);

  it('folds the pages of shards ending at once, ends the broadcast once, and tallies each push once', async () => {
    const { database } = suite.storage;
    const org = await seedOrganization(database.prisma);
    const broadcast = await database.prisma.broadcast.create({
      data: {
        organizationId: org.id, status: 'sending', recipients: SHARDS * PAGES * 10, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } },
        shards: { create: Array.from({ length: SHARDS }, (_, index) => ({ index, after: '00000000-0000-0000-0000-000000000000' })) },
      },
    });
    // Each shard: its pages (9 sent and 1 failed each, on two platforms), a fold after each as a run tries (never
    // waiting), its end, then the question whether the broadcast has ended; all shards at once.
    const ends = await Promise.all(
      Array.from({ length: SHARDS }, async (_, index) => {
        const job = { broadcastId: broadcast.id, index };
        const holder = randomUUID();
        expect(await claimShard(database.sql, job, randomUUID(), holder)).not.toBeNull();
        for (let page = 0; page < PAGES; page += 1) {
          await database.transaction(async (tx) => {
            expect(await holdShard(tx, job, holder)).toBe(true);
            const stored = await storePage(tx, job, holder, { cursor: null, sent: 9, failed: 1, failures: { BadDeviceToken: 1 }, byPlatform: { 'ios.sent': 6, 'android.sent': 3, 'ios.failed': 1 }, done: false });
            expect(stored?.status).toBe('sending');
            // The last page ends the shard in its own transaction, as a run does (the shard's row updated twice).
            if (page === PAGES - 1) await endShard(tx, job, holder);
            else await foldTotals(tx, broadcast.id, { wait: false });
          });
        }
        return finishIfDone(database, suite.boss, broadcast.id);
      }),
    );
    expect(ends.filter((end) => end !== undefined)).toEqual(['completed']);
    const total = SHARDS * PAGES;
    const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } });
    expect(row).toMatchObject({ status: 'completed', sent: 9 * total, failed: total, failures: { BadDeviceToken: total } });
    expect(row.byPlatform).toEqual({ 'ios.sent': 6 * total, 'android.sent': 3 * total, 'ios.failed': total });
    expect(row.finishedAt).not.toBeNull();
    const [day] = await database.sql.query<{ broadcasts: number; sent: number; failed: number; failures: Record<string, number> }>(
      `SELECT broadcasts, sent, failed, failures FROM organization_days WHERE organization_id = $1`,
      [org.id],
    );
    expect(day).toEqual({ broadcasts: 1, sent: 9 * total, failed: total, failures: { BadDeviceToken: total } });
    // Asking again, and folding again, changes nothing.
    expect(await finishIfDone(database, suite.boss, broadcast.id)).toBeUndefined();
    await database.transaction((tx) => foldTotals(tx, broadcast.id));
    const [again] = await database.sql.query<{ sent: number }>(`SELECT sent FROM organization_days WHERE organization_id = $1`, [org.id]);
    expect(again!.sent).toBe(9 * total);
  });

  it('counts the pages of runs that find their broadcast cancelled, closing at once: no deadlock, none lost', async () => {
    const { database } = suite.storage;
    const org = await seedOrganization(database.prisma);
    const broadcast = await database.prisma.broadcast.create({
      data: {
        organizationId: org.id, status: 'sending', recipients: SHARDS * 10, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } },
        shards: { create: Array.from({ length: SHARDS }, (_, index) => ({ index, after: '00000000-0000-0000-0000-000000000000' })) },
      },
    });
    const holders = await Promise.all(Array.from({ length: SHARDS }, async (_, index) => {
      const holder = randomUUID();
      await claimShard(database.sql, { broadcastId: broadcast.id, index }, randomUUID(), holder);
      return holder;
    }));
    await database.sql.query(`UPDATE broadcasts SET status = 'cancelled', finished_at = now() WHERE id = $1`, [broadcast.id]);
    // Each run stores the page it had in flight, sees the broadcast cancelled, and closes its shard, as a run does:
    // its shard's row updated twice in one transaction, then the broadcast's totals folded (waiting for the others).
    await Promise.all(holders.map((holder, index) => database.transaction(async (tx) => {
      const job = { broadcastId: broadcast.id, index };
      expect(await holdShard(tx, job, holder)).toBe(true);
      const stored = await storePage(tx, job, holder, { cursor: null, sent: 4, failed: 0, failures: {}, byPlatform: { 'ios.sent': 4 }, done: false });
      expect(stored?.status).toBe('cancelled');
      await closeCounted(tx, job, holder);
    })));
    expect(await database.prisma.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'cancelled', sent: 4 * SHARDS, byPlatform: { 'ios.sent': 4 * SHARDS } });
  });

  it('leaves a broadcast without shards as it was (a test send, or one from before shards)', async () => {
    const { database } = suite.storage;
    const org = await seedOrganization(database.prisma);
    const broadcast = await database.prisma.broadcast.create({
      data: { organizationId: org.id, status: 'completed', recipients: 2, sent: 2, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } } },
    });
    await database.transaction((tx) => foldTotals(tx, broadcast.id));
    expect(await database.prisma.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ sent: 2, failed: 0 });
  });
});
