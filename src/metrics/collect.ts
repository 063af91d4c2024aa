// What each kind of process measures beyond its counters. The API process serves /metrics for the whole
// instance (its workers' registries merged in); a forked worker answers its parent; `npx clarion worker` may
// serve its own METRICS_PORT.
import type { ChildProcess } from 'node:child_process';
import type { Boss } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { createMetricsEndpoint } from './endpoint.ts';
import { watchShardQueue } from './fanout.ts';
import { watchPool, type PoolCounts } from './pool.ts';
import { collectProcessMetrics } from './registry.ts';
import { createScrape } from './scrape.ts';
import { answerParentScrapes } from './workers.ts';

export interface MeasuredProcess {
  /** The process's PostgreSQL pools, summed in the gauges. */
  pools: PoolCounts[];
  boss: Boss;
  logger: Logger;
}

/** The process that serves /metrics: the API (with its forked workers), or a standalone worker (none). */
export function serveProcessMetrics({ pools, boss, logger, token, workers }: MeasuredProcess & { token: string | undefined; workers?: () => ChildProcess[] }) {
  collectProcessMetrics();
  for (const pool of pools) watchPool(pool);
  watchShardQueue(boss);
  return createMetricsEndpoint({ token, scrape: createScrape({ workers, logger }) });
}

/** A worker forked by the API process: its registry goes to the parent's scrapes. */
export function reportToParent({ pools }: Pick<MeasuredProcess, 'pools'>) {
  collectProcessMetrics();
  for (const pool of pools) watchPool(pool);
  answerParentScrapes();
}
