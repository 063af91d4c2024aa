import { randomBytes } from 'node:crypto';
import type { Identity } from '@envelop/rate-limiter';
import type { Redis } from 'ioredis';
import { identityKey, RecentHits, type HitStore } from './hit-store.ts';

// Trim the window, read it, add this hit, cap the set and renew its expiry: atomically, for every instance.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local before = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
redis.call('ZADD', KEYS[1], now, ARGV[4])
local size = redis.call('ZCARD', KEYS[1])
if size > cap then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, size - cap - 1) end
redis.call('PEXPIRE', KEYS[1], window)
return before`;

type RedisWithHit = Redis & { clarionHit(key: string, now: number, windowMs: number, cap: number, member: string): Promise<string[]> };

/** Sliding windows shared by every instance that uses the same Redis and prefix. */
export class RedisHitStore implements HitStore {
  private readonly redis: RedisWithHit;
  private readonly seen: RecentHits;

  constructor(
    redis: Redis,
    private readonly windowMs: number,
    private readonly cap: number,
    private readonly prefix = 'clarion:rate:',
    /** Told when Redis fails; the request is then let through (a limiter outage must not stop sign-ups). */
    private readonly onError: (error: Error) => void = () => {},
  ) {
    redis.defineCommand('clarionHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as RedisWithHit;
    this.seen = new RecentHits(windowMs);
  }

  async getForIdentity(identity: Identity) {
    const key = identityKey(identity);
    const now = Date.now();
    let reply: string[];
    try {
      reply = await this.redis.clarionHit(this.prefix + key, now, this.windowMs, this.cap, `${now}:${randomBytes(6).toString('hex')}`);
    } catch (error) {
      this.onError(error as Error);
      return [];
    }
    const before: number[] = [];
    for (let i = 1; i < reply.length; i += 2) before.push(Number(reply[i]));
    this.seen.set(key, [...before, now]);
    return before;
  }

  setForIdentity() {}

  recent(identity: Identity, now = Date.now()) {
    return this.seen.get(identityKey(identity), now);
  }

  async close() {
    this.seen.stop();
  }
}
