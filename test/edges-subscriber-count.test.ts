// subscriberCount counts devices that can still receive: a token APNs declared dead leaves the count, registering
// it again puts it back; subscribing or unsubscribing a dead device moves nothing. The recount migration's SQL too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { seedKey, seedOrganization, seedSubscription } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

const RECOUNT = readFileSync(new URL('../prisma/migrations/20261123212500_live_subscriber_counts/migration.sql', import.meta.url), 'utf8');

describe.each(backends)('subscriberCount on $name', (backend) => {
  const suite = serveDuringSuite(backend, {}, { apns: true });
  const count = async (slug: string) => (await suite.server.get(`/v1/orgs/${slug}`)).body.subscriberCount as number;

  it('leaves out devices whose token APNs declared dead, and counts them again once registered again', async () => {
    const org = await seedOrganization(suite.server.db);
    const other = await seedOrganization(suite.server.db);
    const devices = [await seedSubscription(suite.server, org.slug), await seedSubscription(suite.server, org.slug), await seedSubscription(suite.server, org.slug)];
    const [gone, bad, kept] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    expect(await suite.server.post(`/v1/devices/${gone.deviceUuid}/subscriptions`, { orgSlug: other.slug })).toMatchObject({ status: 201 });
    expect([await count(org.slug), await count(other.slug)]).toEqual([3, 1]);

    suite.apns.script(gone.apnsToken, { status: 410, reason: 'Unregistered' });
    suite.apns.script(bad.apnsToken, { status: 400, reason: 'BadDeviceToken' });
    const auth = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug)).key}` };
    const sent = await suite.server.post('/v1/notify', { body: 'hello', target: 'all' }, auth);
    expect(sent.body).toMatchObject({ recipients: 3, sent: 1, failed: 2 });
    // Both of the dead one's organizations count it out; a second broadcast changes nothing.
    expect([await count(org.slug), await count(other.slug)]).toEqual([1, 0]);
    await suite.server.post('/v1/notify', { body: 'again', target: 'all' }, auth);
    expect(await count(org.slug)).toBe(1);

    // A dead device subscribing elsewhere or leaving moves no count.
    const third = await seedOrganization(suite.server.db);
    expect(await suite.server.post(`/v1/devices/${bad.deviceUuid}/subscriptions`, { orgSlug: third.slug })).toMatchObject({ status: 201 });
    expect(await count(third.slug)).toBe(0);
    expect((await suite.server.request('DELETE', `/v1/devices/${bad.deviceUuid}/subscriptions/${third.slug}`)).status).toBe(204);
    expect(await count(third.slug)).toBe(0);

    // Registering the token again revives it in every organization it is subscribed to; registering again twice counts once.
    expect(await suite.server.post('/v1/devices', { apnsToken: gone.apnsToken, platform: 'ios' })).toMatchObject({ status: 200, body: { deviceUuid: gone.deviceUuid } });
    await suite.server.post('/v1/devices', { apnsToken: gone.apnsToken, platform: 'ios' });
    expect([await count(org.slug), await count(other.slug)]).toEqual([2, 1]);
    // A live device leaving still counts down.
    expect((await suite.server.request('DELETE', `/v1/devices/${kept.deviceUuid}/subscriptions/${org.slug}`)).status).toBe(204);
    expect(await count(org.slug)).toBe(1);
    const stored = await suite.server.db.device.findUniqueOrThrow({ where: { deviceUuid: gone.deviceUuid } });
    expect(stored.tokenInvalidatedAt).toBeNull();
  });

  it('recounts every organization once with the migration, leaving dead devices out', async () => {
    const org = await seedOrganization(suite.server.db);
    const [dead] = [await seedSubscription(suite.server, org.slug), await seedSubscription(suite.server, org.slug)];
    // As before the change: the dead device is still in the count.
    await suite.server.db.device.update({ where: { deviceUuid: dead!.deviceUuid }, data: { tokenInvalidatedAt: new Date() } });
    expect(await count(org.slug)).toBe(2);
    await suite.storage.database.sql.query(RECOUNT);
    expect(await count(org.slug)).toBe(1);
  });
});
