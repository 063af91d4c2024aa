import { describe, expect, it } from 'vitest';
import { rounds } from './service.ts';

describe('rounds (a pair asked for twice in one batch is written twice, in order)', () => {
  it('puts each repeat of a key into the next round, keeping the order within each', () => {
    expect(rounds(['a', 'b', 'a', 'c', 'a', 'b'], (k) => k)).toEqual([[0, 1, 3], [2, 5], [4]]);
    expect(rounds(['x', 'y'], (k) => k)).toEqual([[0, 1]]);
    expect(rounds([], (k: string) => k)).toEqual([]);
  });
});
