import { describe, expect, it } from 'vitest';
import { BatchQueueFullError, createBatcher, whenQueued } from './batch.ts';

describe('createBatcher', () => {
  it('sends the first call at once and gathers the calls that arrive meanwhile', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (items: number[]) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => n * 2);
    });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => double(n)));
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('sends the next batch before the callers of the one that came back go on', async () => {
    const events: string[] = [];
    const echo = createBatcher(async (items: number[]) => {
      events.push(`sent ${items.join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return items;
    });
    const first = echo(1).then(() => events.push('answered 1'));
    const waiting = [echo(2), echo(3)].map((call, i) => call.then(() => events.push(`answered ${i + 2}`)));
    await Promise.all([first, ...waiting]);
    expect(events).toEqual(['sent 1', 'sent 2,3', 'answered 1', 'answered 2', 'answered 3']);
  });

  it('fails only its own batch when the statement throws rather than rejecting, and goes on', async () => {
    let calls = 0;
    const echo = createBatcher((items: number[]) => {
      calls += 1;
      if (calls === 2) throw new Error('could not build the statement');
      return new Promise<number[]>((resolve) => setTimeout(() => resolve(items), 1));
    });
    const first = echo(1);
    const second = echo(2);
    await expect(first).resolves.toBe(1);
    await expect(second).rejects.toThrow('could not build the statement');
    await expect(echo(3)).resolves.toBe(3);
  });

  it('respects maxBatch and concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const echo = createBatcher(
      async (items: number[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        return items;
      },
      { maxBatch: 3, concurrency: 2 },
    );
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => echo(i)))).toEqual([...Array(10).keys()]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(most).toBe(2);
  });

  it('rejects every call of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const flaky = createBatcher(async (items: string[]) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail) throw new Error('database down');
      return items;
    });
    const first = [flaky('a'), flaky('b')];
    await expect(first[0]).rejects.toThrow('database down');
    await expect(first[1]).rejects.toThrow('database down');
    fail = false;
    expect(await flaky('c')).toBe('c');
  });

  it('fails fast once maxQueue calls wait, and whenQueued turns that into UNAVAILABLE', async () => {
    let release: () => void = () => {};
    const slow = createBatcher(
      async (items: number[]) => {
        await new Promise<void>((resolve) => (release = resolve));
        return items;
      },
      { maxQueue: 2 },
    );
    const inFlight = slow(1);
    const waiting = [slow(2), slow(3)];
    await expect(slow(4)).rejects.toBeInstanceOf(BatchQueueFullError);
    expect(await whenQueued(() => slow(5))).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: 'the server is busy; retry in a moment' } });
    release();
    expect(await inFlight).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(await Promise.all(waiting)).toEqual([2, 3]);
  });

  it('whenQueued answers a write, passes other failures on as rejections, and never throws itself', async () => {
    expect(await whenQueued(async () => 7)).toEqual({ ok: true, value: 7 });
    const broken = new Error('connection refused');
    await expect(whenQueued(() => Promise.reject(broken))).rejects.toBe(broken);
    let answer: Promise<unknown> | undefined;
    expect(() => {
      answer = whenQueued(() => {
        throw broken;
      });
    }).not.toThrow();
    await expect(answer).rejects.toBe(broken);
    const full = () => {
      throw new BatchQueueFullError();
    };
    expect(await whenQueued(full)).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: 'the server is busy; retry in a moment' } });
  });
});
