// The intake's two hot statements (registration, subscription) are parsed and planned once per connection (prepared,
// run by name, one generic plan), on a connection of their own that plans by index only (src/db/pool.ts,
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
  // the main pool's; the prepared statements have one connection (src/db/pipelined.ts).
  const open = () => openDatabase({ url: fresh.url, poolSize: 1, idleMs: 60_000, logger: testLogger });

  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('are prepared once, run by name and planned once, on a connection of their own that plans by index only', async () => {
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
    // The tables' statistics stay what they are when the plans are made: nothing analyzes them behind the test's back.
    const tables = ['devices', 'subscriptions', 'organizations', 'identity_keys', 'subscription_topics', 'organization_subscriber_counts', 'subscriber_days'];
    for (const table of tables) await database.sql.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
    await database.sql.query(`ANALYZE ${tables.join(', ')}`);
    // The statement as the subscription batcher sends it, for these devices.
    const statementFor = async (uuids: string[]) => {
      let sent = { text: '', values: [] as unknown[] };
      const capture: SqlClient = {
        query: async <Row>(text: string, values: unknown[] = []) => {
          sent = { text, values };
          return [] as Row[];
        },
      };
      await writeSubscriptions(capture, uuids.map((deviceUuid) => ({ deviceUuid, orgSlug: 'grows', inviteCode: null, externalId: 'user', keyId: null, topics: null })));
      return sent;
    };
    const newDevices = async (count: number) =>
      (await database.sql.query<{ device_uuid: string }>(
        `INSERT INTO devices (device_uuid, platform, apns_token) SELECT gen_random_uuid(), 'ios', t FROM unnest($1::text[]) t RETURNING device_uuid::text`,
        [Array.from({ length: count }, () => apnsToken())],
      )).map((row) => row.device_uuid);
    // One connection with the prepared statements' settings, and one that only plans once: the case they guard against.
    const guarded = new pg.Client({ connectionString: fresh.url, options: PREPARED_PLANS });
    const control = new pg.Client({ connectionString: fresh.url, options: '-c plan_cache_mode=force_generic_plan' });
    const clients = [guarded, control];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      const { text } = await statementFor([crypto.randomUUID()]);
      for (const client of clients) await client.query(`PREPARE grows AS ${text}`);
      // EXPLAIN EXECUTE takes no bound parameters: the values go as literals of the types the statement was prepared with.
      const explain = async (client: pg.Client, uuids: string[]) => {
        const { values } = await statementFor(uuids);
        const [{ parameter_types: types }] = (await client.query(`SELECT parameter_types::text[] FROM pg_prepared_statements WHERE name = 'grows'`)).rows;
        const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE grows(${values.map((value, i) => `${client.escapeLiteral(literal(value))}::${types[i]}`).join(', ')})`)).rows;
        return nodesOf(plan as PlanNode);
      };
      // Each makes its plan here, at its first run, while the tables hold a few rows.
      for (const client of clients) await explain(client, await newDevices(4));

      await seedAudience(database.sql, organization.id, 20_000);
      const plans = [];
      for (const client of clients) plans.push(await explain(client, await newDevices(8)));
      const [byIndex, planned] = plans.map((nodes) => nodes.filter((node) => node['Relation Name'] !== undefined)) as [PlanNode[], PlanNode[]];
      const rowsRead = (nodes: PlanNode[]) => Math.max(...nodes.map((node) => node['Actual Rows'] * node['Actual Loops']));
      // Without the settings, the plan made then reads a table whole now: the test can tell.
      expect(rowsRead(planned)).toBeGreaterThanOrEqual(20_000);
      // With them, each table is read by index, a row or so for each of the batch's 8.
      expect(byIndex.filter((node) => !BY_KEY.includes(node['Node Type'])).map((node) => `${node['Node Type']} on ${node['Relation Name']}`)).toEqual([]);
      expect(rowsRead(byIndex)).toBeLessThanOrEqual(16);
      expect(plans[0]!.map((node) => node['Node Type'])).not.toContain('Hash Join');
      for (const client of clients) {
        const [counts] = (await client.query(`SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = 'grows'`)).rows;
        expect(counts).toEqual({ generic_plans: 2, custom_plans: 0 });
      }
      expect(await database.sql.query(`SELECT count(*)::int AS n FROM subscriptions WHERE organization_id = $1`, [organization.id])).toEqual([{ n: 20_000 + 2 * (4 + 8) }]);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
