// What the dashboard shows of an organization's sending: the last broadcast a wrong setting stopped, and its
// audience per platform.
import { NOW_ROW } from '../insights/tallies.ts';
import type { SqlClient } from '../../db/sql.ts';
import { PLATFORMS, type Platform } from '../../fanout/platform.ts';

export interface ConfigurationErrorView {
  notificationId: string;
  message: string;
  at: Date;
}

/**
 * The organization's last broadcast a configuration breaker stopped, whole or for one platform (APNS_CONFIGURATION,
 * FCM_CONFIGURATION, WEB_PUSH_CONFIGURATION), unless a later broadcast has completed without an error since (then
 * the setting has been fixed): what the dashboard's settings page shows.
 */
export async function lastConfigurationError(sql: SqlClient, organizationId: string): Promise<ConfigurationErrorView | null> {
  const [row] = await sql.query<{ id: string; message: string; at: Date }>(
    `SELECT b.id::text, b.error->>'message' AS message, COALESCE(b.finished_at, b.created_at) AS at FROM broadcasts b
     WHERE b.organization_id = $1 AND b.error->>'code' IN ('APNS_CONFIGURATION', 'FCM_CONFIGURATION', 'WEB_PUSH_CONFIGURATION')
       AND NOT EXISTS (SELECT 1 FROM broadcasts later WHERE later.organization_id = $1 AND later.status = 'completed' AND later.error IS NULL AND later.id > b.id)
     ORDER BY b.id DESC LIMIT 1`,
    [organizationId],
  );
  return row ? { notificationId: row.id, message: row.message, at: row.at } : null;
}

/** The organization's devices that can receive, per platform: what the dashboard's overview shows. */
export async function subscribersByPlatform(sql: SqlClient, organizationId: string): Promise<Record<Platform, number>> {
  const rows = await sql.query<{ platform: Platform; n: number }>(
    `SELECT platform::text AS platform, delta AS n FROM subscriber_days WHERE organization_id = $1 AND day = $2::date`,
    [organizationId, NOW_ROW],
  );
  const counts = Object.fromEntries(PLATFORMS.map((platform) => [platform, 0])) as Record<Platform, number>;
  for (const { platform, n } of rows) counts[platform] = n;
  return counts;
}
