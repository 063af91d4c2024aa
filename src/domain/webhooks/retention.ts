// Deliveries are kept for the dashboard's history and for support, not for ever: finished ones (delivered or
// failed) go after DELIVERY_RETENTION_DAYS, by a daily pg-boss cron job. Pending and retrying ones always stay.
import type { SqlClient } from '../../db/sql.ts';

export const DELIVERY_RETENTION_DAYS = 30;
/** 03:17 UTC every day: a quiet hour, off the round minute that other cron jobs crowd. */
export const PRUNE_CRON = '17 3 * * *';

/** Deletes finished deliveries made before `before`; how many. */
export async function pruneDeliveries(sql: SqlClient, before: Date): Promise<number> {
  const rows = await sql.query(`DELETE FROM webhook_deliveries WHERE created_at < $1 AND status IN ('delivered', 'failed') RETURNING 1`, [before]);
  return rows.length;
}
