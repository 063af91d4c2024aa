// One page of a broadcast: its devices' pushes sent with bounded concurrency, and what APNs said of them.
import pMap from 'p-map';
import type { SendPush } from '../../apns/sender.ts';
import type { SqlClient } from '../../db/sql.ts';
import { apnsIdFor } from './apns-id.ts';
import type { Recipient } from './audience.ts';
import type { PreparedPush } from './payload.ts';

export interface PageOutcome {
  sent: number;
  failures: Record<string, number>;
  dead: { deviceUuid: string; reason: string }[];
}

export async function sendPage(send: SendPush, broadcastKey: string, push: PreparedPush, recipients: Recipient[], concurrency: number): Promise<PageOutcome> {
  const outcome: PageOutcome = { sent: 0, failures: {}, dead: [] };
  await pMap(
    recipients,
    async (recipient) => {
      const result = await send({ deviceToken: recipient.apns_token, apnsId: apnsIdFor(broadcastKey, recipient.device_uuid), headers: push.headers, payload: push.payload });
      if (result.ok) return void (outcome.sent += 1);
      outcome.failures[result.reason] = (outcome.failures[result.reason] ?? 0) + 1;
      if (result.deadToken) outcome.dead.push({ deviceUuid: recipient.device_uuid, reason: result.reason });
    },
    { concurrency },
  );
  return outcome;
}

/** Marks tokens APNs called dead; they are kept, and registering the token again revives them. */
export async function markDead(sql: SqlClient, dead: PageOutcome['dead']) {
  if (!dead.length) return;
  await sql.query(
    `UPDATE devices d SET token_invalidated_at = now(), token_invalid_reason = x.reason
     FROM unnest($1::uuid[], $2::text[]) AS x(device_uuid, reason) WHERE d.device_uuid = x.device_uuid AND d.token_invalidated_at IS NULL`,
    [dead.map((d) => d.deviceUuid), dead.map((d) => d.reason)],
  );
}
