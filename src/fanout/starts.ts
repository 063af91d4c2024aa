// The queue's jobs around a broadcast's shards, other than running one (./fanout.ts): a scheduled broadcast's start,
// and the jobs pg-boss sends when a shard's or a start's retries are used up, which end the broadcast with why.
import type { Job } from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { SqlTransaction } from '../db/sql.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import { failureReason, type Boss } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { countBroadcastEnd } from '../metrics/broadcasts.ts';
import { countRecipients } from './audience.ts';
import { failUnstarted, finishBroadcast } from './broadcast-end.ts';
import { planShards, recordGaveUp, type ShardJob } from './shards.ts';

/** A scheduled broadcast becomes "sending" with its shards and their jobs; undefined if cancelled or started already. */
export async function startBroadcast(tx: SqlTransaction, boss: Boss, broadcastId: string, shardSize: number) {
  const [row] = await tx.query<{ id: string; organization_id: string; request: NotifyRequest }>(
    `SELECT id::text, organization_id::text, request FROM broadcasts WHERE id = $1 AND status = 'scheduled' FOR UPDATE`,
    [broadcastId],
  );
  if (!row) return undefined;
  const recipients = await countRecipients(tx, row.organization_id, row.request);
  await tx.query(`UPDATE broadcasts SET status = 'sending', recipients = $2 WHERE id = $1`, [broadcastId, recipients]);
  return planShards(tx, boss, { id: row.id, organizationId: row.organization_id, request: row.request }, shardSize, { express: false });
}

/** A shard's job gave up after its retries: the shard is recorded failed, and its broadcast ends if it was the last. */
export async function shardGaveUp(database: Pick<Database, 'transaction'>, boss: Boss, logger: Logger, job: Job<ShardJob>) {
  const reason = failureReason(job);
  logger.error('a broadcast shard gave up after its retries', { broadcast: job.data.broadcastId, shard: job.data.index, reason });
  const end = await database.transaction(async (tx) => {
    await recordGaveUp(tx, job.data, reason);
    return finishBroadcast(tx, boss, job.data.broadcastId);
  });
  countBroadcastEnd(end);
}

/** A scheduled broadcast could not be started after its retries: it fails, rather than stay scheduled. */
export async function startGaveUp(database: Pick<Database, 'transaction'>, boss: Boss, logger: Logger, job: Job<{ broadcastId: string }>) {
  const reason = failureReason(job);
  logger.error('a scheduled broadcast could not be started after its retries', { broadcast: job.data.broadcastId, reason });
  countBroadcastEnd(await database.transaction((tx) => failUnstarted(tx, boss, job.data.broadcastId, reason)));
}
