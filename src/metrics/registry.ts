// Each process's metrics live in one registry of its own (not prom-client's global one, which a library could
// also write to). The API process's scrape merges its workers' registries into it (src/metrics/scrape.ts).
import { collectDefaultMetrics, Registry } from 'prom-client';

export const registry = new Registry();

let collecting = false;

/** prom-client's process metrics (CPU, memory, event loop, GC): for processes that are scraped or asked. */
export function collectProcessMetrics() {
  if (collecting) return;
  collecting = true;
  collectDefaultMetrics({ register: registry });
}
