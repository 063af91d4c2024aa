// The intake's two hot statements (registration, subscription) are parsed once per connection (prepared, run by
// name). While the tables are small they are planned on every call with its own parameters: a generic plan made on
// nearly empty tables was seen to keep scanning them whole as they grew (src/db/pool.ts, GENERIC_PLANS_FROM_ROWS).
// Once the planner's statistics say both are large, a new connection plans them once. They have connections of their
// own; the test's calls come one at a time, so the statements it looks at are on one connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import pg from 'pg';
import { choosePlanMode, GENERIC_PLANS_FROM_ROWS } from '../src/db/pool.ts';
import { registerDevice } from '../src/domain/devices/service.ts';
import { subscribe } from '../src/domain/subscriptions/service.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';

describe('the intake statements on one connection', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  // Kept a minute unused, so that a slow step cannot swap the connection (and its statements) mid-test. poolSize is
  // the main pool's; the prepared statements' pool opens one connection here because the calls come one at a time
  // and pg-pool hands out the connection released last.
  const open = () => openDatabase({ url: fresh.url, poolSize: 1, idleMs: 60_000, logger: testLogger });

  // pg warns, once a process, when a query is queued on a client already running one (as a plan-mode query sent from
  // the pool's 'connect' event was): heard from the start of the file, so that no earlier step can use it up unseen.
  const warnings: string[] = [];
  const warned = (warning: Error) => void warnings.push(warning.message);
  const queuedOnBusyClient = () => warnings.filter((message) => /client\.query\(\)/.test(message));

  beforeAll(async () => {
    process.on('warning', warned);
    fresh = await freshPostgresDatabase();
    database = await open();
  });
  afterAll(async () => {
    process.off('warning', warned);
    await database?.close();
    await fresh?.drop();
  });

  /** Registers and subscribes seven devices on `db`; what the connection's prepared statements and setting say after. */
  async function sevenCalls(db: Database, slug: string) {
    const answers = [];
    // Seven: PostgreSQL's own choice (plan_cache_mode=auto) may turn to a generic plan from the sixth call.
    for (let i = 0; i < 7; i++) {
      const registered = await registerDevice(db.sql, { platform: 'ios', apnsToken: apnsToken() });
      if (!registered.ok) throw new Error(registered.error.message);
      const subscribed = await subscribe(db.sql, { deviceUuid: registered.value.deviceUuid, orgSlug: slug, externalId: `user-${i}` });
      answers.push([registered.value.created, subscribed.ok && subscribed.value.created]);
    }
    expect(answers).toEqual(Array.from({ length: 7 }, () => [true, true]));
    // Read on the prepared statements' connection (this query is prepared there too, and left out).
    const prepared = await db.sql.query<{ statement: string; generic_plans: string; custom_plans: string }>(
      `SELECT statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements
       WHERE name LIKE 'clarion\\_%' AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY statement LIKE '%INSERT INTO devices%' DESC`,
      [],
      { prepare: true },
    );
    expect(prepared.map((row) => [/INSERT INTO devices/.test(row.statement), /INSERT INTO subscriptions/.test(row.statement)])).toEqual([
      [true, false],
      [false, true],
    ]);
    const mode = `SELECT current_setting('plan_cache_mode') AS mode`;
    const [setting] = await db.sql.query<{ mode: string }>(mode, [], { prepare: true });
    // Every other statement (Prisma's, the fan-out's) runs on connections PostgreSQL plans as it chooses: a generic
    // plan forced there made a broadcast's recipient count several times slower.
    const [others] = await db.sql.query<{ mode: string }>(mode);
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    expect(queuedOnBusyClient()).toEqual([]);
    return { plans: prepared.map((row) => [Number(row.generic_plans), Number(row.custom_plans)]), mode: setting?.mode, others: others?.mode };
  }

  it("are prepared once, run by name, and planned with each call's parameters while the tables are small", async () => {
    const organization = await seedOrganization(database.prisma, { slug: 'prepared' });
    // Each of the seven calls was planned for its parameters, none ran a generic plan.
    expect(await sevenCalls(database, organization.slug)).toEqual({ plans: [[0, 7], [0, 7]], mode: 'force_custom_plan', others: 'auto' });
    expect(await database.prisma.subscription.count({ where: { organizationId: organization.id } })).toBe(7);
  });

  it('are planned once on a connection opened when both tables are large, and answer as before', async () => {
    const organization = await seedOrganization(database.prisma, { slug: 'large' });
    await database.sql.query(
      `INSERT INTO devices (device_uuid, platform, apns_token) SELECT gen_random_uuid(), 'ios', encode(sha256(convert_to('large' || g, 'UTF8')), 'hex') FROM generate_series(1, $1) g`,
      [GENERIC_PLANS_FROM_ROWS],
    );
    await database.sql.query(`INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM devices ON CONFLICT DO NOTHING`, [organization.id]);
    await database.sql.query('ANALYZE devices, subscriptions');
    // The open connection keeps what it decided when it opened; a new one decides again.
    const large = await open();
    try {
      expect(await sevenCalls(large, organization.slug)).toEqual({ plans: [[7, 0], [7, 0]], mode: 'force_generic_plan', others: 'auto' });
    } finally {
      await large.close();
    }
    // Behind a pooler in transaction mode the start-up options do not arrive (a client without them stands in for
    // one): the plan mode is left alone, since the server connection serves other clients' statements too.
    const pooled = new pg.Client({ connectionString: fresh.url });
    await pooled.connect();
    try {
      await choosePlanMode(pooled);
      expect((await pooled.query(`SELECT current_setting('plan_cache_mode') AS mode`)).rows).toEqual([{ mode: 'auto' }]);
    } finally {
      await pooled.end();
    }
    // Every device is subscribed to it: those seeded, those of the test before, and the seven.
    const [counts] = await database.sql.query<{ devices: number; subscribed: number }>(
      `SELECT (SELECT count(*)::int FROM devices) AS devices, (SELECT count(*)::int FROM subscriptions WHERE organization_id = $1) AS subscribed`,
      [organization.id],
    );
    expect(counts!.subscribed).toBe(counts!.devices);
    expect(counts!.devices).toBeGreaterThanOrEqual(GENERIC_PLANS_FROM_ROWS + 7);
  });
});
