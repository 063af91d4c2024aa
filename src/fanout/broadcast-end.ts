// How a broadcast ends, in the transaction of the write that ends it: its final totals, its status, its day's tally,
// its webhook event and a NOTIFY for the requests waiting for it (../domain/broadcasts/wait.ts), all kept or none.
// After its last shard's end has committed, that write is finishIfDone's own transaction.
import type { Database } from '../db/database.ts';
import type { SqlTransaction } from '../db/sql.ts';
import type { Boss } from '../jobs/queue.ts';
import type { EndedStatus } from '../metrics/broadcasts.ts';
import { broadcastEnded } from '../domain/webhooks/events.ts';
import { tallyBroadcastEnded } from '../domain/insights/rollups.ts';
import { foldTotals } from './totals.ts';

/**
 * Ends a sending broadcast once none of its shards is pending: "failed" when a shard gave up or nothing was
 * delivered, else "completed". Every shard calls it in the transaction of its last write, so the last one to
 * finish ends it.
 */
export async function finishBroadcast(tx: SqlTransaction, boss: Boss, broadcastId: string) {
  // The broadcast's row first (the fold locks it), then its shards in a statement of their own: two shards ending at
  // once are taken one after the other, and the second sees the first's end (else each would see the other pending).
  // A shard's end brings the totals up to date (./totals.ts), and the status is decided on them.
  await foldTotals(tx, broadcastId);
  const ended = await tx.query<{ status: EndedStatus }>(
    `UPDATE broadcasts b SET
       status = CASE WHEN f.gave_up > 0 OR (b.sent = 0 AND b.failed > 0) THEN 'failed'::"BroadcastStatus" ELSE 'completed'::"BroadcastStatus" END,
       error = CASE WHEN f.gave_up > 0 THEN jsonb_build_object('code', 'SHARDS_GAVE_UP', 'message',
         f.gave_up || ' of ' || f.shards || ' parts of the audience were not sent after repeated retries: ' || f.reason) ELSE b.error END,
       finished_at = now()
     FROM (SELECT count(*) AS shards, count(*) FILTER (WHERE status = 'failed') AS gave_up,
             count(*) FILTER (WHERE status = 'pending') AS pending, min(error) AS reason
           FROM broadcast_shards WHERE broadcast_id = $1) f
     WHERE b.id = $1 AND b.status = 'sending' AND f.pending = 0 RETURNING b.status::text AS status`,
    [broadcastId],
  );
  // Its webhook event is written with the status change, so it is sent exactly when the change is kept.
  if (ended.length) await broadcastHasEnded(tx, boss, broadcastId);
  // The status it ended with (undefined: it did not end now), for the caller to count once committed.
  return ended[0]?.status;
}

/**
 * Ends the broadcast if none of its shards is pending, asked after a shard's end has committed (./shards.ts, endShard)
 * and by a run that finds its shard already done (a run whose process died between the two). Of two shards ending at
 * once, each may have seen the other pending in its own transaction; both ask here once committed, and the later one
 * sees both done. finishBroadcast ends it once whoever asks.
 */
export async function finishIfDone(database: Pick<Database, 'sql' | 'transaction'>, boss: Boss, broadcastId: string) {
  const [row] = await database.sql.query<{ status: string; pending: boolean }>(
    `SELECT status::text, EXISTS (SELECT 1 FROM broadcast_shards WHERE broadcast_id = $1 AND status = 'pending') AS pending FROM broadcasts WHERE id = $1`,
    [broadcastId],
    { named: true },
  );
  // Cancelled or failed while this shard sent its last page: that page may have committed after the cancel's (or the
  // failure's) fold had read the shards, its own fold skipped because the row was held. Folded in now, waiting.
  if (row?.status === 'cancelled' || row?.status === 'failed') {
    await database.transaction((tx) => foldTotals(tx, broadcastId));
    return undefined;
  }
  if (row?.status !== 'sending' || row.pending) return undefined;
  return database.transaction((tx) => finishBroadcast(tx, boss, broadcastId));
}

/** The PostgreSQL channel on which a broadcast's end is announced, with its id (src/domain/broadcasts/wait.ts). */
export const BROADCAST_ENDED_CHANNEL = 'clarion_broadcast_ended';

/**
 * A broadcast has just ended: its day's tally, its webhook event and a NOTIFY for the requests waiting for it, in the
 * transaction of the change (PostgreSQL delivers the NOTIFY when it commits).
 */
export async function broadcastHasEnded(tx: SqlTransaction, boss: Boss, broadcastId: string) {
  await tallyBroadcastEnded(tx, broadcastId);
  await broadcastEnded(tx, boss, broadcastId);
  // The id as PostgreSQL writes it (lower case), which is how waiters know it, whatever case the caller used.
  await tx.query(`SELECT pg_notify($1, $2::uuid::text)`, [BROADCAST_ENDED_CHANNEL, broadcastId]);
}

/** Ends a sending broadcast as failed with an error that concerns all of it (its other runs stop at their next page). */
export async function failBroadcast(tx: SqlTransaction, boss: Boss, broadcastId: string, error: { code: string; message: string }) {
  const failed = await tx.query(`UPDATE broadcasts SET status = 'failed', error = $2::jsonb, finished_at = now() WHERE id = $1 AND status = 'sending' RETURNING id`, [broadcastId, JSON.stringify(error)]);
  if (!failed.length) return undefined;
  await foldTotals(tx, broadcastId);
  await broadcastHasEnded(tx, boss, broadcastId);
  return 'failed' as const;
}

/** Fails a scheduled broadcast that could not be started (its start job gave up): it would otherwise stay scheduled. */
export async function failUnstarted(tx: SqlTransaction, boss: Boss, broadcastId: string, reason: string) {
  const error = { code: 'START_FAILED', message: `the scheduled broadcast could not be started after repeated retries: ${reason}`.slice(0, 1000) };
  const failed = await tx.query(`UPDATE broadcasts SET status = 'failed', error = $2::jsonb, finished_at = now() WHERE id = $1 AND status = 'scheduled' RETURNING id`, [broadcastId, JSON.stringify(error)]);
  if (failed.length) await broadcastHasEnded(tx, boss, broadcastId);
  return failed.length ? ('failed' as const) : undefined;
}

/**
 * Ends the sending broadcasts whose shards are all done but which were never ended (a crash between a shard's end and
 * finishIfDone): run at start. Each in a transaction of its own: one transaction locking several broadcasts' rows and
 * their days' rows, in no order, could deadlock with a run's finishIfDone ending one of them at the same moment.
 */
export async function finishStranded(database: Pick<Database, 'sql' | 'transaction'>, boss: Boss) {
  const rows = await database.sql.query<{ id: string }>(
    `SELECT b.id::text FROM broadcasts b WHERE b.status = 'sending'
       AND EXISTS (SELECT 1 FROM broadcast_shards s WHERE s.broadcast_id = b.id)
       AND NOT EXISTS (SELECT 1 FROM broadcast_shards s WHERE s.broadcast_id = b.id AND s.status = 'pending')`,
  );
  const ended: EndedStatus[] = [];
  for (const { id } of rows) {
    const status = await database.transaction((tx) => finishBroadcast(tx, boss, id));
    if (status) ended.push(status);
  }
  return ended;
}
