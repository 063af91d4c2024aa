// A shard run says in its debug lines how long each step took (src/fanout/fanout.ts): its claim, and each page's
// read, send (until its last answer) and commit; the process that planned the shards says when they committed; bench/broadcast/page-timeline.mjs reads them back into a summary.
// A real run on real PostgreSQL, with a stand-in sender.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apnsChannel } from '../src/apns/platform.ts';
import { createCircuit } from '../src/fanout/circuit.ts';
import { createFanout } from '../src/fanout/fanout.ts';
import { createLogger } from '../src/logger.ts';
import { queueDuringSuite } from './support/queues.ts';
import { backends } from './support/backends.ts';
import { seedAudience, seedOrganization } from './support/seed.ts';
import { TEST_PLATFORM } from './support/server.ts';

describe.each(backends)('page timing on $name', (backend) => {
  const suite = queueDuringSuite(backend);

  it("logs each step's milliseconds at debug level, and page-timeline.mjs sums them up", async () => {
    const db = suite.storage.database.prisma;
    const org = await seedOrganization(db);
    await seedAudience(suite.storage.database.sql, org.id, 5);
    const broadcast = await db.broadcast.create({
      data: {
        organizationId: org.id, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } }, recipients: 5,
        shards: { create: { index: 0, after: '00000000-0000-0000-0000-000000000000' } },
      },
    });
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const channels = { ios: apnsChannel({ send: async () => ({ ok: true }), platform: TEST_PLATFORM, circuit: createCircuit(), topic: 'dev.clarion.test' }) };
    const fanout = createFanout({ database: suite.storage.database, boss: suite.boss, logger, channels, pageSize: 2, concurrency: 2, shardSize: 100, retryWindowMs: 60_000 });
    // As the API process says once a broadcast's shards have committed (src/domain/broadcasts/service.ts).
    fanout.planned(1, broadcast.id);
    await fanout.runShard({ broadcastId: broadcast.id, index: 0 }, randomUUID());
    expect(await db.broadcast.findUniqueOrThrow({ where: { id: broadcast.id } })).toMatchObject({ status: 'completed', sent: 5 });

    const mine = lines.filter((line) => line.broadcast === broadcast.id);
    const claimed = mine.filter((line) => line.message === 'shard claimed');
    const pages = mine.filter((line) => line.message === 'shard page stored');
    expect(mine.filter((line) => line.message === 'shards planned').map((line) => line.shards)).toEqual([1]);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]!.claimMs).toBeGreaterThanOrEqual(0);
    expect(pages.map((page) => page.devices)).toEqual([2, 2, 1]);
    for (const page of pages) for (const step of ['readMs', 'sendMs', 'commitMs']) expect(page[step], step).toBeGreaterThanOrEqual(0);

    const dir = await mkdtemp(path.join(tmpdir(), 'clarion-timeline-'));
    try {
      const log = path.join(dir, 'clarion.log');
      await writeFile(log, lines.map((line) => JSON.stringify(line)).join('\n'));
      const script = path.join(import.meta.dirname, '..', 'bench', 'broadcast', 'page-timeline.mjs');
      const { stdout } = await promisify(execFile)(process.execPath, [script, log, '--runs']);
      expect(stdout).toContain(`broadcast ${broadcast.id}: 5 devices in 3 pages, 1 shard runs in 1 processes`);
      expect(stdout).toMatch(/^times from the first claim: shards planned -?\d+ ms, first shard claimed \d+ ms/m);
      // One run, with its three pages on its line.
      expect(stdout.match(/^ {2}pid \d+ shard 0: claimed \d+ ms (\[\d+-\d+-\d+\]){3}$/m)).not.toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
