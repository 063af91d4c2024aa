// Stores for the failed log-in counts (src/domain/accounts/login-throttle.ts): fixed windows that start
// at a key's first failure. Redis shares them between instances; a Redis fault lets log-in go on.
import type { Redis } from 'ioredis';
import type { FailureCounter } from '../../domain/accounts/login-throttle.ts';

export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; until: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    this.timer = setInterval(() => this.sweep(), windowMs);
    this.timer.unref();
  }

  async count(key: string) {
    const window = this.windows.get(key);
    return window && window.until > Date.now() ? window.count : 0;
  }

  async add(key: string) {
    const now = Date.now();
    const window = this.windows.get(key);
    if (window && window.until > now) window.count += 1;
    else this.windows.set(key, { count: 1, until: now + this.windowMs });
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now = Date.now()) {
    for (const [key, window] of this.windows) if (window.until <= now) this.windows.delete(key);
  }

  async close() {
    clearInterval(this.timer);
  }
}

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

  count(key: string) {
    return this.guard(async () => Number((await this.redis.get(this.prefix + key)) ?? 0), 0);
  }

  add(key: string) {
    // SET NX starts the window with its expiry; INCR then counts inside it.
    return this.guard(async () => {
      await this.redis.multi().set(this.prefix + key, 0, 'PX', this.windowMs, 'NX').incr(this.prefix + key).exec();
    }, undefined);
  }

  reset(key: string) {
    return this.guard(async () => {
      await this.redis.del(this.prefix + key);
    }, undefined);
  }

  async close() {}
}
