// Stores for the failed log-in counts (src/domain/accounts/login-throttle.ts): fixed windows that start
// at a key's first count. Redis shares them between instances; a Redis fault lets log-in go on.
import type { Redis } from 'ioredis';
import { spacingDelay, type FailureCounter, type Spacing } from '../../domain/accounts/login-throttle.ts';

export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; until: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    this.timer = setInterval(() => this.sweep(), windowMs);
    this.timer.unref();
  }

  async add(key: string) {
    const now = Date.now();
    const window = this.windows.get(key);
    if (window && window.until > now) return ++window.count;
    this.windows.set(key, { count: 1, until: now + this.windowMs });
    return 1;
  }

  async subtract(key: string) {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string) {
    this.windows.delete(key);
    this.spaced.delete(key);
  }

  private readonly spaced = new Map<string, { count: number; last: number }>();

  async addSpaced(key: string, spacing: Spacing, now = Date.now()) {
    const state = this.spaced.get(key);
    const live = state && state.last + this.windowMs > now ? state : { count: 0, last: 0 };
    const wait = live.last + spacingDelay(live.count, spacing) - now;
    if (live.count >= spacing.after && wait > 0) return wait;
    this.spaced.set(key, { count: live.count + 1, last: now });
    return 0;
  }

  private sweep(now = Date.now()) {
    for (const [key, window] of this.windows) if (window.until <= now) this.windows.delete(key);
    for (const [key, state] of this.spaced) if (state.last + this.windowMs <= now) this.spaced.delete(key);
  }

  async close() {
    clearInterval(this.timer);
  }
}

// Start the window with its expiry if there is none, then count: one atomic step for every instance.
const ADD_SCRIPT = `redis.call('SET', KEYS[1], 0, 'PX', ARGV[1], 'NX') return redis.call('INCR', KEYS[1])`;
// The e-mail's count and last failure in one hash: past ARGV[2] failures the next one must wait
// ARGV[3] ms doubling up to ARGV[4] ms after the last; answers 0 when counted, else the ms left.
const SPACED_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now, after, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if count >= after then
  local wait = last + math.min(base * 2 ^ (count - after), max) - now
  if wait > 0 then return math.ceil(wait) end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;
const SUBTRACT_SCRIPT = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void,
  ) {}

  private async guard<T>(work: () => Promise<T>, fallback: T) {
    try {
      return await work();
    } catch (error) {
      this.onError(error as Error);
      return fallback;
    }
  }

  add(key: string) {
    return this.guard(async () => Number(await this.redis.eval(ADD_SCRIPT, 1, this.prefix + key, this.windowMs)), 0);
  }

  subtract(key: string) {
    return this.guard(async () => {
      await this.redis.eval(SUBTRACT_SCRIPT, 1, this.prefix + key);
    }, undefined);
  }

  reset(key: string) {
    return this.guard(async () => {
      await this.redis.del(this.prefix + key);
    }, undefined);
  }

  addSpaced(key: string, spacing: Spacing, now = Date.now()) {
    const args = [now, spacing.after, spacing.baseMs, spacing.maxMs, this.windowMs];
    return this.guard(async () => Number(await this.redis.eval(SPACED_SCRIPT, 1, this.prefix + key, ...args)), 0);
  }

  async close() {}
}
