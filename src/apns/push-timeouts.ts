// Pushes past their time, found from the oldest of each ring, once per tick of the pool's timer: those sent and
// unanswered, and those that found no stream. Rings rather than a timer per push: one timer for the whole pool.
import type { PushSlots } from './push-slots.ts';
import type { SlotRing } from './slot-ring.ts';
import { TransportError } from './transport.ts';

/**
 * Fails, through `finish`, the pushes sent or waiting for `timeoutMs` or more. A sent one's stream alone is
 * cancelled, and its connection checked with a PING; a waiting one was never sent, so it may be sent again.
 */
export function expirePushes(slots: PushSlots, sent: SlotRing, waiting: SlotRing, timeoutMs: number, now: number, finish: (slot: number, error: TransportError) => void) {
  const before = now - timeoutMs;
  while (sent.count > 0) {
    const slot = sent.first();
    // Settled since (freed, perhaps taken again): its place in the ring is stale.
    const live = slots.generation[slot] === sent.firstTag() && slots.connections[slot] !== undefined;
    if (live && slots.startedAt[slot]! > before) break;
    sent.shift();
    if (!live) continue;
    const connection = slots.connections[slot]!;
    connection.cancel(slots.streamIds[slot]!);
    connection.ping();
    finish(slot, new TransportError(`no answer within ${timeoutMs} ms`, 'Timeout', true));
  }
  // Waiting as long: a server that allows no stream, connections that never become ready.
  while (waiting.count > 0 && slots.startedAt[waiting.first()]! <= before) {
    finish(waiting.shift(), new TransportError(`no stream to send on within ${timeoutMs} ms`));
  }
  // After a burst, the rings give their memory back.
  sent.trim();
  waiting.trim();
}
