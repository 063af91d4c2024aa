// The configuration breaker's rules, answer by answer (test/apns-configuration.test.ts has them end to end).
import { describe, expect, it } from 'vitest';
import { apnsPlatform } from '../apns/platform.ts';
import { createConfigurationBreaker, HELD_LIMIT, PROBE_PUSHES, STREAK_PUSHES } from './breaker.ts';
import type { PushFailure } from './platform.ts';

const push = { payload: '{"aps":{}}', headers: { 'apns-topic': 'dev.clarion.test' } };
const breaker = (proven: boolean) => createConfigurationBreaker({ proven, platform: apnsPlatform({ origin: 'https://apns.test' }), push });
const badToken: PushFailure = { ok: false, reason: 'BadDeviceToken', kind: 'token' };
const topicDisallowed: PushFailure = { ok: false, reason: 'TopicDisallowed', kind: 'setting' };
const delivered = { ok: true } as const;

describe('the configuration breaker', () => {
  it('holds refused tokens under a setting nobody proved, up to HELD_LIMIT, then asks for the shared proof', () => {
    const b = breaker(false);
    for (let i = 1; i < HELD_LIMIT; i += 1) {
      expect(b.record(badToken, false)).toBe('held');
      expect(b.undecided({ more: true })).toBe(false);
    }
    expect(b.record(badToken, false)).toBe('held');
    expect(b.tripped()).toBeNull();
    expect(b.undecided({ more: true })).toBe(true);
    b.settle(false);
    expect(b.tripped()).toMatchObject({ code: 'APNS_CONFIGURATION', setting: 'APNS_ENV', reason: 'BadDeviceToken' });
    expect(b.judgeHeld(badToken, false)).toBe('failed');
  });

  it('judges held tokens once another run has proven the setting: never-delivered devices are dead, others failed', () => {
    const b = breaker(false);
    for (let i = 0; i < 3; i += 1) b.record(badToken, false);
    expect(b.undecided({ more: false })).toBe(true);
    b.settle(true);
    expect(b.tripped()).toBeNull();
    expect(b.undecided({ more: false })).toBe(false);
    expect(b.judgeHeld(badToken, false)).toBe('dead');
  });

  it('judges held tokens once this run delivers, and writes off later ones at once', () => {
    const b = breaker(false);
    expect(b.record(badToken, false)).toBe('held');
    expect(b.judgeHeld(badToken, false)).toBe('undecided');
    expect(b.record(delivered, false)).toBe('sent');
    expect(b.judgeHeld(badToken, false)).toBe('dead');
    expect(b.record(badToken, false)).toBe('dead');
    expect(b.record(badToken, true)).toBe('failed');
    expect(b.probing()).toBe(false);
  });

  it('trips at PROBE_PUSHES refusals of devices that received before, and a device that received before is never dead', () => {
    const b = breaker(true);
    for (let i = 1; i < PROBE_PUSHES; i += 1) expect(b.record(badToken, true)).toBe('held');
    expect(b.tripped()).toBeNull();
    // Held refusals of never-delivered devices are not judged while devices that received before contradict the setting.
    b.record(badToken, false);
    expect(b.judgeHeld(badToken, false)).toBe('undecided');
    b.record(badToken, true);
    expect(b.tripped()).toMatchObject({ setting: 'APNS_ENV' });
    expect(b.judgeHeld(badToken, true)).toBe('failed');
    expect(b.judgeHeld(badToken, false)).toBe('failed');
  });

  it('stops a run that sent only held pushes with any sure blame, even under a proven setting', () => {
    const b = breaker(true);
    b.record(badToken, true);
    b.record(badToken, false);
    expect(b.undecided({ more: false })).toBe(true);
    b.settle(true);
    expect(b.tripped()).not.toBeNull();
  });

  it('writes off made-up tokens under a proven setting nothing contradicts, without tripping however many there are', () => {
    const b = breaker(true);
    for (let i = 0; i < 5 * HELD_LIMIT; i += 1) expect(b.record(badToken, false)).toBe('held');
    expect(b.undecided({ more: false })).toBe(false);
    expect(b.tripped()).toBeNull();
    expect(b.judgeHeld(badToken, false)).toBe('dead');
  });

  it('trips on STREAK_PUSHES answers in a row that only a wrong setting gets, after deliveries; unproven refusals do not count', () => {
    const b = breaker(true);
    b.record(delivered, true);
    for (let i = 0; i < 2 * STREAK_PUSHES; i += 1) expect(b.record(badToken, false)).toBe('dead');
    expect(b.tripped()).toBeNull();
    for (let i = 1; i < STREAK_PUSHES; i += 1) expect(b.record(topicDisallowed, false)).toBe('failed');
    b.record(delivered, true);
    for (let i = 1; i < STREAK_PUSHES; i += 1) b.record(topicDisallowed, false);
    expect(b.tripped()).toBeNull();
    b.record(topicDisallowed, false);
    expect(b.tripped()).toMatchObject({ setting: 'APNS_TOPIC', message: expect.stringContaining('APNS_TOPIC (now "dev.clarion.test")') });
  });
});
