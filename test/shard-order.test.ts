// The order workers take a broadcast's shards in (src/fanout/shards.ts, planShards): pg-boss hands out a queue's jobs
// by creation time and then by id, and a broadcast's shard jobs are created together, so their ids decide. They are
// taken in shard order, so that a large broadcast's tapered last shards (src/fanout/audience.ts, TAPER) go last,
// to the runs that finish first. Real PostgreSQL and pg-boss.
import { describe, expect, it } from 'vitest';
import { TAPER } from '../src/fanout/audience.ts';
import { planShards, type ShardJob } from '../src/fanout/shards.ts';
import { QUEUES } from '../src/jobs/queue.ts';
import { queueDuringSuite } from './support/queues.ts';
import { backends } from './support/backends.ts';
import { seedAudience, seedOrganization } from './support/seed.ts';

describe.each(backends)('shard jobs on $name', (backend) => {
  const suite = queueDuringSuite(backend);

  it('are taken in shard order, the tapered last shards last', async () => {
    const { database } = suite.storage;
    const org = await seedOrganization(database.prisma);
    const size = 16;
    await seedAudience(database.sql, org.id, 12 * size);
    const request = { body: 'x', target: 'all' as const };
    const broadcast = await database.prisma.broadcast.create({ data: { organizationId: org.id, status: 'sending', recipients: 12 * size, request } });
    const planned = await database.transaction((tx) => planShards(tx, suite.boss, { id: broadcast.id, organizationId: org.id, request }, size, { express: false }));
    expect(planned.shards).toBeGreaterThan(12 + TAPER);

    const taken: number[] = [];
    for (let jobs = await suite.boss.fetch<ShardJob>(QUEUES.shard); jobs?.length; jobs = await suite.boss.fetch<ShardJob>(QUEUES.shard)) {
      taken.push(...jobs.map((job) => job.data.index));
    }
    expect(taken).toEqual(Array.from({ length: planned.shards }, (_, index) => index));
  });
});
