// Failed log-ins are counted per e-mail and per client IP over a window. Past either budget, log-in
// answers RATE_LIMITED whether or not the e-mail has an account, so the throttle reveals nothing.
// Each attempt takes its slot atomically before the password is checked (and gives it back when the
// password was right), so a burst of concurrent guesses cannot all read the same old count.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { fail, type Result } from '../errors.ts';
import { countRateLimitRefusal } from '../../metrics/rate-limits.ts';

/** Counts events per key over a fixed window that starts at the key's first event (memory or Redis). */
export interface FailureCounter {
  /** Counts one more and answers the new count, atomically. */
  add(key: string): Promise<number>;
  /** Takes one back (never below zero). */
  subtract(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface LoginThrottle {
  counter: FailureCounter;
  perEmail: number;
  perIp: number;
  windowMs: number;
}

// E-mails are hashed so the store (Redis, say) never holds who tried to log in.
const emailKey = (email: string) => `email:${encodeHexLowerCase(sha256(new TextEncoder().encode(email)))}`;
const ipKey = (ip: string) => `ip:${ip}`;

export interface Attempt {
  /** RATE_LIMITED when this e-mail or this client has used its failed log-ins. */
  refused?: Result<never>;
  /** The password was right: the attempt was not a failure, and the e-mail's count starts again. */
  succeeded(): Promise<void>;
}

/**
 * Takes a slot for one password check by `email` from `client` (an IP, IPv6 by /64). Without a
 * throttle every attempt goes ahead.
 */
export async function attempt(throttle: LoginThrottle | undefined, email: string, client: string): Promise<Attempt> {
  if (!throttle) return { succeeded: async () => {} };
  const keys = { email: emailKey(email), client: ipKey(client) };
  const [byEmail, byClient] = await Promise.all([throttle.counter.add(keys.email), throttle.counter.add(keys.client)]);
  const refused = byEmail > throttle.perEmail || byClient > throttle.perIp;
  if (refused) countRateLimitRefusal(byEmail > throttle.perEmail ? 'loginFailuresPerEmail' : 'loginFailuresPerIp');
  const minutes = Math.ceil(throttle.windowMs / 60_000);
  return {
    refused: refused ? fail('RATE_LIMITED', `too many failed log-ins; wait ${minutes} minutes and try again`) : undefined,
    succeeded: async () => {
      await Promise.all([throttle.counter.reset(keys.email), throttle.counter.subtract(keys.client)]);
    },
  };
}
