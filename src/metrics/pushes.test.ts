import { describe, expect, it } from 'vitest';
import { countPush } from './pushes.ts';
import { registry } from './registry.ts';

const counts = async (platform = 'ios') =>
  Object.fromEntries((await registry.getSingleMetric('clarion_pushes_total')!.get()).values.filter((v) => v.labels.platform === platform && v.value > 0).map((v) => [v.labels.result, v.value]));

/**
 * What `count` adds to the process's counter. Test files share their modules (vitest.config.ts): the counter may
 * hold pushes an earlier file in the same process sent.
 */
async function added(platform: string, count: () => void) {
  const before: Record<string, number> = await counts(platform);
  count();
  const after: Record<string, number> = await counts(platform);
  const grown = Object.entries(after).map(([result, value]) => [result, value - (before[result] ?? 0)] as const);
  return Object.fromEntries(grown.filter(([, more]) => more !== 0));
}

describe('countPush', () => {
  it("labels Apple's reasons and the transport's outcomes by name, and anything else as other", async () => {
    const counted = await added('ios', () => {
      countPush({ ok: true });
      countPush({ ok: false, reason: 'BadDeviceToken', kind: 'token' });
      countPush({ ok: false, reason: 'Timeout', kind: 'ambiguous' });
      countPush({ ok: false, reason: 'HTTP503', kind: 'retry' });
      countPush({ ok: false, reason: 'HTTP418', kind: 'refused' });
      countPush({ ok: false, reason: 'SomethingAppleInventsNext', kind: 'refused' });
    });
    expect(counted).toEqual({ sent: 1, BadDeviceToken: 1, Timeout: 1, HTTP503: 1, other: 2 });
  });

  it('hands each answer to the counter once, however often it is read', async () => {
    const before = (await counts()).sent ?? 0;
    expect((await counts()).sent ?? 0).toBe(before);
    countPush({ ok: true });
    countPush({ ok: true });
    expect((await counts()).sent).toBe(before + 2);
    expect((await counts()).sent).toBe(before + 2);
  });

  it('labels each platform\'s answers with its own reasons', async () => {
    const android = await added('android', () => {
      countPush({ ok: true }, 'android');
      countPush({ ok: false, reason: 'UNREGISTERED', kind: 'dead' }, 'android');
    });
    const web = await added('web', () => {
      countPush({ ok: false, reason: 'Gone', kind: 'dead' }, 'web');
      countPush({ ok: false, reason: 'Unregistered', kind: 'dead' }, 'web');
    });
    expect(android).toEqual({ sent: 1, UNREGISTERED: 1 });
    expect(web).toEqual({ Gone: 1, other: 1 });
  });
});
