import { describe, expect, it } from 'vitest';
import { createApiKey } from '../src/domain/api-keys/service.ts';
import { apnsIdFor } from '../src/apns/apns-id.ts';
import type { Db } from '../src/db/database.ts';
import { adoptShardsWithoutJobs } from '../src/fanout/shards.ts';
import { API_KEY_SELECT, findBroadcast } from '../src/domain/broadcasts/view.ts';
import { TEST_TOPIC } from './support/apns.ts';
import { waitFor } from './support/processes.ts';
import { backends } from './support/backends.ts';
import { apnsToken, seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite, startServer, type TestServer } from './support/server.ts';

describe.each(backends)('POST /v1/notify on $name', (backend) => {
  // APNS_RETRY_WINDOW=0 here: a push APNs cannot take after the sender's own retries counts failed at once
  // (test/apns-outages.test.ts has the window).
  const suite = serveDuringSuite(backend, {}, { apns: true, fanout: { retryWindowMs: 0 } });

  /** An organization with `count` subscribed devices (externalIds user-0 ...) and a live key. */
  async function audience(count: number) {
    const org = await seedOrganization(suite.server.db);
    const devices = [];
    for (let i = 0; i < count; i += 1) {
      const token = apnsToken();
      const { body } = await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' });
      await suite.server.post(`/v1/devices/${body.deviceUuid}/subscriptions`, { orgSlug: org.slug, externalId: `user-${i}` });
      devices.push({ deviceUuid: body.deviceUuid as string, token });
    }
    const { key } = await seedKey(suite.server.db, org.slug);
    return { org, devices, key, auth: { authorization: `Bearer ${key}` } };
  }

  it('asks for a valid API key with 401 and WWW-Authenticate', async () => {
    const org = await seedOrganization(suite.server.db);
    const revoked = await seedKey(suite.server.db, org.slug);
    await suite.server.db.apiKey.update({ where: { id: revoked.apiKey.id }, data: { revokedAt: new Date() } });
    for (const authorization of [undefined, 'Basic abc', 'Bearer', `Bearer svc_live_${'A'.repeat(43)}`, `Bearer ${revoked.key}`]) {
      const response = await suite.server.post('/v1/notify', { body: 'hi', target: 'all' }, authorization ? { authorization } : {});
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('sends one broadcast to every live device exactly once, across pages, and counts failures by reason', async () => {
    const { devices, auth } = await audience(120);
    const [gone, bad, failing] = devices;
    suite.apns.script(gone!.token, { status: 410, reason: 'Unregistered' });
    suite.apns.script(bad!.token, { status: 400, reason: 'BadDeviceToken' });
    suite.apns.script(failing!.token, { status: 500, reason: 'InternalServerError' });
    const response = await suite.server.post('/v1/notify', { title: 'Storm', body: 'Take cover', target: 'all' }, auth);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: expect.any(String), status: 'completed', test: false, target: 'all', recipients: 120, sent: 117, failed: 3,
      failures: { Unregistered: 1, BadDeviceToken: 1, InternalServerError: 1 }, timing: { durationMs: expect.any(Number) },
    });
    for (const device of devices.slice(3)) {
      const received = suite.apns.delivered(device.token);
      expect(received).toHaveLength(1);
      expect(received[0]!.headers['apns-id']).toBe(apnsIdFor(response.body.id, device.deviceUuid));
      expect(received[0]!.payload).toEqual({ aps: { alert: { title: 'Storm', body: 'Take cover' } } });
    }
    const marked = await suite.server.db.device.findMany({ where: { deviceUuid: { in: [gone!.deviceUuid, bad!.deviceUuid, failing!.deviceUuid] } } });
    expect(Object.fromEntries(marked.map((d) => [d.deviceUuid, d.tokenInvalidReason]))).toEqual({
      [gone!.deviceUuid]: 'Unregistered', [bad!.deviceUuid]: 'BadDeviceToken', [failing!.deviceUuid]: null,
    });

    // Dead tokens are skipped next time, until the phone registers its token again.
    const next = await suite.server.post('/v1/notify', { body: 'Again', target: 'all' }, auth);
    expect(next.body).toMatchObject({ recipients: 118 });
    await suite.server.post('/v1/devices', { apnsToken: gone!.token, platform: 'ios' });
    suite.apns.script(gone!.token, { status: 200 });
    const revived = await suite.server.post('/v1/notify', { body: 'Back', target: 'all' }, auth);
    expect(revived.body).toMatchObject({ recipients: 119 });
  });

  it('marks a broadcast failed when no device could be reached', async () => {
    const { devices, auth } = await audience(2);
    for (const device of devices) suite.apns.script(device.token, { status: 400, reason: 'BadTopic' });
    const response = await suite.server.post('/v1/notify', { body: 'Nobody', target: 'all' }, auth);
    expect(response.body).toMatchObject({ status: 'failed', sent: 0, failed: 2, failures: { BadTopic: 2 } });
  });

  it('reaches only the users named by externalIds, and only its own organization', async () => {
    const mine = await audience(5);
    const theirs = await audience(3);
    const response = await suite.server.post('/v1/notify', { body: 'For you', target: 'users', externalIds: ['user-1', 'user-3', 'nobody'] }, mine.auth);
    expect(response.body).toMatchObject({ status: 'completed', recipients: 2, sent: 2 });
    expect(mine.devices.map((d) => suite.apns.delivered(d.token).length)).toEqual([0, 1, 0, 1, 0]);
    expect(theirs.devices.map((d) => suite.apns.delivered(d.token).length)).toEqual([0, 0, 0]);
  });

  it('sends a test key\'s request to at most one device and records nothing', async () => {
    const { org, devices } = await audience(4);
    const { key } = await seedKey(suite.server.db, org.slug, 'test');
    const before = await suite.server.db.broadcast.count();
    const response = await suite.server.post('/v1/notify', { body: 'Testing', target: 'all' }, { authorization: `Bearer ${key}` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: null, test: true, status: 'completed', recipients: 1, sent: 1, failed: 0 });
    expect(devices.reduce((n, d) => n + suite.apns.delivered(d.token).length, 0)).toBe(1);
    // The most recently subscribed device is the one a test reaches.
    expect(suite.apns.delivered(devices[3]!.token)).toHaveLength(1);
    expect(await suite.server.db.broadcast.count()).toBe(before);
  });

  it('builds the APNs payload and headers from every field', async () => {
    const { devices, auth } = await audience(1);
    const response = await suite.server.post('/v1/notify', {
      body: 'B', title: 'T', subtitle: 'S', badge: 3, sound: 'ping.caf', data: { orderId: 42 }, threadId: 'orders', category: 'ORDER',
      collapseId: 'order-42', interruptionLevel: 'time-sensitive', relevanceScore: 0.5, expiration: 2000000000, priority: 5, mutableContent: true, target: 'all',
    }, auth);
    expect(response.body.sent).toBe(1);
    const [received] = suite.apns.delivered(devices[0]!.token);
    expect(received!.payload).toEqual({
      aps: { alert: { title: 'T', subtitle: 'S', body: 'B' }, 'interruption-level': 'time-sensitive', 'relevance-score': 0.5, sound: 'ping.caf', category: 'ORDER', badge: 3, 'thread-id': 'orders', 'mutable-content': 1 },
      orderId: 42,
    });
    expect(received!.headers).toMatchObject({ 'apns-topic': TEST_TOPIC, 'apns-push-type': 'alert', 'apns-priority': '5', 'apns-expiration': '2000000000', 'apns-collapse-id': 'order-42' });
    await suite.server.post('/v1/notify', { body: 'sync', pushType: 'background', target: 'all' }, auth);
    const background = suite.apns.delivered(devices[0]!.token)[1]!;
    expect(background.payload).toEqual({ aps: { 'content-available': 1 } });
    expect(background.headers).toMatchObject({ 'apns-push-type': 'background', 'apns-priority': '5' });
  });

  it.each([
    [{ target: 'all' }, 'body', 'body is required'],
    [{ body: '', target: 'all' }, 'body', 'body must not be empty'],
    [{ body: 'x' }, 'target', 'target is required'],
    [{ body: 'x', target: 'everyone' }, 'target', 'target must be "all", "users" or "topics"'],
    [{ body: 'x', target: 'users' }, 'externalIds', 'externalIds must be a list of 1 to 1000 strings when target is "users"'],
    [{ body: 'x', target: 'users', externalIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) }, 'externalIds', 'externalIds must be a list of 1 to 1000 strings when target is "users"'],
    [{ body: 'x', target: 'users', externalIds: [7] }, 'externalIds', 'every externalId must be a string of 1 to 128 characters'],
    [{ body: 'x', target: 'all', externalIds: ['a'] }, 'externalIds', 'externalIds goes with target "users"'],
    [{ body: 'x', target: 'all', badge: -1 }, 'badge', 'badge must be an integer from 0 to 2147483647'],
    [{ body: 'x', target: 'all', collapseId: 'c'.repeat(65) }, 'collapseId', 'collapseId must be 1 to 64 visible ASCII characters (no spaces or control characters)'],
    [{ body: 'x', target: 'all', interruptionLevel: 'urgent' }, 'interruptionLevel', 'interruptionLevel must be one of passive, active, time-sensitive, critical'],
    [{ body: 'x', target: 'all', relevanceScore: 2 }, 'relevanceScore', 'relevanceScore must be a number from 0 to 1'],
    [{ body: 'x', target: 'all', priority: 7 }, 'priority', 'priority must be 10 (immediate) or 5 (power-considerate)'],
    [{ body: 'x', target: 'all', pushType: 'background', priority: 10 }, 'priority', 'background pushes must have priority 5'],
    [{ body: 'x', target: 'all', data: { aps: {} } }, 'data', 'data must not contain "aps": Clarion builds it'],
    [{ body: 'x', target: 'all', colour: 'red' }, 'colour', 'colour is not a field of a notification'],
    [{ body: 'x', target: 'all', data: { note: 'a\u0000b' } }, 'data', 'data must not contain NUL characters'],
    [{ body: 'x', target: 'all', expiration: 1e300 }, 'expiration', 'expiration must be a UNIX time in seconds (0: deliver once, never store)'],
    [{ body: 'x', target: 'all', badge: 2 ** 40 }, 'badge', 'badge must be an integer from 0 to 2147483647'],
  ])('refuses %o with 400 naming %s', async (body, field, message) => {
    const { auth } = await audience(0);
    expect(await suite.server.post('/v1/notify', body, auth)).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', field, message } } });
  });

  it('refuses a payload over 4096 bytes, saying its size', async () => {
    const { auth } = await audience(1);
    const response = await suite.server.post('/v1/notify', { body: 'x', target: 'all', data: { blob: 'y'.repeat(5000) } }, auth);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^the notification's APNs payload is \d{4,} bytes; APNs accepts at most 4096$/);
  });

  it('answers a repeated Idempotency-Key with the first result and sends nothing again', async () => {
    const { devices, auth } = await audience(3);
    const headers = { ...auth, 'idempotency-key': 'order-42-shipped' };
    const first = await suite.server.post('/v1/notify', { body: 'Shipped', target: 'all' }, headers);
    const again = await suite.server.post('/v1/notify', { body: 'Shipped', target: 'all' }, headers);
    expect(again.body).toEqual(first.body);
    expect(devices.map((d) => suite.apns.delivered(d.token).length)).toEqual([1, 1, 1]);
    const other = await suite.server.post('/v1/notify', { body: 'Shipped', target: 'all' }, { ...auth, 'idempotency-key': 'order-43-shipped' });
    expect(other.body.id).not.toBe(first.body.id);
    const changed = await suite.server.post('/v1/notify', { body: 'Delivered', target: 'all' }, headers);
    expect(changed).toMatchObject({ status: 422, body: { error: { code: 'UNPROCESSABLE', field: 'Idempotency-Key' } } });
    const [together1, together2] = await Promise.all([1, 2].map(() => suite.server.post('/v1/notify', { body: 'Once', target: 'all' }, { ...auth, 'idempotency-key': 'at-once' })));
    expect(together1!.body.id).toBe(together2!.body.id);
    expect(devices.map((d) => suite.apns.delivered(d.token).length)).toEqual([3, 3, 3]);
  });

  it('answers keyed requests without Prisma: the key, the broadcast and its Idempotency-Key, reading and cancelling it', async () => {
    // A server's first request with a key loaded Prisma's query compiler when the key was looked up through Prisma
    // (about 0.1 s of CPU that a broadcast's POST waited for); these routes read and write with plain SQL.
    const { org, devices, auth } = await audience(2);
    const used: string[] = [];
    const { prisma } = suite.storage.database;
    const watched = new Proxy(prisma, { get: (target, name) => (used.push(String(name)), Reflect.get(target, name)) });
    const server = await startServer({ ...suite.storage, database: { ...suite.storage.database, prisma: watched } }, { apnsTopic: TEST_TOPIC }, suite.apns.send);
    try {
      used.length = 0;
      const headers = { ...auth, 'idempotency-key': 'without-prisma' };
      const first = await server.post('/v1/notify', { body: 'Plain', target: 'all' }, headers);
      expect(first).toMatchObject({ status: 200, body: { status: 'completed', sent: 2, apiKey: { name: 'live key' } } });
      expect((await server.post('/v1/notify', { body: 'Plain', target: 'all' }, headers)).body).toEqual(first.body);
      expect((await server.get(`/v1/notifications/${first.body.id}`, auth)).body).toEqual(first.body);
      const later = await server.post('/v1/notify', { body: 'Later', target: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() }, auth);
      expect(later.body.status).toBe('scheduled');
      expect((await server.request('DELETE', `/v1/notifications/${later.body.id}`, { headers: auth })).body.status).toBe('cancelled');
      expect(used).toEqual([]);
      expect(devices.map((d) => suite.apns.delivered(d.token).length)).toEqual([1, 1]);
      // The broadcast as read with SQL is the broadcast as Prisma reads it (the history's pages), field for field.
      const viaSql = (await findBroadcast(suite.storage.database.sql, org.id, first.body.id))!;
      const viaPrisma = await prisma.broadcast.findFirstOrThrow({ where: { id: first.body.id }, include: { apiKey: API_KEY_SELECT } });
      expect(Object.keys(viaSql)).toHaveLength(15);
      expect(viaSql).toStrictEqual(Object.fromEntries(Object.keys(viaSql).map((field) => [field, viaPrisma[field as keyof typeof viaPrisma]])));
    } finally {
      await server.close();
    }
  });

  it('answers 202 "sending" with a Location when the broadcast outlasts the wait, and history follows it', async () => {
    const { devices, key } = await audience(3);
    const slow = await startServer(suite.storage, { apnsTopic: TEST_TOPIC, notifyWaitMs: 50 }, suite.apns.send, { retryWindowMs: 0 });
    try {
      suite.apns.script(devices[1]!.token, { status: 200, delayMs: 800 });
      const response = await slow.post('/v1/notify', { body: 'Slow', target: 'all' }, { authorization: `Bearer ${key}` });
      expect(response.status).toBe(202);
      expect(response.body).toMatchObject({ status: 'sending', recipients: 3 });
      expect(response.headers.get('location')).toBe(`/v1/notifications/${response.body.id}`);
      await Promise.all(slow.fanout.running());
      const followed = await slow.get(response.headers.get('location')!, { authorization: `Bearer ${key}` });
      expect(followed.body).toMatchObject({ status: 'completed', sent: 3, failed: 0, finishedAt: expect.any(String) });
    } finally {
      await slow.close();
    }
  });

  it('keeps history per organization, newest first, paginated, with the key that sent each', async () => {
    const { key, auth } = await audience(1);
    const other = await audience(1);
    const ids = [];
    for (const body of ['one', 'two', 'three']) ids.push((await suite.server.post('/v1/notify', { body, target: 'all' }, auth)).body.id);
    await suite.server.post('/v1/notify', { body: 'elsewhere', target: 'all' }, other.auth);
    const first = await suite.server.get('/v1/notifications?limit=2', auth);
    expect(first.body.notifications.map((n: { body: string }) => n.body)).toEqual(['three', 'two']);
    expect(first.body.notifications[0]).toMatchObject({ status: 'completed', recipients: 1, sent: 1, failures: {}, apiKey: { displayPrefix: key.slice(0, 15) } });
    const second = await suite.server.get(`/v1/notifications?limit=2&cursor=${first.body.nextCursor}`, auth);
    expect(second.body).toMatchObject({ notifications: [{ body: 'one' }], nextCursor: null });
    expect((await suite.server.get(`/v1/notifications/${ids[0]}`, auth)).body).toMatchObject({ id: ids[0], body: 'one' });
    expect((await suite.server.get(`/v1/notifications/${ids[0]}`, other.auth)).status).toBe(404);
    expect((await suite.server.get('/v1/notifications/not-an-id', auth)).status).toBe(404);
    expect((await suite.server.get('/v1/notifications')).status).toBe(401);
  });

  it('limits each API key, test keys included, to its own budget per minute', async () => {
    const { org, auth } = await audience(1);
    const test = await seedKey(suite.server.db, org.slug, 'test');
    const limited = await startServer(suite.storage, { apnsTopic: TEST_TOPIC, notifyPerMinute: 2 }, suite.apns.send, { retryWindowMs: 0 });
    try {
      for (let i = 0; i < 2; i += 1) expect((await limited.post('/v1/notify', { body: 'x', target: 'all' }, auth)).status).toBe(200);
      const refused = await limited.post('/v1/notify', { body: 'x', target: 'all' }, auth);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests: notify allows 2 per 60 seconds per API key' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect([refused.headers.get('ratelimit-limit'), refused.headers.get('ratelimit-remaining'), refused.headers.get('ratelimit-policy')]).toEqual(['2', '0', '2;w=60']);
      const testAuth = { authorization: `Bearer ${test.key}` };
      for (let i = 0; i < 2; i += 1) expect((await limited.post('/v1/notify', { body: 'x', target: 'all' }, testAuth)).status).toBe(200);
      expect((await limited.post('/v1/notify', { body: 'x', target: 'all' }, testAuth)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('hands a broadcast back at its last stored page when the process stops, and another one finishes it', async () => {
    const { devices, key } = await audience(6);
    const stopping = await startServer(suite.storage, { apnsTopic: TEST_TOPIC, notifyWaitMs: 20 }, suite.apns.send, { pageSize: 2, concurrency: 1, work: false, retryWindowMs: 0 });
    for (const device of devices) suite.apns.script(device.token, { status: 200, delayMs: 60 });
    const response = await stopping.post('/v1/notify', { body: 'Interrupted', target: 'all' }, { authorization: `Bearer ${key}` });
    expect(response.status).toBe(202);
    // The stopping server's run holds the shard (it sends a one-shard broadcast at once).
    const shardOf = () => suite.server.db.broadcastShard.findFirstOrThrow({ where: { broadcastId: response.body.id } });
    const held = await waitFor(async () => (await shardOf()).holder ?? undefined);
    await stopping.close();
    const handedBack = await suite.server.db.broadcast.findUniqueOrThrow({ where: { id: response.body.id }, include: { shards: true } });
    expect(handedBack.status).toBe('sending');
    expect(handedBack.sent).toBeLessThan(6);
    // Handed back: no longer the stopped run's. Its holder is null, or a run of the suite's server, which works the
    // queue and may have taken it already.
    expect(handedBack.shards).toMatchObject([{ status: 'pending' }]);
    expect(handedBack.shards[0]!.holder).not.toBe(held);
    for (const device of devices) suite.apns.script(device.token, { status: 200 });
    // The suite's server works the queue: it takes the handed-back shard from its cursor.
    const done = await waitFor(async () => {
      const row = await suite.server.db.broadcast.findUniqueOrThrow({ where: { id: response.body.id } });
      return row.status === 'completed' ? row : undefined;
    });
    expect(done).toMatchObject({ sent: 6, failed: 0 });
    expect(devices.map((d) => suite.apns.delivered(d.token).length)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('resumes a broadcast left sending before the upgrade to the job queue, from its cursor', async () => {
    const { org, devices, key } = await audience(6);
    const sorted = [...devices].sort((a, b) => a.deviceUuid.localeCompare(b.deviceUuid));
    const apiKey = await suite.server.db.apiKey.findFirstOrThrow({ where: { organizationId: org.id } });
    const push = { payload: JSON.stringify({ aps: { alert: { body: 'Resumed' } } }), headers: { 'apns-topic': TEST_TOPIC, 'apns-push-type': 'alert', 'apns-priority': '10' } };
    // As the upgrade's migration leaves a broadcast a crashed process had taken to its second device: one
    // shard from the old cursor, with no job yet.
    const interrupted = await suite.server.db.broadcast.create({
      data: {
        organizationId: org.id, apiKeyId: apiKey.id, request: { body: 'Resumed', target: 'all', push }, recipients: 6, sent: 2,
        shards: { create: { index: 0, after: '00000000-0000-0000-0000-000000000000', cursor: sorted[1]!.deviceUuid, sent: 2 } },
      },
    });
    expect(await suite.storage.database.transaction((tx) => adoptShardsWithoutJobs(tx, suite.server.boss))).toBe(1);
    expect(await suite.storage.database.transaction((tx) => adoptShardsWithoutJobs(tx, suite.server.boss))).toBe(0);
    const done = await waitFor(async () => {
      const answer = await suite.server.get(`/v1/notifications/${interrupted.id}`, { authorization: `Bearer ${key}` });
      return answer.body.status === 'completed' ? answer.body : undefined;
    });
    expect(done).toMatchObject({ status: 'completed', sent: 6, failed: 0 });
    expect(sorted.map((d) => suite.apns.delivered(d.token).length)).toEqual([0, 0, 1, 1, 1, 1]);
  });
});
