// One scrape of this process: its own registry merged with its workers' (prom-client's aggregation: counters
// and histograms summed, gauges summed unless they say otherwise, e.g. the shard queue's maximum).
import type { ChildProcess } from 'node:child_process';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../logger.ts';
import { registry } from './registry.ts';
import { askWorkers, departedMetrics } from './workers.ts';

export interface Scrape {
  contentType: string;
  body: string;
}

export function createScrape({ workers = () => [], logger }: { workers?: () => ChildProcess[]; logger: Logger }) {
  return async function scrape(): Promise<Scrape> {
    // The departed workers' counts as they are before any live one is asked: one that leaves while this scrape waits
    // for its answer is counted by that answer, not twice.
    const departed = [...departedMetrics()];
    const [own, theirs] = await Promise.all([registry.getMetricsAsJSON(), askWorkers(workers(), logger)]);
    const merged = AggregatorRegistry.aggregate([own, ...departed, ...theirs]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  };
}
