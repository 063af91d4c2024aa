// What an organization's audience views cost on a large audience (issue 23), in one run on one database:
// - paging through N subscribers as the fan-out does (src/fanout/audience.ts pageQuery, FANOUT_PAGE_SIZE rows a page),
//   for target "all" and for target "topics" (every subscriber follows "news", a tenth also "sports"; the broadcast
//   names both, so the audience is the same N devices) and for a topic a hundredth follow ("rare"); rounds alternate;
// - cutting the audience into shards (shardRanges) and counting it (countRecipients), for both targets;
// - GET /v1/topics's query (listTopics) and GET /v1/insights's (insights, 30 days) on that organization with a month of
//   history seeded in the rollups: median and p99 over many calls.
// Not a test: it prints figures.
//
//   node --import tsx bench/audience/run.ts      (BENCH_PG_URL, BENCH_DEVICES=1000000, BENCH_ROUNDS=3, BENCH_PAGE=1000)
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import { throwawayDatabase } from '../../src/db/throwaway-database.ts';
import type { NotifyRequest } from '../../src/domain/broadcasts/request.ts';
import { insights } from '../../src/domain/insights/service.ts';
import { listTopics } from '../../src/domain/insights/topics.ts';
import { createOrganization } from '../../src/domain/organizations/service.ts';
import { countRecipients, NIL_UUID, pageQuery, shardRanges } from '../../src/fanout/audience.ts';
import { createLogger } from '../../src/logger.ts';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const devices = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const pageSize = Number(process.env.BENCH_PAGE ?? 1000);
const shardSize = Number(process.env.BENCH_SHARD_SIZE ?? 50_000);
const calls = Number(process.env.BENCH_CALLS ?? 200);

const fresh = await throwawayDatabase(serverUrl, 'clarion_bench_audience');
const database = await openDatabase({ url: fresh.url, logger: createLogger('warn') });
const { sql } = database;
// Seeding a million rows takes longer than the pool's statement timeout: a connection of its own, without one.
const seeder = new pg.Client({ connectionString: fresh.url });
await seeder.connect();
await seeder.query('SET statement_timeout = 0');
// The topics' counting triggers are off while seeding (a count row would be updated a million times in one
// transaction); the counts are written once after, below.
await seeder.query('SET session_replication_role = replica');

