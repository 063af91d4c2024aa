// Failed log-ins are counted per (e-mail, client address) and per client address over a window. Past
// either budget that client answers RATE_LIMITED, whether or not the e-mail has an account, so the
// throttle reveals nothing; other addresses are not refused. Failures against one e-mail from all
// addresses together only slow it down: past SLOW_AFTER (2 × the per-address budget) each further
// attempt must wait a delay that doubles from 1 s up to 60 s after the e-mail's last failure — a
// RATE_LIMITED with Retry-After, never a lock-out of the owner for longer than that.
// Each attempt takes its slots atomically before the password is checked (and gives them back when the
// password was right), so a burst of concurrent guesses cannot all read the same old count.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { DomainError } from '../errors.ts';
import { countRateLimitRefusal } from '../../metrics/rate-limits.ts';

/** Spacing of attempts against one e-mail: past `after` failures, `baseMs` doubling up to `maxMs`. */
export interface Spacing {
  after: number;
  baseMs: number;
  maxMs: number;
}

/** Counts events per key over a fixed window that starts at the key's first event (memory or Redis). */
export interface FailureCounter {
  /** Counts one more and answers the new count, atomically. */
  add(key: string): Promise<number>;
  /** Takes one back (never below zero). */
  subtract(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Counts one more unless the key has `spacing.after` counts or more and its last one was less than
   * its delay ago; answers 0 when counted, otherwise the milliseconds left to wait. Atomic; the count
   * lives a window after its last event.
   */
  addSpaced(key: string, spacing: Spacing, now?: number): Promise<number>;
  close(): Promise<void>;
}

export interface LoginThrottle {
  counter: FailureCounter;
  /** Failed log-ins per (e-mail, client address) in a window (LOGIN_FAILURES_PER_EMAIL). */
  perEmail: number;
  /** Failed log-ins per client address, whatever the e-mails (LOGIN_FAILURES_PER_IP). */
  perIp: number;
  windowMs: number;
}

export const SLOW_BASE_MS = 1_000;
export const SLOW_MAX_MS = 60_000;

/** Past how many failures (from all addresses) attempts against one e-mail are spaced out. */
export const slowAfter = (throttle: LoginThrottle) =>
  Number.isFinite(throttle.perEmail) ? 2 * throttle.perEmail : Number.POSITIVE_INFINITY;

/** The delay before the attempt that follows `failures` failures against one e-mail. */
export const spacingDelay = (failures: number, spacing: Spacing) =>
  failures < spacing.after ? 0 : Math.min(spacing.baseMs * 2 ** (failures - spacing.after), spacing.maxMs);

// E-mails are hashed so the store (Redis, say) never holds who tried to log in.
const hash = (email: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(email)));

/** A RATE_LIMITED refusal; `retryAfterSeconds` becomes the Retry-After header. */
export type Refusal = { ok: false; error: DomainError & { retryAfterSeconds: number } };

const refusal = (message: string, retryAfterMs: number): Refusal => ({
  ok: false,
  error: { code: 'RATE_LIMITED', message, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
});

export interface Attempt {
  /** RATE_LIMITED when this client has used its failed log-ins, or the e-mail is being slowed down. */
  refused?: Refusal;
  /** The password was right: the attempt was not a failure, and the e-mail's counts start again. */
  succeeded(): Promise<void>;
}

/**
 * Takes a slot for one password check by `email` from `client` (an IP, IPv6 by /64). Without a
 * throttle every attempt goes ahead.
 */
export async function attempt(throttle: LoginThrottle | undefined, email: string, client: string): Promise<Attempt> {
  if (!throttle) return { succeeded: async () => {} };
  const { counter } = throttle;
  const keys = { email: `email:${hash(email)}`, pair: `pair:${hash(email)}:${client}`, client: `ip:${client}` };
  const [byPair, byClient] = await Promise.all([counter.add(keys.pair), counter.add(keys.client)]);
  const minutes = Math.ceil(throttle.windowMs / 60_000);
  const succeeded = async () => {
    await Promise.all([counter.reset(keys.email), counter.reset(keys.pair), counter.subtract(keys.client)]);
  };
  if (byPair > throttle.perEmail || byClient > throttle.perIp) {
    countRateLimitRefusal(byPair > throttle.perEmail ? 'loginFailuresPerEmail' : 'loginFailuresPerIp');
    return { refused: refusal(`too many failed log-ins; wait ${minutes} minutes and try again`, throttle.windowMs), succeeded };
  }
  const spacing = { after: slowAfter(throttle), baseMs: SLOW_BASE_MS, maxMs: SLOW_MAX_MS };
  const waitMs = Number.isFinite(spacing.after) ? await counter.addSpaced(keys.email, spacing) : 0;
  if (waitMs > 0) {
    // Not a password check: this client's slots go back.
    await Promise.all([counter.subtract(keys.pair), counter.subtract(keys.client)]);
    countRateLimitRefusal('loginFailuresPerEmail');
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return { refused: refusal(`many failed log-ins for this e-mail; wait ${seconds} seconds and try again`, waitMs), succeeded };
  }
  return { refused: undefined, succeeded };
}
