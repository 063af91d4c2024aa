// Works the webhook-delivery jobs: signs the stored body per Standard Webhooks (standardwebhooks' Webhook),
// POSTs it and records what happened. A failure is retried as a new job at an exact time (backoff from 30 s,
// doubling, at most an hour apart) until 24 hours after the first attempt; then the delivery is failed, and
// an endpoint that has delivered nothing since that delivery's first attempt is disabled.
import { Webhook } from 'standardwebhooks';
import type { SqlDatabase } from '../../db/pool.ts';
import type { SqlClient, SqlTransaction } from '../../db/sql.ts';
import { failureReason, startSpread, QUEUES, type Boss } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { DeliveryJob } from './events.ts';
import { decryptSecret } from './secrets.ts';
import { post, type AttemptResult } from './send.ts';
import { addressRules, DELIVERY_TIMING, spoken, type WebhookSettings } from './settings.ts';
import { countWebhookDelivery } from '../../metrics/webhooks.ts';
import { DELIVERY_RETENTION_DAYS, pruneDeliveries } from './retention.ts';

interface DeliveryRow {
  id: string;
  payload: { type: string; timestamp: string; data: unknown };
  status: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret_encrypted: Buffer;
  disabled_at: Date | null;
}

export interface DelivererOptions {
  database: Pick<SqlDatabase, 'sql' | 'transaction'>;
  boss: Boss;
  logger: Logger;
  settings: WebhookSettings;
}

/** A delivery job's first try and its pg-boss retries (src/jobs/queue.ts). */
const DELIVERY_JOB_ATTEMPTS = 11;

const notSent = (error: string): AttemptResult => ({ delivered: false, statusCode: null, error });