try {
  const org = await createOrganization(database.prisma, { name: 'Bench', slug: 'bench' });
  if (!org.ok) throw new Error(org.error.message);
  const organizationId = org.value.id;
  let t = performance.now();
  await seeder.query(
    `WITH d AS (
       INSERT INTO devices (device_uuid, apns_token, platform, locale)
       SELECT gen_random_uuid(), md5(i::text) || md5((i + 1)::text), 'ios', 'en-x-l' || (i % 20) FROM generate_series(1, $2::int) AS i RETURNING device_uuid)
     INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM d`,
    [organizationId, devices],
  );
  await seeder.query(`INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT organization_id, 'news', device_uuid FROM subscriptions`);
  await seeder.query(`INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT organization_id, 'sports', device_uuid FROM subscriptions WHERE random() < 0.1`);
  await seeder.query(`INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT organization_id, 'rare', device_uuid FROM subscriptions WHERE random() < 0.01`);
  await seeder.query(
    `INSERT INTO topic_subscriber_counts (organization_id, topic, count) SELECT organization_id, topic, count(*) FROM subscription_topics GROUP BY 1, 2`,
  );
  // A month of history in the rollups, as 30 days of subscribing and sending would leave it.
  await seeder.query(
    `INSERT INTO subscriber_days (organization_id, platform, day, delta)
     SELECT $1::uuid, p::"Platform", (now() AT TIME ZONE 'UTC')::date - g, CASE p WHEN 'ios' THEN $2::int / 30 ELSE 100 END
     FROM generate_series(0, 29) g, unnest(ARRAY['ios', 'android', 'web']) p`,
    [organizationId, devices],
  );
  await seeder.query(
    `INSERT INTO subscriber_days (organization_id, platform, day, delta) SELECT organization_id, platform, DATE '9999-12-31', sum(delta) FROM subscriber_days GROUP BY 1, 2`,
  );
  await seeder.query(
    `INSERT INTO organization_days (organization_id, day, broadcasts, sent, failed, failures, opened)
     SELECT $1::uuid, (now() AT TIME ZONE 'UTC')::date - g, 3, $2::int * 3, 500, '{"Unregistered": 400, "BadDeviceToken": 100}'::jsonb, $2::int / 10
     FROM generate_series(0, 29) g`,
    [organizationId, devices],
  );
  for (const table of ['devices', 'subscriptions', 'subscription_topics']) await seeder.query(`VACUUM ANALYZE ${table}`);
  console.log(`seeded ${devices} devices, subscriptions, topics and a month of rollups in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const requests: Record<string, NotifyRequest> = {
    all: { body: 'x', target: 'all' },
    'topics news+sports': { body: 'x', target: 'topics', topics: ['news', 'sports'] },
    'topic rare (1%)': { body: 'x', target: 'topics', topics: ['rare'] },
  };

  /** Reads the whole audience a page at a time, as a shard run does: rows and seconds. */
  async function pageThrough(request: NotifyRequest) {
    const started = performance.now();
    let cursor: string | null = null;
    let rows = 0;
    for (;;) {
      const page: { device_uuid: string }[] = await sql.query<{ device_uuid: string }>(...pageQuery(organizationId, request, { after: NIL_UUID, until: null }, cursor, pageSize));
      rows += page.length;
      if (page.length < pageSize) break;
      cursor = page[page.length - 1]!.device_uuid;
    }
    return { rows, seconds: (performance.now() - started) / 1000 };
  }

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };

  console.log(`\npaging (${pageSize} a page), rounds alternate:`);
  console.log('round | target | rows | seconds | rows/s | x "all" of the round');
  for (let round = 1; round <= rounds; round += 1) {
    let base = 0;
    for (const [name, request] of Object.entries(requests)) {
      const { rows, seconds } = await pageThrough(request);
      const rate = rows / seconds;
      if (name === 'all') base = rate;
      console.log(`${round} | ${name} | ${rows} | ${seconds.toFixed(2)} | ${Math.round(rate)} | ${(rate / base).toFixed(2)}`);
    }
  }

  const [text, values] = pageQuery(organizationId, requests['topics news+sports']!, { after: NIL_UUID, until: null }, null, pageSize);
  const plan = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${text}`, values);
  console.log(`\nthe topics page's plan (first page):\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);

  console.log(`\nplanning a broadcast (once each):`);
  console.log('target | shardRanges (shards of ' + shardSize + ') ms | shards | countRecipients ms | recipients');
  for (const [name, request] of Object.entries(requests)) {
    const ranges = await timed(() => shardRanges(sql, organizationId, request, shardSize));
    const count = await timed(() => countRecipients(sql, organizationId, request));
    console.log(`${name} | ${ranges.ms.toFixed(0)} | ${ranges.value.length} | ${count.ms.toFixed(0)} | ${count.value}`);
  }

  const quantiles = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! };
  };
  console.log(`\nreads (${calls} calls each, one at a time):`);
  console.log('query | median ms | p99 ms | rows');
  for (const [name, read] of [
    ['GET /v1/insights?days=30', () => insights(sql, organizationId, 30).then((r) => (r.ok ? r.value.days.length : -1))],
    ['GET /v1/insights?days=366', () => insights(sql, organizationId, 366).then((r) => (r.ok ? r.value.days.length : -1))],
    ['GET /v1/topics', () => listTopics(sql, organizationId).then((topics) => topics.length)],
  ] as const) {
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < calls; i += 1) {
      const { value, ms } = await timed(read);
      rows = value;
      samples.push(ms);
    }
    const { median, p99 } = quantiles(samples);
    console.log(`${name} | ${median.toFixed(2)} | ${p99.toFixed(2)} | ${rows}`);
  }
  t = performance.now();
  const counted = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM subscriptions WHERE organization_id = $1`, [organizationId]);
  console.log(`\nfor scale: counting the audience's subscriptions once: ${(performance.now() - t).toFixed(0)} ms (${counted[0]!.n} rows)`);
} finally {
  await seeder.end();
  await database.close();
  await fresh.drop();
}
