// An endpoint's deliveries as the dashboard and the API show them, and the dashboard's test event.
import type { Db } from '../../db/database.ts';
import type { WebhookDelivery } from '../../generated/prisma/client.ts';
import { fail, invalid, ok, type Result } from '../errors.ts';
import { findEndpoint, requireKey, type WebhookDeps } from './endpoints.ts';
import { enqueue, TEST_EVENT } from './events.ts';

export type DeliveryView = Omit<WebhookDelivery, 'endpointId' | 'payload'>;

const view = ({ endpointId: _endpoint, payload: _payload, ...rest }: WebhookDelivery): DeliveryView => rest;

/** Newest first, at most 100. */
export async function deliveriesOf(db: Db, endpointId: string, limit = 20): Promise<Result<DeliveryView[]>> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid('limit', 'limit must be an integer from 1 to 100');
  const rows = await db.webhookDelivery.findMany({ where: { endpointId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  return ok(rows.map(view));
}

export async function lastDelivery(db: Db, endpointId: string): Promise<DeliveryView | null> {
  const row = await db.webhookDelivery.findFirst({ where: { endpointId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return row && view(row);
}

/** Queues a "webhook.test" event to this endpoint alone, signed and retried like any other. */
export async function sendTestEvent(deps: WebhookDeps, organizationId: string, id: string): Promise<Result<DeliveryView>> {
  const key = requireKey(deps.settings);
  if (!key.ok) return key;
  const endpoint = await findEndpoint(deps.db, organizationId, id);
  if (!endpoint.ok) return endpoint;
  if (endpoint.value.disabledAt) return fail('CONFLICT', 'this webhook is disabled; enable it first');
  const data = { message: 'A test event from Clarion: when its signature verifies, this endpoint is ready.', webhookId: id };
  const [deliveryId] = await deps.database.transaction((tx) => enqueue(tx, deps.boss, [id], TEST_EVENT, data));
  return ok(view(await deps.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })));
}
