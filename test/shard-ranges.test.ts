// A broadcast's audience cut into shard ranges (src/fanout/audience.ts, shardRanges): every size-th key of the
// audience in device order is a bound, the last key never is, and the ranges cover the audience with no gap and no
// overlap, for "all", "topics" and "users" targets and around every size boundary; past TAPER shards, the last
// TAPER shards' worth is cut ever finer. Real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIL_UUID, shardRanges, TAPER, type Range } from '../src/fanout/audience.ts';
import type { NotifyRequest } from '../src/domain/broadcasts/request.ts';
import { backends } from './support/backends.ts';
import { seedAudience, seedOrganization } from './support/seed.ts';

describe.each(backends)('shard ranges on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  beforeAll(async () => {
    storage = await backend.open();
  });
  afterAll(async () => {
    await storage?.close();
  });

  /** The ranges every size-th key makes, from the audience's keys. */
  function expected(keys: string[], size: number) {
    const sorted = [...keys].sort();
    const bounds = sorted.filter((_, i) => (i + 1) % size === 0 && i < sorted.length - 1);
    return [NIL_UUID, ...bounds].map((after, i) => ({ after, until: bounds[i] ?? null }));
  }

  it('cuts at every size-th key, for every audience size around the boundaries and every target', async () => {
    const { sql } = storage.database;
    const size = 7;
    for (const count of [0, 1, size - 1, size, size + 1, 3 * size, 3 * size + 1, 50]) {
      const org = await seedOrganization(storage.database.prisma);
      await seedAudience(sql, org.id, count);
      const rows = await sql.query<{ device_uuid: string }>(`SELECT device_uuid::text FROM subscriptions WHERE organization_id = $1`, [org.id]);
      const keys = rows.map((row) => row.device_uuid);
      const all: NotifyRequest = { body: 'x', target: 'all' };
      expect(await shardRanges(sql, org.id, all, size, { taper: false }), `all, ${count}`).toEqual(expected(keys, size));

      // Two overlapping topics: every third device follows "a", every second "b".
      const a = keys.filter((_, i) => i % 3 === 0);
      const b = keys.filter((_, i) => i % 2 === 0);
      await sql.query(
        `INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT $1, t.topic, t.device_uuid FROM unnest($2::text[], $3::uuid[]) AS t(topic, device_uuid)`,
        [org.id, [...a.map(() => 'a'), ...b.map(() => 'b')], [...a, ...b]],
      );
      const topics: NotifyRequest = { body: 'x', target: 'topics', topics: ['a', 'b'] };
      expect(await shardRanges(sql, org.id, topics, size, { taper: false }), `topics, ${count}`).toEqual(expected([...new Set([...a, ...b])], size));

      // Users: externalIds u0 … on every device, and a request for every other one of them.
      await sql.query(`UPDATE subscriptions SET external_id = 'u' || (SELECT count(*) FROM subscriptions o WHERE o.organization_id = $1 AND o.device_uuid < subscriptions.device_uuid) WHERE organization_id = $1`, [org.id]);
      const users = await sql.query<{ device_uuid: string }>(`SELECT device_uuid::text FROM subscriptions WHERE organization_id = $1 AND substr(external_id, 2)::int % 2 = 0`, [org.id]);
      const ids = Array.from({ length: Math.ceil(count / 2) }, (_, i) => `u${2 * i}`);
      const request: NotifyRequest = { body: 'x', target: 'users', externalIds: ids.length ? ids : ['nobody'] };
      expect(await shardRanges(sql, org.id, request, size, { taper: false }), `users, ${count}`).toEqual(expected(users.map((row) => row.device_uuid), size));
    }
  });

  /** How many of the keys each range holds, after checking that the ranges run from before the first key to the end. */
  function keysPerRange(ranges: Range[], keys: string[]) {
    expect(ranges[0]!.after).toBe(NIL_UUID);
    expect(ranges.at(-1)!.until).toBeNull();
    ranges.slice(1).forEach((range, i) => expect(range.after).toBe(ranges[i]!.until));
    const sorted = [...keys].sort();
    return ranges.map(({ after, until }) => sorted.filter((key) => key > after && (until === null || key <= until)).length);
  }

  it('cuts the last shards of a broadcast of more than TAPER shards ever finer, and leaves a smaller one as it was', async () => {
    const { sql } = storage.database;
    // An eighth of a shard is 2 keys: a tapered shard holds 2 to 16 of them (of 16 or 17: whole steps, never more than size).
    for (const [size, count] of [16, 17].flatMap((size) => [TAPER * size, TAPER * size + 1, 200, 20 * size + 5].map((count) => [size, count] as const))) {
      const step = Math.floor(size / TAPER);
      const org = await seedOrganization(storage.database.prisma);
      await seedAudience(sql, org.id, count);
      const rows = await sql.query<{ device_uuid: string }>(`SELECT device_uuid::text FROM subscriptions WHERE organization_id = $1`, [org.id]);
      const keys = rows.map((row) => row.device_uuid);
      const all: NotifyRequest = { body: 'x', target: 'all' };
      const plain = expected(keys, size);
      const ranges = await shardRanges(sql, org.id, all, size);
      if (plain.length <= TAPER) {
        expect(ranges, `${count}`).toEqual(plain);
        continue;
      }
      const held = keysPerRange(ranges, keys);
      expect(held.every((n) => n > 0), `${count}: no empty range`).toBe(true);
      expect(held.reduce((sum, n) => sum + n), `${count}: every key once`).toBe(count);
      // The ranges before the last TAPER shards' worth are the plain cut's.
      const kept = plain.length - TAPER;
      expect(ranges.slice(0, kept), `${count}`).toEqual(plain.slice(0, kept));
      expect(ranges[kept]!.after).toBe(plain[kept]!.after);
      // Then smaller and smaller shards, more of them, the last TAPER - 1 of one step each (the very last may hold less).
      const tail = held.slice(kept);
      expect(tail.length, `${count}`).toBeGreaterThan(TAPER);
      expect(tail.every((n, i) => n <= size && (i === 0 || n <= tail[i - 1]!)), `${count}: ${tail.join(' ')}`).toBe(true);
      expect(tail.slice(1 - TAPER).every((n) => n <= step), `${count}: ${tail.join(' ')}`).toBe(true);

      // A "topics" broadcast is cut the same way from its own audience.
      const followers = keys.filter((_, i) => i % 3 !== 0);
      await sql.query(`INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT $1, 'a', unnest($2::uuid[])`, [org.id, followers]);
      const topics: NotifyRequest = { body: 'x', target: 'topics', topics: ['a'] };
      const byTopic = await shardRanges(sql, org.id, topics, size);
      const topicHeld = keysPerRange(byTopic, followers);
      expect(topicHeld.reduce((sum, n) => sum + n), `topics, ${count}`).toBe(followers.length);
      expect(topicHeld.every((n) => n > 0 && n <= size), `topics, ${count}: ${topicHeld.join(' ')}`).toBe(true);
      if (expected(followers, size).length > TAPER) expect(topicHeld.slice(1 - TAPER).every((n) => n <= step), `topics, ${count}: ${topicHeld.join(' ')}`).toBe(true);
    }
  });
});
