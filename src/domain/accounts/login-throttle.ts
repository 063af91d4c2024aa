// Failed log-ins are counted per e-mail and per client IP over a window. Past either budget, log-in
// answers RATE_LIMITED whether or not the e-mail has an account, so the throttle reveals nothing.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { fail, type Result } from '../errors.ts';

/** Counts events per key over a fixed window (in memory, or in Redis to share between instances). */
export interface FailureCounter {
  count(key: string): Promise<number>;
  add(key: string): Promise<void>;
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

/** RATE_LIMITED when this e-mail or this IP has used its failed log-ins; undefined when log-in may go on. */
export async function throttled(throttle: LoginThrottle | undefined, email: string, ip: string): Promise<Result<never> | undefined> {
  if (!throttle) return undefined;
  const [byEmail, byIp] = await Promise.all([throttle.counter.count(emailKey(email)), throttle.counter.count(ipKey(ip))]);
  if (byEmail < throttle.perEmail && byIp < throttle.perIp) return undefined;
  const minutes = Math.ceil(throttle.windowMs / 60_000);
  return fail('RATE_LIMITED', `too many failed log-ins; wait ${minutes} minutes and try again`);
}

export async function recordFailure(throttle: LoginThrottle | undefined, email: string, ip: string) {
  await Promise.all([throttle?.counter.add(emailKey(email)), throttle?.counter.add(ipKey(ip))]);
}

/** A successful log-in clears the e-mail's count (not the IP's: one good password does not vouch for the rest). */
export async function recordSuccess(throttle: LoginThrottle | undefined, email: string) {
  await throttle?.counter.reset(emailKey(email));
}
