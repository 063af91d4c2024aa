// The intake's two hot statements (registration, subscription) are parsed once per connection (prepared, run by
// name) and planned on every call with its own parameters: a generic plan, made once, was seen to keep the plan it
// chose while the tables were nearly empty (bench/rest, README "Hot paths"). One connection here, so the statements
// the test looks at are its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { registerDevice } from '../src/domain/devices/service.ts';
import { subscribe } from '../src/domain/subscriptions/service.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { apnsToken, seedOrganization } from './support/seed.ts';

describe('the intake statements on one connection', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;

  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
    // Kept a minute unused, so that a slow step cannot swap the connection (and its statements) mid-test.
    database = await openDatabase({ url: fresh.url, poolSize: 1, idleMs: 60_000, logger: testLogger });
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('are prepared once, run by name, planned with each call\'s parameters, and answer as before', async () => {
    const organization = await seedOrganization(database.prisma, { slug: 'prepared' });
    const answers = [];
    // Seven: PostgreSQL's own choice (plan_cache_mode=auto) may turn to a generic plan from the sixth call.
    for (let i = 0; i < 7; i++) {
      const registered = await registerDevice(database.sql, { platform: 'ios', apnsToken: apnsToken() });
      if (!registered.ok) throw new Error(registered.error.message);
      const subscribed = await subscribe(database.sql, { deviceUuid: registered.value.deviceUuid, orgSlug: organization.slug, externalId: `user-${i}` });
      answers.push([registered.value.created, subscribed.ok && subscribed.value.created]);
    }
    expect(answers).toEqual(Array.from({ length: 7 }, () => [true, true]));
    expect(await database.prisma.subscription.count({ where: { organizationId: organization.id } })).toBe(7);

    const prepared = await database.sql.query<{ name: string; statement: string; generic_plans: string; custom_plans: string }>(
      `SELECT name, statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE name LIKE 'clarion\\_%' ORDER BY statement LIKE '%INSERT INTO devices%' DESC`,
    );
    expect(prepared.map((row) => [/INSERT INTO devices/.test(row.statement), /INSERT INTO subscriptions/.test(row.statement)])).toEqual([
      [true, false],
      [false, true],
    ]);
    // Prepared on the first call; each of the seven calls was planned for its parameters, none ran a generic plan.
    expect(prepared.map((row) => [Number(row.generic_plans), Number(row.custom_plans)])).toEqual([
      [0, 7],
      [0, 7],
    ]);
    const [setting] = await database.sql.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(setting?.plan_cache_mode).toBe('force_custom_plan');
  });
});
