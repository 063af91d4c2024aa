// The end of a broadcast: the last shard's last page and the shard's end commit together, and the broadcast's end
// follows in a transaction of its own. A crash while the broadcast's end is written leaves the shard done and its
// pushes counted: the next start ends the broadcast once, with one broadcast.completed event, and sends nothing
// again. A broadcast an older version left "sending" with every shard done is ended at the next start too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startMockApns, type MockApns } from './support/apns.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { runClarion, waitFor } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization } from './support/seed.ts';

describe('a crash while a broadcast ends', () => {
  let apns: MockApns;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let env: Record<string, string>;
  beforeAll(async () => {
    apns = await startMockApns();
    fresh = await freshPostgresDatabase();
    database = await openDatabase({ url: fresh.url, logger: testLogger });
    env = {
      DATABASE_URL: fresh.url, REDIS_URL: '', PORT: '0', DASHBOARD: 'off', LOG_LEVEL: 'info', NOTIFY_WAIT_MS: '0', FANOUT_WORKERS: '0',
      ...apns.processEnv, WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
    await apns?.close();
  });

  /** An organization with `count` devices, a live key, and a webhook endpoint that takes broadcast.completed. */
  async function organization(count: number) {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    const tokens = await seedAudience(database.sql, org.id, count);
    await database.prisma.webhookEndpoint.create({
      data: { id: randomUUID(), organizationId: org.id, url: 'https://hooks.example.com/clarion', events: ['broadcast.completed'], secretEncrypted: Buffer.alloc(40) },
    });
    return { org, key, tokens };
  }
  const completedEvents = (organizationId: string) => database.prisma.webhookDelivery.count({ where: { event: 'broadcast.completed', endpoint: { organizationId } } });

  it('kill -9 of every Clarion process while the broadcast\'s end is written: the next start ends it "completed", with one event', async () => {
    const { org, key, tokens } = await organization(50);
    // Whatever ends a broadcast waits here, inside its transaction, long enough to kill everything.
    await database.sql.query(`CREATE FUNCTION hold_the_end() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status::text IN ('completed', 'failed') THEN PERFORM pg_sleep(60); END IF; RETURN NEW; END $$`);
    await database.sql.query(`CREATE TRIGGER hold_the_end BEFORE UPDATE ON broadcasts FOR EACH ROW EXECUTE FUNCTION hold_the_end()`);
    const first = runClarion(env);
    let id: string;
    try {
      const url = await first.listening;
      const response = await fetch(`${url}/v1/notify`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ body: 'The end', target: 'all' }) });
      id = ((await response.json()) as { id: string }).id;
      const sleeper = await waitFor(async () => {
        const [row] = await database.sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`);
        return row?.pid;
      }, 30_000);
      expect(tokens.every((token) => apns.delivered(token).length === 1)).toBe(true);
      first.child.kill('SIGKILL');
      await first.exited;
      // The server's connection goes with it: its transaction is rolled back, as PostgreSQL does when a client dies.
      await database.sql.query(`SELECT pg_terminate_backend($1)`, [sleeper]);
    } finally {
      first.child.kill('SIGKILL');
      await database.sql.query(`DROP TRIGGER IF EXISTS hold_the_end ON broadcasts`);
      await database.sql.query(`DROP FUNCTION IF EXISTS hold_the_end()`);
    }
    // The last page and the shard's end were kept, with the totals; the broadcast's end was not.
    expect(await database.prisma.broadcast.findUniqueOrThrow({ where: { id }, include: { shards: true } })).toMatchObject({ status: 'sending', sent: 50, shards: [{ status: 'done', sent: 50 }] });
    const second = runClarion(env);
    try {
      await second.listening;
      const done = await waitFor(async () => {
        const row = await database.prisma.broadcast.findUniqueOrThrow({ where: { id } });
        return row.status === 'sending' ? undefined : row;
      }, 90_000);
      expect(done).toMatchObject({ status: 'completed', recipients: 50, sent: 50, failed: 0 });
      expect(await completedEvents(org.id)).toBe(1);
      // Nothing was lost, so nothing is sent again.
      expect(tokens.every((token) => apns.delivered(token).length === 1)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);

  it('ends at start a broadcast left "sending" with every shard done, with one event', async () => {
    const { org } = await organization(0);
    const id = randomUUID();
    await database.prisma.broadcast.create({
      data: { id, organizationId: org.id, request: { body: 'x', target: 'all', push: { payload: '{"aps":{}}', headers: {} } }, recipients: 2, sent: 2, shards: { create: { index: 0, after: '00000000-0000-0000-0000-000000000000', status: 'done', sent: 2 } } },
    });
    const clarion = runClarion(env);
    try {
      await clarion.listening;
      expect(await database.prisma.broadcast.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'completed', sent: 2 });
      expect(await completedEvents(org.id)).toBe(1);
      expect(clarion.output()).toContain('broadcasts whose shards had all ended are ended');
    } finally {
      clarion.child.kill('SIGTERM');
      await clarion.exited;
    }
  }, 60_000);
});
