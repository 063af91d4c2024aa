// The fan-out worker processes `npm start` runs next to the API (FANOUT_WORKERS of them, by default one per CPU or
// per whole CPU of a cgroup's limit): each a child process. One that exits on its own is started again, after a
// pause that grows while it keeps failing; stop() drains them all (each stores its page and hands its shards back to
// the queue).
// On demand (FANOUT_WORKER_IDLE_SECONDS > 0, the default), none runs until there is work: wake() starts them, and a
// worker that has had nothing to do for that long says so (IDLE) and leaves; its place stays free until the next wake.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';
import { keepDeparted, type MetricsJson } from '../metrics/workers.ts';

export interface SupervisorOptions {
  count: number;
  /** The worker as one JavaScript file (src/jobs/worker-bundle.ts); without it, src/worker.ts runs through tsx. */
  bundle?: string;
  /** Added to each worker's environment. */
  env: Record<string, string>;
  logger: Logger;
  /** How long a worker may take to drain before it is killed. */
  stopTimeoutMs: number;
  /** Start workers only when woken (they leave when idle); otherwise all start now and stay. */
  onDemand?: boolean;
  /**
   * A worker left for want of work: look for work now. A wake that reached it after it had decided to leave was not
   * taken up (src/jobs/demand.ts checks the queue and wakes again).
   */
  onLeft?: () => void;
}

const WORKER_ENTRY = fileURLToPath(new URL('../worker.ts', import.meta.url));
const HEALTHY_AFTER_MS = 60_000;
/** The message a forked worker gets when its parent planned shards (src/worker.ts). */
export const WAKE = 'clarion:wake';
/** The message a forked worker sends before it leaves for want of work (src/worker.ts). */
export const IDLE = 'clarion:idle';

interface Slot {
  child?: ChildProcess;
  /** Its child said IDLE and is draining: its exit frees the slot rather than starting another. */
  leaving: boolean;
  /** Woken while its child was leaving: start another at once when it has gone. */
  wanted: boolean;
  /** A crashed child's replacement is waiting out its pause. */
  restarting: boolean;
}

