// APNs over our own HTTP/2 framing (src/http2/connection.ts): several long-lived connections (./frame-connections.ts),
// a push to the least busy one with a stream to spare under its server's SETTINGS_MAX_CONCURRENT_STREAMS, the rest
// waiting first come first served. A push is a slot (./push-slots.ts): a number indexing parallel arrays, so that
// sending one costs a header block of about 140 octets written into a buffer (./push-headers.ts) and no object.
import type { PushSink } from '../fanout/platform.ts';
import type { ConnectionOwner } from '../http2/connection-owner.ts';
import type { Http2Connection } from '../http2/connection.ts';
import { FrameConnections } from './frame-connections.ts';
import { PushHeaders } from './push-headers.ts';
import { PushSlots } from './push-slots.ts';
import { expirePushes } from './push-timeouts.ts';
import { SlotRing } from './slot-ring.ts';
import { PreparedRequest, TransportError, withPoolDefaults, type PoolOptions, type Transport, type TransportOwner } from './transport.ts';

const ONE_OFF: PushSink = { settle() {} };

export interface FramePoolOptions extends PoolOptions {
  /** Stream ids per connection before it is replaced (tests lower it). */
  maxStreamId?: number;
  /** Backoff before reconnecting after a failed connection: base and ceiling, with full jitter. */
  reconnectMs?: { base: number; max: number };
  /** How long a closing connection may take to write its last frames before it is cut (tests lower it). */
  closeGraceMs?: number;
  /** A connection with streams in flight that has read nothing for this long is checked with a PING. */
  silenceMs?: number;
}

export function createFramePool(
  options: FramePoolOptions,
): Transport & { stats(): { inFlight: number; waiting: number; connections: number; ringCapacity: number } } {
  const { origin, connections: count, ca, requestTimeoutMs, maxInFlight, pingIntervalMs, pingTimeoutMs, onError } = withPoolDefaults(options);
  const { maxStreamId, closeGraceMs, reconnectMs = { base: 100, max: 10_000 }, silenceMs = Math.min(pingIntervalMs, 5_000) } = options;
  const url = new URL(origin);
  const slots = new PushSlots();
  const headers = new PushHeaders(url);
  /** Waiting for a stream, first come first served. */
  const waiting = new SlotRing(1024);
  /** In flight, in the order sent, for the timeout: each slot tagged with its generation. */
  const sent = new SlotRing(1024);
  let closed = false;
  let inFlight = 0;

  const owner: ConnectionOwner = {
    ready() {
      connections.lastFailure = undefined;
      pump();
    },
    headers(slot, fields, end) {
      slots.answerHeaders(slot, fields);
      if (end) finish(slot);
    },
    data(slot, data, start, end, last) {
      slots.answerData(slot, data, start, end);
      if (last) finish(slot);
    },
    failed(slot, reason, refused) {
      finish(slot, new TransportError(reason, 'ConnectionError', !refused));
    },
    writable() {
      pump();
    },
    closed(connection, error) {
      headers.forget(connection);
      if (error) onError(error);
      if (connections.ended(connection, error)) failWaiting(`connection failed: ${error?.message ?? 'closed before its settings'}`);
      pump();
    },
  };
  const connections = new FrameConnections({ count, origin: url, owner, ca, maxStreamId, closeGraceMs, reconnectMs, retry: () => pump() });

  function send(slot: number, connection: Http2Connection) {
    const request = slots.requests[slot]!;
    const length = headers.write(connection, request, slots.auths[slot]!, slots.tokens[slot]!, slots.ids[slot]!, slots.rawPath[slot] === 1);
    slots.connections[slot] = connection;
    slots.streamIds[slot] = connection.open(slot, headers.scratch, length, request.body);
    slots.startedAt[slot] = performance.now();
    inFlight += 1;
    sent.push(slot, slots.generation[slot]!);
  }

  let pumpScheduled = false;
  /** Pumps once, after the current turn's calls: dispatch never tells its owner anything during the call. */
  function schedulePump() {
    if (pumpScheduled) return;
    pumpScheduled = true;
    queueMicrotask(() => {
      pumpScheduled = false;
      pump();
    });
  }

  let pumping = false;
  function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting.count > 0 && !closed) {
        const slot = waiting.first();
        const connection = inFlight < maxInFlight ? connections.pick(slots.requests[slot]!.body.length) : undefined;
        if (!connection) {
          // Every connection failed and waits out its backoff: the pushes fail now (the sender tries them again
          // later) rather than wait for a connection that may never come.
          if (connections.failing) failWaiting(`connection failed: ${connections.lastFailure}`);
          break;
        }
        waiting.shift();
        send(slot, connection);
      }
    } finally {
      pumping = false;
    }
  }

  /** The push in `slot` has its answer (or ended without one): the slot is freed and its owner told. */
  function finish(slot: number, error?: TransportError) {
    if (slots.connections[slot]) {
      inFlight -= 1;
      // Room under APNS_MAX_IN_FLIGHT, whatever its connection does next (one draining does not say so).
      if (waiting.count > 0) schedulePump();
    }
    slots.settle(slot, error);
  }

  function failWaiting(message: string) {
    while (waiting.count > 0) finish(waiting.shift(), new TransportError(message));
  }

  // One timer for the pool: pushes past their time, and the connections' health.
  function expire() {
    const now = performance.now();
    expirePushes(slots, sent, waiting, requestTimeoutMs, now, finish);
    connections.check(now, { readyMs: requestTimeoutMs, pingTimeoutMs, idleMs: pingIntervalMs, silenceMs });
  }
  const expiry = setInterval(expire, Math.min(Math.max(requestTimeoutMs / 10, 5), 1000));
  expiry.unref();

  function dispatch(pushOwner: TransportOwner, sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, authorization: string, attempt: number, raw = false) {
    const slot = slots.take(pushOwner, sink, index, deviceToken, apnsId, request, authorization, attempt, raw);
    if (closed) {
      // Told later, never during dispatch.
      queueMicrotask(() => finish(slot, new TransportError('connection pool is closed')));
      return;
    }
    slots.startedAt[slot] = performance.now();
    waiting.push(slot);
    schedulePump();
  }

  return {
    dispatch: (pushOwner, sink, index, deviceToken, apnsId, request, authorization, attempt) => dispatch(pushOwner, sink, index, deviceToken, apnsId, request, authorization, attempt),
    request(path, headers, body) {
      return new Promise((resolve, reject) => {
        const { authorization = '', 'apns-id': apnsId = '', ...rest } = headers;
        const request = new PreparedRequest(rest, typeof body === 'string' ? body : body.toString());
        const once: TransportOwner = {
          answered: (_s, _i, _t, _a, _r, _n, _z, status, reason) => resolve({ status, reason }),
          failed: (_s, _i, _t, _a, _r, _n, _z, error) => reject(error),
        };
        dispatch(once, ONE_OFF, 0, path, apnsId, request, authorization, 0, true);
      });
    },
    /** For tests: pushes in flight and waiting, connections open, and the room in the waiting and timeout rings. */
    stats: () => ({ inFlight, waiting: waiting.count, connections: connections.open, ringCapacity: waiting.capacity + sent.capacity }),
    async close() {
      closed = true;
      clearInterval(expiry);
      failWaiting('connection pool is closed');
      // The pushes in flight get their answers, for as long as a push may take; then the connections are cut.
      await connections.close(requestTimeoutMs);
    },
  };
}
