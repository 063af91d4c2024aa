// A broadcast's history: one by id, the list newest first, and cancelling one that has not ended.
import type { Database, Db } from '../../db/database.ts';
import type { SqlClient } from '../../db/sql.ts';
import type { Boss } from '../../jobs/queue.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { broadcastHasEnded } from '../../fanout/broadcast-end.ts';
import { foldTotals } from '../../fanout/totals.ts';
import { countBroadcastEnd } from '../../metrics/broadcasts.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import { API_KEY_SELECT, broadcastView, findBroadcast, type BroadcastView } from './view.ts';

/**
 * Cancels a scheduled or sending broadcast: a scheduled one never starts, a sending one starts no new page
 * (the pages already in flight finish and are counted). Cancelling a cancelled broadcast answers it again.
 */
export async function cancelBroadcast(deps: { sql: SqlClient; database: Pick<Database, 'transaction'>; boss: Boss }, organizationId: string, id: string, test = false): Promise<Result<BroadcastView>> {
  if (!isUuid(id) || test) return notFound('notification not found');
  // The webhook event is written with the status change.
  const cancelled = await deps.database.transaction(async (tx) => {
    // A start under way holds the row FOR UPDATE: this waits for it, so the shards it makes are seen below. The runs'
    // locks on the row (FOR NO KEY UPDATE at most) do not conflict with this one, nor does another cancel's KEY SHARE
    // with this one's FOR NO KEY UPDATE below. Waiting for the runs' shards may take past the lock timeout: the answer
    // is then a 503 and nothing of this is kept (src/db/unavailable.ts, isDatabaseBusy).
    await tx.query(`SELECT 1 FROM broadcasts WHERE id = $1 AND organization_id = $2 FOR KEY SHARE`, [id, organizationId]);
    // Then the shards, as a page locks them (its shard, then the broadcast) and in the order of their index (two
    // cancels at once): a page being stored now commits first and is in this answer; one stored or claimed after
    // reads the flag and stops, so each run sends at most one page once this has answered.
    const flagged = await tx.query<{ index: number }>(
      `UPDATE broadcast_shards SET cancelled = true WHERE broadcast_id = $1 AND index IN (
         SELECT s.index FROM broadcast_shards s JOIN broadcasts b ON b.id = s.broadcast_id
         WHERE s.broadcast_id = $1 AND b.organization_id = $2 AND b.status = 'sending' AND s.status = 'pending' AND NOT s.cancelled
         ORDER BY s.index FOR NO KEY UPDATE OF s)
       RETURNING index`,
      [id, organizationId],
    );
    const [changed] = await tx.query<{ was: string }>(
      `UPDATE broadcasts b SET status = 'cancelled', finished_at = now()
       FROM (SELECT id, status::text AS was FROM broadcasts WHERE id = $1 AND organization_id = $2 FOR NO KEY UPDATE) old
       WHERE b.id = old.id AND b.status IN ('scheduled', 'sending') RETURNING old.was`,
      [id, organizationId],
    );
    // A run's breaker failed it while this waited for that run's shard: the flags come off again.
    if (!changed && flagged.length) {
      await tx.query(`UPDATE broadcast_shards SET cancelled = false WHERE broadcast_id = $1 AND index = ANY($2::int[])`, [id, flagged.map((shard) => shard.index)]);
    }
    if (changed) {
      // The pages its shards stored so far are in its totals; pages in flight still come to them when they are stored.
      await foldTotals(tx, id);
      await broadcastHasEnded(tx, deps.boss, id);
    }
    return changed;
  });
  if (cancelled) countBroadcastEnd('cancelled');
  if (cancelled?.was === 'scheduled') await deps.boss.cancel(QUEUES.start, id).catch(() => {}); // its job would find it cancelled anyway
  const row = await findBroadcast(deps.sql, organizationId, id);
  if (!row) return notFound('notification not found');
  if (row.status === 'completed' || row.status === 'failed') return fail('CONFLICT', `this notification has already ${row.status === 'completed' ? 'completed' : 'failed'}; there is nothing left to cancel`);
  return ok(broadcastView(row));
}

// A test key sees test-mode data only, and test sends are not stored: its history is empty and every id is unknown.
export async function getBroadcast(sql: SqlClient, organizationId: string, id: string, test = false): Promise<Result<BroadcastView>> {
  const row = isUuid(id) && !test ? await findBroadcast(sql, organizationId, id) : null;
  return row ? ok(broadcastView(row)) : notFound('notification not found');
}

/** Newest first. Broadcast ids are UUIDv7, so their order is their creation order. */
export async function listBroadcasts(db: Db, organizationId: string, { limit, cursor }: { limit?: number | null; cursor?: string | null }, test = false) {
  const take = limit ?? 20;
  if (!Number.isInteger(take) || take < 1 || take > 100) return invalid('limit', 'limit must be an integer from 1 to 100');
  if (cursor && !isUuid(cursor)) return invalid('cursor', 'cursor is not one this server issued');
  if (test) return ok({ notifications: [] as BroadcastView[], nextCursor: null });
  const rows = await db.broadcast.findMany({
    where: { organizationId, ...(cursor && { id: { lt: cursor } }) },
    orderBy: { id: 'desc' },
    take: take + 1,
    include: { apiKey: API_KEY_SELECT },
  });
  const page = rows.slice(0, take);
  return ok({ notifications: page.map(broadcastView), nextCursor: rows.length > take ? page.at(-1)!.id : null });
}
