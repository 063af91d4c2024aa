// POST /v1/notify answers when the transaction that ends its broadcast commits: that transaction sends a NOTIFY
// with the broadcast's id, and the request waiting for it listens (src/db/listen.ts, src/domain/broadcasts/wait.ts).
// Against a real PostgreSQL: LISTEN/NOTIFY is the thing under test.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListener, type Listener } from '../src/db/listen.ts';
import { notify as notifyBroadcast } from '../src/domain/broadcasts/service.ts';
import { waitWhileSending } from '../src/domain/broadcasts/wait.ts';
import { TEST_TOPIC } from './support/apns.ts';
import { BROADCAST_ENDED_CHANNEL } from '../src/fanout/broadcast-end.ts';
import { backends, testLogger } from './support/backends.ts';
import { waitFor } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

const CHANNEL = 'clarion_test_wait';
/** Polls so slow that a test passes only if the notification woke the wait. */
const NEVER = { listening: { first: 600_000, max: 600_000 }, polling: { first: 600_000, max: 600_000 } };

describe.each(backends)('waiting for a broadcast to end on $name', (backend) => {
  // The request waits up to 30 s (not the tests' default 5 s), so that a slow CI machine still sees it finish.
  const suite = serveDuringSuite(backend, { fanoutShardSize: 40, notifyWaitMs: 30_000 }, { apns: true });
  let listener: Listener;
  let sql: pg.Pool;
  beforeAll(() => {
    listener = createListener({ url: suite.storage.database.url, channel: CHANNEL, logger: testLogger, lingerMs: 50, retryMs: 0 });
    sql = new pg.Pool({ connectionString: suite.storage.database.url, max: 2 });
  });
  afterAll(async () => {
    await listener?.close();
    await sql?.end();
  });
  const notify = (payload: string) => sql.query(`SELECT pg_notify($1, $2)`, [CHANNEL, payload]);
  const listeners = async () => (await sql.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'clarion notifications' AND query ILIKE 'LISTEN%' AND datname = current_database()`)).rows[0].n as number;

  it('wakes a wait by its key only, after LISTEN is in place, and keeps a notification that came between two waits', async () => {
    const watch = listener.watch('a');
    expect(await watch.ready).toBe(true);
    const other = watch.next(200);
    await notify('b');
    expect(await other).toBe(false); // another key's notification does not wake it
    const woken = watch.next(600_000);
    await notify('a');
    expect(await woken).toBe(true);
    // Notified while nobody waited (the caller was reading its row): the next wait returns at once. A second
    // notification, sent after it in the same transaction, shows when the first has arrived.
    const sync = listener.watch('sync');
    const synced = sync.next(600_000);
    await sql.query(`SELECT pg_notify($1, 'a'), pg_notify($1, 'sync')`, [CHANNEL]);
    expect(await synced).toBe(true);
    expect(await watch.next(0)).toBe(true);
    expect(await watch.next(0)).toBe(false); // once
    sync.stop();
    watch.stop();
  });

  it('opens no connection for a wait with no time left', async () => {
    let watches = 0;
    const counting: Listener = { watch: (key) => ((watches += 1), listener.watch(key)), close: async () => {} };
    expect(await waitWhileSending(async () => ({ status: 'sending' }), 'late', Date.now() - 1, counting)).toEqual({ status: 'sending' });
    expect(watches).toBe(0);
  });

  it('reads the row again when the notification comes, whatever the poll interval', async () => {
    let status = 'sending';
    let reads = 0;
    const read = async () => ((reads += 1), { status });
    const waited = waitWhileSending(read, 'row-1', Date.now() + 600_000, listener, NEVER);
    await waitFor(async () => (reads === 1 ? true : undefined), 10_000);
    status = 'completed';
    await notify('row-1');
    expect(await waited).toEqual({ status: 'completed' });
    expect(reads).toBe(2);
  });

  it('holds its connection only while someone waits, and comes back after the connection was cut', async () => {
    await waitFor(async () => ((await listeners()) === 0 ? true : undefined), 10_000);
    const watch = listener.watch('c');
    expect(await watch.ready).toBe(true);
    expect(await listeners()).toBe(1);
    const cut = watch.next(600_000);
    await sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'clarion notifications' AND datname = current_database()`);
    // The cut wakes the wait: its caller reads for itself rather than wait for a notification that cannot come.
    expect(await cut).toBe(true);
    // The same wait listens again (this listener tries again at once after a failure), and is woken: notified until a
    // wait sees it, since only the wait's own next() can have started the new connection.
    await waitFor(async () => {
      const woken = watch.next(1_000);
      await notify('c');
      return (await woken) ? true : undefined;
    }, 20_000);
    watch.stop();
    const again = listener.watch('d');
    expect(await again.ready).toBe(true);
    const woken = again.next(600_000);
    await notify('d');
    expect(await woken).toBe(true);
    again.stop();
    await waitFor(async () => ((await listeners()) === 0 ? true : undefined), 10_000);
  });

  it('announces the end of a broadcast of several shards with its id, and the request waits on that channel', async () => {
    const org = await seedOrganization(suite.server.db);
    const { key } = await seedKey(suite.server.db, org.slug);
    const tokens = await seedAudience(suite.storage.database.sql, org.id, 200);
    // One slow push holds the broadcast open long enough to see who waits for it.
    suite.apns.script(tokens[0]!, { status: 200, delayMs: 1_500 });
    const ids: string[] = [];
    const watcher = new pg.Client({ connectionString: suite.storage.database.url });
    await watcher.connect();
    try {
      watcher.on('notification', ({ channel, payload }) => void (channel === BROADCAST_ENDED_CHANNEL && ids.push(payload!)));
      await watcher.query(`LISTEN ${BROADCAST_ENDED_CHANNEL}`);
      const answer = suite.server.post('/v1/notify', { body: 'Five shards', target: 'all' }, { authorization: `Bearer ${key}` });
      const serverListens = async () =>
        (await sql.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'clarion notifications' AND query LIKE '%${BROADCAST_ENDED_CHANNEL}%' AND datname = current_database()`)).rows[0].n as number;
      await waitFor(async () => ((await serverListens()) === 1 ? true : undefined), 10_000);
      const response = await answer;
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'completed', recipients: 200, sent: 200 });
      const [shards] = await suite.server.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM broadcast_shards WHERE broadcast_id = ${response.body.id}::uuid`;
      expect(shards!.n).toBe(5);
      await waitFor(async () => (ids.includes(response.body.id) ? true : undefined), 10_000);
      expect(ids.filter((id) => id === response.body.id)).toHaveLength(1);
    } finally {
      await watcher.end();
    }
  });

  it('answers a broadcast sent by others once the NOTIFY of its end arrives, with no poll to fall back on', async () => {
    const org = await seedOrganization(suite.server.db);
    await seedAudience(suite.storage.database.sql, org.id, 120);
    const ended = createListener({ url: suite.storage.database.url, channel: BROADCAST_ENDED_CHANNEL, logger: testLogger });
    try {
      // The service as the server runs it, but with reads ten minutes apart: only the wake can answer in time.
      const deps = {
        db: suite.server.db, sql: suite.storage.database.sql, database: suite.storage.database, boss: suite.server.boss, fanout: suite.server.fanout,
        shardSize: 40, topic: TEST_TOPIC, waitMs: 600_000, ended, polls: NEVER,
      };
      const answer = await notifyBroadcast(deps, { organizationId: org.id, apiKey: null, test: false }, { body: 'Woken', target: 'all' });
      expect(answer).toMatchObject({ ok: true, value: { status: 'completed', recipients: 120, sent: 120 } });
    } finally {
      await ended.close();
    }
  });

  it('announces a cancel by the id as the broadcast has it, whatever case the caller wrote it in', async () => {
    const org = await seedOrganization(suite.server.db);
    const { key } = await seedKey(suite.server.db, org.slug);
    await seedAudience(suite.storage.database.sql, org.id, 3);
    const auth = { authorization: `Bearer ${key}` };
    const ids: string[] = [];
    const watcher = new pg.Client({ connectionString: suite.storage.database.url });
    await watcher.connect();
    try {
      watcher.on('notification', ({ payload }) => void ids.push(payload!));
      await watcher.query(`LISTEN ${BROADCAST_ENDED_CHANNEL}`);
      const later = await suite.server.post('/v1/notify', { body: 'Later', target: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() }, auth);
      expect(later.status).toBe(202);
      const id = later.body.id as string;
      expect((await suite.server.request('DELETE', `/v1/notifications/${id.toUpperCase()}`, { headers: auth })).body).toMatchObject({ status: 'cancelled' });
      await waitFor(async () => (ids.includes(id) ? true : undefined), 10_000);
    } finally {
      await watcher.end();
    }
  });
});

