// pg-boss queues in tests: run `work` with a queue's retries turned off (so a failing job reaches its dead
// letter at once), in the test file's own database, and put the queue's options back afterwards.
import type { Boss } from '../../src/jobs/queue.ts';

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
