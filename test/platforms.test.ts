// One broadcast to iOS, Android and browsers: each device exactly once with its platform's payload, counts per
// platform, dead tokens per platform, a push service's Retry-After, and a wrong setting that stops only its own
// platform. APNs, FCM and Web Push are the strict stand-ins (test/support/apns.ts, test/support/platforms.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer as FcmAnswer } from '../src/fcm/simulator.ts';
import type { WebPushAnswer } from '../src/webpush/simulator.ts';
import { generateVapidKeys } from '../src/webpush/vapid-keys.ts';
import { startMockApns, TEST_TOPIC, type MockApns } from './support/apns.ts';
import { backends } from './support/backends.ts';
import { fcmToken, startTestPlatforms, type TestPlatforms } from './support/platforms.ts';
import { apnsToken, seedKey, seedOrganization } from './support/seed.ts';
import { startServer, type TestServer } from './support/server.ts';
import { waitFor } from './support/processes.ts';


describe.each(backends)('every platform in one broadcast on $name', (backend) => {
  let storage: Awaited<ReturnType<(typeof backend)['open']>>;
  let apns: MockApns;
  let platforms: TestPlatforms;
  let server: TestServer;
  /** Scripted answers, per token or endpoint, taken in order. */
  const fcmScript = new Map<string, FcmAnswer[]>();
  const webScript = new Map<string, WebPushAnswer[]>();

  beforeAll(async () => {
    storage = await backend.open();
    apns = await startMockApns();
    platforms = await startTestPlatforms({
      fcm: { answer: ({ token }) => fcmScript.get(token)?.shift() },
      web: { answer: ({ id }) => webScript.get(id)?.shift() },
    });
    server = await startServer(storage, { apnsTopic: TEST_TOPIC }, apns.send, { channels: platforms.channels, devices: platforms.devices, retryWindowMs: 60_000 });
  });
  afterAll(async () => {
    await server?.close();
    await platforms?.close();
    await apns?.close();
    await storage?.close();
  });

  /** An organization with two devices of each platform and a live key. */
  async function audience() {
    const org = await seedOrganization(server.db);
    const ios = [apnsToken(), apnsToken()];
    const android = [fcmToken(), fcmToken()];
    const web = [platforms.subscribe(), platforms.subscribe()];
    const bodies = [...ios.map((apnsToken) => ({ platform: 'ios', apnsToken })), ...android.map((fcmToken) => ({ platform: 'android', fcmToken })), ...web.map((webPush) => ({ platform: 'web', webPush }))];
    const uuids: string[] = [];
    for (const body of bodies) {
      const registered = await server.post('/v1/devices', body);
      expect(registered.status, registered.text).toBe(201);
      uuids.push(registered.body.deviceUuid);
      expect((await server.post(`/v1/devices/${registered.body.deviceUuid}/subscriptions`, { orgSlug: org.slug })).status).toBe(201);
    }
    const { key } = await seedKey(server.db, org.slug);
    return { org, ios, android, web, uuids, auth: { authorization: `Bearer ${key}` } };
  }

  it('reaches every device of each platform exactly once, with its platform\'s payload, and counts per platform', async () => {
    const { ios, android, web, auth } = await audience();
    const data = { story: 42, tag: 'storm', nested: { a: 1 } };
    const response = await server.post('/v1/notify', { title: 'Storm', body: 'Take cover', target: 'all', data, collapseId: 'storm-1', priority: 5 }, auth);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      status: 'completed', recipients: 6, sent: 6, failed: 0,
      byPlatform: { ios: { sent: 2, failed: 0 }, android: { sent: 2, failed: 0 }, web: { sent: 2, failed: 0 } },
    });
    for (const token of ios) expect(apns.delivered(token)).toHaveLength(1);
    for (const token of android) {
      const [received, ...more] = platforms.fcm.received(token);
      expect(more).toEqual([]);
      // Strings stay strings; anything else becomes its JSON text. Priority 5 is FCM's normal.
      expect(received!.message).toMatchObject({
        notification: { title: 'Storm', body: 'Take cover' }, data: { story: '42', tag: 'storm', nested: '{"a":1}' },
        android: { priority: 'normal', collapse_key: 'storm-1' },
      });
    }
    for (const subscription of web) {
      expect(platforms.web.count(subscription.endpoint)).toBe(1);
      // Decrypted by the stand-in with the subscription's keys: objects stay objects.
      expect(JSON.parse(platforms.web.received(subscription.endpoint)[0]!)).toEqual({ title: 'Storm', body: 'Take cover', data });
    }
    const read = await server.get(`/v1/notifications/${response.body.id}`, auth);
    expect(read.body.byPlatform).toEqual(response.body.byPlatform);
  });

  it('writes off the dead tokens of each platform, and the next broadcast skips them', async () => {
    const { ios, android, web, uuids, auth } = await audience();
    apns.script(ios[0]!, { status: 410, reason: 'Unregistered' });
    fcmScript.set(android[0]!, [{ code: 'UNREGISTERED' }]);
    platforms.web.unsubscribe(web[0]!.endpoint);
    const first = await server.post('/v1/notify', { body: 'one', target: 'all' }, auth);
    expect(first.body).toMatchObject({
      status: 'completed', sent: 3, failed: 3,
      byPlatform: { ios: { sent: 1, failed: 1 }, android: { sent: 1, failed: 1 }, web: { sent: 1, failed: 1 } },
      failures: { Unregistered: 1, UNREGISTERED: 1, Gone: 1 },
    });
    const dead = await server.db.device.findMany({ where: { deviceUuid: { in: uuids }, tokenInvalidatedAt: { not: null } }, select: { deviceUuid: true } });
    expect(dead.map((d) => d.deviceUuid).sort()).toEqual([uuids[0], uuids[2], uuids[4]].sort());
    const second = await server.post('/v1/notify', { body: 'two', target: 'all' }, auth);
    expect(second.body).toMatchObject({ status: 'completed', recipients: 3, sent: 3, failed: 0 });
    expect(platforms.fcm.received(android[0]!)).toHaveLength(0);
    expect(platforms.web.count(web[0]!.endpoint)).toBe(0);
  });

  it('waits as long as FCM or a browser\'s push service asked (429, Retry-After), then sends the push once', async () => {
    const { android, web, uuids, auth } = await audience();
    // 8 s: beyond the first retry's backoff (1 to 2 s), so only the Retry-After can explain the wait.
    fcmScript.set(android[0]!, [{ code: 'QUOTA_EXCEEDED', retryAfter: 8 }]);
    webScript.set(web[0]!.endpoint.split('/').at(-1)!, [{ status: 429, retryAfter: 8 }]);
    const asked = Date.now();
    const response = await server.post('/v1/notify', { body: 'later', target: 'all' }, auth);
    const id = response.body.id as string;
    expect(response.body).toMatchObject({ status: 'sending', sent: 4 });
    const waiting = await server.db.broadcastRetry.findMany({ where: { broadcastId: id } });
    expect(waiting.map((row) => row.deviceUuid).sort()).toEqual([uuids[2], uuids[4]].sort());
    for (const row of waiting) expect(row.nextAt.getTime()).toBeGreaterThanOrEqual(asked + 8_000);
    const done = await waitFor(async () => {
      const read = await server.get(`/v1/notifications/${id}`, auth);
      return read.body.status === 'completed' ? read.body : undefined;
    }, 20_000);
    expect(done).toMatchObject({ sent: 6, failed: 0, byPlatform: { android: { sent: 2 }, web: { sent: 2 } } });
    expect(platforms.fcm.received(android[0]!)).toHaveLength(1);
    expect(platforms.web.count(web[0]!.endpoint)).toBe(1);
  });

  it('takes data keys FCM reserves for an audience without Android devices, and refuses them, naming data, for one with', async () => {
    const data = { from: 'the newsroom' };
    const iosOnly = await seedOrganization(server.db);
    const device = await server.post('/v1/devices', { platform: 'ios', apnsToken: apnsToken() });
    await server.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug: iosOnly.slug });
    const { key } = await seedKey(server.db, iosOnly.slug);
    const accepted = await server.post('/v1/notify', { body: 'x', target: 'all', data }, { authorization: `Bearer ${key}` });
    expect(accepted.body).toMatchObject({ status: 'completed', sent: 1 });
    const { auth } = await audience();
    const refused = await server.post('/v1/notify', { body: 'x', target: 'all', data }, auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'data' });
  });

  it('a test key reaches one device at most, whatever its platform', async () => {
    const { org, web } = await audience();
    const { key } = await seedKey(server.db, org.slug, 'test');
    const before = platforms.fcm.accepted() + web.reduce((n, s) => n + platforms.web.count(s.endpoint), 0);
    const response = await server.post('/v1/notify', { body: 'test', target: 'all' }, { authorization: `Bearer ${key}` });
    expect(response.body).toMatchObject({ test: true, recipients: 1, sent: 1, byPlatform: { web: { sent: 1, failed: 0 }, ios: { sent: 0 }, android: { sent: 0 } } });
    // The newest subscription was the second browser's.
    expect(platforms.web.count(web[1]!.endpoint)).toBe(1);
    expect(platforms.fcm.accepted() + web.reduce((n, s) => n + platforms.web.count(s.endpoint), 0)).toBe(before + 1);
  });
});

