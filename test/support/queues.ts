// pg-boss queues in tests: a test file's own database with its queue open for a describe block, and `work` run with
// a queue's retries turned off (so a failing job reaches its dead letter at once), the queue's options put back after.
import { afterAll, beforeAll } from 'vitest';
import { openQueue, type Boss } from '../../src/jobs/queue.ts';
import { testLogger, type Backend } from './backends.ts';

/** A fresh database on `backend` and its job queue, open for the describe block that calls this. */
export function queueDuringSuite(backend: Backend) {
  const suite = {} as { storage: Awaited<ReturnType<Backend['open']>>; boss: Boss };
  beforeAll(async () => {
    suite.storage = await backend.open();
    suite.boss = await openQueue(suite.storage.database, testLogger);
  });
  afterAll(async () => {
    await suite.boss?.stop({ graceful: false, close: false, wait: true });
    await suite.storage?.close();
  });
  return suite;
}

/** Runs `work` with the queue's retries off; `work` gets the options it had, to assert on. */
export async function withoutRetries<T>(boss: Boss, name: string, work: (queue: Record<string, unknown>) => Promise<T>): Promise<T> {
  const { retryLimit, retryDelay, retryBackoff, expireInSeconds, deadLetter } = (await boss.getQueue(name))!;
  const queue = { name, retryLimit, retryDelay, retryBackoff, expireInSeconds, deadLetter };
  await boss.updateQueue(name, { ...queue, retryLimit: 0 });
  try {
    return await work(queue);
  } finally {
    await boss.updateQueue(name, queue);
  }
}
