// What a shard run writes after each page it sent (./fanout.ts), only while it still holds the shard (./shards.ts):
// progress, retries, dead devices, events and stops commit together, or not at all. A page with nothing but its
// progress to write takes one statement that is its own fence; any other, a transaction that locks the shard first.
import type { Database } from '../db/database.ts';
import type { SqlTransaction } from '../db/sql.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import { devicesUnregistered } from '../domain/webhooks/events.ts';
import type { Boss } from '../jobs/queue.ts';
import type { EndedStatus } from '../metrics/broadcasts.ts';
import { reachesOtherPlatforms } from './audience.ts';
import { markDead } from './pages.ts';
import { addRetries, clearRetries, giveUpExpired, type RetryDeadline } from './retries.ts';
import { countUnsent, type RunOutcome, type RunPlatforms, type Trip } from './run-platforms.ts';
import { closeCounted, endShard, hasRetries, holdShard, progressOf, stopBroadcast, stopPlatform, storePage, type ShardJob } from './shards.ts';
import { foldTotals } from './totals.ts';

/** The run that commits: its shard, its holder token, and what it sends. */
export interface CommittingRun {
  database: Pick<Database, 'sql' | 'transaction'>;
  boss: Boss;
  job: ShardJob;
  holder: string;
  organizationId: string;
  request: NotifyRequest;
  platforms: RunPlatforms;
}

/** A page as sent: its outcome, the breakers it tripped, and where it leaves the shard. */
export interface SentPage {
  outcome: RunOutcome;
  trips: Trip[];
  /** The devices it sent to (a retry page clears those that need no more retry). */
  batch: { device_uuid: string }[];
  /** The cursor after it. */
  last: string | null;
  /** A page of retries, after the range was sent. */
  retrying: boolean;
  rangeDone: boolean;
  /** The broadcast's totals are to be folded with this page (./totals.ts). */
  foldDue: boolean;
  retryDeadline: RetryDeadline;
}

/** Committed: whether the run stops, how the broadcast ended if it did, whether the shard ended, whether totals were folded. */
export type Committed = { stop: boolean; end: EndedStatus | undefined; shardEnded?: true; folded?: true };

/** A write of the run: it commits only while the run holds the shard (null: fenced off, nothing written). */
export const fencedWrite = ({ database, job, holder }: Pick<CommittingRun, 'database' | 'job' | 'holder'>) =>
  <T>(work: (tx: SqlTransaction) => Promise<T>) => database.transaction(async (tx) => ((await holdShard(tx, job, holder)) ? work(tx) : null));

/** Commits a page's outcome; null when the run has been fenced off (it wrote nothing). */
export async function commitPage(run: CommittingRun, page: SentPage): Promise<Committed | null> {
  const { outcome, trips, retrying, rangeDone, foldDue } = page;
  // Most pages write nothing but their progress: then one statement, which is its own fence (it writes only while the
  // run holds the shard), not a transaction of four round trips (BEGIN, the shard's lock, the progress, COMMIT).
  const plain = !retrying && !outcome.dead.length && !outcome.retry.length && !trips.length && !rangeDone && !foldDue;
  return plain ? storeProgress(run, page) : commitInTransaction(run, page);
}

async function storeProgress(run: CommittingRun, { outcome, last }: SentPage): Promise<Committed | null> {
  const { database, job, holder, platforms } = run;
  const stored = await storePage(database.sql, job, holder, { ...progressOf(outcome, {}), cursor: last, exhausted: false });
  if (!stored) return null;
  // Cancelled, or failed by another run's breaker, as the transaction below answers it.
  if (stored.status !== 'sending') return fencedWrite(run)(async (tx) => ({ stop: true, end: void (await closeCounted(tx, job, holder)) }));
  platforms.update({ ...stored.stopped });
  return { stop: false, end: undefined };
}

function commitInTransaction(run: CommittingRun, page: SentPage): Promise<Committed | null> {
  const { boss, job, holder, organizationId, request, platforms } = run;
  const { outcome, trips, batch, last, retrying, rangeDone, foldDue, retryDeadline } = page;
  return fencedWrite(run)(async (tx): Promise<Committed> => {
    await markDead(tx, outcome.dead);
    await devicesUnregistered(tx, boss, organizationId, outcome.dead);
    if (retrying) {
      const again = new Set(outcome.retry.map((item) => item.deviceUuid));
      await clearRetries(tx, job, batch.map((row) => row.device_uuid).filter((uuid) => !again.has(uuid)));
    }
    await addRetries(tx, job, outcome.retry);
    // Past their deadline only once the page's own answers are in: a retry answered on this page but past its deadline
    // by now is cleared if it was delivered (not counted failed too), or given up once with its first failure kept
    // (not written again with a new deadline and given up a second time).
    const expired = retrying ? await giveUpExpired(tx, job, retryDeadline) : {};
    // A wrong setting stops its platform; the whole broadcast when the audience has devices on no platform that
    // can still be sent to (one with a channel here and no stop).
    const wholeStop = trips.length > 0 && !(await reachesOtherPlatforms(tx, organizationId, request, platforms.sendable(trips)));
    const progress = progressOf(wholeStop ? outcome : countUnsent(outcome, trips), expired);
    const stored = await storePage(tx, job, holder, { ...progress, cursor: retrying ? null : last, exhausted: rangeDone });
    if (wholeStop) return { stop: true, end: await stopBroadcast(tx, boss, job, holder, trips[0]!.tripped) };
    for (const trip of trips) await stopPlatform(tx, job.broadcastId, trip.platform, trip.tripped);
    // Cancelled, or failed by another run's breaker: the rest of the shard is not sent, what it sent is counted.
    if (stored?.status !== 'sending') return { stop: true, end: void (await closeCounted(tx, job, holder)) };
    platforms.update({ ...stored.stopped, ...Object.fromEntries(trips.map((trip) => [trip.platform, trip.tripped])) });
    // The shard's last page ends it; whether its broadcast has ended too is asked once this has committed.
    if (rangeDone && !(await hasRetries(tx, job))) return { stop: true, end: void (await endShard(tx, job, holder)), shardEnded: true };
    // The broadcast's totals once a second, and from a run's last page (it hands its shard on next).
    if (foldDue && (await foldTotals(tx, job.broadcastId, { wait: false }))) return { stop: false, end: undefined, folded: true };
    return { stop: false, end: undefined };
  });
}