describe.each(backends)('wrong settings, per platform, on $name', (backend) => {
  /**
   * A server whose platforms are set up as `setup` says, an organization with `counts` devices of each platform
   * registered and subscribed, and one broadcast to them: its answer and what became of the devices.
   */
  async function broadcastWith(
    setup: { apns?: Parameters<typeof startMockApns>[0]; platforms?: Parameters<typeof startTestPlatforms>[0]; received?: boolean },
    counts: { ios: number; android: number; web: number },
  ) {
    const storage = await backend.open();
    const apns = await startMockApns(setup.apns);
    const platforms = await startTestPlatforms(setup.platforms);
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC }, apns.send, { channels: platforms.channels, devices: platforms.devices });
    try {
      const org = await seedOrganization(server.db);
      const uuids: string[] = [];
      const bodies = [
        ...Array.from({ length: counts.ios }, () => ({ platform: 'ios', apnsToken: apnsToken() })),
        ...Array.from({ length: counts.android }, () => ({ platform: 'android', fcmToken: fcmToken() })),
        ...Array.from({ length: counts.web }, () => ({ platform: 'web', webPush: platforms.subscribe() })),
      ];
      for (const body of bodies) {
        const { deviceUuid } = (await server.post('/v1/devices', body)).body;
        uuids.push(deviceUuid);
        await server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug });
      }
      // Devices that received pushes before (a running install whose setting was changed since).
      if (setup.received) await server.db.device.updateMany({ where: { deviceUuid: { in: uuids } }, data: { firstDeliveredAt: new Date() } });
      const { key } = await seedKey(server.db, org.slug);
      const response = await server.post('/v1/notify', { body: 'hello', target: 'all' }, { authorization: `Bearer ${key}` });
      const writtenOff = await server.db.device.count({ where: { deviceUuid: { in: uuids }, tokenInvalidatedAt: { not: null } } });
      return { response, writtenOff };
    } finally {
      await server.close();
      await platforms.close();
      await apns.close();
      await storage.close();
    }
  }

  it('a wrong FCM project stops Android only, names the setting and writes off nobody; iOS and browsers are reached', async () => {
    // Every token is another project's: what a service account of the wrong Firebase project sees.
    const { response, writtenOff } = await broadcastWith({ platforms: { fcm: { otherProject: () => true } } }, { ios: 1, android: 12, web: 1 });
    expect(response.body).toMatchObject({
      status: 'completed', recipients: 14, sent: 2, failed: 12,
      byPlatform: { ios: { sent: 1, failed: 0 }, android: { sent: 0, failed: 12 }, web: { sent: 1, failed: 0 } },
      error: { code: 'FCM_CONFIGURATION', message: expect.stringContaining('FCM_CREDENTIALS') },
    });
    expect(writtenOff).toBe(0);
  });

  it('a wrong APNS_ENV beside Android and browsers stops iOS only, and writes off nobody', async () => {
    const { response, writtenOff } = await broadcastWith({ apns: { issued: false } }, { ios: 12, android: 2, web: 2 });
    expect(response.body).toMatchObject({
      status: 'completed', recipients: 16, sent: 4, failed: 12,
      byPlatform: { ios: { sent: 0, failed: 12 }, android: { sent: 2, failed: 0 }, web: { sent: 2, failed: 0 } },
      error: { code: 'APNS_CONFIGURATION', message: expect.stringContaining('APNS_ENV') },
    });
    expect(writtenOff).toBe(0);
  });

  it('two platforms stopped in the same page, with pushes of both left unsent: each counted in full, the third reached', async () => {
    // FCM: the wrong project. Web Push: signed with a key no browser subscribed with. The devices received before,
    // so ten refusals each blame the setting for sure, and both stop within the first page with the rest unsent.
    const { response, writtenOff } = await broadcastWith(
      { platforms: { fcm: { otherProject: () => true }, vapid: generateVapidKeys() }, received: true },
      { ios: 2, android: 30, web: 30 },
    );
    expect(response.body).toMatchObject({
      status: 'completed', recipients: 62, sent: 2, failed: 60,
      byPlatform: { ios: { sent: 2, failed: 0 }, android: { sent: 0, failed: 30 }, web: { sent: 0, failed: 30 } },
    });
    expect(['FCM_CONFIGURATION', 'WEB_PUSH_CONFIGURATION']).toContain(response.body.error.code);
    expect(writtenOff).toBe(0);
  });

  it('every platform of the audience wrong: the whole broadcast fails, and nobody is written off', async () => {
    const { response, writtenOff } = await broadcastWith({ apns: { issued: false }, platforms: { fcm: { otherProject: () => true } } }, { ios: 12, android: 12, web: 0 });
    expect(response.body).toMatchObject({ status: 'failed', sent: 0, error: { code: expect.stringMatching(/^(APNS|FCM)_CONFIGURATION$/) } });
    expect(writtenOff).toBe(0);
  });

  it('a wrong VAPID key over a web-only audience fails the broadcast, naming the key, and writes off nobody', async () => {
    const { response, writtenOff } = await broadcastWith({ platforms: { vapid: generateVapidKeys() } }, { ios: 0, android: 0, web: 12 });
    expect(response.body).toMatchObject({ status: 'failed', sent: 0, error: { code: 'WEB_PUSH_CONFIGURATION', message: expect.stringContaining('VAPID_PUBLIC_KEY') } });
    expect(writtenOff).toBe(0);
  });
});

