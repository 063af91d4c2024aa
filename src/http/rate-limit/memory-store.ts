import type { Identity } from '@envelop/rate-limiter';
import { identityKey, RecentHits, type HitStore } from './hit-store.ts';

/** One process's sliding windows. At most `cap` timestamps are kept per identity, so a flood costs no memory. */
export class MemoryHitStore implements HitStore {
  private readonly hits: RecentHits;

  constructor(private readonly windowMs: number, private readonly cap: number) {
    this.hits = new RecentHits(windowMs);
  }

  getForIdentity(identity: Identity) {
    const key = identityKey(identity);
    const now = Date.now();
    const before = this.hits.get(key, now);
    this.hits.set(key, [...before, now].slice(-this.cap));
    return before;
  }

  setForIdentity() {}

  recent(identity: Identity, now = Date.now()) {
    return this.hits.get(identityKey(identity), now);
  }

  async close() {
    this.hits.stop();
  }
}
