// A broadcast's work as rows and jobs. Its audience is cut into shards (broadcast_shards), each run by one
// pg-boss job at a time. A run claims its shard with a fresh holder token and writes only while the token is
// still the shard's: each of its writes is a transaction that first locks the shard row and checks the token
// (holdShard), so a run that lost its job (timed out, retried elsewhere) commits nothing, and no page is ever
// counted twice. A page's counts go on its shard; the broadcast's totals are folded from its shards (./totals.ts).
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { SqlClient, SqlTransaction } from '../db/sql.ts';
import { QUEUES, SHARD_EXPIRE_SECONDS, type Boss } from '../jobs/queue.ts';
import { shardRanges, type Range } from './audience.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import { failBroadcast } from './broadcast-end.ts';
import { foldTotals } from './totals.ts';
import type { Tripped } from './breaker.ts';
import type { PageOutcome } from './pages.ts';
import { giveUpExpired, nextRetryAt, type Expired, type RetryDeadline } from './retries.ts';

export interface ShardJob {
  broadcastId: string;
  index: number;
}

/**
 * How long the job of a broadcast that fits in one shard waits before a worker may take it: the accepting
 * process sends it at once itself and deletes the job when done, so the job only runs if that process died.
 */
export const RESCUE_DELAY_SECONDS = 20;

/**
 * How long a run may last: well inside its job's expiry (pg-boss would give the job to another run), and for an
 * express run inside its rescue job's delay, with time left for the last commit.
 */
export const JOB_RUN_MS = (SHARD_EXPIRE_SECONDS - 10) * 1000;
export const EXPRESS_RUN_MS = (RESCUE_DELAY_SECONDS - 5) * 1000;

/** The request as stored with its broadcast: with the APNs message made when it was accepted (its topic then). */
export type StoredRequest = NotifyRequest & { push?: unknown };

export interface Planned {
  shards: number;
  /** For a one-shard broadcast planned for express sending: the rescue job's id. */
  expressJobId: string | null;
}

/** Creates a sending broadcast's shards and their jobs in the caller's transaction. */
export async function planShards(
  tx: SqlTransaction,
  boss: Boss,
  broadcast: { id: string; organizationId: string; request: NotifyRequest },
  shardSize: number,
  { express }: { express: boolean },
): Promise<Planned> {
  const ranges = await shardRanges(tx, broadcast.organizationId, broadcast.request, shardSize);
  const expressing = express && ranges.length === 1;
  // pg-boss takes a queue's jobs by creation time, then by id, and these are created together: increasing ids (UUIDv7,
  // monotonic in this process) have them taken in shard order, the tapered last shards last (./audience.ts, TAPER).
  const jobs = ranges.map((_range, index) => ({
    id: uuidv7(),
    name: QUEUES.shard,
    data: { broadcastId: broadcast.id, index } satisfies ShardJob,
    ...(expressing && { startAfter: `${RESCUE_DELAY_SECONDS} seconds` }),
  }));
  await insertShards(tx, broadcast.id, ranges, jobs.map((job) => job.id));
  await boss.insert(jobs, { db: tx });
  return { shards: ranges.length, expressJobId: expressing ? jobs[0]!.id : null };
}

async function insertShards(tx: SqlClient, broadcastId: string, ranges: Range[], jobIds: string[]) {
  await tx.query(
    `INSERT INTO broadcast_shards (broadcast_id, index, after, until, job_id)
     SELECT $1::uuid, i - 1, r.after, r.until, r.job_id
     FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) WITH ORDINALITY AS r(after, until, job_id, i)`,
    [broadcastId, ranges.map((r) => r.after), ranges.map((r) => r.until), jobIds],
  );
}

/** Platforms whose sending a wrong setting stopped in this broadcast (broadcasts.stopped_platforms). */
export type StoppedPlatforms = Record<string, { code: string; message: string }>;

export interface ClaimedShard extends Range {
  cursor: string | null;
  exhausted: boolean;
  organizationId: string;
  request: StoredRequest;
  broadcastStatus: string;
  stopped: StoppedPlatforms;
}

