import { describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_DEVICE } from '../src/domain/subscriptions/service.ts';
import { backends } from './support/backends.ts';
import { seedDevice, seedOrganization } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

describe.each(backends)('device subscriptions on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  const subscribers = async (slug: string) => (await suite.server.get(`/v1/orgs/${slug}`)).body.subscriberCount;

  it('subscribes with 201, then replaces externalId with 200 on a second subscribe', async () => {
    const org = await seedOrganization(suite.server.db);
    const { deviceUuid } = await seedDevice(suite.server);
    const first = await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug, externalId: 'user-1' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ orgSlug: org.slug, externalId: 'user-1', topics: [], createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(new Date(first.body.createdAt).getTime()).not.toBeNaN();

    const again = await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug, externalId: 'user-2' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orgSlug: org.slug, externalId: 'user-2', createdAt: first.body.createdAt });
    const cleared = await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug });
    expect(cleared).toMatchObject({ status: 200, body: { externalId: null } });
    expect(await suite.server.db.subscription.count({ where: { organizationId: org.id } })).toBe(1);
    expect(await subscribers(org.slug)).toBe(1);
  });

  it('answers each of two simultaneous subscribes of one device with the externalId it sent', async () => {
    const org = await seedOrganization(suite.server.db);
    const { deviceUuid } = await seedDevice(suite.server);
    const [a, b] = await Promise.all(['first', 'second'].map((externalId) => suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug, externalId })));
    expect([a!.body.externalId, b!.body.externalId]).toEqual(['first', 'second']);
    expect([a!.status, b!.status].sort()).toEqual([200, 201]);
    const stored = await suite.server.db.subscription.findUniqueOrThrow({ where: { organizationId_deviceUuid: { organizationId: org.id, deviceUuid } } });
    expect(['first', 'second']).toContain(stored.externalId);
    expect(await subscribers(org.slug)).toBe(1);
  });

  it('subscribes to a private organization too', async () => {
    const org = await seedOrganization(suite.server.db, { isPublic: false });
    const { deviceUuid } = await seedDevice(suite.server);
    const response = await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug });
    expect(response).toMatchObject({ status: 201, body: { orgSlug: org.slug, externalId: null } });
  });

  it('answers 404 for an unknown or malformed device and an unknown organization', async () => {
    const org = await seedOrganization(suite.server.db);
    const { deviceUuid } = await seedDevice(suite.server);
    const noDevice = await suite.server.post('/v1/devices/00000000-0000-4000-8000-000000000000/subscriptions', { orgSlug: org.slug });
    expect(noDevice).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'device not found' } } });
    const malformed = await suite.server.post('/v1/devices/not-a-uuid/subscriptions', { orgSlug: org.slug });
    expect(malformed).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'device not found' } } });
    for (const orgSlug of ['no-such-org', 'Not A Slug']) {
      const noOrg = await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug });
      expect(noOrg).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'organization not found' } } });
    }
    expect(await suite.server.db.subscription.count({ where: { deviceUuid } })).toBe(0);
  });

  it.each([
    ['a missing orgSlug', {}, 'orgSlug', 'orgSlug is required'],
    ['a numeric orgSlug', { orgSlug: 7 }, 'orgSlug', 'orgSlug must be a string'],
    ['a numeric externalId', { orgSlug: 'x', externalId: 7 }, 'externalId', 'externalId must be a string'],
    ['an empty externalId', { orgSlug: 'x', externalId: '' }, 'externalId', 'externalId must not be empty'],
    ['an externalId over 128 characters', { orgSlug: 'x', externalId: 'e'.repeat(129) }, 'externalId', 'externalId must be at most 128 characters'],
  ])('refuses %s with 400', async (_case, body, field, message) => {
    const { deviceUuid } = await seedDevice(suite.server);
    const response = await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'VALIDATION_FAILED', message, field } });
  });

  it('unsubscribes with 204 and no body, then answers 404', async () => {
    const org = await seedOrganization(suite.server.db);
    const { deviceUuid } = await seedDevice(suite.server);
    await suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: org.slug });
    const gone = await suite.server.delete(`/v1/devices/${deviceUuid}/subscriptions/${org.slug}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expect(gone.headers.get('content-type')).toBeNull();
    const again = await suite.server.delete(`/v1/devices/${deviceUuid}/subscriptions/${org.slug}`);
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'subscription not found' } } });
    for (const path of [`/v1/devices/not-a-uuid/subscriptions/${org.slug}`, `/v1/devices/${deviceUuid}/subscriptions/no-such-org`]) {
      expect((await suite.server.delete(path)).status).toBe(404);
    }
  });

  it('keeps subscriberCount equal to the subscriptions, under concurrent subscribes and unsubscribes', async () => {
    const org = await seedOrganization(suite.server.db);
    const devices = await Promise.all(Array.from({ length: 40 }, () => seedDevice(suite.server)));
    const subscribe = (d: { deviceUuid: string }) => suite.server.post(`/v1/devices/${d.deviceUuid}/subscriptions`, { orgSlug: org.slug });
    // Each device subscribes twice at once: only one of the two may count.
    const answers = await Promise.all(devices.flatMap((d) => [subscribe(d), subscribe(d)]));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(40);
    expect(await subscribers(org.slug)).toBe(40);
    await Promise.all(devices.slice(0, 15).map((d) => suite.server.delete(`/v1/devices/${d.deviceUuid}/subscriptions/${org.slug}`)));
    expect(await subscribers(org.slug)).toBe(25);
    expect(await suite.server.db.subscription.count({ where: { organizationId: org.id } })).toBe(25);
  });
});

describe.each(backends)('subscriptions one device may hold, on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it(`caps a device at ${MAX_SUBSCRIPTIONS_PER_DEVICE} organizations with 409; its own subscriptions can still change, and unsubscribing frees a place`, async () => {
    const { server } = suite;
    const device = await seedDevice(server);
    const orgs = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_DEVICE; i += 1) orgs.push(await seedOrganization(server.db));
    for (const org of orgs.slice(0, MAX_SUBSCRIPTIONS_PER_DEVICE)) expect((await server.post(`/v1/devices/${device.deviceUuid}/subscriptions`, { orgSlug: org.slug })).status).toBe(201);
    const over = await server.post(`/v1/devices/${device.deviceUuid}/subscriptions`, { orgSlug: orgs.at(-1)!.slug });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`${MAX_SUBSCRIPTIONS_PER_DEVICE} organizations`) });
    expect(await server.db.subscription.count({ where: { organizationId: orgs.at(-1)!.id } })).toBe(0);
    expect((await server.get(`/v1/orgs/${orgs.at(-1)!.slug}`)).body.subscriberCount).toBe(0);
    // Subscribing again where it already is only updates the externalId.
    expect((await server.post(`/v1/devices/${device.deviceUuid}/subscriptions`, { orgSlug: orgs[0]!.slug, externalId: 'user-1' })).status).toBe(200);
    expect((await server.delete(`/v1/devices/${device.deviceUuid}/subscriptions/${orgs[0]!.slug}`)).status).toBe(204);
    expect((await server.post(`/v1/devices/${device.deviceUuid}/subscriptions`, { orgSlug: orgs.at(-1)!.slug })).status).toBe(201);
  }, 60_000);
});
