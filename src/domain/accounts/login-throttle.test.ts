import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFailureCounter } from '../../http/rate-limit/failure-counters.ts';
import { attempt, type LoginThrottle } from './login-throttle.ts';

describe('the log-in throttle', () => {
  const throttles: LoginThrottle[] = [];
  const make = (perEmail: number, perIp: number) => {
    const throttle = { counter: new MemoryFailureCounter(60_000), perEmail, perIp, windowMs: 60_000 };
    throttles.push(throttle);
    return throttle;
  };
  afterEach(async () => {
    for (const throttle of throttles.splice(0)) await throttle.counter.close();
  });

  it('lets only the budget through when guesses arrive all at once', async () => {
    const throttle = make(3, 100);
    const slots = await Promise.all(Array.from({ length: 20 }, () => attempt(throttle, 'a@example.test', 'ip:1')));
    expect(slots.filter((slot) => !slot.refused)).toHaveLength(3);
    expect(slots.find((slot) => slot.refused)?.refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('counts per client across e-mails, and gives back the slot of a right password', async () => {
    const throttle = make(100, 2);
    const right = await attempt(throttle, 'a@example.test', 'ip:1');
    await right.succeeded();
    expect((await attempt(throttle, 'b@example.test', 'ip:1')).refused).toBeUndefined();
    expect((await attempt(throttle, 'c@example.test', 'ip:1')).refused).toBeUndefined();
    expect((await attempt(throttle, 'd@example.test', 'ip:1')).refused).toBeDefined();
    expect((await attempt(throttle, 'd@example.test', 'ip:2')).refused).toBeUndefined();
  });

  it('starts an e-mail\'s count again after a right password', async () => {
    const throttle = make(2, 100);
    await attempt(throttle, 'a@example.test', 'ip:1');
    const right = await attempt(throttle, 'a@example.test', 'ip:1');
    await right.succeeded();
    expect((await attempt(throttle, 'a@example.test', 'ip:1')).refused).toBeUndefined();
    expect((await attempt(throttle, 'a@example.test', 'ip:1')).refused).toBeUndefined();
    expect((await attempt(throttle, 'a@example.test', 'ip:1')).refused).toBeDefined();
  });

  it('spaces out attempts past the threshold, the delay doubling up to the cap', async () => {
    const counter = make(1, 1).counter;
    const spacing = { after: 2, baseMs: 1_000, maxMs: 3_000 };
    expect(await counter.addSpaced('k', spacing, 0)).toBe(0);
    expect(await counter.addSpaced('k', spacing, 10)).toBe(0);
    expect(await counter.addSpaced('k', spacing, 20)).toBe(990);
    expect(await counter.addSpaced('k', spacing, 1_010)).toBe(0);
    expect(await counter.addSpaced('k', spacing, 2_000)).toBe(1_010);
    expect(await counter.addSpaced('k', spacing, 3_010)).toBe(0);
    expect(await counter.addSpaced('k', spacing, 3_020)).toBe(2_990);
  });
});