/**
 * Takes a pending shard for this run: later writes need `holder`. Null when the shard is finished. Its broadcast's
 * status is read as storePage reads it: a cancel that held the shard's row while this waited is read from its flag.
 */
export async function claimShard(sql: SqlClient, job: ShardJob, jobId: string, holder: string): Promise<ClaimedShard | null> {
  const [row] = await sql.query<{ after: string; until: string | null; cursor: string | null; exhausted: boolean; organization_id: string; request: StoredRequest; status: string; stopped: StoppedPlatforms }>(
    `UPDATE broadcast_shards sh SET holder = $3, job_id = $4, updated_at = now() FROM broadcasts b
     WHERE sh.broadcast_id = $1 AND sh.index = $2 AND sh.status = 'pending' AND b.id = sh.broadcast_id
     RETURNING sh.after::text, sh.until::text, sh.cursor::text, sh.exhausted, b.organization_id::text, b.request,
       CASE WHEN sh.cancelled THEN 'cancelled' ELSE b.status::text END AS status, b.stopped_platforms AS stopped`,
    [job.broadcastId, job.index, holder, jobId],
    { named: true },
  );
  if (!row) return null;
  return {
    after: row.after, until: row.until, cursor: row.cursor, exhausted: row.exhausted, organizationId: row.organization_id, request: row.request, broadcastStatus: row.status,
    stopped: row.stopped,
  };
}

export interface PageProgress {
  cursor: string | null;
  /** The range has been read to its end (what remains are retries). */
  exhausted?: boolean;
  sent: number;
  failed: number;
  failures: Record<string, number>;
  /** Sent and failed per platform, flat ({"ios.sent": 3}); absent: none. */
  byPlatform?: Record<string, number>;
  /** The page was the shard's last. */
  done: boolean;
}

// Adds two {reason: count} objects.
const MERGE_FAILURES = (column: string, param: string) =>
  `COALESCE((SELECT jsonb_object_agg(key, total) FROM (SELECT key, sum(value::int) AS total
     FROM (SELECT * FROM jsonb_each_text(${column}) UNION ALL SELECT * FROM jsonb_each_text(${param})) f GROUP BY key) t), '{}'::jsonb)`;

/**
 * Locks the shard row for the caller's transaction if `holder` still holds it: the fence every write of a run
 * passes first. A claim by another run waits for the transaction; false: the run has been fenced off.
 */
