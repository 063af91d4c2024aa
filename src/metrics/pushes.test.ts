import { describe, expect, it } from 'vitest';
import { countPush } from './pushes.ts';
import { registry } from './registry.ts';

const counts = async (platform = 'ios') =>
  Object.fromEntries((await registry.getSingleMetric('clarion_pushes_total')!.get()).values.filter((v) => v.labels.platform === platform && v.value > 0).map((v) => [v.labels.result, v.value]));

describe('countPush', () => {
  it("labels Apple's reasons and the transport's outcomes by name, and anything else as other", async () => {
    countPush({ ok: true });
    countPush({ ok: false, reason: 'BadDeviceToken', kind: 'token' });
    countPush({ ok: false, reason: 'Timeout', kind: 'ambiguous' });
    countPush({ ok: false, reason: 'HTTP503', kind: 'retry' });
    countPush({ ok: false, reason: 'HTTP418', kind: 'refused' });
    countPush({ ok: false, reason: 'SomethingAppleInventsNext', kind: 'refused' });
    expect(await counts()).toEqual({ sent: 1, BadDeviceToken: 1, Timeout: 1, HTTP503: 1, other: 2 });
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
    countPush({ ok: true }, 'android');
    countPush({ ok: false, reason: 'UNREGISTERED', kind: 'dead' }, 'android');
    countPush({ ok: false, reason: 'Gone', kind: 'dead' }, 'web');
    countPush({ ok: false, reason: 'Unregistered', kind: 'dead' }, 'web');
    expect(await counts('android')).toEqual({ sent: 1, UNREGISTERED: 1 });
    expect(await counts('web')).toEqual({ Gone: 1, other: 1 });
  });
});
