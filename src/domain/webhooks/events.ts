// Events become deliveries: one row and one job per endpoint that takes the event, written in the caller's
// transaction, the very one that changes what the event reports, so an event is never lost and never told
// of a change that was rolled back. An organization without endpoints pays one indexed query per event.
import { v7 as uuidv7 } from 'uuid';
import type { SqlClient, SqlTransaction } from '../../db/sql.ts';
import { QUEUES, type Boss } from '../../jobs/queue.ts';
import { BROADCAST_WITH_KEY, broadcastView, type BroadcastWithKey } from '../broadcasts/view.ts';

export const WEBHOOK_EVENTS = ['broadcast.completed', 'broadcast.failed', 'broadcast.cancelled', 'devices.unregistered'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What the dashboard's "Send test event" sends, to one endpoint. */
export const TEST_EVENT = 'webhook.test';

export interface DeliveryJob {
  deliveryId: string;
  /** Attempts made before this one: a job whose delivery has moved on is a repeat and does nothing. */
  attempt: number;
  /** When the first attempt was made; retries stop 24 hours after it. */
  firstAttemptAt?: string;
}

/** The webhook-id: `msg_` and a time-ordered random id. */
const messageId = () => `msg_${uuidv7().replaceAll('-', '')}`;

/** Records one delivery of the event per endpoint, and its job; the delivery ids. */
export async function enqueue(tx: SqlTransaction, boss: Boss, endpointIds: string[], type: string, data: unknown): Promise<string[]> {
  if (!endpointIds.length) return [];
  const ids = endpointIds.map(messageId);
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  await tx.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event, payload, next_attempt_at)
     SELECT x.id, x.endpoint_id, $3, $4::jsonb, now() FROM unnest($1::text[], $2::uuid[]) AS x(id, endpoint_id)`,
    [ids, endpointIds, type, payload],
  );
  await boss.insert(ids.map((deliveryId) => ({ name: QUEUES.webhookDelivery, data: { deliveryId, attempt: 0 } satisfies DeliveryJob })), { db: tx });
  return ids;
}

/** The organization's enabled endpoints that take `type`. */
async function subscribers(sql: SqlClient, organizationId: string, type: WebhookEvent) {
  const rows = await sql.query<{ id: string }>(`SELECT id::text FROM webhook_endpoints WHERE organization_id = $1 AND disabled_at IS NULL AND $2 = ANY(events)`, [organizationId, type]);
  return rows.map((row) => row.id);
}

/**
 * A broadcast has just ended (completed, failed or cancelled): its event carries it as GET
 * /v1/notifications/{id} shows it, through the same view.
 */
export async function broadcastEnded(tx: SqlTransaction, boss: Boss, broadcastId: string) {
  const endpoints = await tx.query<{ id: string; event: WebhookEvent }>(
    `SELECT e.id::text, 'broadcast.' || b.status AS event FROM broadcasts b JOIN webhook_endpoints e ON e.organization_id = b.organization_id
     WHERE b.id = $1 AND e.disabled_at IS NULL AND 'broadcast.' || b.status = ANY(e.events)`,
    [broadcastId],
  );
  if (!endpoints.length) return;
  const [row] = await tx.query<BroadcastWithKey>(`${BROADCAST_WITH_KEY} WHERE b.id = $1`, [broadcastId]);
  await enqueue(tx, boss, endpoints.map((endpoint) => endpoint.id), endpoints[0]!.event, broadcastView(row!));
}

/**
 * Devices whose tokens APNs declared dead on one page of a broadcast, with the externalId each has in this
 * organization (null if none), so the organization can clean up its users.
 */
export async function devicesUnregistered(tx: SqlTransaction, boss: Boss, organizationId: string, dead: { deviceUuid: string }[]) {
  if (!dead.length) return;
  const endpoints = await subscribers(tx, organizationId, 'devices.unregistered');
  if (!endpoints.length) return;
  const devices = await tx.query<{ deviceUuid: string; externalId: string | null }>(
    `SELECT x.device_uuid::text AS "deviceUuid", s.external_id AS "externalId"
     FROM unnest($2::uuid[]) WITH ORDINALITY AS x(device_uuid, position)
     LEFT JOIN subscriptions s ON s.organization_id = $1 AND s.device_uuid = x.device_uuid ORDER BY x.position`,
    [organizationId, dead.map((device) => device.deviceUuid)],
  );
  await enqueue(tx, boss, endpoints, 'devices.unregistered', { devices });
}
