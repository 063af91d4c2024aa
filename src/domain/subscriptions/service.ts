// Subscribing a device to an organization and unsubscribing it. Each is one SQL statement that also
// moves the organization's subscriber count, so the count cannot drift from the rows it counts.
import type { Db } from '../../db/database.ts';
import { invalid, notFound, ok, type Result } from '../errors.ts';
import { slugIssue } from '../organizations/rules.ts';
import { isUuid, stringIssue } from '../validate.ts';

/** Counter rows per organization; a change lands on a random one. */
export const COUNT_SHARDS = 16;

export interface SubscribeInput {
  deviceUuid: string;
  orgSlug: string;
  externalId?: string | null;
}

export interface DeviceSubscription {
  orgSlug: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** False when the device was already subscribed and only externalId was set. */
  created: boolean;
}

const NO_DEVICE = 'device not found';
const NO_ORGANIZATION = 'organization not found';

export async function subscribe(db: Db, { deviceUuid, orgSlug, externalId = null }: SubscribeInput): Promise<Result<DeviceSubscription>> {
  if (externalId !== null) {
    const issue = stringIssue(externalId, 'externalId', { max: 128 });
    if (issue) return invalid('externalId', issue);
  }
  if (!isUuid(deviceUuid)) return notFound(NO_DEVICE);
  if (slugIssue(orgSlug)) return notFound(NO_ORGANIZATION);
  // Subscribing again replaces externalId (absent means none). xmax = 0 only for a fresh insert.
  const [row] = await db.$queryRaw<
    { device_found: boolean; org_found: boolean; external_id: string | null; created_at: Date | null; updated_at: Date | null; created: boolean | null }[]
  >`
    WITH org AS (SELECT id FROM organizations WHERE slug = ${orgSlug}),
    dev AS (SELECT device_uuid FROM devices WHERE device_uuid = ${deviceUuid}::uuid),
    up AS (
      INSERT INTO subscriptions (organization_id, device_uuid, external_id)
      SELECT org.id, dev.device_uuid, ${externalId} FROM org, dev
      ON CONFLICT (organization_id, device_uuid) DO UPDATE SET external_id = EXCLUDED.external_id, updated_at = now()
      RETURNING organization_id, external_id, created_at, updated_at, (xmax = 0) AS created
    ),
    counted AS (
      INSERT INTO organization_subscriber_counts (organization_id, shard, count)
      SELECT organization_id, floor(random() * ${COUNT_SHARDS})::smallint, 1 FROM up WHERE created
      ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + 1
    )
    SELECT EXISTS (SELECT 1 FROM dev) AS device_found, EXISTS (SELECT 1 FROM org) AS org_found,
           up.external_id, up.created_at, up.updated_at, up.created
    FROM (SELECT 1) AS one LEFT JOIN up ON true`;
  if (!row?.device_found) return notFound(NO_DEVICE);
  if (!row.org_found) return notFound(NO_ORGANIZATION);
  return ok({ orgSlug, externalId: row.external_id, createdAt: row.created_at!, updatedAt: row.updated_at!, created: row.created! });
}

export async function unsubscribe(db: Db, { deviceUuid, orgSlug }: { deviceUuid: string; orgSlug: string }): Promise<Result<true>> {
  if (!isUuid(deviceUuid) || slugIssue(orgSlug)) return notFound('subscription not found');
  const [row] = await db.$queryRaw<{ deleted: number }[]>`
    WITH gone AS (
      DELETE FROM subscriptions s USING organizations o
      WHERE o.slug = ${orgSlug} AND s.organization_id = o.id AND s.device_uuid = ${deviceUuid}::uuid
      RETURNING s.organization_id
    ),
    counted AS (
      INSERT INTO organization_subscriber_counts (organization_id, shard, count)
      SELECT organization_id, floor(random() * ${COUNT_SHARDS})::smallint, -1 FROM gone
      ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count - 1
    )
    SELECT count(*)::int AS deleted FROM gone`;
  return row && row.deleted > 0 ? ok(true) : notFound('subscription not found');
}
