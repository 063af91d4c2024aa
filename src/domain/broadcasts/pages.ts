// One page of a broadcast: its devices' pushes sent with bounded concurrency, and what APNs said of them.
import pMap from 'p-map';
import { isTransient, type Circuit } from '../../apns/circuit.ts';
import type { SendPush } from '../../apns/sender.ts';
import type { SqlClient } from '../../db/sql.ts';
import { COUNT_SHARDS } from '../subscriptions/service.ts';
import { apnsIdFor } from './apns-id.ts';
import type { Recipient } from './audience.ts';
import type { RetryItem } from './retries.ts';
import { isConfigurationReason, PROBE_PUSHES, type ConfigurationBreaker } from './breaker.ts';
import type { PreparedPush } from './payload.ts';
import { countPush } from '../../metrics/pushes.ts';

export interface PageOutcome {
  /** Pushes with a final answer: delivered, or refused for good (not those to retry, nor those a tripped breaker skipped). */
  attempted: number;
  sent: number;
  failures: Record<string, number>;
  dead: { deviceUuid: string; reason: string }[];
  /** Pushes APNs could not take for now (429, 5xx, broken connection, timeout), or held back while it is down. */
  retry: RetryItem[];
}

export async function sendPage(
  send: SendPush,
  broadcastKey: string,
  push: PreparedPush,
  recipients: Recipient[],
  concurrency: number,
  breaker?: ConfigurationBreaker,
  circuit?: Circuit,
): Promise<PageOutcome> {
  const outcome: PageOutcome = { attempted: 0, sent: 0, failures: {}, dead: [], retry: [] };
  const one = async (recipient: Recipient) => {
    if (breaker?.tripped()) return;
    if (circuit && !circuit.permit()) return void outcome.retry.push({ deviceUuid: recipient.device_uuid, reason: circuit.lastReason(), tried: false });
    const result = await send({ deviceToken: recipient.apns_token, apnsId: apnsIdFor(broadcastKey, recipient.device_uuid), headers: push.headers, payload: push.payload });
    countPush(result);
    circuit?.record(result);
    if (circuit && !result.ok && isTransient(result.reason)) return void outcome.retry.push({ deviceUuid: recipient.device_uuid, reason: result.reason, tried: true });
    breaker?.record(result);
    outcome.attempted += 1;
    if (result.ok) return void (outcome.sent += 1);
    outcome.failures[result.reason] = (outcome.failures[result.reason] ?? 0) + 1;
    if (result.deadToken) outcome.dead.push({ deviceUuid: recipient.device_uuid, reason: result.reason });
  };
  let rest = recipients;
  if (breaker?.probing()) {
    // A run's first pushes go out a few at a time, so a wrong setting is caught before the page is in flight.
    await pMap(recipients.slice(0, PROBE_PUSHES), one, { concurrency: PROBE_PUSHES });
    rest = recipients.slice(PROBE_PUSHES);
  }
  await pMap(rest, one, { concurrency });
  // Answers that blame a setting say nothing about the devices once the breaker has tripped.
  if (breaker?.tripped()) outcome.dead = outcome.dead.filter((device) => !isConfigurationReason(device.reason));
  return outcome;
}

/**
 * Marks tokens APNs called dead; they are kept, and registering the token again revives them. subscriberCount
 * counts devices that can still receive, so the same statement takes the newly dead ones off their organizations' counts.
 */
export async function markDead(sql: SqlClient, dead: PageOutcome['dead']) {
  if (!dead.length) return;
  await sql.query(
    `WITH newly AS (
       UPDATE devices d SET token_invalidated_at = now(), token_invalid_reason = x.reason
       FROM unnest($1::uuid[], $2::text[]) AS x(device_uuid, reason) WHERE d.device_uuid = x.device_uuid AND d.token_invalidated_at IS NULL
       RETURNING d.device_uuid
     )
     INSERT INTO organization_subscriber_counts (organization_id, shard, count)
     SELECT s.organization_id, floor(random() * $3)::smallint, -count(*) FROM subscriptions s JOIN newly USING (device_uuid)
     GROUP BY s.organization_id ORDER BY s.organization_id
     ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + EXCLUDED.count`,
    [dead.map((d) => d.deviceUuid), dead.map((d) => d.reason), COUNT_SHARDS],
  );
}
