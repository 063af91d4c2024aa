// Device registration. The APNs token identifies a phone: registering a known token returns the device
// it already has (and revives a token APNs had reported dead), so one phone never receives a broadcast twice.
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../db/sql.ts';
import { createBatcher, perDatabase, whenQueued } from '../batch.ts';
import { COUNT_SHARDS } from '../subscriptions/service.ts';
import { invalid, ok, type Result } from '../errors.ts';

export const PLATFORMS = ['ios'] as const;
export type Platform = (typeof PLATFORMS)[number];
const APNS_TOKEN = /^[0-9a-fA-F]{64,200}$/;

export interface RegisterDeviceInput {
  apnsToken: string;
  platform: string;
}

export interface DeviceRegistration {
  deviceUuid: string;
  /** False when the token was registered before and its device was returned. */
  created: boolean;
}

export function validateRegistration({ apnsToken, platform }: RegisterDeviceInput): Result<{ apnsToken: string; platform: Platform }> {
  if (!APNS_TOKEN.test(apnsToken)) return invalid('apnsToken', 'apnsToken must be 64 to 200 hexadecimal characters');
  if (!PLATFORMS.includes(platform as Platform)) return invalid('platform', `platform must be one of: ${PLATFORMS.map((p) => `"${p}"`).join(', ')}`);
  // APNs tokens are hex bytes; one spelling per token keeps the unique index meaningful.
  return ok({ apnsToken: apnsToken.toLowerCase(), platform: platform as Platform });
}

// Registrations are written in batches (see ../batch.ts). A token repeated within one batch is sent once;
// every caller gets its device, and only the first is told it was created.
const registerBatch = perDatabase((sql: SqlClient) =>
  createBatcher(async (items: { apnsToken: string; platform: Platform }[]) => {
    const unique = [...new Map(items.map((item) => [item.apnsToken, item])).values()];
    const rows = await sql.query<{ device_uuid: string; apns_token: string; created: boolean; dead: boolean }>(
      `INSERT INTO devices (device_uuid, apns_token, platform)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]::"Platform"[])
       ORDER BY 2
       ON CONFLICT (apns_token) DO UPDATE SET updated_at = now()
       RETURNING device_uuid::text, apns_token, (xmax = 0) AS created, token_invalidated_at IS NOT NULL AS dead`,
      [unique.map(() => randomUUID()), unique.map((u) => u.apnsToken), unique.map((u) => u.platform)],
    );
    // A token APNs had declared dead is revived, and counted again by its organizations (subscriberCount counts
    // devices that can still receive). Its own statement, so that only a dead-to-live change moves the counts,
    // and only when the upsert above, which locked the rows, saw one dead: most batches are one round trip.
    const dead = rows.filter((row) => row.dead).map((row) => row.apns_token);
    if (dead.length) {
      await sql.query(
        `WITH revived AS (
           UPDATE devices SET token_invalidated_at = NULL, token_invalid_reason = NULL
           WHERE apns_token = ANY($1::text[]) AND token_invalidated_at IS NOT NULL RETURNING device_uuid
         )
         INSERT INTO organization_subscriber_counts (organization_id, shard, count)
         SELECT s.organization_id, floor(random() * $2)::smallint, count(*) FROM subscriptions s JOIN revived USING (device_uuid)
         GROUP BY s.organization_id ORDER BY s.organization_id
         ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + EXCLUDED.count`,
        [dead, COUNT_SHARDS],
      );
    }
    const byToken = new Map(rows.map((row) => [row.apns_token, { deviceUuid: row.device_uuid, created: row.created }]));
    const answered = new Set<string>();
    return items.map(({ apnsToken }) => {
      const device = byToken.get(apnsToken)!;
      const first = !answered.has(apnsToken);
      answered.add(apnsToken);
      return { deviceUuid: device.deviceUuid, created: device.created && first };
    });
  }),
);

export async function registerDevice(sql: SqlClient, input: RegisterDeviceInput): Promise<Result<DeviceRegistration>> {
  const valid = validateRegistration(input);
  if (!valid.ok) return valid;
  // xmax = 0 only for a freshly inserted row; ON CONFLICT makes concurrent registrations agree on one device.
  return whenQueued(() => registerBatch(sql, valid.value));
}
