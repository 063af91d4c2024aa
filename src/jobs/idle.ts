// When a worker that runs on demand (FANOUT_WORKER_IDLE_SECONDS) may leave: it has worked no job, and the queue has
// held none it could take, for the whole idle time. Asked every `checkMs`; any work seen starts the time again.

export interface IdleWatchOptions {
  idleMs: number;
  checkMs: number;
  /** Whether there is work: a job being worked here, or one waiting in the queue. An error counts as work. */
  busy: () => boolean | Promise<boolean>;
  /** Called once, when the idle time has passed. */
  onIdle: () => void;
  now?: () => number;
}

export function watchIdle({ idleMs, checkMs, busy, onIdle, now = Date.now }: IdleWatchOptions) {
  let since = now();
  let checking = false;
  let done = false;
  const stop = () => {
    done = true;
    clearInterval(timer);
  };
  async function check() {
    if (checking || done) return;
    checking = true;
    try {
      const working = await Promise.resolve()
        .then(busy)
        .catch(() => true);
      if (working) since = now();
      else if (now() - since >= idleMs && !done) {
        stop();
        onIdle();
      }
    } finally {
      checking = false;
    }
  }
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  return {
    /** Work came (e.g. the parent's wake): the idle time starts again. */
    touch() {
      since = now();
    },
    stop,
    /** One check now (tests). */
    check,
  };
}
