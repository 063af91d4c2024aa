import { describe, expect, it } from 'vitest';
import { attempt } from './attempt.ts';

describe('attempt', () => {
  it("returns the work's own promise, resolved or rejected", async () => {
    const done = Promise.resolve(7);
    expect(attempt(() => done)).toBe(done);
    await expect(attempt(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('turns a throw into a rejection rather than throwing', async () => {
    const thrown = new Error('thrown before any promise');
    let caught: unknown;
    const settled = attempt<number>(() => {
      throw thrown;
    }).catch((error: unknown) => (caught = error));
    await settled;
    expect(caught).toBe(thrown);
  });
});
