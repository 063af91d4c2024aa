import { describe, expect, it } from 'vitest';
import { countPush } from './pushes.ts';
import { registry } from './registry.ts';

const counts = async () => Object.fromEntries((await registry.getSingleMetric('clarion_pushes_total')!.get()).values.map((v) => [v.labels.result, v.value]));

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
});
