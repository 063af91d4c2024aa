/**
 * `work()`'s promise, or a rejection with what it threw instead: one `then` after it sees every failure, and the
 * success path makes no promise more than `work` does (no async function around it: a promise fewer a request on the
 * intake path, bench/README.md).
 */
export function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error);
  }
}
