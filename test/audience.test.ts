// An organization's view of its audience (issue 23): topics a subscription follows and broadcasts to them, the
// text in each device's language, opens reported by the apps, and the insights day by day. Every platform's
// pushes are read back from the strict stand-ins (test/support/apns.ts, test/support/platforms.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockApns, TEST_TOPIC, type MockApns } from './support/apns.ts';
import { backends } from './support/backends.ts';
import { fcmToken, startTestPlatforms, type TestPlatforms } from './support/platforms.ts';
import { apnsToken, seedAudience, seedKey, seedOrganization } from './support/seed.ts';
import { startServer, type TestServer } from './support/server.ts';
import { writeSubscriptions } from '../src/domain/subscriptions/statement.ts';
import { markDead } from '../src/fanout/pages.ts';

describe.each(backends)('topics, languages, opens and insights on $name', (backend) => {
  let storage: Awaited<ReturnType<(typeof backend)['open']>>;
  let apns: MockApns;
  let platforms: TestPlatforms;
  let server: TestServer;

  beforeAll(async () => {
    storage = await backend.open();
    apns = await startMockApns();
    platforms = await startTestPlatforms();
    server = await startServer(storage, { apnsTopic: TEST_TOPIC }, apns.send, { channels: platforms.channels, devices: platforms.devices });
  });
  afterAll(async () => {
    await server?.close();
    await platforms?.close();
    await apns?.close();
    await storage?.close();
  });

  async function organization() {
    const org = await seedOrganization(server.db);
    const live = { authorization: `Bearer ${(await seedKey(server.db, org.slug)).key}` };
    const test = { authorization: `Bearer ${(await seedKey(server.db, org.slug, 'test')).key}` };
    return { org, live, test };
  }

  async function iosDevice(extra: Record<string, unknown> = {}) {
    const token = apnsToken();
    const registered = await server.post('/v1/devices', { platform: 'ios', apnsToken: token, ...extra });
    expect(registered.status, registered.text).toBe(201);
    return { token, uuid: registered.body.deviceUuid as string };
  }

  const subscribe = (uuid: string, body: Record<string, unknown>) => server.post(`/v1/devices/${uuid}/subscriptions`, body);
  const topicsOf = async (auth: Record<string, string>) => (await server.get('/v1/topics', auth)).body as { topic: string; subscribers: number }[];

  describe('topics', () => {
    it('are given on subscribing, replaced by a later list, kept when absent, cleared by []', async () => {
      const { org, live } = await organization();
      const { uuid } = await iosDevice();
      const first = await subscribe(uuid, { orgSlug: org.slug, topics: ['sports', 'local', 'sports'] });
      expect(first.status, first.text).toBe(201);
      expect(first.body.topics).toEqual(['local', 'sports']);
      expect(await topicsOf(live)).toEqual([{ topic: 'local', subscribers: 1 }, { topic: 'sports', subscribers: 1 }]);

      const replaced = await subscribe(uuid, { orgSlug: org.slug, topics: ['Sports', 'weather'] });
      expect(replaced.status).toBe(200);
      expect(replaced.body.topics).toEqual(['Sports', 'weather']);
      // Case-sensitive: "Sports" is not "sports".
      expect(await topicsOf(live)).toEqual([{ topic: 'Sports', subscribers: 1 }, { topic: 'weather', subscribers: 1 }]);

      const kept = await subscribe(uuid, { orgSlug: org.slug, externalId: 'reader-1' });
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ externalId: 'reader-1', topics: ['Sports', 'weather'] });

      const cleared = await subscribe(uuid, { orgSlug: org.slug, topics: [] });
      expect(cleared.body.topics).toEqual([]);
      expect(await topicsOf(live)).toEqual([]);
    });

    it.each([
      [{ topics: 'sports' }, 'must be a list'],
      [{ topics: ['with space'] }, 'a topic is 1 to 64 characters'],
      [{ topics: [''] }, 'a topic is 1 to 64 characters'],
      [{ topics: ['x'.repeat(65)] }, 'a topic is 1 to 64 characters'],
      [{ topics: [42] }, 'a topic is 1 to 64 characters'],
      [{ topics: Array.from({ length: 33 }, (_, i) => `t${i}`) }, 'at most 32'],
    ])('refuses topics %# on subscribing with 400 naming topics', async (body, message) => {
      const { org } = await organization();
      const { uuid } = await iosDevice();
      const refused = await subscribe(uuid, { orgSlug: org.slug, ...body });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'topics' });
      expect(refused.body.error.message).toContain(message);
      // Nothing was written.
      expect(await server.db.subscription.count({ where: { deviceUuid: uuid } })).toBe(0);
    });

    it('counts live subscribers per topic as devices unsubscribe, die and come back', async () => {
      const { org, live } = await organization();
      const a = await iosDevice();
      const b = await iosDevice();
      await subscribe(a.uuid, { orgSlug: org.slug, topics: ['news'] });
      await subscribe(b.uuid, { orgSlug: org.slug, topics: ['news', 'sports'] });
      expect(await topicsOf(live)).toEqual([{ topic: 'news', subscribers: 2 }, { topic: 'sports', subscribers: 1 }]);
      // APNs calls b's token dead during a broadcast: it leaves the counts, and comes back when it registers again.
      apns.script(b.token, { status: 410, reason: 'Unregistered' });
      expect((await server.post('/v1/notify', { body: 'x', target: 'all' }, live)).body).toMatchObject({ sent: 1, failed: 1 });
      expect(await topicsOf(live)).toEqual([{ topic: 'news', subscribers: 1 }]);
      apns.script(b.token);
      expect((await server.post('/v1/devices', { platform: 'ios', apnsToken: b.token })).body.deviceUuid).toBe(b.uuid);
      expect(await topicsOf(live)).toEqual([{ topic: 'news', subscribers: 2 }, { topic: 'sports', subscribers: 1 }]);
      expect((await server.delete(`/v1/devices/${b.uuid}/subscriptions/${org.slug}`)).status).toBe(204);
      expect(await topicsOf(live)).toEqual([{ topic: 'news', subscribers: 1 }]);
      // The counts equal what the rows say.
      const rows = await storage.database.sql.query<{ topic: string; n: number }>(
        `SELECT t.topic, count(*)::int AS n FROM subscription_topics t JOIN devices d USING (device_uuid)
         WHERE t.organization_id = $1 AND d.token_invalidated_at IS NULL GROUP BY 1 ORDER BY 1`,
        [org.id],
      );
      expect(rows).toEqual([{ topic: 'news', n: 1 }]);
    });

    it('a topics broadcast reaches every subscriber of any of its topics once, and no one else', async () => {
      const { org, live, test } = await organization();
      const sports = await iosDevice();
      const both = await iosDevice();
      const politics = await iosDevice();
      const none = await iosDevice();
      const gone = await iosDevice();
      const android = fcmToken();
      const androidUuid = (await server.post('/v1/devices', { platform: 'android', fcmToken: android })).body.deviceUuid as string;
      await subscribe(sports.uuid, { orgSlug: org.slug, topics: ['sports'] });
      await subscribe(both.uuid, { orgSlug: org.slug, topics: ['sports', 'politics'] });
      await subscribe(politics.uuid, { orgSlug: org.slug, topics: ['politics'] });
      await subscribe(none.uuid, { orgSlug: org.slug });
      await subscribe(gone.uuid, { orgSlug: org.slug, topics: ['sports'] });
      await subscribe(androidUuid, { orgSlug: org.slug, topics: ['weather', 'sports'] });
      await server.delete(`/v1/devices/${gone.uuid}/subscriptions/${org.slug}`);

      const sent = await server.post('/v1/notify', { body: 'Goal', target: 'topics', topics: ['sports', 'politics'] }, live);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body).toMatchObject({ target: 'topics', topics: ['politics', 'sports'], recipients: 4, sent: 4, failed: 0 });
      for (const device of [sports, both, politics]) expect(apns.delivered(device.token)).toHaveLength(1);
      expect(apns.delivered(none.token)).toHaveLength(0);
      expect(apns.delivered(gone.token)).toHaveLength(0);
      expect(platforms.fcm.received(android)).toHaveLength(1);

      // A test key reaches one device at most, among the topics' subscribers.
      const tested = await server.post('/v1/notify', { body: 'Test', target: 'topics', topics: ['politics'] }, test);
      expect(tested.body).toMatchObject({ test: true, recipients: 1, sent: 1 });
      expect([both, politics].map((device) => apns.delivered(device.token).length).sort()).toEqual([1, 2]);
      expect(apns.delivered(sports.token)).toHaveLength(1);

      // No one follows "chess": nothing is sent.
      expect((await server.post('/v1/notify', { body: 'x', target: 'topics', topics: ['chess'] }, live)).body).toMatchObject({ recipients: 0, sent: 0 });
    });

    it.each([
      [{ body: 'x', target: 'topics' }, 'topics', 'at least 1', 'must hold 1 to 32'],
      [{ body: 'x', target: 'topics', topics: [] }, 'topics', '', 'must hold 1 to 32'],
      [{ body: 'x', target: 'topics', topics: ['no spaces'] }, 'topics', '', 'a topic is'],
      [{ body: 'x', target: 'all', topics: ['sports'] }, 'topics', '', 'goes with target "topics"'],
    ])('refuses the notify request %j with 400 naming %s', async (body, field, _note, message) => {
      const { live } = await organization();
      const refused = await server.post('/v1/notify', body, live);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ field });
      expect(refused.body.error.message).toContain(message);
    });
  });

  describe('topic counts when changes meet', () => {
    /** The counts as listed, and as the rows say (live devices only): they must agree. */
    async function countsAndRows(organizationId: string) {
      const sql = storage.database.sql;
      const counts = await sql.query<{ topic: string; n: number }>('SELECT topic, count AS n FROM topic_subscriber_counts WHERE organization_id = $1 ORDER BY topic', [organizationId]);
      const rows = await sql.query<{ topic: string; n: number }>(
        `SELECT t.topic, count(*)::int AS n FROM subscription_topics t JOIN devices d USING (device_uuid)
         WHERE t.organization_id = $1 AND d.token_invalidated_at IS NULL GROUP BY 1 ORDER BY 1`,
        [organizationId],
      );
      return { counts, rows };
    }

    /** Replaces a subscription's topics in a transaction held open until `during` has started (and is waiting). */
    async function replaceTopicsWhile(uuid: string, orgSlug: string, topics: string[], during: () => Promise<unknown>) {
      let started: Promise<unknown> | undefined;
      await storage.database.transaction(async (tx) => {
        await writeSubscriptions(tx, [{ deviceUuid: uuid, orgSlug, inviteCode: null, externalId: null, keyId: null, topics }]);
        started = during();
        // Long enough for the other statement to reach the locks this transaction holds.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await started;
    }

    it('an unsubscribe that waits for a topic change counts the topics it actually removes', async () => {
      const { org, live } = await organization();
      const { uuid } = await iosDevice();
      await subscribe(uuid, { orgSlug: org.slug, topics: ['a'] });
      await replaceTopicsWhile(uuid, org.slug, ['b'], () => server.delete(`/v1/devices/${uuid}/subscriptions/${org.slug}`));
      const { counts, rows } = await countsAndRows(org.id);
      expect(rows).toEqual([]);
      expect(counts).toEqual(rows);
      expect(await topicsOf(live)).toEqual([]);
    });

    it('a token written off while its topics change leaves the counts as the rows say', async () => {
      const { org } = await organization();
      const { uuid } = await iosDevice();
      const other = await iosDevice();
      await subscribe(uuid, { orgSlug: org.slug, topics: ['a'] });
      await subscribe(other.uuid, { orgSlug: org.slug, topics: ['a', 'b'] });
      await replaceTopicsWhile(uuid, org.slug, ['b', 'c'], () => markDead(storage.database.sql, [{ deviceUuid: uuid, reason: 'Unregistered' }]));
      const { counts, rows } = await countsAndRows(org.id);
      expect(rows).toEqual([{ topic: 'a', n: 1 }, { topic: 'b', n: 1 }]);
      expect(counts).toEqual(rows);
      // Registered again, it counts again, with the topics it has now.
      await server.post('/v1/devices', { platform: 'ios', apnsToken: (await storage.database.sql.query<{ apns_token: string }>('SELECT apns_token FROM devices WHERE device_uuid = $1', [uuid]))[0]!.apns_token });
      const after = await countsAndRows(org.id);
      expect(after.rows).toEqual([{ topic: 'a', n: 1 }, { topic: 'b', n: 2 }, { topic: 'c', n: 1 }]);
      expect(after.counts).toEqual(after.rows);
    });
  });

  describe('languages', () => {
    it('sends each device the text of its locale\'s closest match, else the request\'s own, exactly once', async () => {
      const { org, live } = await organization();
      const exact = await iosDevice({ locale: 'de-CH' });
      const prefix = await iosDevice({ locale: 'fr-ca' });
      const fallback = await iosDevice({ locale: 'ja' });
      const none = await iosDevice();
      const deep = await iosDevice({ locale: 'de-CH-1996' });
      const android = fcmToken();
      const androidUuid = (await server.post('/v1/devices', { platform: 'android', fcmToken: android, locale: 'fr' })).body.deviceUuid as string;
      const browser = platforms.subscribe();
      const browserUuid = (await server.post('/v1/devices', { platform: 'web', webPush: browser, locale: 'de' })).body.deviceUuid as string;
      for (const uuid of [exact.uuid, prefix.uuid, fallback.uuid, none.uuid, deep.uuid, androidUuid, browserUuid]) await subscribe(uuid, { orgSlug: org.slug });

      const localized = { fr: { title: 'Alerte', body: 'Abritez-vous' }, 'de-ch': { title: 'Warnig', body: 'Gönd in Chäller' }, de: { body: 'Gehen Sie in den Keller' } };
      const sent = await server.post('/v1/notify', { title: 'Storm', body: 'Take cover', target: 'all', localized }, live);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body).toMatchObject({ sent: 7, failed: 0, languages: ['de', 'de-CH', 'fr'] });
      const alertOf = (token: string) => {
        const pushes = apns.delivered(token);
        expect(pushes).toHaveLength(1);
        return (pushes[0]!.payload.aps as { alert: unknown }).alert;
      };
      expect(alertOf(exact.token)).toEqual({ title: 'Warnig', body: 'Gönd in Chäller' });
      expect(alertOf(deep.token)).toEqual({ title: 'Warnig', body: 'Gönd in Chäller' });
      expect(alertOf(prefix.token)).toEqual({ title: 'Alerte', body: 'Abritez-vous' });
      expect(alertOf(fallback.token)).toEqual({ title: 'Storm', body: 'Take cover' });
      expect(alertOf(none.token)).toEqual({ title: 'Storm', body: 'Take cover' });
      const [androidPush, ...more] = platforms.fcm.received(android);
      expect(more).toEqual([]);
      expect(androidPush!.message).toMatchObject({ notification: { title: 'Alerte', body: 'Abritez-vous' } });
      // A language without a title has none (not the request's title in another language).
      expect(platforms.web.received(browser.endpoint).map((text) => JSON.parse(text))).toEqual([expect.objectContaining({ body: 'Gehen Sie in den Keller' })]);
      expect(JSON.parse(platforms.web.received(browser.endpoint)[0]!).title).toBeUndefined();
    });

    it('PATCH /v1/devices/{deviceUuid} changes the locale (canonical form), null removes it, a bad tag is a 400', async () => {
      const { uuid } = await iosDevice({ locale: 'en' });
      const changed = await server.request('PATCH', `/v1/devices/${uuid}`, { json: { locale: 'pt-br' } });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body).toEqual({ deviceUuid: uuid, platform: 'ios', locale: 'pt-BR' });
      expect((await server.request('PATCH', `/v1/devices/${uuid}`, { json: { locale: null } })).body.locale).toBeNull();
      for (const locale of ['english please', 'x'.repeat(36), 42, '']) {
        const refused = await server.request('PATCH', `/v1/devices/${uuid}`, { json: { locale } });
        expect(refused.status, JSON.stringify(locale)).toBe(400);
        expect(refused.body.error.field).toBe('locale');
      }
      expect((await server.request('PATCH', `/v1/devices/${uuid}`, { json: {} })).body.error.field).toBe('locale');
      expect((await server.request('PATCH', '/v1/devices/00000000-0000-4000-8000-000000000000', { json: { locale: 'en' } })).status).toBe(404);
      expect((await server.request('PATCH', '/v1/devices/not-a-uuid', { json: { locale: 'en' } })).status).toBe(404);
      // Registering with a bad locale is refused too, and registering again without one keeps it.
      const bad = await server.post('/v1/devices', { platform: 'ios', apnsToken: apnsToken(), locale: 'nope nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('locale');
      const device = await iosDevice({ locale: 'it' });
      await server.post('/v1/devices', { platform: 'ios', apnsToken: device.token });
      expect((await storage.database.sql.query<{ locale: string }>('SELECT locale FROM devices WHERE device_uuid = $1', [device.uuid]))[0]!.locale).toBe('it');
    });

    it.each([
      [{ localized: [] }, 'localized', 'must be an object'],
      [{ localized: { 'not a tag': { body: 'x' } } }, 'localized', 'not a BCP 47'],
      [{ localized: { fr: { title: 'x' } } }, 'localized.fr.body', 'required'],
      [{ localized: { fr: { body: 'x', sound: 'y' } } }, 'localized.fr.sound', 'not a localized field'],
      [{ localized: { fr: { body: 'x' }, FR: { body: 'y' } } }, 'localized.fr', 'twice'],
      [{ localized: { fr: { body: 'x'.repeat(4097) } } }, 'localized.fr.body', ''],
      [{ localized: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x-l${i}`.replace('x-', 'en-x-'), { body: 'b' }])) }, 'localized', 'at most 50'],
    ])('refuses localized texts %# with 400 naming the field', async (extra, field, message) => {
      const { live } = await organization();
      const refused = await server.post('/v1/notify', { body: 'x', target: 'all', ...extra }, live);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.error.field).toBe(field);
      expect(refused.body.error.message).toContain(message);
    });

    it('refuses a language a platform of the audience cannot take, naming the language', async () => {
      const { org, live } = await organization();
      const { uuid } = await iosDevice();
      await subscribe(uuid, { orgSlug: org.slug });
      // APNs takes 4 KB: the French text alone is over it.
      const refused = await server.post('/v1/notify', { body: 'short', target: 'all', localized: { fr: { body: 'é'.repeat(2500) } } }, live);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.error.field).toMatch(/^localized\.fr/);
      expect(await server.db.broadcast.count({ where: { organizationId: org.id } })).toBe(0);
    });
  });

  describe('opens', () => {
    it('counts once per device and notification, refuses devices outside the audience, and shows on the notification and the day', async () => {
      const { org, live } = await organization();
      const reader = await iosDevice();
      const other = await iosDevice();
      const stranger = await iosDevice();
      const late = await iosDevice();
      const writtenOff = await iosDevice();
      await subscribe(reader.uuid, { orgSlug: org.slug, topics: ['sports'] });
      await subscribe(other.uuid, { orgSlug: org.slug, topics: ['politics'] });
      // A token its push service wrote off before the broadcast: the broadcast skips it, and its opens do not count.
      await subscribe(writtenOff.uuid, { orgSlug: org.slug, topics: ['sports'] });
      await markDead(storage.database.sql, [{ deviceUuid: writtenOff.uuid, reason: 'Unregistered' }]);
      const sent = await server.post('/v1/notify', { body: 'Goal', target: 'topics', topics: ['sports'] }, live);
      expect(sent.body).toMatchObject({ sent: 1, opened: 0 });
      const open = (uuid: string, notificationId: unknown = sent.body.id) => server.post(`/v1/devices/${uuid}/opens`, { notificationId });

      expect((await open(reader.uuid)).status).toBe(204);
      expect((await open(reader.uuid)).status).toBe(204);
      // Not in the audience: another topic's subscriber, a device of no subscription, one subscribed after the broadcast ended.
      await subscribe(late.uuid, { orgSlug: org.slug, topics: ['sports'] });
      for (const uuid of [other.uuid, stranger.uuid, late.uuid, writtenOff.uuid]) {
        const refused = await open(uuid);
        expect(refused.status).toBe(404);
        expect(refused.body.error.field).toBe('notificationId');
      }
      expect((await open('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await open(reader.uuid, 'nope')).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'notificationId' });
      expect((await open(reader.uuid, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      // Another organization's notification, for a device not subscribed to it.
      const elsewhere = await organization();
      const theirs = await server.post('/v1/notify', { body: 'x', target: 'all' }, elsewhere.live);
      expect((await open(reader.uuid, theirs.body.id)).status).toBe(404);

      expect((await server.get(`/v1/notifications/${sent.body.id}`, live)).body.opened).toBe(1);
      const today = (await server.get('/v1/insights?days=1', live)).body.days[0];
      expect(today.opened).toBe(1);
    });

    it('a burst of the same open from many requests counts it once', async () => {
      const { org, live } = await organization();
      const readers = await Promise.all(Array.from({ length: 5 }, () => iosDevice()));
      for (const reader of readers) await subscribe(reader.uuid, { orgSlug: org.slug });
      const sent = await server.post('/v1/notify', { body: 'x', target: 'all' }, live);
      const answers = await Promise.all(readers.flatMap((reader) => Array.from({ length: 4 }, () => server.post(`/v1/devices/${reader.uuid}/opens`, { notificationId: sent.body.id }))));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
      expect((await server.get(`/v1/notifications/${sent.body.id}`, live)).body.opened).toBe(5);
    });
  });

  describe('insights', () => {
    it('tells each day\'s subscribers, broadcasts, pushes and opens as the history says, test sends left out', async () => {
      const { org, live, test } = await organization();
      const first = await iosDevice();
      const second = await iosDevice();
      const android = fcmToken();
      const androidUuid = (await server.post('/v1/devices', { platform: 'android', fcmToken: android })).body.deviceUuid as string;
      for (const uuid of [first.uuid, second.uuid, androidUuid]) await subscribe(uuid, { orgSlug: org.slug });
      apns.script(second.token, { status: 410, reason: 'Unregistered' });
      const a = await server.post('/v1/notify', { body: 'one', target: 'all' }, live);
      expect(a.body).toMatchObject({ sent: 2, failed: 1 });
      await server.post('/v1/devices/' + first.uuid + '/opens', { notificationId: a.body.id });
      await server.post('/v1/notify', { body: 'test', target: 'all' }, test);

      // What happened so far moves to yesterday, as if the clock had passed midnight since.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await storage.database.sql.query(`UPDATE subscriber_days SET day = day - 1 WHERE organization_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`, [org.id]);
      await storage.database.sql.query(`UPDATE organization_days SET day = day - 1 WHERE organization_id = $1`, [org.id]);

      // Today: one more subscriber, one leaves, one broadcast.
      const third = await iosDevice();
      await subscribe(third.uuid, { orgSlug: org.slug });
      await server.delete(`/v1/devices/${androidUuid}/subscriptions/${org.slug}`);
      const b = await server.post('/v1/notify', { body: 'two', target: 'all' }, live);
      expect(b.body).toMatchObject({ sent: 2, failed: 0 });

      const answer = await server.get('/v1/insights?days=3', live);
      expect(answer.status, answer.text).toBe(200);
      const days = answer.body.days as { date: string }[];
      expect(days.map((day) => day.date)).toEqual([2, 1, 0].map((back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)));
      expect(days[1]).toEqual({
        date: yesterday, subscribers: 2, subscribersByPlatform: { ios: 1, android: 1, web: 0 }, broadcasts: 1, sent: 2, failed: 1, failures: { Unregistered: 1 }, opened: 1,
      });
      expect(days[2]).toMatchObject({ subscribers: 2, subscribersByPlatform: { ios: 2, android: 0, web: 0 }, broadcasts: 1, sent: 2, failed: 0, failures: {}, opened: 0 });
      // Before the first subscription: nothing.
      expect(days[0]).toMatchObject({ subscribers: 0, broadcasts: 0, sent: 0 });
      // Today's count is the organization's subscriberCount.
      expect((await server.get(`/v1/orgs/${org.slug}`)).body.subscriberCount).toBe(2);

      for (const days of ['0', '367', 'x', '1.5']) expect((await server.get(`/v1/insights?days=${days}`, live)).status).toBe(400);
      expect((await server.get('/v1/insights', live)).body.days).toHaveLength(30);
    });
  });
});

describe.each(backends)('a topics broadcast in many shards and pages, in many languages, on $name', (backend) => {
  let storage: Awaited<ReturnType<(typeof backend)['open']>>;
  let apns: MockApns;
  let server: TestServer;

  beforeAll(async () => {
    storage = await backend.open();
    apns = await startMockApns();
    server = await startServer(storage, { apnsTopic: TEST_TOPIC, fanoutShardSize: 40 }, apns.send, { pageSize: 7 });
  });
  afterAll(async () => {
    await server?.close();
    await apns?.close();
    await storage?.close();
  });

  it('reaches each follower of the topics exactly once, in its language, across shard and page bounds', async () => {
    const org = await seedOrganization(server.db);
    const live = { authorization: `Bearer ${(await seedKey(server.db, org.slug)).key}` };
    const tokens = await seedAudience(storage.database.sql, org.id, 300);
    // Followers of a, of b, of both, of c only (not targeted), of none; locales spread over three languages and none.
    await storage.database.sql.query(
      `WITH s AS (SELECT device_uuid, row_number() OVER (ORDER BY device_uuid) AS n FROM subscriptions WHERE organization_id = $1)
       INSERT INTO subscription_topics (organization_id, topic, device_uuid)
       SELECT $1, t.topic, s.device_uuid FROM s CROSS JOIN LATERAL (VALUES ('a', s.n % 5 IN (0, 2)), ('b', s.n % 5 IN (1, 2)), ('c', s.n % 5 = 3)) t(topic, follows) WHERE t.follows`,
      [org.id],
    );
    await storage.database.sql.query(
      `UPDATE devices SET locale = (ARRAY['fr-CA', 'de', 'es-419', NULL])[1 + abs(hashtext(device_uuid::text)) % 4] WHERE device_uuid IN (SELECT device_uuid FROM subscriptions WHERE organization_id = $1)`,
      [org.id],
    );
    const expected = await storage.database.sql.query<{ apns_token: string; locale: string | null }>(
      `SELECT d.apns_token, d.locale FROM devices d WHERE d.device_uuid IN (SELECT device_uuid FROM subscription_topics WHERE organization_id = $1 AND topic IN ('a', 'b'))`,
      [org.id],
    );
    expect(expected.length).toBe(180);

    const sent = await server.post('/v1/notify', { body: 'default', target: 'topics', topics: ['b', 'a'], localized: { fr: { body: 'français' }, de: { body: 'deutsch' } } }, live);
    expect(sent.status, sent.text).toBeLessThan(300);
    let view = sent.body;
    for (let i = 0; view.status === 'sending' && i < 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      view = (await server.get(`/v1/notifications/${view.id}`, live)).body;
    }
    expect(view).toMatchObject({ status: 'completed', recipients: 180, sent: 180, failed: 0 });
    const shards = await storage.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM broadcast_shards WHERE broadcast_id = $1', [view.id]);
    expect(shards[0]!.n).toBeGreaterThan(3);
    const textOf = { 'fr-CA': 'français', de: 'deutsch', 'es-419': 'default' } as Record<string, string>;
    for (const { apns_token, locale } of expected) {
      const pushes = apns.delivered(apns_token);
      expect(pushes).toHaveLength(1);
      expect((pushes[0]!.payload.aps as { alert: { body: string } }).alert.body).toBe(locale ? textOf[locale] : 'default');
    }
    const reached = tokens.filter((token) => apns.delivered(token).length > 0);
    expect(reached.length).toBe(180);
  });
});
