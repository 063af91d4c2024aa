// What a push service's answers mean for the fan-out (src/fanout/platform.ts). RFC 8030 and the
// services' documentation: 201 taken; 404 and 410 the subscription is gone; 413 our payload; 429 slow down,
// with Retry-After; 401 and 403 the VAPID credentials (a changed key, a key the subscription was not made for).
// 401 and 403 are "token" answers, not "setting": a subscription made for someone else's key gets them too, and
// anyone can register one. The configuration breaker decides from what is proven, as for APNs' BadDeviceToken: a
// key that delivered before is right, and the subscription is written off; a key that never did stops Web Push.
import type { PushOutcome } from '../fanout/platform.ts';

export const VAPID_SETTING = 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY';
/** Google asks for at least a minute before the first retry of a rate-limited message. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

const DELIVERED: PushOutcome = Object.freeze({ ok: true });

const FAILURES: Record<number, Exclude<PushOutcome, { ok: true }>> = {
  400: { ok: false, reason: 'BadRequest', kind: 'refused' },
  401: { ok: false, reason: 'Unauthorized', kind: 'token' },
  403: { ok: false, reason: 'Forbidden', kind: 'token' },
  404: { ok: false, reason: 'NotFound', kind: 'dead' },
  410: { ok: false, reason: 'Gone', kind: 'dead' },
  413: { ok: false, reason: 'PayloadTooLarge', kind: 'refused' },
};

const VAPID_REASONS = new Set(['Unauthorized', 'Forbidden']);

/** Retry-After (RFC 9110 §10.2.3) in milliseconds from now: delay-seconds or an HTTP date; undefined if neither. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The outcome of an answer's status. Redirects are not followed: a 3xx is refused like any unknown status. */
export function outcomeOf(status: number, retryAfter?: string, now = Date.now()): PushOutcome {
  if (status === 200 || status === 201 || status === 202) return DELIVERED;
  const known = FAILURES[status];
  if (known) return known;
  if (status === 429) return { ok: false, reason: 'TooManyRequests', kind: 'retry', retryAfterMs: retryAfterMs(retryAfter, now) ?? DEFAULT_RETRY_AFTER_MS };
  if (status >= 500) {
    const after = retryAfterMs(retryAfter, now);
    return after === undefined ? { ok: false, reason: `HTTP${status}`, kind: 'retry' } : { ok: false, reason: `HTTP${status}`, kind: 'retry', retryAfterMs: after };
  }
  return { ok: false, reason: `HTTP${status}`, kind: 'refused' };
}

export const settingOf = (reason: string) => (VAPID_REASONS.has(reason) ? VAPID_SETTING : undefined);

export const VAPID_ADVICE =
  'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be the pair the browsers subscribed with (the web app\'s applicationServerKey is the public key). ' +
  'A changed VAPID key loses every subscription: put the old pair back, or have every browser subscribe again with the new public key';
