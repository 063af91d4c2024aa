import { attempt } from '../attempt.ts';
import { fail, ok, type Result } from './errors.ts';

// Group commit for hot single-row writes. Calls that arrive while earlier batches are in flight wait and
// go together as one statement: one round trip and one commit for many rows. An idle system sends each
// call at once, so batching adds no latency; a busy one sends fewer, larger statements.

/** Thrown when more calls wait than `maxQueue`: the database is not keeping up, and callers should retry later. */
export class BatchQueueFullError extends Error {
  constructor() {
    super('too many writes are waiting for the database');
  }
}

export interface BatchOptions {
  /** Calls that may wait at once; beyond it calls fail fast with BatchQueueFullError instead of piling up. */
  maxQueue?: number;
  /** Largest batch sent as one statement. */
  maxBatch?: number;
  /**
   * Batches in flight at once (each holds one database connection). One measured best on PostgreSQL
   * (bench/rest): while it runs, the next batch grows, and fewer, larger statements cost the database less.
   */
  concurrency?: number;
}

export function createBatcher<In, Out>(run: (items: In[]) => Promise<Out[]>, { maxBatch = 256, concurrency = 1, maxQueue = 10_000 }: BatchOptions = {}) {
  let queue: { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;

  function next() {
    inFlight -= 1;
    flush();
  }

  function flush() {
    while (inFlight < concurrency && queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight += 1;
      // The next batch is sent before this one's callers go on: the database works on it while they answer. A run
      // that throws rather than rejecting fails its own batch (attempt turns the throw into a rejection).
      attempt(() => run(batch.map((entry) => entry.item))).then(
        (results) => (next(), batch.forEach((entry, i) => entry.resolve(results[i]!))),
        (error) => (next(), batch.forEach((entry) => entry.reject(error))),
      );
    }
  }

  return (item: In) =>
    new Promise<Out>((resolve, reject) => {
      if (queue.length >= maxQueue) return reject(new BatchQueueFullError());
      queue.push({ item, resolve, reject });
      flush();
    });
}

/** One batcher per database client, made on first use. */
export function perDatabase<Db extends object, In, Out>(make: (db: Db) => (item: In) => Promise<Out>) {
  const batchers = new WeakMap<Db, (item: In) => Promise<Out>>();
  return (db: Db, item: In) => {
    let batcher = batchers.get(db);
    if (!batcher) batchers.set(db, (batcher = make(db)));
    return batcher(item);
  };
}

/**
 * Runs a batched write, answering UNAVAILABLE (503) rather than queueing without bound. One `then`, not an async
 * function awaiting the write: a promise fewer a request on the intake path (bench/README.md).
 */
export function whenQueued<T>(write: () => Promise<T>): Promise<Result<T>> {
  // A write that throws rather than rejecting is answered as if it had rejected.
  return attempt(write).then(ok, busy);
}

/** A full queue is UNAVAILABLE; anything else is passed on. */
function busy(error: unknown): Result<never> {
  if (error instanceof BatchQueueFullError) return fail('UNAVAILABLE', 'the server is busy; retry in a moment');
  throw error;
}
