// A test key sees test-mode data only. Test sends are not stored, so its history is empty and a live
// broadcast's id is unknown to it (404), for reading and for cancelling alike.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { seedKey, seedOrganization, seedSubscription } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

describe.each(backends)('test keys and the notification history on $name', (backend) => {
  const suite = serveDuringSuite(backend, {}, { apns: true });

  it('lists no live broadcast to a test key and answers 404 for its id, also to DELETE', async () => {
    const org = await seedOrganization(suite.server.db);
    await seedSubscription(suite.server, org.slug, 'user-42');
    const live = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug)).key}` };
    const test = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug, 'test')).key}` };
    const scheduled = await suite.server.post('/v1/notify', { body: 'secret code 123456', target: 'users', externalIds: ['user-42'], sendAt: new Date(Date.now() + 3_600_000).toISOString() }, live);
    expect(scheduled.status).toBe(202);
    const sent = await suite.server.post('/v1/notify', { body: 'hello', target: 'all' }, live);
    expect(sent.status).toBe(200);
    const tested = await suite.server.post('/v1/notify', { body: 'a test', target: 'all' }, test);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ id: null, test: true });

    const liveList = await suite.server.get('/v1/notifications', live);
    expect(liveList.body.notifications.map((n: { id: string }) => n.id)).toEqual([sent.body.id, scheduled.body.id]);
    const testList = await suite.server.get('/v1/notifications', test);
    expect(testList.status).toBe(200);
    expect(testList.body).toEqual({ notifications: [], nextCursor: null });
    expect(testList.text).not.toContain('123456');
    // Paging parameters are still checked.
    expect((await suite.server.get('/v1/notifications?limit=0', test)).status).toBe(400);

    for (const id of [scheduled.body.id, sent.body.id]) {
      const read = await suite.server.get(`/v1/notifications/${id}`, test);
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('NOT_FOUND');
      const cancel = await suite.server.request('DELETE', `/v1/notifications/${id}`, { headers: test });
      expect(cancel.status).toBe(404);
      expect(cancel.body.error.code).toBe('NOT_FOUND');
      expect((await suite.server.get(`/v1/notifications/${id}`, live)).status).toBe(200);
    }
    // The test key's DELETE left the scheduled broadcast alone.
    expect((await suite.server.get(`/v1/notifications/${scheduled.body.id}`, live)).body.status).toBe('scheduled');
  });

  it('lets the same test key on GraphQL see nothing either', async () => {
    const org = await seedOrganization(suite.server.db);
    const live = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug)).key}` };
    const test = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug, 'test')).key}` };
    const sent = await suite.server.post('/v1/notify', { body: 'hello', target: 'all' }, live);
    const response = await suite.server.graphql(`query($id: ID!) { notifications { notifications { id } } notification(id: $id) { id } }`, { id: sent.body.id }, test);
    expect(response.body.data?.notifications).toEqual({ notifications: [] });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
