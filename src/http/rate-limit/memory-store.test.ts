import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryHitStore } from './memory-store.ts';

const identity = (ip: string) => ({ contextIdentity: ip, fieldIdentity: 'registerDevice' });

describe('MemoryHitStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the earlier hits and records this one in the same step', () => {
    const store = new MemoryHitStore(60_000, 10);
    expect(store.getForIdentity(identity('a'))).toHaveLength(0);
    expect(store.getForIdentity(identity('a'))).toHaveLength(1);
    expect(store.getForIdentity(identity('b'))).toHaveLength(0);
    expect(store.recent(identity('a'))).toHaveLength(2);
    void store.close();
  });

  it('forgets hits older than the window and keeps at most `cap` per identity', () => {
    vi.useFakeTimers();
    const store = new MemoryHitStore(60_000, 3);
    for (let i = 0; i < 10; i += 1) store.getForIdentity(identity('a'));
    expect(store.recent(identity('a'))).toHaveLength(3);
    vi.advanceTimersByTime(60_001);
    expect(store.getForIdentity(identity('a'))).toHaveLength(0);
    void store.close();
  });
});
