// Requests the API port answered, by the route's template (never the raw path: ids stay out of the labels).
import { Counter, Histogram } from 'prom-client';
import { registry } from './registry.ts';

const labelNames = ['route', 'method', 'status'] as const;
const DURATION = 'clarion_http_request_duration_seconds';

// The request count is the latency histogram's own count, copied when the metrics are read: counting it again on every
// request turned the labels into a string key a second time (prom-client does on every call; bench/rest). The copy is
// made whole before the counter is reset, so two reads at once each see a complete copy (perhaps the other's, a little
// newer than their own histogram's).
const requests = new Counter({
  name: 'clarion_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status',
  labelNames,
  registers: [registry],
  async collect() {
    const counts = (await duration.get()).values.filter((value) => value.metricName === `${DURATION}_count`);
    this.reset();
    for (const { labels, value } of counts) this.inc(labels, value);
  },
});
const duration = new Histogram({
  name: DURATION,
  help: 'Time from a request arriving to its answer, by route template, method and status',
  labelNames,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

// Node's parser accepts a few dozen methods; the rare ones share a label.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function observeRequest({ route, method, status, seconds }: { route: string; method: string; status: number; seconds: number }) {
  duration.observe({ route, method: METHODS.has(method) ? method : 'other', status: String(status) }, seconds);
}
