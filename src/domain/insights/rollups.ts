// An organization's days, rolled up as they happen (organization_days): broadcasts that ended, pushes sent and
// failed with their reasons, opens reported. Written by the statements that change the broadcasts' own counts, in
// their transactions, after the broadcast's row: a day's row can then only be waited for, never deadlocked on.
// Test sends store nothing, so they are in none of it.
import type { SqlClient } from '../../db/sql.ts';
import { TODAY } from './tallies.ts';

/** Adds `changes` (rows of organization_id, broadcasts, sent, failed, failures jsonb, opened) to today's rows. */
export const tallyDay = (changes: string) =>
  `INSERT INTO organization_days (organization_id, day, broadcasts, sent, failed, failures, opened)
   SELECT c.organization_id, ${TODAY}, c.broadcasts, c.sent, c.failed, c.failures, c.opened FROM (${changes}) c ORDER BY 1
   ON CONFLICT (organization_id, day) DO UPDATE SET broadcasts = organization_days.broadcasts + EXCLUDED.broadcasts,
     sent = organization_days.sent + EXCLUDED.sent, failed = organization_days.failed + EXCLUDED.failed, opened = organization_days.opened + EXCLUDED.opened,
     failures = CASE WHEN EXCLUDED.failures = '{}'::jsonb THEN organization_days.failures ELSE
       COALESCE((SELECT jsonb_object_agg(key, total) FROM (SELECT key, sum(value::int) AS total
         FROM (SELECT * FROM jsonb_each_text(organization_days.failures) UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.failures)) f GROUP BY key) t), '{}'::jsonb) END`;

/**
 * A broadcast has just ended: it counts on today's row, unless it was cancelled before it sent anything (a scheduled
 * broadcast called off is no broadcast of that day).
 */
export async function tallyBroadcastEnded(sql: SqlClient, broadcastId: string) {
  await sql.query(
    `WITH day AS (${tallyDay(`SELECT organization_id, 1 AS broadcasts, 0 AS sent, 0 AS failed, '{}'::jsonb AS failures, 0 AS opened FROM broadcasts
       WHERE id = $1 AND (status <> 'cancelled' OR sent + failed > 0)`)})
     SELECT 1`,
    [broadcastId],
  );
}
