// Requests the API port answered, by the route's template (never the raw path: ids stay out of the labels).
import { Counter, Histogram } from 'prom-client';
import { registry } from './registry.ts';

const labelNames = ['route', 'method', 'status'] as const;

const requests = new Counter({ name: 'clarion_http_requests_total', help: 'HTTP requests answered, by route template, method and status', labelNames, registers: [registry] });
const duration = new Histogram({
  name: 'clarion_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer, by route template, method and status',
  labelNames,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

// Node's parser accepts a few dozen methods; the rare ones share a label.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function observeRequest({ route, method, status, seconds }: { route: string; method: string; status: number; seconds: number }) {
  const labels = { route, method: METHODS.has(method) ? method : 'other', status: String(status) };
  requests.inc(labels);
  duration.observe(labels, seconds);
}