describe.each(backends)('registering a browser on $name', (backend) => {
  let pushHostAddress = '142.250.0.1';
  let storage: Awaited<ReturnType<(typeof backend)['open']>>;
  let platforms: TestPlatforms;
  let server: TestServer;
  beforeAll(async () => {
    storage = await backend.open();
    // The push service's host, as DNS answers it for this test (an attacker's DNS can answer anything).
    platforms = await startTestPlatforms({ resolve: async () => [{ address: pushHostAddress, family: pushHostAddress.includes(':') ? 6 : 4 }] });
    server = await startServer(storage, {}, undefined, { channels: platforms.channels, devices: platforms.devices });
  });
  afterAll(async () => {
    await server?.close();
    await platforms?.close();
    await storage?.close();
  });

  it('serves the VAPID public key a web app subscribes with', async () => {
    const response = await server.get('/v1/web-push/vapid-public-key');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ publicKey: platforms.devices.webPushPublicKey });
    expect(Buffer.from(response.body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('registers a subscription once: the same endpoint again is the same device, and a stranger\'s keys do not replace its own', async () => {
    const subscription = platforms.subscribe();
    const first = await server.post('/v1/devices', { platform: 'web', webPush: subscription });
    expect(first.status).toBe(201);
    // Someone who learned the endpoint registers it with keys of their own.
    const stranger = platforms.subscribe();
    const again = await server.post('/v1/devices', { platform: 'web', webPush: { endpoint: subscription.endpoint, keys: stranger.keys } });
    expect(again).toMatchObject({ status: 200, body: { deviceUuid: first.body.deviceUuid } });
    const stored = await server.db.device.findUniqueOrThrow({ where: { deviceUuid: first.body.deviceUuid } });
    expect(stored).toMatchObject({ platform: 'web', webPushEndpoint: subscription.endpoint, apnsToken: null, fcmToken: null });
    expect(Buffer.from(stored.webPushP256dh!).toString('base64url')).toBe(subscription.keys.p256dh);
    expect(Buffer.from(stored.webPushAuth!).toString('base64url')).toBe(subscription.keys.auth);
  });

  it.each([
    ['no webPush', {}, 'webPush'],
    ['an http endpoint', { endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'webPush.endpoint'],
    ['a host that is no push service', { endpoint: 'https://attacker.example/hook' }, 'webPush.endpoint'],
    ['a loopback address', { endpoint: 'https://127.0.0.1:8443/push/x' }, 'webPush.endpoint'],
    ['a link-local address', { endpoint: 'https://169.254.169.254/latest/meta-data' }, 'webPush.endpoint'],
    ['a push host that resolves to a private address', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', resolvesTo: '10.1.2.3' }, 'webPush.endpoint'],
    ['a push host that resolves to the metadata address', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', resolvesTo: '169.254.169.254' }, 'webPush.endpoint'],
    ['a push host that resolves to IPv4-mapped loopback', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', resolvesTo: '::ffff:127.0.0.1' }, 'webPush.endpoint'],
    ['a p256dh of 64 bytes', { keys: { p256dh: Buffer.alloc(64, 4).toString('base64url') } }, 'webPush.keys.p256dh'],
    ['a p256dh off the curve', { keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') } }, 'webPush.keys.p256dh'],
    ['an auth of 15 bytes', { keys: { auth: Buffer.alloc(15, 1).toString('base64url') } }, 'webPush.keys.auth'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, { resolvesTo, ...change }: { resolvesTo?: string; endpoint?: string; keys?: object }, field) => {
    pushHostAddress = resolvesTo ?? '142.250.0.1';
    const subscription = platforms.subscribe();
    const webPush = _case === 'no webPush' ? undefined : { ...subscription, ...change, keys: { ...subscription.keys, ...change.keys } };
    const before = await server.db.device.count();
    const response = await server.post('/v1/devices', { platform: 'web', webPush });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(await server.db.device.count()).toBe(before);
  });

  it('registers a push host\'s endpoint that resolves to a public address', async () => {
    pushHostAddress = '142.250.0.1';
    const { keys } = platforms.subscribe();
    const response = await server.post('/v1/devices', { platform: 'web', webPush: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys } });
    expect(response.status, response.text).toBe(201);
  });
});
