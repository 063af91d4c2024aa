// Worker processes count their own pushes, shard runs and pool; a scrape of the API port asks each of them for
// its registry over the IPC channel the supervisor forked it with, and merges the answers (src/metrics/scrape.ts).
// A worker that does not answer in time is left out of that scrape rather than holding it.
import type { ChildProcess } from 'node:child_process';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../logger.ts';
import { registry } from './registry.ts';

export type MetricsJson = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;

const ASK = 'clarion:metrics?';
const ANSWER = 'clarion:metrics';

interface Answer {
  type: typeof ANSWER;
  id: number;
  metrics: MetricsJson;
}

let asked = 0;

function ask(child: ChildProcess, timeoutMs: number): Promise<MetricsJson> {
  const id = (asked += 1);
  return new Promise((resolve, reject) => {
    if (!child.connected) return reject(new Error('its IPC channel is closed'));
    const timer = setTimeout(() => done(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: Partial<Answer>) => message?.type === ANSWER && message.id === id && done(undefined, message.metrics);
    const onExit = () => done(new Error('it exited'));
    function done(error?: Error, metrics?: MetricsJson) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(metrics!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ type: ASK, id }, (error) => error && done(error));
  });
}

/** Each live worker's metrics; those that do not answer within `timeoutMs` are left out (logged at debug). */
export async function askWorkers(children: ChildProcess[], logger: Logger, timeoutMs = 1_000): Promise<MetricsJson[]> {
  const answers = await Promise.all(
    children.map((child) =>
      ask(child, timeoutMs).catch((error: Error) => {
        logger.debug('worker left out of this metrics scrape', { workerPid: child.pid, reason: error.message });
        return undefined;
      }),
    ),
  );
  return answers.filter((metrics) => metrics !== undefined);
}

/** In a forked worker: answers the parent's scrapes with this process's registry. */
export function answerParentScrapes() {
  process.on('message', (message: { type?: string; id?: number }) => {
    const id = message?.type === ASK ? message.id : undefined;
    if (typeof id !== 'number') return;
    void registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: ANSWER, id, metrics } satisfies Answer, undefined, undefined, () => {}),
      () => {}, // a failed collection leaves this worker out of that scrape
    );
  });
}

/**
 * The counters and histograms of workers that left for want of work (FANOUT_WORKER_IDLE_SECONDS): a scrape adds them to
 * the live processes' (src/metrics/scrape.ts), so the instance's totals never go down when a worker leaves. Their
 * gauges (pools, queue size) are dropped: they described a process that is gone. Kept as received, in the same
 * moment the supervisor stops asking that worker (no scrape counts it twice or not at all), and folded into one
 * entry now and then so that a scrape merges a few at most.
 */
let departed: MetricsJson[] = [];
let folding = false;

/** A leaving worker's last registry (sent with its IDLE message). */
export function keepDeparted(metrics: MetricsJson) {
  departed.push(metrics.filter((metric) => String(metric.type) === 'counter' || String(metric.type) === 'histogram'));
  if (departed.length < 8 || folding) return;
  folding = true;
  const folded = departed.length;
  void AggregatorRegistry.aggregate(departed.slice(0, folded))
    .getMetricsAsJSON()
    .then((one) => {
      departed = [one, ...departed.slice(folded)];
    })
    .catch(() => {}) // left unfolded: merged one by one, as before
    .finally(() => (folding = false));
}

export const departedMetrics = () => departed;
