// The fan-out's shards: queued (pg-boss jobs of broadcast-shard not yet taken, read from the database at
// scrape time) and active (runs in progress in this process; the scrape sums the processes).
import { Gauge } from 'prom-client';
import { QUEUES, type Boss } from '../jobs/queue.ts';
import { registry } from './registry.ts';

const active = new Gauge({ name: 'clarion_fanout_shards_active', help: 'Broadcast shard runs in progress (summed over the processes)', registers: [registry] });

let queue: Boss | undefined;
// A slow database must not hold the scrape: the gauge keeps its last reading.
const QUEUE_READ_TIMEOUT_MS = 1_000;

new Gauge({
  name: 'clarion_fanout_shards_queued',
  help: 'Broadcast shard jobs waiting in the queue (created or to be retried, including those due later), read at scrape time',
  // Every process would read the same number from the same database: never add them up.
  aggregator: 'max',
  registers: [registry],
  async collect() {
    if (!queue) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), QUEUE_READ_TIMEOUT_MS)));
    const size = await Promise.race([queue.getQueueSize(QUEUES.shard).catch(() => undefined), late]);
    clearTimeout(timer);
    if (typeof size === 'number') this.set(size);
  },
});

/** The queue whose size the scrape reads: set in the process that serves /metrics. */
export const watchShardQueue = (boss: Boss) => void (queue = boss);

/** Counts a shard run as active until it settles. */
export function countShardRun<T>(run: Promise<T>): Promise<T> {
  active.inc();
  void run.finally(() => active.dec()).catch(() => {});
  return run;
}
