// What a process needs to know to manage and deliver webhooks, from configuration (WEBHOOK_SECRET_KEY,
// WEBHOOKS_ALLOW_PRIVATE) and, for tests, shorter delays and another resolver.
import { systemResolve, type AddressRules, type Resolve } from './addresses.ts';

export interface DeliveryTiming {
  /** The first retry comes this long after a failed attempt; each later one twice as long, up to backoffCapMs. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Retries stop this long after the first attempt; an endpoint that delivered nothing meanwhile is disabled. */
  retryWindowMs: number;
  /** One attempt's limit: DNS, connection, TLS and the answer's status line. */
  timeoutMs: number;
  /** Deliveries one process attempts at once, and how often an idle one asks the queue for more. */
  concurrency: number;
  pollingIntervalSeconds: number;
}

export interface WebhookSettings {
  /** Encrypts endpoints' signing secrets; undefined: endpoints can be listed and deleted, not made or signed for. */
  secretKey: Buffer | undefined;
  allowPrivate: boolean;
  resolve?: Resolve;
  delivery?: Partial<DeliveryTiming>;
}

export const DELIVERY_TIMING: DeliveryTiming = {
  backoffBaseMs: 30_000,
  backoffCapMs: 3_600_000,
  retryWindowMs: 24 * 3_600_000,
  timeoutMs: 10_000,
  concurrency: 4,
  pollingIntervalSeconds: 2,
};

export const addressRules = (settings: WebhookSettings): AddressRules => ({ allowPrivate: settings.allowPrivate, resolve: settings.resolve ?? systemResolve });

/** "24 hours", "90 seconds": the retry window as the disabled reason says it. */
export function spoken(ms: number) {
  const hours = ms / 3_600_000;
  return Number.isInteger(hours) ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.round(ms / 1000)} seconds`;
}
