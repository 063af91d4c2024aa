import type { Identity, Store } from '@envelop/rate-limiter';

/**
 * A store for @envelop/rate-limiter that records the hit while reading: getForIdentity returns the
 * earlier hits and adds this one in the same step, so concurrent requests (and, with Redis, several
 * instances) cannot both see a free slot. setForIdentity is then a no-op.
 */
export interface HitStore extends Store {
  /** Hits still inside the window, oldest first, as last seen by this process. */
  recent(identity: Identity, now?: number): number[];
  close(): Promise<void>;
}

export const identityKey = ({ contextIdentity, fieldIdentity }: Identity) => `${fieldIdentity}:${contextIdentity}`;

/** Keeps what this process last saw of each identity, for the RateLimit-* headers, and forgets idle ones. */
export class RecentHits {
  private readonly hits = new Map<string, number[]>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    this.timer = setInterval(() => this.sweep(), windowMs);
    this.timer.unref();
  }

  get(key: string, now = Date.now()) {
    const list = this.hits.get(key) ?? [];
    const from = list.findIndex((t) => t > now - this.windowMs);
    return from === -1 ? [] : list.slice(from);
  }

  set(key: string, list: number[]) {
    this.hits.set(key, list);
  }

  sweep(now = Date.now()) {
    for (const [key, list] of this.hits) if ((list.at(-1) ?? 0) <= now - this.windowMs) this.hits.delete(key);
  }

  stop() {
    clearInterval(this.timer);
  }
}
