import { AggregatorRegistry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { departedMetrics, keepDeparted, type MetricsJson } from './workers.ts';

/** A worker's registry as it sends it with IDLE: a counter of its pushes and a gauge of its pool. */
const snapshot = (pushes: number): MetricsJson =>
  [
    { name: 'clarion_pushes_total', help: 'pushes', type: 'counter', aggregator: 'sum', values: [{ value: pushes, labels: { platform: 'ios', result: 'sent' } }] },
    { name: 'clarion_db_pool_connections', help: 'pool', type: 'gauge', aggregator: 'sum', values: [{ value: 7, labels: {} }] },
  ] as unknown as MetricsJson;

async function total() {
  const merged = await AggregatorRegistry.aggregate(departedMetrics()).getMetricsAsJSON();
  return {
    pushes: merged.find((metric) => metric.name === 'clarion_pushes_total')?.values[0]?.value,
    pool: merged.find((metric) => metric.name === 'clarion_db_pool_connections'),
  };
}

describe('the counts of workers that left', () => {
  it('keeps their counters summed across many departures, folded into a few entries, and drops their gauges', async () => {
    // Test files share their modules (vitest.config.ts): an earlier one in this process may have had workers leave.
    const earlier = (await total()).pushes ?? 0;
    let sum = earlier;
    for (let n = 1; n <= 20; n += 1) {
      keepDeparted(snapshot(n));
      sum += n;
      // Exact after every departure, folding or not.
      expect((await total()).pushes).toBe(sum);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(departedMetrics().length).toBeLessThan(8);
    expect(await total()).toEqual({ pushes: earlier + 210, pool: undefined });
  });
});
