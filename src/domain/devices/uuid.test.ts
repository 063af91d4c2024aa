import { describe, expect, it } from 'vitest';
import { newDeviceUuid } from './service.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecond = (uuid: string) => Number.parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);
/** The 74 bits after the time, the version and the variant: rand_a (12) and rand_b (62), as a string of 0s and 1s. */
const randomBits = (uuid: string) => {
  const bits = [...uuid.replaceAll('-', '')].map((digit) => Number.parseInt(digit, 16).toString(2).padStart(4, '0')).join('');
  return bits.slice(52, 64) + bits.slice(66);
};

describe('newDeviceUuid', () => {
  const before = Date.now();
  const ids = Array.from({ length: 2000 }, () => newDeviceUuid());
  const after = Date.now();

  it('makes UUIDv7s that carry the time they were made, in milliseconds', () => {
    for (const id of ids) {
      expect(id).toMatch(V7);
      expect(millisecond(id)).toBeGreaterThanOrEqual(before);
      expect(millisecond(id)).toBeLessThanOrEqual(after);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts later ids after earlier ones across milliseconds', async () => {
    const first = newDeviceUuid();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(newDeviceUuid() > first).toBe(true);
  });

  it('draws all 74 bits after the time afresh: no counter within a millisecond, no bit that never changes', () => {
    // With the uuid package's counter, ids made in the same millisecond would rise one by one.
    const sameMillisecond = ids.slice(1).map((id, i) => [ids[i]!, id] as const).filter(([a, b]) => millisecond(a) === millisecond(b));
    expect(sameMillisecond.length).toBeGreaterThan(100);
    expect(sameMillisecond.filter(([a, b]) => b < a).length).toBeGreaterThan(sameMillisecond.length / 4);
    const bits = ids.map(randomBits);
    expect(bits[0]).toHaveLength(74);
    for (let position = 0; position < 74; position += 1) expect(new Set(bits.map((b) => b[position])).size, `bit ${position}`).toBe(2);
  });
});
