// FCM's quota: a project may send so many messages a minute (600,000 by default), counted per request, 4xx
// included. A process sends at most its share (FCM_MESSAGES_PER_MINUTE over the processes that send), one second's
// worth at once, and the rest as the share allows: a broadcast to millions is paced instead of answered 429 by the
// hundred thousand. A 429 still comes back when other senders of the project use its quota: its Retry-After decides.

export interface PacerOptions {
  /** Messages a minute this process may send. */
  perMinute: number;
  /** Milliseconds, monotonic (injectable for tests). */
  now?: () => number;
  /** Runs `task` after `ms` (injectable for tests). */
  schedule?: (task: () => void, ms: number) => { cancel(): void };
}

const timers = (task: () => void, ms: number) => {
  const timer = setTimeout(task, ms);
  return { cancel: () => clearTimeout(timer) };
};

/** A token bucket in front of `send`: what it holds back waits in order, in a queue without a copy per take. */
export function createPacer<T>(send: (item: T) => void, { perMinute, now = () => performance.now(), schedule = timers }: PacerOptions) {
  const perMs = perMinute / 60_000;
  const burst = Math.max(1, Math.floor(perMinute / 60));
  let tokens = burst;
  let at = now();
  let queue: T[] = [];
  let head = 0;
  let timer: { cancel(): void } | undefined;

  function refill() {
    const t = now();
    tokens = Math.min(burst, tokens + (t - at) * perMs);
    at = t;
  }

  function drain() {
    timer = undefined;
    refill();
    while (head < queue.length && tokens >= 1) {
      tokens -= 1;
      const item = queue[head]!;
      head += 1;
      send(item);
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
      return;
    }
    // Drop what was sent once it is most of the queue: the queue shrinks without a copy per item.
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    timer = schedule(drain, Math.max(1, Math.ceil((1 - tokens) / perMs)));
  }

  return {
    /** Sends `item` now if the share allows, else in its turn. */
    take(item: T) {
      if (head === queue.length) {
        refill();
        if (tokens >= 1) {
          tokens -= 1;
          return send(item);
        }
      }
      queue.push(item);
      timer ??= schedule(drain, Math.max(1, Math.ceil((1 - tokens) / perMs)));
    },
    /** How many wait. */
    waiting: () => queue.length - head,
    /** Stops: what still waits is handed back, unsent. */
    close(): T[] {
      timer?.cancel();
      timer = undefined;
      const left = queue.slice(head);
      queue = [];
      head = 0;
      return left;
    },
  };
}
