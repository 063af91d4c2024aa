// Workers on demand (FANOUT_WORKER_IDLE_SECONDS > 0): the API process starts them when the job queue holds work
// they would take that no running worker is there to take: shards planned by another instance, a scheduled start
// come due, a retried shard whose worker died, a webhook delivery's retry, the daily pruning. Its own broadcasts
// start them at once (the supervisor's wake, called when it plans shards); this poll is for the rest.
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { jobsWaiting } from './queue.ts';
import type { superviseWorkers } from './supervisor.ts';

export function watchDemand({ workers, database, pollMs, logger }: { workers: Pick<ReturnType<typeof superviseWorkers>, 'vacancies' | 'wake'>; database: Pick<Database, 'executeSql'>; pollMs: number; logger: Logger }) {
  let polling = false;
  let stopped = false;
  function check() {
    const vacancies = workers.vacancies();
    if (polling || stopped || !vacancies) return;
    polling = true;
    // A worker per waiting job, up to the free places: one webhook delivery starts one worker, a broadcast's shards
    // planned elsewhere as many as they can keep busy.
    jobsWaiting(database, vacancies)
      .then((waiting) => waiting && !stopped && workers.wake(waiting))
      .catch((error: Error) => logger.warn('could not ask the job queue for work', { error: error.message }))
      .finally(() => (polling = false));
  }
  const timer = setInterval(check, pollMs);
  timer.unref();
  return {
    /** Look now (a worker has just left). */
    check,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
