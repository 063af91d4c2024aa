import { describe, expect, it } from 'vitest';
import { watchIdle } from './idle.ts';

describe('watchIdle', () => {
  function watched(busy: () => boolean | Promise<boolean>) {
    let clock = 0;
    let idled = 0;
    const watch = watchIdle({ idleMs: 1000, checkMs: 60_000, busy, onIdle: () => (idled += 1), now: () => clock });
    return { watch, advance: (ms: number) => (clock += ms), idled: () => idled };
  }

  it('leaves after the idle time without work, once', async () => {
    const { watch, advance, idled } = watched(() => false);
    advance(999);
    await watch.check();
    expect(idled()).toBe(0);
    advance(1);
    await watch.check();
    expect(idled()).toBe(1);
    advance(5000);
    await watch.check();
    expect(idled()).toBe(1);
  });

  it('starts the time again whenever there is work, a wake-up or an error asking for it', async () => {
    let answer: () => boolean = () => true;
    const { watch, advance, idled } = watched(() => answer());
    advance(5000);
    await watch.check(); // busy: the time starts now
    answer = () => false;
    advance(900);
    await watch.check();
    watch.touch();
    advance(900);
    await watch.check();
    answer = () => {
      throw new Error('database gone');
    };
    advance(900);
    await watch.check();
    answer = () => false;
    advance(999);
    await watch.check();
    expect(idled()).toBe(0);
    advance(1);
    await watch.check();
    expect(idled()).toBe(1);
    watch.stop();
  });

  it('never leaves once stopped', async () => {
    const { watch, advance, idled } = watched(async () => false);
    watch.stop();
    advance(10_000);
    await watch.check();
    expect(idled()).toBe(0);
  });
});
