// A request the database gives up on because other transactions hold what it needs for too long (lock_timeout, 10 s
// on every connection: src/db/pool.ts) is answered 503 UNAVAILABLE with Retry-After, over REST and GraphQL alike, never
// a 500; the transaction it waited in is rolled back, and the same request succeeds once the locks are gone.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { pause } from './support/pause.ts';
import { seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

describe.each(backends.slice(0, 1))('when the database is too busy to finish a request, on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it("answers a cancel that waited past the lock timeout for another transaction's lock 503 with Retry-After, and the retry cancels", async () => {
    const org = await seedOrganization(suite.server.db);
    const key = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug)).key}` };
    const scheduled = await suite.server.post('/v1/notify', { body: 'later', target: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() }, key);
    expect(scheduled.status).toBe(202);
    const id: string = scheduled.body.id;

    // A transaction that holds the broadcast's row as a start does (FOR UPDATE), for longer than the lock timeout.
    const { database } = suite.storage;
    const { reached, arrived, gate, release } = pause();
    const holding = database.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM broadcasts WHERE id = $1 FOR UPDATE`, [id]);
      arrived();
      await gate;
    });
    await reached;
    try {
      const [rest, graphql] = await Promise.all([
        suite.server.request('DELETE', `/v1/notifications/${id}`, { headers: key }),
        suite.server.graphql(`mutation($id: ID!) { cancelNotification(id: $id) { status } }`, { id }, key),
      ]);
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toBe('1');
      expect(rest.body.error).toEqual({ code: 'UNAVAILABLE', message: expect.stringMatching(/too busy.*retry in a moment/) });
      expect(rest.text).not.toMatch(/lock timeout|canceling statement|select /i);
      expect(graphql.status).toBe(503);
      expect(graphql.headers.get('retry-after')).toBe('1');
      expect(graphql.body.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
      expect(graphql.body.errors?.[0]?.message).toMatch(/too busy/);
      // The cancel was rolled back: the broadcast is still scheduled.
      expect((await suite.server.get(`/v1/notifications/${id}`, key)).body.status).toBe('scheduled');
    } finally {
      release();
      await holding;
    }
    const retried = await suite.server.request('DELETE', `/v1/notifications/${id}`, { headers: key });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('cancelled');
  });
});
