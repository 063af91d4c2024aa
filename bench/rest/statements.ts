// What PostgreSQL spends on the intake's two statements (issue 24), one connection each, in one run on one database:
// the subscription statement (src/domain/subscriptions/statement.ts) and the registration statement
// (src/domain/devices/service.ts), each sent three ways:
// - "unnamed": parsed and planned on every call (what Clarion sent before they were prepared);
// - "prepared": parsed once per connection, planned on every call for its parameters (plan_cache_mode=force_custom_plan:
//   what Clarion sent on a young database before PREPARED_PLANS);
// - "generic": parsed and planned once per connection, by index only, the plan kept for every call (what Clarion sends:
//   PREPARED_PLANS, src/db/pool.ts).
// Calls alternate between the three connections, so a noisy neighbour moves all three alike. Each call subscribes
// BENCH_BATCH devices of a BENCH_DEVICES audience again (the upsert's update path) or registers BENCH_BATCH new tokens.
// Not a test: it prints milliseconds a call (median and mean) and the ratio to "unnamed".
//
//   node --import tsx bench/rest/statements.ts      (BENCH_PG_URL, BENCH_DEVICES=200000, BENCH_BATCH=8, BENCH_CALLS=500)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import { PREPARED_PLANS } from '../../src/db/pool.ts';
import { throwawayDatabase } from '../../src/db/throwaway-database.ts';
import type { SqlClient } from '../../src/db/sql.ts';
import { registerDevice } from '../../src/domain/devices/service.ts';
import { createOrganization } from '../../src/domain/organizations/service.ts';
import { writeSubscriptions, type SubscribeEntry } from '../../src/domain/subscriptions/statement.ts';
import { createLogger } from '../../src/logger.ts';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const devices = Number(process.env.BENCH_DEVICES ?? 200_000);
const batch = Number(process.env.BENCH_BATCH ?? 8);
const calls = Number(process.env.BENCH_CALLS ?? 500);

const fresh = await throwawayDatabase(serverUrl, 'clarion_bench_statements');
const database = await openDatabase({ url: fresh.url, logger: createLogger('warn') });
const MODES = ['unnamed', 'prepared', 'generic'] as const;
type Mode = (typeof MODES)[number];
const clients: pg.Client[] = [];
try {
  const organization = await createOrganization(database.prisma, { name: 'Bench', slug: 'bench' });
  if (!organization.ok) throw new Error(organization.error.message);
  console.log(`seeding ${devices} devices, each subscribed to "bench" ...`);
  await database.sql.query(
    `INSERT INTO devices (device_uuid, platform, apns_token)
     SELECT gen_random_uuid(), 'ios', encode(sha256(int8send(g)), 'hex') FROM generate_series(1, $1) g`,
    [devices],
  );
  await database.sql.query(`INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM devices`, [organization.value.id]);
  await database.sql.query('ANALYZE');
  const uuids = (await database.sql.query<{ device_uuid: string }>('SELECT device_uuid::text FROM devices')).map((row) => row.device_uuid);

  const sqlFor = async (mode: Mode): Promise<SqlClient> => {
    const client = new pg.Client({ connectionString: fresh.url, options: mode === 'generic' ? PREPARED_PLANS : '-c plan_cache_mode=force_custom_plan' });
    await client.connect();
    clients.push(client);
    return {
      query: async (text, params, options) =>
        (await client.query(options?.prepare && mode !== 'unnamed' ? { name: `bench_${mode}_${text.length}`, text, values: params } : { text, values: params })).rows,
    };
  };
  const sql = Object.fromEntries(await Promise.all(MODES.map(async (mode) => [mode, await sqlFor(mode)]))) as Record<Mode, SqlClient>;

  // Distinct devices: one statement cannot upsert a row twice (the batcher keeps repeats for the next batch).
  let next = 0;
  const pick = (): SubscribeEntry[] =>
    Array.from({ length: batch }, () => ({ deviceUuid: uuids[(next = (next + 7919) % uuids.length)]!, orgSlug: 'bench', inviteCode: null, externalId: 'user', keyId: null, topics: null }));
  const subscribeCall = (mode: Mode) => writeSubscriptions(sql[mode], pick());
  // The batcher (src/domain/batch.ts) sends the first call at once and the others together: batch - 1 rows.
  const registerCall = (mode: Mode) => Promise.all(Array.from({ length: batch }, () => registerDevice(sql[mode], { platform: 'ios', apnsToken: randomBytes(32).toString('hex') })));

  for (const [name, call] of [['subscription', subscribeCall], ['registration', registerCall]] as const) {
    const times: Record<Mode, number[]> = { unnamed: [], prepared: [], generic: [] };
    for (let i = 0; i < 20; i++) for (const mode of MODES) await call(mode); // warm-up: connections, caches, plans
    for (let i = 0; i < calls; i++) {
      for (const mode of MODES) {
        const started = performance.now();
        await call(mode);
        times[mode].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(`\n${name} statement, ${name === 'subscription' ? batch : `${batch} calls (1 + ${batch - 1} rows)`} a call, ${calls} calls each, alternating:`);
    console.log('mode      | median ms | mean ms | mean / unnamed');
    for (const mode of MODES) {
      console.log(`${mode.padEnd(9)} | ${median(times[mode]).toFixed(3).padStart(9)} | ${mean(times[mode]).toFixed(3).padStart(7)} | ${(mean(times[mode]) / mean(times.unnamed)).toFixed(2)}`);
    }
  }
} finally {
  await Promise.all(clients.map((client) => client.end()));
  await database.close();
  await fresh.drop();
}
