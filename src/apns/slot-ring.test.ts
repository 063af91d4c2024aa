import { describe, expect, it } from 'vitest';
import { SlotRing } from './slot-ring.ts';

/** Takes everything out, oldest first, as [slot, tag] pairs. */
function drain(ring: SlotRing) {
  const out: [number, number][] = [];
  while (ring.count > 0) {
    const tag = ring.firstTag();
    out.push([ring.shift(), tag]);
  }
  return out;
}

describe('the ring of push slots', () => {
  it('gives slots back first in, first out, with their tags, across wrapping and growing', () => {
    const ring = new SlotRing(4);
    ring.push(1, 10);
    ring.push(2, 20);
    expect(ring.shift()).toBe(1);
    // Wraps around its end, then grows while wrapped.
    for (let slot = 3; slot <= 9; slot += 1) ring.push(slot, slot * 10);
    expect(ring.capacity).toBe(8);
    expect(ring.first()).toBe(2);
    expect(drain(ring)).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((slot) => [slot, slot * 10]));
  });

  it('shrinks back after a burst once it is mostly empty, never below its initial size, keeping what it holds', () => {
    const ring = new SlotRing(1024);
    for (let slot = 0; slot < 100_000; slot += 1) ring.push(slot, slot);
    expect(ring.capacity).toBe(131_072);
    ring.trim();
    expect(ring.capacity).toBe(131_072); // full: kept
    while (ring.count > 3000) ring.shift();
    ring.trim();
    expect(ring.capacity).toBe(16_384);
    expect(drain(ring).map(([slot]) => slot)).toEqual(Array.from({ length: 3000 }, (_, i) => 97_000 + i));
    ring.trim();
    expect(ring.capacity).toBe(1024);
    ring.push(7, 1);
    expect(drain(ring)).toEqual([[7, 1]]);
  });
});
