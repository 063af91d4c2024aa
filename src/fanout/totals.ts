// A broadcast's totals (sent, failed, failures, per platform) folded from its shards' own counts. A page stores its
// counts on its shard only: the runs of one broadcast never wait on its row, nor on the organization's row of the
// day. When every page also moved the broadcast's row, each run waited for the others' commits; a run held to a
// tenth of a core kept that row locked while its process was held, and eight such runs spent about a quarter of their
// time waiting (bench/broadcast, BENCH_WORKER_CPU). A run folds once a second at most (and when it stops), the
// broadcast's end folds the rest, so the row lags its shards by a second at most while it sends and is exact once it
// has ended. The day's tally of pushes is written with each fold, by what it added.
import type { SqlTransaction } from '../db/sql.ts';
import { tallyDay } from '../domain/insights/rollups.ts';

/** How often a run folds its pages into the broadcast's row while it sends. */
export const FOLD_MS = 1_000;

/** The {key: count} objects of a column summed over the broadcast's shards. */
const summed = (column: string) =>
  `(SELECT COALESCE(jsonb_object_agg(key, total), '{}'::jsonb) FROM (SELECT f.key, sum(f.value::int) AS total
     FROM broadcast_shards s, jsonb_each_text(s.${column}) f WHERE s.broadcast_id = $1 GROUP BY f.key) k)`;

/** What `now` ({reason: count}) has more than `before`. */
const added = (now: string, before: string) =>
  `(SELECT COALESCE(jsonb_object_agg(n.key, n.value::int - COALESCE((${before} ->> n.key)::int, 0)), '{}'::jsonb)
     FROM jsonb_each_text(${now}) n WHERE n.value::int > COALESCE((${before} ->> n.key)::int, 0))`;

/**
 * Sets the broadcast's totals to the sums of its shards, and adds what they grew by to today's tally. The row is
 * locked first, in a statement of its own, so that the sums are read after every fold before this one committed:
 * totals never go back. A broadcast without shards (a test send, or one older than shards) is left as it is.
 * `wait: false` skips the fold (false) when another transaction holds the row: what the runs fold as they go.
 *
 * FOR NO KEY UPDATE, the lock an UPDATE of the row takes, and not FOR UPDATE: a transaction that has updated its shard
 * twice holds FOR KEY SHARE on the broadcast (the shard's foreign key is checked again), which FOR UPDATE waits for;
 * two shards ending at once each held one and waited for the other's (a deadlock, and their pages sent again).
 */
export async function foldTotals(tx: SqlTransaction, broadcastId: string, { wait = true } = {}) {
  // While sending, a fold never waits: one under way in another run will be followed by this run's next.
  const locked = await tx.query(`SELECT 1 FROM broadcasts WHERE id = $1 FOR NO KEY UPDATE${wait ? '' : ' SKIP LOCKED'}`, [broadcastId], { named: true });
  if (!locked.length) return false;
  await tx.query(
    `WITH totals AS (
       SELECT count(*) AS shards, COALESCE(sum(sent), 0)::int AS sent, COALESCE(sum(failed), 0)::int AS failed,
         ${summed('failures')} AS failures, ${summed('by_platform')} AS by_platform
       FROM broadcast_shards WHERE broadcast_id = $1)
     , before AS (SELECT organization_id, sent, failed, failures, by_platform FROM broadcasts WHERE id = $1)
     , folded AS (
       UPDATE broadcasts b SET sent = t.sent, failed = t.failed, failures = t.failures, by_platform = t.by_platform
       FROM totals t, before o WHERE b.id = $1 AND t.shards > 0
         AND (o.sent, o.failed, o.failures, o.by_platform) IS DISTINCT FROM (t.sent, t.failed, t.failures, t.by_platform))
     , day AS (${tallyDay(`SELECT o.organization_id, 0 AS broadcasts, t.sent - o.sent AS sent, t.failed - o.failed AS failed,
         ${added('t.failures', 'o.failures')} AS failures, 0 AS opened FROM totals t, before o WHERE t.shards > 0 AND t.sent + t.failed > o.sent + o.failed`)})
     SELECT 1`,
    [broadcastId],
    { named: true },
  );
  return true;
}