export function superviseWorkers({ count, bundle, env, logger, stopTimeoutMs, onDemand = false, onLeft }: SupervisorOptions) {
  // The bundle is plain JavaScript: it needs none of this process's loader flags (--import tsx).
  const entry = bundle ?? WORKER_ENTRY;
  const execArgv = [...(bundle ? withoutTsx(process.execArgv) : withTsx(process.execArgv)), ...heapLimit()];
  const slots: Slot[] = Array.from({ length: count }, () => ({ leaving: false, wanted: false, restarting: false }));
  let stopping = false;

  /** A worker that crashed, or could not be started: another in its place after a pause that grows with the streak. */
  function restart(index: number, streak: number) {
    const slot = slots[index]!;
    Object.assign(slot, { child: undefined, leaving: false, restarting: true });
    setTimeout(() => !stopping && spawn(index, streak), Math.min(30_000, 500 * 2 ** Math.min(streak, 6))).unref();
  }

  function spawn(index: number, failures: number) {
    const slot = slots[index]!;
    const started = Date.now();
    let child: ChildProcess;
    try {
      child = fork(entry, [], { execArgv, env: { ...process.env, ...env, CLARION_WORKER_SLOT: String(index) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    } catch (error) {
      // Out of memory or processes, at a broadcast's start (wake is called while answering POST /v1/notify): the
      // shards wait in the queue, and the place is tried again later.
      logger.error('could not start a fan-out worker', { error: (error as Error).message });
      return restart(index, failures + 1);
    }
    Object.assign(slot, { child, leaving: false, wanted: false, restarting: false });
    child.on('error', (error) => {
      logger.error('fan-out worker process error', { workerPid: child.pid, error: error.message });
      // Never started (no pid, so no exit will come): try again later.
      if (child.pid === undefined && slot.child === child) restart(index, failures + 1);
    });
    child.on('message', (message: { type?: string; metrics?: MetricsJson } | null) => {
      if (message?.type !== IDLE) return;
      slot.leaving = true;
      // What it counted stays in the instance's totals after it has gone.
      if (Array.isArray(message.metrics)) keepDeparted(message.metrics);
    });
    child.once('exit', (code, signal) => {
      if (slot.child === child) slot.child = undefined;
      if (stopping) return;
      if (slot.leaving && code === 0) {
        logger.info('fan-out worker left, idle', { workerPid: child.pid });
        slot.leaving = false;
        if (slot.wanted) spawn(index, 0);
        else onLeft?.();
        return;
      }
      const streak = Date.now() - started >= HEALTHY_AFTER_MS ? 0 : failures + 1;
      logger.error('fan-out worker stopped; starting another', { workerPid: child.pid, code, signal, restartInMs: Math.min(30_000, 500 * 2 ** Math.min(streak, 6)) });
      restart(index, streak);
    });
  }

  if (!onDemand) {
    for (let index = 0; index < count; index += 1) spawn(index, 0);
    logger.info('fan-out workers started', { count });
  } else {
    logger.info('fan-out workers start when there is work', { count });
  }

  const children = () => slots.flatMap((slot) => (slot.child ? [slot.child] : []));

  return {
    /**
     * There is work: free places get a worker (at most `starts` of them: one per shard the server planned, or per job
     * waiting in the queue), and each running one asks the queue now instead of at its next poll. One that is leaving
     * is replaced as soon as it has gone.
     */
    wake(starts = count) {
      if (stopping) return;
      slots.forEach((slot, index) => {
        if (starts <= 0) return;
        if (slot.leaving) slot.wanted = true;
        else if (!slot.child && !slot.restarting) spawn(index, 0);
        else return;
        starts -= 1;
      });
      for (const child of children()) if (child.connected) child.send({ type: WAKE }, (error) => error && logger.debug('could not wake a worker', { error: error.message }));
    },
    /** How many places have no worker that could take work (none, or one leaving). */
    vacancies: () => slots.filter((slot) => ((!slot.child && !slot.restarting) || slot.leaving) && !slot.wanted).length,
    pids: () => children().map((child) => child.pid!),
    /**
     * The live workers, to ask them for their metrics: not one that is leaving, whose counts were handed over with
     * its IDLE message (src/metrics/workers.ts) and would otherwise be counted twice until it has gone.
     */
    processes: () => slots.flatMap((slot) => (slot.child && !slot.leaving ? [slot.child] : [])),
    async stop() {
      stopping = true;
      await Promise.all(
        children().map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const kill = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** src/worker.ts needs the TypeScript loader, which a server run from its bundle (npm start) does not have. */
function withTsx(args: string[]) {
  return args.some((arg) => /tsx/.test(arg)) ? args : [...args, '--import', 'tsx'];
}

function withoutTsx(args: string[]) {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    if ((args[i] === '--import' || args[i] === '--require' || args[i] === '--loader') && /(^|\/)tsx(\/|$)/.test(args[i + 1] ?? '')) i += 1;
    else if (!/^--(import|require|loader)=.*tsx/.test(args[i]!)) kept.push(args[i]!);
  }
  return kept;
}

/**
 * A worker allocates fast and keeps little: left alone, V8 lets its heap grow by a hundred MB or more before
 * collecting it. A 128 MB old space and 4 MB semi-spaces bound that (bench/broadcast, 100k devices, mock after
 * 20 ms, 2 workers: peak PSS of all Clarion processes 424 -> 346 MB; pushes/s within the runs' noise). With the
 * framing transport a worker allocates less per push, and 2 MB semi-spaces took another 6 MB off the peak
 * (1M devices: 308 -> 302 MB; 11.0 against 10.8 µs of CPU a push). An operator's own flags in NODE_OPTIONS win.
 */
function heapLimit() {
  const options = process.env.NODE_OPTIONS ?? '';
  return [
    ...(/--max-old-space-size/.test(options) ? [] : ['--max-old-space-size=128']),
    ...(/--max-semi-space-size/.test(options) ? [] : ['--max-semi-space-size=2']),
  ];
}
