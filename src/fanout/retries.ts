// Pushes to send again (broadcast_retries): the push service answered 429 or 5xx, the connection broke, the push
// timed out, it was held back while its push service was down, or the configuration breaker held it
// (./breaker.ts). Each waits with exponential backoff and jitter (2 s doubling, at most 60 s; longer when the
// service said Retry-After) and is sent again until its deadline: APNS_RETRY_WINDOW after its first failure, or
// the notification's own expiration if that comes first (an expiration of 0 means "now or never": no retry). A
// push only held back, never tried, has no first failure yet. Past the deadline it is counted failed with its last reason.
import type { SqlClient } from '../db/sql.ts';
import { RECIPIENT_COLUMNS, type Recipient } from './audience.ts';
import type { ShardJob } from './shards.ts';

export interface RetryDeadline {
  windowMs: number;
  /** The notification's apns-expiration (UNIX seconds), if it has one. */
  expiration?: number;
}

const BACKOFF = (attempts: string) => `now() + least(60, 2 * power(2, greatest(${attempts}, 1) - 1)) * (0.5 + random() / 2) * interval '1 second'`;
const DEADLINE = `least(first_failed_at + $3 * interval '1 millisecond', CASE WHEN $4::bigint IS NULL THEN 'infinity'::timestamptz ELSE to_timestamp($4::bigint) END)`;

export interface RetryItem {
  deviceUuid: string;
  reason: string;
  /** false: held back while APNs was down, never sent (it does not count as an attempt). */
  tried: boolean;
  /** It was written and never answered: it may have been delivered (at most one more try follows). */
  ambiguous: boolean;
  /** Not before this time: its push service is down until its next probe, or asked us to wait (Retry-After). */
  notBefore?: Date;
}

/**
 * Pushes to send again, each after its backoff and not before its `notBefore` (its push service's next probe
 * while it is down, or the wait it asked for). A push already waiting keeps its first failure, so its deadline
 * does not move; one only held back so far (never tried) has no deadline but the notification's expiration until
 * it is tried.
 */
export async function addRetries(sql: SqlClient, job: ShardJob, items: RetryItem[]) {
  if (!items.length) return;
  await sql.query(
    `INSERT INTO broadcast_retries AS r (broadcast_id, shard_index, device_uuid, attempts, ambiguous, reason, first_failed_at, next_at)
     SELECT $1, $2, x.device_uuid, x.tried::int, x.ambiguous::int, x.reason, CASE WHEN x.tried THEN now() END,
       greatest(${BACKOFF('x.tried::int')}, coalesce(x.not_before, '-infinity'))
     FROM unnest($3::uuid[], $4::text[], $5::bool[], $6::timestamptz[], $7::bool[]) AS x(device_uuid, reason, tried, not_before, ambiguous)
     ON CONFLICT (broadcast_id, shard_index, device_uuid) DO UPDATE SET attempts = r.attempts + EXCLUDED.attempts,
       ambiguous = r.ambiguous + EXCLUDED.ambiguous, reason = EXCLUDED.reason, first_failed_at = COALESCE(r.first_failed_at, EXCLUDED.first_failed_at),
       next_at = greatest(${BACKOFF('r.attempts + EXCLUDED.attempts')}, EXCLUDED.next_at)`,
    [job.broadcastId, job.index, items.map((i) => i.deviceUuid), items.map((i) => i.reason), items.map((i) => i.tried), items.map((i) => i.notBefore ?? null), items.map((i) => i.ambiguous)],
  );
}

/** The shard's retries that are due and not past their deadline, oldest first, with their devices' tokens. */
export async function dueRetries(sql: SqlClient, job: ShardJob, limit: number, deadline: RetryDeadline) {
  return sql.query<Recipient & { live: boolean }>(
    `SELECT r.device_uuid::text, ${RECIPIENT_COLUMNS}, d.token_invalidated_at IS NULL AS live, d.first_delivered_at IS NOT NULL AS proven, r.ambiguous
     FROM broadcast_retries r JOIN devices d ON d.device_uuid = r.device_uuid
     WHERE r.broadcast_id = $1 AND r.shard_index = $2 AND r.next_at <= now() AND ${DEADLINE} > now() ORDER BY r.next_at LIMIT $5`,
    [job.broadcastId, job.index, deadline.windowMs, deadline.expiration ?? null, limit],
  );
}

/** Retries that got their answer (delivered, refused for good, or their device is gone) are done. */
export async function clearRetries(sql: SqlClient, job: ShardJob, deviceUuids: string[]) {
  if (!deviceUuids.length) return;
  await sql.query(`DELETE FROM broadcast_retries WHERE broadcast_id = $1 AND shard_index = $2 AND device_uuid = ANY($3::uuid[])`, [job.broadcastId, job.index, deviceUuids]);
}

/** Retries given up past their deadline: how many by last reason, and by platform. */
export interface Expired {
  reasons: Record<string, number>;
  platforms: Record<string, number>;
}

/** Gives up every retry of the shard past its deadline ("ambiguous" is the reason of any that went unanswered). */
export async function giveUpExpired(sql: SqlClient, job: ShardJob, deadline: RetryDeadline): Promise<Expired> {
  const rows = await sql.query<{ reason: string; platform: string; n: number }>(
    // One that went unanswered once may have been delivered: it counts as ambiguous, whatever came after.
    `WITH gone AS (DELETE FROM broadcast_retries WHERE broadcast_id = $1 AND shard_index = $2 AND ${DEADLINE} <= now()
       RETURNING device_uuid, CASE WHEN ambiguous > 0 THEN 'ambiguous' ELSE reason END AS reason)
     SELECT g.reason, d.platform::text, count(*)::int AS n FROM gone g JOIN devices d USING (device_uuid) GROUP BY 1, 2`,
    [job.broadcastId, job.index, deadline.windowMs, deadline.expiration ?? null],
    { named: true },
  );
  const expired: Expired = { reasons: {}, platforms: {} };
  for (const { reason, platform, n } of rows) {
    expired.reasons[reason] = (expired.reasons[reason] ?? 0) + n;
    expired.platforms[platform] = (expired.platforms[platform] ?? 0) + n;
  }
  return expired;
}

/** When the shard's next retry is due; null when none is left. */
export async function nextRetryAt(sql: SqlClient, job: ShardJob): Promise<Date | null> {
  const [row] = await sql.query<{ at: Date | null }>(`SELECT min(next_at) AS at FROM broadcast_retries WHERE broadcast_id = $1 AND shard_index = $2`, [job.broadcastId, job.index], {
    named: true,
  });
  return row?.at ?? null;
}
