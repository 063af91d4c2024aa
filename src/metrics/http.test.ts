import { describe, expect, it } from 'vitest';
import { observeRequest } from './http.ts';
import { registry } from './registry.ts';

/** A sample's value from the registry's JSON, by metric and sample name and labels; 0 when absent. */
async function sample(metric: string, name: string, labels: Record<string, string>) {
  const found = (await registry.getMetricsAsJSON()).find((each) => each.name === metric);
  const values = (found?.values ?? []) as { metricName?: string; labels: Record<string, string | number>; value: number }[];
  const match = values.find((value) => (value.metricName ?? metric) === name && Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted));
  return match?.value ?? 0;
}

describe('request metrics', () => {
  it('counts each answered request once, as the latency histogram counts it, however often and at once they are read', async () => {
    const created = { route: '/test/metrics-http', method: 'POST', status: '201' };
    const odd = { route: '/test/metrics-http', method: 'other', status: '405' };
    for (let i = 0; i < 5; i += 1) observeRequest({ route: created.route, method: 'POST', status: 201, seconds: 0.002 * i });
    observeRequest({ route: odd.route, method: 'PROPFIND', status: 405, seconds: 0.001 });
    observeRequest({ route: odd.route, method: 'MKCOL', status: 405, seconds: 0.001 });
    const reads = await Promise.all([registry.metrics(), registry.metrics(), registry.metrics()]);
    for (const text of reads) {
      expect(text).toContain('clarion_http_requests_total{route="/test/metrics-http",method="POST",status="201"} 5');
      expect(text).toContain('clarion_http_requests_total{route="/test/metrics-http",method="other",status="405"} 2');
    }
    expect(await sample('clarion_http_requests_total', 'clarion_http_requests_total', created)).toBe(5);
    expect(await sample('clarion_http_request_duration_seconds', 'clarion_http_request_duration_seconds_count', created)).toBe(5);
    expect(await sample('clarion_http_request_duration_seconds', 'clarion_http_request_duration_seconds_bucket', { ...created, le: '0.005' })).toBe(3);
    observeRequest({ route: created.route, method: 'POST', status: 201, seconds: 0.5 });
    expect(await sample('clarion_http_requests_total', 'clarion_http_requests_total', created)).toBe(6);
  });
});