export async function holdShard(tx: SqlTransaction, job: ShardJob, holder: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM broadcast_shards WHERE broadcast_id = $1 AND index = $2 AND holder = $3 AND status = 'pending' FOR UPDATE`, [job.broadcastId, job.index, holder], { named: true });
  return rows.length > 0;
}

/** Whether the shard has pushes left to send again. */
export async function hasRetries(sql: SqlClient, job: ShardJob) {
  const rows = await sql.query(`SELECT 1 FROM broadcast_retries WHERE broadcast_id = $1 AND shard_index = $2 LIMIT 1`, [job.broadcastId, job.index], { named: true });
  return rows.length > 0;
}

/**
 * Stores a page's outcome on the shard and its broadcast, if `holder` still holds the shard. Returns the
 * broadcast's status (a run stops when it reads "cancelled") and its stopped platforms, or null when the run has
 * been fenced off.
 */
export async function storePage(sql: SqlClient, job: ShardJob, holder: string, page: PageProgress): Promise<{ status: string; stopped: StoppedPlatforms } | null> {
  // The counts go on the shard only (./totals.ts folds them into the broadcast's row): the broadcast's row is read,
  // not locked, save once after an outage, to say the broadcast no longer waits. That read sees the broadcast as it
  // was when this statement began; a cancel committed while it waited for the shard's row is read from the shard's
  // own flag, which the cancel set (../domain/broadcasts/history.ts).
  const [row] = await sql.query<{ status: string; stopped: StoppedPlatforms }>(
    `WITH shard AS (
       UPDATE broadcast_shards SET cursor = COALESCE($3::uuid, cursor), exhausted = exhausted OR $9, sent = sent + $4, failed = failed + $5,
         failures = ${MERGE_FAILURES('failures', '$6::jsonb')},
         by_platform = CASE WHEN $10::jsonb = '{}'::jsonb THEN by_platform ELSE ${MERGE_FAILURES('by_platform', '$10::jsonb')} END,
         status = CASE WHEN $7 THEN 'done'::"ShardStatus" ELSE status END, updated_at = now()
       WHERE broadcast_id = $1 AND index = $2 AND holder = $8 AND status = 'pending' RETURNING broadcast_id, cancelled)
     , resumed AS (UPDATE broadcasts b SET waiting_since = NULL FROM shard WHERE b.id = shard.broadcast_id AND $4 > 0 AND b.waiting_since IS NOT NULL)
     SELECT CASE WHEN shard.cancelled THEN 'cancelled' ELSE b.status::text END AS status, b.stopped_platforms AS stopped
     FROM broadcasts b JOIN shard ON b.id = shard.broadcast_id`,
    [job.broadcastId, job.index, page.cursor, page.sent, page.failed, JSON.stringify(page.failures), page.done, holder, page.exhausted ?? false, JSON.stringify(page.byPlatform ?? {})],
    { named: true },
  );
  return row ?? null;
}

/** Closes a shard whose broadcast has ended meanwhile, and counts what it sent in the broadcast's totals. */
export async function closeCounted(tx: SqlTransaction, job: ShardJob, holder: string) {
  await closeShard(tx, job, holder);
  await foldTotals(tx, job.broadcastId);
}

/**
 * A shard whose range is sent has no retry due now: those past their window are given up, and it waits for its next
 * retry in a new job, or ends ('ended': ask then whether its broadcast has). Cancelled or failed meanwhile, it closes.
 */
export async function settleRetries(tx: SqlTransaction, boss: Boss, job: ShardJob, holder: string, deadline: RetryDeadline) {
  const stored = await storePage(tx, job, holder, progressOf(null, await giveUpExpired(tx, job, deadline)));
  if (stored?.status !== 'sending') return void (await closeCounted(tx, job, holder));
  const next = await nextRetryAt(tx, job);
  if (next) return void (await handOff(tx, boss, job, holder, next), await foldTotals(tx, job.broadcastId));
  await endShard(tx, job, holder);
  return 'ended' as const;
}

/**
 * A wrong setting stopped one platform of a broadcast whose audience has other platforms too: their sending goes
 * on, this one's stops in every run (each reads the stop with its next page), and the broadcast's error says why.
 */
export async function stopPlatform(tx: SqlTransaction, broadcastId: string, platform: string, tripped: Tripped) {
  const stop = JSON.stringify({ [platform]: { code: tripped.code, message: tripped.message } });
  await tx.query(
    `UPDATE broadcasts SET stopped_platforms = stopped_platforms || $2::jsonb,
       error = COALESCE(error, jsonb_build_object('code', $3::text, 'message', $4::text)) WHERE id = $1`,
    [broadcastId, stop, tripped.code, tripped.message],
  );
}

/**
 * The shard's last page is stored: it is done, and its counts go to the broadcast's totals if no one else is folding
 * them. Whether its broadcast ends is asked once this has committed (./broadcast-end.ts, finishIfDone): deciding it
 * here would mean locking the broadcast's row at every shard's end, and runs held to a small share of a core kept it
 * locked while their process was held.
 */
export async function endShard(tx: SqlTransaction, job: ShardJob, holder: string) {
  await storePage(tx, job, holder, { cursor: null, sent: 0, failed: 0, failures: {}, done: true });
  await foldTotals(tx, job.broadcastId, { wait: false });
}

/** Fails the broadcast for a setting (the configuration breaker tripped) and ends this shard, its retries with it. */
export async function stopBroadcast(tx: SqlTransaction, boss: Boss, job: ShardJob, holder: string, tripped: Tripped) {
  const end = await failBroadcast(tx, boss, job.broadcastId, { code: tripped.code, message: tripped.message });
  // Another run's breaker may have failed it first: this run's page is counted all the same.
  await closeCounted(tx, job, holder);
  return end;
}

/** Ends a shard without sending the rest of it (its broadcast was cancelled or failed): its retries go too. */
export async function closeShard(sql: SqlClient, job: ShardJob, holder: string) {
  await sql.query(
    `WITH closed AS (UPDATE broadcast_shards SET status = 'done', updated_at = now() WHERE broadcast_id = $1 AND index = $2 AND holder = $3 AND status = 'pending' RETURNING index)
     DELETE FROM broadcast_retries WHERE broadcast_id = $1 AND shard_index IN (SELECT index FROM closed)`,
    [job.broadcastId, job.index, holder],
    { named: true },
  );
}

/**
 * Gives the rest of a shard to a new job (the run's time slice is over, or its process is stopping), in one
 * transaction with the fence check: the new job is sent only if this run still held the shard.
 */
export async function handOff(tx: SqlTransaction, boss: Boss, job: ShardJob, holder: string, startAfter?: Date): Promise<boolean> {
  const next = randomUUID();
  const rows = await tx.query(
    `UPDATE broadcast_shards SET holder = NULL, job_id = $4 WHERE broadcast_id = $1 AND index = $2 AND holder = $3 AND status = 'pending' RETURNING index`,
    [job.broadcastId, job.index, holder, next],
    { named: true },
  );
  if (!rows.length) return false;
  await boss.insert([{ id: next, name: QUEUES.shard, data: job, ...(startAfter && { startAfter: startAfter.toISOString() }) }], { db: tx });
  return true;
}

/** APNs is down: the broadcast says since when, and the shard's next job waits for the next probe. */
export async function pauseShard(tx: SqlTransaction, boss: Boss, job: ShardJob, holder: string, since: Date, until: Date) {
  if (!(await handOff(tx, boss, job, holder, until))) return;
  await tx.query(`UPDATE broadcasts SET waiting_since = COALESCE(waiting_since, $2) WHERE id = $1 AND status = 'sending'`, [job.broadcastId, since]);
}

/** Records a shard whose retries are exhausted; its broadcast can then end. */
export async function recordGaveUp(sql: SqlClient, job: ShardJob, reason: string) {
  await sql.query(`UPDATE broadcast_shards SET status = 'failed', error = $3, holder = NULL, updated_at = now() WHERE broadcast_id = $1 AND index = $2 AND status = 'pending'`, [
    job.broadcastId,
    job.index,
    reason.slice(0, 1000),
  ]);
}

/** Shards carried over from before the job queue (the migration made them): each gets its job, once. */
export async function adoptShardsWithoutJobs(tx: SqlTransaction, boss: Boss) {
  const rows = await tx.query<ShardJob & { id: string }>(
    `UPDATE broadcast_shards SET job_id = gen_random_uuid() WHERE job_id IS NULL AND status = 'pending'
     RETURNING broadcast_id::text AS "broadcastId", index, job_id::text AS id`,
  );
  if (rows.length) await boss.insert(rows.map(({ id, broadcastId, index }) => ({ id, name: QUEUES.shard, data: { broadcastId, index } })), { db: tx });
  return rows.length;
}

/** A page's counts for storePage, with the retries given up past their deadline counted failed by their reason. */
export function progressOf(outcome: (PageOutcome & { byPlatform: Record<string, number> }) | null, expired: Partial<Expired>) {
  const failures = { ...outcome?.failures };
  const byPlatform = { ...outcome?.byPlatform };
  let givenUp = 0;
  for (const [reason, n] of Object.entries(expired.reasons ?? {})) {
    failures[reason] = (failures[reason] ?? 0) + n;
    givenUp += n;
  }
  for (const [platform, n] of Object.entries(expired.platforms ?? {})) byPlatform[`${platform}.failed`] = (byPlatform[`${platform}.failed`] ?? 0) + n;
  const sent = outcome?.sent ?? 0;
  return { cursor: null, sent, failed: (outcome ? outcome.attempted - sent : 0) + givenUp, failures, byPlatform, done: false };
}
