// The intake's two hot statements (registration, subscription) are parsed and planned once per connection (prepared,
// run by name, one generic plan), on connections of their own that plan by index only (src/db/pool.ts,
// PREPARED_PLANS). A generic plan made on a fresh install's nearly empty tables is kept as they grow: the second test
// makes one there, grows the tables, and reads what the plan then does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.ts';
import { PREPARED_PLANS } from '../src/db/pool.ts';
import type { SqlClient } from '../src/db/sql.ts';
import { registerDevice } from '../src/domain/devices/service.ts';
import { subscribe } from '../src/domain/subscriptions/service.ts';
import { writeSubscriptions } from '../src/domain/subscriptions/statement.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { apnsToken, seedAudience, seedOrganization } from './support/seed.ts';

const SETTINGS = `SELECT current_setting('plan_cache_mode') AS plans, current_setting('enable_seqscan') AS seqscan,
  current_setting('enable_hashjoin') AS hashjoin, current_setting('enable_mergejoin') AS mergejoin`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** A parameter's value as PostgreSQL's text input reads it (these statements take arrays of text, uuids and nulls). */
const literal = (value: unknown): string =>
  Array.isArray(value) ? `{${value.map((each) => (each === null ? 'NULL' : `"${String(each).replace(/["\\]/g, '\\$&')}"`)).join(',')}}` : String(value);
/** How a plan may read a table: by index, or writing it (ModifyTable). */
const BY_KEY = ['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan', 'ModifyTable'];

describe('the intake statements', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  // Kept a minute unused, so that a slow step cannot swap the connection (and its statements) mid-test. poolSize is
  // the main pool's; the prepared statements' pool opens one connection here because the calls come one at a time
  // and pg-pool hands out the connection released last.
  const open = () => openDatabase({ url: fresh.url, poolSize: 1, idleMs: 60_000, logger: testLogger });

  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('are prepared once, run by name and planned once, on connections of their own that plan by index only', async () => {
    const organization = await seedOrganization(database.prisma, { slug: 'prepared' });
    const answers = [];
    // Seven: PostgreSQL's own choice (plan_cache_mode=auto) plans the first five calls for their parameters.
    for (let i = 0; i < 7; i++) {
      const registered = await registerDevice(database.sql, { platform: 'ios', apnsToken: apnsToken() });
      if (!registered.ok) throw new Error(registered.error.message);
      const subscribed = await subscribe(database.sql, { deviceUuid: registered.value.deviceUuid, orgSlug: organization.slug, externalId: `user-${i}` });
      answers.push([registered.value.created, subscribed.ok && subscribed.value.created]);
    }
    expect(answers).toEqual(Array.from({ length: 7 }, () => [true, true]));
    // Read on the prepared statements' connection (this query is prepared there too, and left out).
    const prepared = await database.sql.query<{ statement: string; generic_plans: string; custom_plans: string }>(
      `SELECT statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements
       WHERE name LIKE 'clarion\\_%' AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY statement LIKE '%INSERT INTO devices%' DESC`,
      [],
      { prepare: true },
    );
    expect(prepared.map((row) => [/INSERT INTO devices/.test(row.statement), /INSERT INTO subscriptions/.test(row.statement), Number(row.generic_plans), Number(row.custom_plans)])).toEqual([
      [true, false, 7, 0],
      [false, true, 7, 0],
    ]);
    expect(await database.sql.query(SETTINGS, [], { prepare: true })).toEqual([{ plans: 'force_generic_plan', seqscan: 'off', hashjoin: 'off', mergejoin: 'off' }]);
    // Every other statement (Prisma's, the fan-out's) runs on connections PostgreSQL plans as it chooses: a generic
    // plan forced there made a broadcast's recipient count several times slower.
    expect(await database.sql.query(SETTINGS)).toEqual([{ plans: 'auto', seqscan: 'on', hashjoin: 'on', mergejoin: 'on' }]);
    expect(await database.prisma.subscription.count({ where: { organizationId: organization.id } })).toBe(7);
  });

  it('keep looking rows up by key under a plan made on nearly empty tables, once they hold 20,000 subscriptions', async () => {
    const organization = await seedOrganization(database.prisma, { slug: 'grows' });
    // The statement as the subscription batcher sends it, on a connection with the prepared statements' settings.
    let statement = { text: '', values: [] as unknown[] };
    const capture: SqlClient = {
      query: async <Row>(text: string, values: unknown[] = []) => {
        statement = { text, values };
        return [] as Row[];
      },
    };
    const entries = (uuids: string[]) => uuids.map((deviceUuid) => ({ deviceUuid, orgSlug: 'grows', inviteCode: null, externalId: 'user', keyId: null, topics: null }));
    const client = new pg.Client({ connectionString: fresh.url, options: PREPARED_PLANS });
    await client.connect();
    try {
      await client.query(`PREPARE grows AS ${(await writeSubscriptions(capture, entries([crypto.randomUUID()])), statement.text)}`);
      // EXPLAIN EXECUTE takes no bound parameters: the values go as literals of the types the statement was prepared with.
      const [{ parameter_types: types }] = (await client.query(`SELECT parameter_types::text[] FROM pg_prepared_statements WHERE name = 'grows'`)).rows;
      const explain = () => `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE grows(${statement.values.map((value, i) => `${client.escapeLiteral(literal(value))}::${types[i]}`).join(', ')})`;
      const newDevices = async (count: number) =>
        (await database.sql.query<{ device_uuid: string }>(
          `INSERT INTO devices (device_uuid, platform, apns_token) SELECT gen_random_uuid(), 'ios', t FROM unnest($1::text[]) t RETURNING device_uuid::text`,
          [Array.from({ length: count }, () => apnsToken())],
        )).map((row) => row.device_uuid);
      // Its plan is made here, at its first run, while the tables hold a few rows.
      await writeSubscriptions(capture, entries(await newDevices(4)));
      await client.query(explain());

      await seedAudience(database.sql, organization.id, 20_000);
      const uuids = await newDevices(8);
      await writeSubscriptions(capture, entries(uuids));
      const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (await client.query(explain())).rows;
      const [{ generic_plans, custom_plans }] = (await client.query(`SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = 'grows'`)).rows;
      expect({ generic_plans, custom_plans }).toEqual({ generic_plans: 2, custom_plans: 0 });
      // Each table is read by index, a row or so for each of the batch's 8 (a plan reading them whole: 20,000).
      const reads = nodesOf(plan as PlanNode).filter((node) => node['Relation Name'] !== undefined);
      expect(reads.filter((node) => !BY_KEY.includes(node['Node Type'])).map((node) => `${node['Node Type']} on ${node['Relation Name']}`)).toEqual([]);
      expect(Math.max(...reads.map((node) => node['Actual Rows'] * node['Actual Loops']))).toBeLessThanOrEqual(16);
      expect(nodesOf(plan as PlanNode).map((node) => node['Node Type'])).not.toContain('Hash Join');
      expect(await database.sql.query(`SELECT count(*)::int AS n FROM subscriptions WHERE organization_id = $1 AND device_uuid = ANY($2::uuid[])`, [organization.id, uuids])).toEqual([{ n: 8 }]);
    } finally {
      await client.end();
    }
  });
});
