// A retry whose deadline passes while it is being sent again: its answer decides it, once. Refused again, it is given
// up and counted failed once, with no new retry (and new deadline) written for it; delivered, it counts as sent and is
// not also given up. Both happened when the page's commit gave up the expired retries before it wrote the page's own
// (a device counted failed twice, or sent and failed, seen in apns-outages.test.ts on a slow day).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SendPush } from '../src/apns/sender.ts';
import { apnsChannel } from '../src/apns/platform.ts';
import { createCircuit } from '../src/fanout/circuit.ts';
import { createFanout } from '../src/fanout/fanout.ts';
import { backends, testLogger } from './support/backends.ts';
import { waitFor } from './support/processes.ts';
import { queueDuringSuite } from './support/queues.ts';
import { seedOneShardBroadcast } from './support/seed.ts';
import { TEST_PLATFORM } from './support/server.ts';

const WINDOW_MS = 60_000;

describe.each(backends)('a retry at its deadline on $name', (backend) => {
  const suite = queueDuringSuite(backend);

  for (const answer of ['refused again', 'delivered'] as const) {
    it(`decides a retry ${answer} after its deadline passed in flight once: no second count, no new deadline`, async () => {
      const { prisma: db, sql } = suite.storage.database;
      const { broadcast, job, tokens } = await seedOneShardBroadcast(db, 2);
      const stubborn = tokens[0]!;
      const attempts = new Map<string, number>();
      let gate: Promise<void> = Promise.resolve();
      const send: SendPush = async ({ deviceToken }) => {
        const attempt = (attempts.get(deviceToken) ?? 0) + 1;
        attempts.set(deviceToken, attempt);
        if (deviceToken !== stubborn) return { ok: true };
        // The first answer asks for a minute's wait, so the first run cannot send it again however slow the machine.
        if (attempt === 1) return { ok: false, reason: 'ServiceUnavailable', kind: 'retry', retryAfterMs: 60_000 };
        await gate;
        return answer === 'delivered' ? { ok: true } : { ok: false, reason: 'ServiceUnavailable', kind: 'retry' };
      };
      const fanout = createFanout({
        database: suite.storage.database, boss: suite.boss, logger: testLogger, pageSize: 2, concurrency: 2, shardSize: 100, retryWindowMs: WINDOW_MS,
        channels: { ios: apnsChannel({ send, platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }) },
      });
      // The first pass: one delivered, the other waits in the retry table.
      await fanout.runShard(job, randomUUID());
      expect(attempts.get(stubborn)).toBe(1);
      expect(await db.broadcastRetry.count({ where: { broadcastId: broadcast.id } })).toBe(1);

      // Due now, its deadline (first failure + the window) 5 s away: read as due, answered only once it has passed.
      await sql.query(`UPDATE broadcast_retries SET next_at = now(), first_failed_at = now() - $2 * interval '1 millisecond' + interval '5 seconds' WHERE broadcast_id = $1`, [broadcast.id, WINDOW_MS]);
      let open: () => void = () => {};
      gate = new Promise<void>((resolve) => (open = resolve));
      const running = fanout.runShard(job, randomUUID());
      await waitFor(() => (attempts.get(stubborn) === 2 ? true : undefined), 20_000);
      await waitFor(async () => {
        const [row] = await sql.query<{ past: boolean }>(`SELECT first_failed_at + $2 * interval '1 millisecond' < now() AS past FROM broadcast_retries WHERE broadcast_id = $1`, [broadcast.id, WINDOW_MS]);
        return row?.past ? true : undefined;
      }, 20_000);
      open();
      await running;

      expect(attempts.get(stubborn)).toBe(2);
      expect(await db.broadcastRetry.count({ where: { broadcastId: broadcast.id } })).toBe(0);
      const done = await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } });
      if (answer === 'delivered') expect(done).toMatchObject({ status: 'completed', sent: 2, failed: 0 });
      else expect(done).toMatchObject({ status: 'completed', sent: 1, failed: 1, failures: { ServiceUnavailable: 1 } });
    }, 60_000);
  }
});