/** A disabled endpoint gets nothing: what was still to be sent to it is failed. */
export async function failOpenDeliveries(sql: SqlClient, endpointId: string) {
  await sql.query(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, error = COALESCE(error, 'not sent: the endpoint is disabled')
     WHERE endpoint_id = $1 AND status IN ('pending', 'retrying')`,
    [endpointId],
  );
}

export function createDeliverer({ database, boss, logger, settings }: DelivererOptions) {
  const timing = { ...DELIVERY_TIMING, ...settings.delivery };
  const rules = { ...addressRules(settings), timeoutMs: timing.timeoutMs };

  function attempt(row: DeliveryRow, at: Date): Promise<AttemptResult> {
    if (!settings.secretKey) return Promise.resolve(notSent('not sent: WEBHOOK_SECRET_KEY is not set on this instance, so it cannot sign'));
    const secret = decryptSecret(settings.secretKey, row.endpoint_id, row.secret_encrypted);
    if (!secret) return Promise.resolve(notSent("not sent: the endpoint's secret does not decrypt with this instance's WEBHOOK_SECRET_KEY"));
    // The stored payload, in the order the specification shows: type, timestamp, data.
    const body = JSON.stringify({ type: row.payload.type, timestamp: row.payload.timestamp, data: row.payload.data });
    const headers = { 'webhook-id': row.id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(row.id, at, body) };
    return post(new URL(row.url), headers, body, rules);
  }

  async function recordDelivered(row: DeliveryRow, result: AttemptResult, at: Date) {
    await database.sql.query(
      `WITH d AS (UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, status_code = $3, error = NULL, last_attempt_at = $4,
         next_attempt_at = NULL, delivered_at = now() WHERE id = $1 AND attempts = $2 AND status IN ('pending', 'retrying') RETURNING endpoint_id)
       UPDATE webhook_endpoints e SET failing_since = NULL FROM d WHERE e.id = d.endpoint_id`,
      [row.id, row.attempts, result.statusCode, at],
    );
  }

  /** Every delivery of the endpoint has failed since `since` (failing_since is cleared by each success): it is disabled. */
  async function disableIfFailingSince(tx: SqlTransaction, endpointId: string, since: Date, lastError: string) {
    const reason = `every delivery failed for ${spoken(timing.retryWindowMs)} (last: ${lastError})`.slice(0, 500);
    const [disabled] = await tx.query(
      `UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = $3 WHERE id = $1 AND disabled_at IS NULL AND failing_since <= $2 RETURNING id`,
      [endpointId, since, reason],
    );
    if (!disabled) return;
    await failOpenDeliveries(tx, endpointId);
    logger.warn('webhook endpoint disabled: its deliveries kept failing', { endpoint: endpointId, reason });
  }

  async function recordFailure(row: DeliveryRow, result: AttemptResult, at: Date, firstAttemptAt: Date) {
    const deadline = firstAttemptAt.getTime() + timing.retryWindowMs;
    const delay = Math.min(timing.backoffBaseMs * 2 ** row.attempts, timing.backoffCapMs);
    // The last retry falls on the deadline itself, so a delivery is tried for the whole window.
    const next = at.getTime() < deadline ? new Date(Math.min(at.getTime() + delay, deadline)) : null;
    const error = (result.error ?? 'failed').slice(0, 1000);
    await database.transaction(async (tx) => {
      const [updated] = await tx.query(
        `UPDATE webhook_deliveries SET status = $3::"WebhookDeliveryStatus", attempts = attempts + 1, status_code = $4, error = $5, last_attempt_at = $6,
           next_attempt_at = $7 WHERE id = $1 AND attempts = $2 AND status IN ('pending', 'retrying') RETURNING id`,
        [row.id, row.attempts, next ? 'retrying' : 'failed', result.statusCode, error, at, next],
      );
      if (!updated) return;
      countWebhookDelivery(error.startsWith('refused address') ? 'refused' : next ? 'retrying' : 'failed');
      await tx.query(`UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE id = $1`, [row.endpoint_id, at]);
      if (!next) return disableIfFailingSince(tx, row.endpoint_id, firstAttemptAt, error);
      const job: DeliveryJob = { deliveryId: row.id, attempt: row.attempts + 1, firstAttemptAt: firstAttemptAt.toISOString() };
      await boss.insert([{ name: QUEUES.webhookDelivery, data: job, startAfter: next.toISOString() }], { db: tx });
    });
  }

  async function deliver(job: DeliveryJob) {
    const [row] = await database.sql.query<DeliveryRow>(
      `SELECT d.id, d.payload, d.status::text, d.attempts, e.id::text AS endpoint_id, e.url, e.secret_encrypted, e.disabled_at
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
      [job.deliveryId],
    );
    // Delivered, given up, its endpoint deleted, or a job whose attempt has already been made.
    if (!row || row.attempts !== job.attempt || (row.status !== 'pending' && row.status !== 'retrying')) return;
    if (row.disabled_at) return failOpenDeliveries(database.sql, row.endpoint_id);
    const at = new Date();
    const firstAttemptAt = job.firstAttemptAt ? new Date(job.firstAttemptAt) : at;
    const result = await attempt(row, at);
    logger.debug('webhook attempt', { delivery: row.id, endpoint: row.endpoint_id, attempt: row.attempts + 1, status: result.statusCode, error: result.error });
    if (result.delivered) countWebhookDelivery('delivered');
    if (result.delivered) return recordDelivered(row, result, at);
    await recordFailure(row, result, at, firstAttemptAt);
  }

  /** A delivery whose job kept failing (not the endpoint: Clarion itself, e.g. its database) is failed, saying why. */
  async function gaveUp(job: DeliveryJob, reason: string) {
    const error = `not sent: Clarion could not process this delivery; its job failed ${DELIVERY_JOB_ATTEMPTS} times (last: ${reason})`.slice(0, 1000);
    const [failed] = await database.sql.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, error = $3
       WHERE id = $1 AND attempts = $2 AND status IN ('pending', 'retrying') RETURNING id`,
      [job.deliveryId, job.attempt, error],
    );
    if (!failed) return;
    countWebhookDelivery('failed');
    logger.error('a webhook delivery job gave up after its retries', { delivery: job.deliveryId, reason });
  }

  async function prune() {
    const deleted = await pruneDeliveries(database.sql, new Date(Date.now() - DELIVERY_RETENTION_DAYS * 86_400_000));
    logger.info('old webhook deliveries deleted', { deleted, retentionDays: DELIVERY_RETENTION_DAYS });
  }

  /**
   * Takes delivery jobs in this process, `concurrency` at a time, and the daily pruning (scheduled by the process that
   * fires schedules: src/jobs/queue.ts). The loops start spread over one polling interval (startSpread); `stopped`
   * stops those not yet started. `track` is told of each job while it is worked (the worker's idleness, src/worker.ts).
   */
  async function work(stopped: () => boolean = () => false, track: <T>(task: Promise<T>) => Promise<T> = (task) => task) {
    const loops = [
      ...Array.from({ length: timing.concurrency }, () => () =>
        boss.work<DeliveryJob>(QUEUES.webhookDelivery, { batchSize: 1, pollingIntervalSeconds: timing.pollingIntervalSeconds }, async ([job]) => track(deliver(job!.data))),
      ),
      () => boss.work<DeliveryJob>(QUEUES.webhookGaveUp, { batchSize: 1, pollingIntervalSeconds: timing.pollingIntervalSeconds, includeMetadata: true }, async ([job]) => track(gaveUp(job!.data, failureReason(job)))),
      () => boss.work(QUEUES.webhookPrune, { pollingIntervalSeconds: 60 }, () => track(prune())),
    ];
    startSpread(loops, timing.pollingIntervalSeconds * 1000, stopped, logger);
  }

  return { deliver, gaveUp, work };
}
