// Webhook delivery attempts, by what became of them.
import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/** delivered: a 2xx; retrying: failed, another attempt is scheduled; failed: failed for good; refused: not sent (e.g. a private address). */
export type WebhookOutcome = 'delivered' | 'retrying' | 'failed' | 'refused';

const deliveries = new Counter({ name: 'clarion_webhook_deliveries_total', help: 'Webhook delivery attempts, by outcome (delivered, retrying, failed, refused)', labelNames: ['outcome'] as const, registers: [registry] });

export const countWebhookDelivery = (outcome: WebhookOutcome) => deliveries.inc({ outcome });
