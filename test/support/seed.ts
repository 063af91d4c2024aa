// Seed builders: each makes one thing with sensible defaults and returns it.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/database.ts';
import type { SqlClient } from '../../src/db/sql.ts';
import { createApiKey } from '../../src/domain/api-keys/service.ts';
import { createOrganization } from '../../src/domain/organizations/service.ts';
import type { OrganizationInput } from '../../src/domain/organizations/rules.ts';
import type { TestServer } from './server.ts';

let sequence = 0;

export const apnsToken = (bytes = 32) => randomBytes(bytes).toString('hex');

export async function seedOrganization(db: Db, input: Partial<OrganizationInput> = {}) {
  sequence += 1;
  const slug = input.slug ?? `org-${sequence}-${randomBytes(3).toString('hex')}`;
  const result = await createOrganization(db, { name: `Organization ${sequence}`, slug, ...input });
  if (!result.ok) throw new Error(`seedOrganization: ${result.error.message}`);
  return result.value;
}

export async function seedDevice(server: TestServer, token = apnsToken()) {
  const response = await server.post<{ deviceUuid: string }>('/v1/devices', { apnsToken: token, platform: 'ios' });
  if (response.status !== 201) throw new Error(`seedDevice: ${response.status} ${response.text}`);
  return { deviceUuid: response.body.deviceUuid, apnsToken: token };
}

export async function seedSubscription(server: TestServer, orgSlug: string, externalId?: string) {
  const device = await seedDevice(server);
  const response = await server.post(`/v1/devices/${device.deviceUuid}/subscriptions`, { orgSlug, externalId });
  if (response.status !== 201) throw new Error(`seedSubscription: ${response.status} ${response.text}`);
  return device;
}

export async function seedKey(db: Db, orgSlug: string, kind: 'live' | 'test' = 'live') {
  const result = await createApiKey(db, { orgSlug, kind });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Subscribes `count` new devices to the organization in one statement, as a large audience; their tokens. */
export async function seedAudience(sql: SqlClient, organizationId: string, count: number) {
  const tokens = Array.from({ length: count }, () => apnsToken());
  await sql.query(
    `WITH d AS (INSERT INTO devices (device_uuid, apns_token, platform) SELECT gen_random_uuid(), t, 'ios' FROM unnest($2::text[]) AS t RETURNING device_uuid)
     INSERT INTO subscriptions (organization_id, device_uuid) SELECT $1::uuid, device_uuid FROM d`,
    [organizationId, tokens],
  );
  return tokens;
}

/**
 * A sending broadcast of one shard to `count` new iOS devices of a new organization, for a fan-out run (`runShard`):
 * the organization, the broadcast, its shard's job, and the devices' tokens in fan-out order.
 */
export async function seedOneShardBroadcast(db: Db, count: number) {
  const org = await seedOrganization(db);
  const devices = [];
  for (let i = 0; i < count; i += 1) {
    const device = await db.device.create({ data: { deviceUuid: randomUUID(), apnsToken: apnsToken(), platform: 'ios' } });
    await db.subscription.create({ data: { organizationId: org.id, deviceUuid: device.deviceUuid } });
    devices.push(device);
  }
  const push = { payload: '{"aps":{}}', headers: {} };
  const broadcast = await db.broadcast.create({
    data: { organizationId: org.id, request: { body: 'x', target: 'all', push }, recipients: count, shards: { create: { index: 0, after: '00000000-0000-0000-0000-000000000000' } } },
  });
  devices.sort((a, b) => a.deviceUuid.localeCompare(b.deviceUuid));
  return { org, broadcast, job: { broadcastId: broadcast.id, index: 0 }, tokens: devices.map((device) => device.apnsToken!) };
}

/** The organization's first subscribed device in the fan-out's order (device_uuid): its token. */
export async function firstInFanoutOrder(sql: SqlClient, organizationId: string, offset = 0) {
  const [row] = await sql.query<{ apns_token: string }>(
    `SELECT d.apns_token FROM subscriptions s JOIN devices d USING (device_uuid) WHERE s.organization_id = $1 ORDER BY s.device_uuid OFFSET $2 LIMIT 1`,
    [organizationId, offset],
  );
  return row!.apns_token;
}
