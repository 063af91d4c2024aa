// How POST /v1/notify (and the composer) waits, up to NOTIFY_WAIT_MS, for a broadcast that workers send. The
// transaction that ends a broadcast sends a NOTIFY with its id (../../fanout/broadcast-end.ts), so the answer leaves
// when that commits, not at the next poll: polling every 250 ms cost a 100k broadcast an eighth of a second on
// average. The row is still read again now and then, because a notification can be missed.
import { setTimeout as delay } from 'node:timers/promises';
import type { Listener } from '../../db/listen.ts';

/** Pauses between reads, first and longest: while LISTEN is in place, and without it (the old polling). */
export const POLLS = { listening: { first: 250, max: 1_000 }, polling: { first: 20, max: 250 } };

/** How long the wait waits for LISTEN to be in place before it polls alone. */
const READY_MS = 2_000;

/**
 * Reads the row until it is no longer "sending" or `until` (a Date.now() value) has passed, woken by the
 * listener's notifications for `key` when there is one.
 */
export async function waitWhileSending<Row extends { status: string }>(read: () => Promise<Row>, key: string, until: number, listener?: Listener, polls = POLLS): Promise<Row> {
  // No time to wait (NOTIFY_WAIT_MS=0, or spent): one read, and no connection opened for it.
  const left = until - Date.now();
  const watch = left > 0 ? listener?.watch(key) : undefined;
  try {
    // Watching before the first read: an end committed after it is seen. LISTEN is waited for no longer than the wait.
    const listening = watch ? await Promise.race([watch.ready, delay(Math.min(READY_MS, left), false, { ref: false })]) : false;
    const { first, max } = listening ? polls.listening : polls.polling;
    let row = await read();
    for (let pause = first; row.status === 'sending' && Date.now() < until; pause = Math.min(pause * 2, max)) {
      const ms = Math.min(pause, until - Date.now());
      await (watch ? watch.next(ms) : delay(ms));
      row = await read();
    }
    return row;
  } finally {
    watch?.stop();
  }
}
