import { describe, expect, it } from 'vitest';
import { createPacer } from './pacing.ts';

/** A clock and a scheduler the test moves by hand. */
function manualTime() {
  let now = 0;
  let due: { at: number; task: () => void } | undefined;
  return {
    now: () => now,
    schedule: (task: () => void, ms: number) => {
      due = { at: now + ms, task };
      return { cancel: () => (due = undefined) };
    },
    /** Moves the clock to the next scheduled drain and runs it; false when none is scheduled. */
    step() {
      if (!due) return false;
      const { at, task } = due;
      due = undefined;
      now = at;
      task();
      return true;
    },
  };
}

describe('createPacer', () => {
  it('sends a second\'s worth at once, then the rest at the share\'s rate, in order', () => {
    const time = manualTime();
    const sent: number[] = [];
    // 600 a minute: 10 a second, 10 at once.
    const pacer = createPacer<number>((n) => sent.push(n), { perMinute: 600, now: time.now, schedule: time.schedule });
    for (let n = 0; n < 25; n += 1) pacer.take(n);
    expect(sent).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pacer.waiting()).toBe(15);
    while (time.step());
    expect(sent).toEqual(Array.from({ length: 25 }, (_, n) => n));
    // 15 more at 10 a second: a second and a half, not sooner.
    expect(time.now()).toBeGreaterThanOrEqual(1500);
    expect(time.now()).toBeLessThan(1600);
  });

  it('lets a sender that stayed under its share send at once again, up to a second\'s worth', () => {
    const time = manualTime();
    const sent: number[] = [];
    const pacer = createPacer<number>((n) => sent.push(n), { perMinute: 60_000, now: time.now, schedule: time.schedule });
    for (let n = 0; n < 1000; n += 1) pacer.take(n);
    expect(sent).toHaveLength(1000);
    pacer.take(1000);
    expect(sent).toHaveLength(1000);
    expect(time.step()).toBe(true);
    expect(sent).toHaveLength(1001);
  });

  it('hands back what waits when it is closed, and sends nothing more', () => {
    const time = manualTime();
    const sent: number[] = [];
    const pacer = createPacer<number>((n) => sent.push(n), { perMinute: 60, now: time.now, schedule: time.schedule });
    for (let n = 0; n < 4; n += 1) pacer.take(n);
    expect(sent).toEqual([0]);
    expect(pacer.close()).toEqual([1, 2, 3]);
    expect(time.step()).toBe(false);
    expect(sent).toEqual([0]);
  });
});
