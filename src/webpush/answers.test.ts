import { describe, expect, it } from 'vitest';
import { outcomeOf, retryAfterMs, settingOf, VAPID_SETTING } from './answers.ts';
import { webPushPlatform } from './platform.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('Web Push answers', () => {
  it('maps each status to its outcome', () => {
    for (const status of [200, 201, 202]) expect(outcomeOf(status)).toEqual({ ok: true });
    expect(outcomeOf(404)).toEqual({ ok: false, kind: 'dead', reason: 'NotFound' });
    expect(outcomeOf(410)).toEqual({ ok: false, kind: 'dead', reason: 'Gone' });
    expect(outcomeOf(413)).toEqual({ ok: false, kind: 'refused', reason: 'PayloadTooLarge' });
    expect(outcomeOf(400)).toMatchObject({ kind: 'refused' });
    expect(outcomeOf(401)).toMatchObject({ kind: 'token' });
    expect(outcomeOf(403)).toMatchObject({ kind: 'token' });
    expect(outcomeOf(503)).toEqual({ ok: false, kind: 'retry', reason: 'HTTP503' });
    expect(outcomeOf(301)).toMatchObject({ kind: 'refused', reason: 'HTTP301' });
  });

  it('reads Retry-After as seconds or an HTTP date, 60 s for a 429 without one', () => {
    expect(outcomeOf(429, '7', NOW)).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
    expect(outcomeOf(429, undefined, NOW)).toMatchObject({ kind: 'retry', retryAfterMs: 60_000 });
    expect(outcomeOf(503, 'Wed, 25 Nov 2026 12:00:30 GMT', NOW)).toMatchObject({ kind: 'retry', retryAfterMs: 30_000 });
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
  });

  it('blames the VAPID keys for 401 and 403, and says a changed key loses every subscription', () => {
    expect(settingOf(outcomeOf(403).ok ? '' : (outcomeOf(403) as { reason: string }).reason)).toBe(VAPID_SETTING);
    expect(settingOf('Gone')).toBeUndefined();
    const platform = webPushPlatform({ publicKey: 'BPUBLIC' });
    expect(platform.advice(VAPID_SETTING, undefined as never)).toMatch(/loses every subscription/);
    expect(platform.fingerprint(undefined as never)).toBe(webPushPlatform({ publicKey: 'BPUBLIC' }).fingerprint(undefined as never));
    expect(platform.fingerprint(undefined as never)).not.toBe(webPushPlatform({ publicKey: 'BOTHER' }).fingerprint(undefined as never));
  });
});
