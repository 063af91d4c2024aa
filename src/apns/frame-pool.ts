// APNs over our own HTTP/2 framing (src/http2/connection.ts): several long-lived connections, a push to the least
// busy one with a stream to spare under its server's SETTINGS_MAX_CONCURRENT_STREAMS, the rest waiting first
// come first served. A push in flight is a slot: a number indexing parallel arrays, so that sending one costs a
// header block of about 140 octets written into a buffer and no object. Its header block is the broadcast's
// headers by index (added to the server's table once per connection), and per push only :path and apns-id.
import { Http2Connection, type ConnectionOwner } from '../http2/connection.ts';
import { writeInteger } from '../http2/hpack.ts';
import { PreparedRequest, reasonOf, TransportError, withPoolDefaults, type PoolOptions, type Transport, type TransportOwner } from './transport.ts';
import type { PushSink } from '../domain/broadcasts/platform.ts';

interface CachedBlock {
  version: number;
  authorization: string;
  /** :authority, then the request's fields and authorization, as the connection's encoder wrote them. */
  pseudo: Buffer;
  regular: Buffer;
}

const PATH_PREFIX = '/3/device/';
/** A connection that lasted this long worked: the reconnect backoff starts again after it. */
const HEALTHY_AFTER_MS = 5_000;
const APNS_ID_NAME = Buffer.from([0x00, 0x07, ...Buffer.from('apns-id')]);
const ONE_OFF: PushSink = { settle() {} };

export interface FramePoolOptions extends PoolOptions {
  /** Stream ids per connection before it is replaced (tests lower it). */
  maxStreamId?: number;
  /** Backoff before reconnecting after a failed connection: base and ceiling, with full jitter. */
  reconnectMs?: { base: number; max: number };
}

export function createFramePool(
  options: FramePoolOptions,
): Transport & { stats(): { inFlight: number; waiting: number; connections: number } } {
  const { origin, connections, ca, requestTimeoutMs, maxInFlight, pingIntervalMs, pingTimeoutMs, onError } = withPoolDefaults(options);
  const { maxStreamId, reconnectMs = { base: 100, max: 10_000 } } = options;
  const url = new URL(origin);
  const authority = url.host;
  const scheme = url.protocol === 'https:' ? 0x87 : 0x86; // static table: :scheme https, :scheme http
  const conns: (Http2Connection | undefined)[] = Array.from({ length: connections }, () => undefined);
  const failures = new Uint32Array(connections);
  const retryAt = new Float64Array(connections);
  let reconnectTimer: NodeJS.Timeout | undefined;
  // Per connection, per broadcast's request: let go with either (a WeakMap holds no request alive).
  const caches = new WeakMap<Http2Connection, WeakMap<PreparedRequest, CachedBlock>>();
  /** Connections that take no more streams (GOAWAY, ids used up) and finish those they have. */
  const retiring = new Set<Http2Connection>();
  let closed = false;
  let inFlight = 0;
  /** Why the last connection that never worked failed. */
  let lastFailure: string | undefined;
  let scratch = Buffer.allocUnsafe(4096);

  // --- slots: one per push dispatched and not yet settled ---
  let capacity = 0;
  let owners: (TransportOwner | undefined)[] = [];
  let sinks: (PushSink | undefined)[] = [];
  let indexes = new Int32Array(0);
  let tokens: string[] = [];
  let ids: string[] = [];
  let requests: (PreparedRequest | undefined)[] = [];
  let auths: string[] = [];
  let attempts = new Uint8Array(0);
  let rawPath = new Uint8Array(0);
  let statuses = new Uint16Array(0);
  let bodies: (Buffer[] | undefined)[] = [];
  let slotConn: (Http2Connection | undefined)[] = [];
  let streamIds = new Int32Array(0);
  let startedAt = new Float64Array(0);
  let generation = new Uint32Array(0);
  let free = new Int32Array(0);
  let freeCount = 0;

  function grow() {
    const size = Math.max(1024, capacity * 2);
    const copy = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array | Uint32Array>(from: T, make: (n: number) => T) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    indexes = copy(indexes, (n) => new Int32Array(n));
    attempts = copy(attempts, (n) => new Uint8Array(n));
    rawPath = copy(rawPath, (n) => new Uint8Array(n));
    statuses = copy(statuses, (n) => new Uint16Array(n));
    streamIds = copy(streamIds, (n) => new Int32Array(n));
    startedAt = copy(startedAt, (n) => new Float64Array(n));
    generation = copy(generation, (n) => new Uint32Array(n));
    for (const list of [owners, sinks, tokens, ids, requests, auths, bodies, slotConn] as unknown[][]) list.length = size;
    const newFree = new Int32Array(size);
    newFree.set(free.subarray(0, freeCount));
    for (let slot = size - 1; slot >= capacity; slot -= 1) newFree[freeCount++] = slot;
    free = newFree;
    capacity = size;
  }

  function allocate() {
    if (freeCount === 0) grow();
    const slot = free[--freeCount]!;
    generation[slot] = (generation[slot]! + 1) >>> 0;
    return slot;
  }

  // --- waiting for a stream: a ring of slots, first come first served ---
  let waiting = new Int32Array(1024);
  let waitHead = 0;
  let waitCount = 0;
  function enqueue(slot: number) {
    if (waitCount === waiting.length) {
      const bigger = new Int32Array(waiting.length * 2);
      for (let i = 0; i < waitCount; i += 1) bigger[i] = waiting[(waitHead + i) % waiting.length]!;
      waiting = bigger;
      waitHead = 0;
    }
    waiting[(waitHead + waitCount) % waiting.length] = slot;
    waitCount += 1;
  }

  // --- in flight, in the order sent, for the timeout: (slot, generation) pairs ---
  let sent = new Float64Array(2048);
  let sentHead = 0;
  let sentCount = 0;
  function remember(slot: number) {
    if (sentCount * 2 === sent.length) {
      const bigger = new Float64Array(sent.length * 2);
      const pairs = sent.length / 2;
      for (let i = 0; i < sentCount; i += 1) {
        const from = ((sentHead + i) % pairs) * 2;
        bigger[2 * i] = sent[from]!;
        bigger[2 * i + 1] = sent[from + 1]!;
      }
      sent = bigger;
      sentHead = 0;
    }
    const at = ((sentHead + sentCount) % (sent.length / 2)) * 2;
    sent[at] = slot;
    sent[at + 1] = generation[slot]!;
    sentCount += 1;
  }

  const owner: ConnectionOwner = {
    ready() {
      lastFailure = undefined;
      pump();
    },
    headers(slot, fields, end) {
      if (statuses[slot] === 0) {
        for (let i = 0; i < fields.length; i += 2) {
          if (fields[i] !== ':status') continue;
          const status = Number(fields[i + 1]);
          // 1xx answers are not the final one (RFC 9113 §8.1).
          if (status >= 200) statuses[slot] = status;
          break;
        }
      }
      if (end) finish(slot);
    },
    data(slot, data, start, end, last) {
      if (statuses[slot] !== 200 && end > start && statuses[slot] !== 0) {
        const chunks = bodies[slot] ?? (bodies[slot] = []);
        if (chunks.length < 16) chunks.push(Buffer.from(data.subarray(start, end)));
      }
      if (last) finish(slot);
    },
    failed(slot, reason, refused) {
      fail(slot, new TransportError(reason, 'ConnectionError', !refused));
    },
    writable() {
      pump();
    },
    closed(connection, error) {
      caches.delete(connection);
      if (error) onError(error);
      if (retiring.delete(connection)) return pump();
      const i = conns.indexOf(connection);
      if (i < 0) return;
      conns[i] = undefined;
      // One that worked for a while starts the backoff again; one that ends young (ready or not) extends it.
      if (connection.isReady && performance.now() - connection.openedAt >= HEALTHY_AFTER_MS) failures[i] = 0;
      else if (connection.isReady) {
        failures[i] = Math.min(failures[i]! + 1, 16);
        retryAt[i] = performance.now() + Math.random() * Math.min(reconnectMs.max, reconnectMs.base * 2 ** (failures[i]! - 1));
      }
      if (!connection.isReady) {
        lastFailure = error?.message ?? 'closed before its settings';
        // It never worked: wait before trying again, longer each time, with jitter.
        failures[i] = Math.min(failures[i]! + 1, 16);
        retryAt[i] = performance.now() + Math.random() * Math.min(reconnectMs.max, reconnectMs.base * 2 ** (failures[i]! - 1));
        // The pushes waiting fail (the sender tries them again later) rather than wait for a connection that
        // may never come, unless another connection works.
        if (!conns.some((other) => other?.isReady && !other.draining)) failWaiting(`connection failed: ${error?.message ?? 'closed before its settings'}`);
      }
      pump();
    },
  };

  /** The open connection with the fewest streams and room for one more; empty slots get a new connection. */
  function pick(length: number) {
    if (inFlight >= maxInFlight) return undefined;
    let best: Http2Connection | undefined;
    const now = performance.now();
    for (let i = 0; i < conns.length; i += 1) {
      let connection = conns[i];
      if (connection && connection.draining && connection.isReady && !connection.isClosed) {
        // Retiring (GOAWAY, ids used up): a new connection takes its place while it finishes.
        retiring.add(connection);
        conns[i] = connection = undefined;
      }
      if (!connection && !closed) {
        if (conns[i] && !conns[i]!.isClosed) continue;
        if (now < retryAt[i]!) {
          scheduleReconnect(retryAt[i]! - now);
          continue;
        }
        connection = conns[i] = new Http2Connection({ origin: url, owner, ca, maxStreamId });
      }
      if (connection && connection.canOpen(length) && (!best || connection.active < best.active)) best = connection;
    }
    return best;
  }

  function scheduleReconnect(ms: number) {
    if (reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      pump();
    }, ms);
    reconnectTimer.unref();
  }

  /** The header block of the push in `slot` for `connection`, in `scratch`; returns its length. */
  function headerBlock(connection: Http2Connection, slot: number) {
    const request = requests[slot]!;
    const authorization = auths[slot]!;
    const encoder = connection.encoder;
    let perConnection = caches.get(connection);
    if (!perConnection) caches.set(connection, (perConnection = new WeakMap()));
    let cached = perConnection.get(request);
    let fresh: CachedBlock | undefined;
    let at = encoder.writeStart(scratch, 0);
    if (!cached || cached.version !== encoder.version || cached.authorization !== authorization) {
      const before = encoder.version;
      // In the order the block carries them: the server's table takes the added ones in that order.
      const pseudo = encoder.field(':authority', authority, true);
      const regular = request.fields.map(([name, value]) => encoder.field(name, value, true));
      if (authorization) regular.push(encoder.field('authorization', authorization, true));
      fresh = { version: -1, authorization, pseudo, regular: Buffer.concat(regular) };
      // Reused only if nothing was added to the table while writing it: added fields are sent as indexes next time.
      if (encoder.version === before) fresh.version = before;
      perConnection.set(request, fresh);
      cached = fresh;
    }
    const token = tokens[slot]!;
    const apnsId = ids[slot]!;
    const room = at + 64 + cached.pseudo.length + cached.regular.length + 2 * token.length + apnsId.length + PATH_PREFIX.length;
    if (room > scratch.length) {
      const bigger = Buffer.allocUnsafe(room * 2);
      scratch.copy(bigger, 0, 0, at);
      scratch = bigger;
    }
    scratch[at++] = 0x83; // :method: POST
    scratch[at++] = scheme; // :scheme: https (or http, for a cleartext test server)
    at += cached.pseudo.copy(scratch, at);
    // :path, a literal never added to the table (name: static index 4).
    const pathLength = (rawPath[slot] ? 0 : PATH_PREFIX.length) + Buffer.byteLength(token, 'latin1');
    at = writeInteger(scratch, at, 4, 4, 0x00);
    at = writeInteger(scratch, at, pathLength, 7, 0x00);
    if (!rawPath[slot]) at += scratch.write(PATH_PREFIX, at, 'latin1');
    at += scratch.write(token, at, 'latin1');
    at += cached.regular.copy(scratch, at);
    if (apnsId) {
      at += APNS_ID_NAME.copy(scratch, at);
      at = writeInteger(scratch, at, apnsId.length, 7, 0x00);
      at += scratch.write(apnsId, at, 'latin1');
    }
    return at;
  }

  function send(slot: number, connection: Http2Connection) {
    const length = headerBlock(connection, slot);
    slotConn[slot] = connection;
    streamIds[slot] = connection.open(slot, scratch, length, requests[slot]!.body);
    startedAt[slot] = performance.now();
    inFlight += 1;
    remember(slot);
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
      while (waitCount > 0 && !closed) {
        const slot = waiting[waitHead]!;
        const connection = pick(requests[slot]!.body.length);
        if (!connection) {
          // Every connection failed and waits out its backoff: the pushes fail now (the sender tries them again
          // later) rather than wait for a connection that may never come.
          if (conns.every((c) => !c) && lastFailure) failWaiting(`connection failed: ${lastFailure}`);
          break;
        }
        waitHead = (waitHead + 1) % waiting.length;
        waitCount -= 1;
        send(slot, connection);
      }
    } finally {
      pumping = false;
    }
  }

  function clear(slot: number) {
    if (slotConn[slot]) {
      inFlight -= 1;
      // Room under APNS_MAX_IN_FLIGHT, whatever its connection does next (one draining does not say so).
      if (waitCount > 0) schedulePump();
    }
    owners[slot] = sinks[slot] = requests[slot] = slotConn[slot] = bodies[slot] = undefined;
    tokens[slot] = ids[slot] = auths[slot] = '';
    streamIds[slot] = 0;
    statuses[slot] = 0;
    free[freeCount++] = slot;
  }

  /** The push in `slot` has its answer (or ended without one): the slot is freed and its owner told. */
  function finish(slot: number, error?: TransportError) {
    const status = statuses[slot]!;
    const chunks = bodies[slot];
    const slotOwner = owners[slot]!;
    const sink = sinks[slot]!;
    const index = indexes[slot]!;
    const token = tokens[slot]!;
    const id = ids[slot]!;
    const request = requests[slot]!;
    const auth = auths[slot]!;
    const attempt = attempts[slot]!;
    clear(slot);
    if (error || status === 0) {
      slotOwner.failed(sink, index, token, id, request, attempt, auth, error ?? new TransportError('stream ended without an answer', 'ConnectionError', true));
      return;
    }
    const reason = status === 200 ? undefined : reasonOf(chunks && (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    slotOwner.answered(sink, index, token, id, request, attempt, auth, status, reason);
  }

  function fail(slot: number, error: TransportError) {
    finish(slot, error);
  }

  function failWaiting(message: string) {
    while (waitCount > 0) {
      const slot = waiting[waitHead]!;
      waitHead = (waitHead + 1) % waiting.length;
      waitCount -= 1;
      fail(slot, new TransportError(message));
    }
  }

  // One timer for the pool: pushes unanswered in time (only that stream is cancelled; its connection is checked
  // with a PING), connections that never became ready, and idle connections checked as Apple asks.
  function expire() {
    const now = performance.now();
    const before = now - requestTimeoutMs;
    const pairs = sent.length / 2;
    while (sentCount > 0) {
      const at = sentHead * 2;
      const slot = sent[at]!;
      const live = generation[slot] === sent[at + 1] && slotConn[slot] !== undefined;
      if (live && startedAt[slot]! > before) break;
      sentHead = (sentHead + 1) % pairs;
      sentCount -= 1;
      if (!live) continue;
      const connection = slotConn[slot]!;
      connection.cancel(streamIds[slot]!);
      connection.ping();
      fail(slot, new TransportError(`no answer within ${requestTimeoutMs} ms`, 'Timeout', true));
    }
    // Waiting as long without a stream (a server that allows none, connections that never become ready): failed,
    // and safe to send again since it was never sent.
    while (waitCount > 0 && startedAt[waiting[waitHead]!]! <= before) {
      const slot = waiting[waitHead]!;
      waitHead = (waitHead + 1) % waiting.length;
      waitCount -= 1;
      fail(slot, new TransportError(`no stream to send on within ${requestTimeoutMs} ms`));
    }
    for (const connection of conns) {
      if (!connection || connection.isClosed) continue;
      if (!connection.isReady && connection.openedAt <= before) connection.destroy(new Error(`no HTTP/2 SETTINGS within ${requestTimeoutMs} ms`));
      else if (connection.pingSentAt && now - connection.pingSentAt >= pingTimeoutMs) connection.destroy(new Error(`PING unanswered for ${pingTimeoutMs} ms`));
      else if (connection.isReady && connection.active === 0 && now - connection.usedAt >= pingIntervalMs) connection.ping();
    }
  }
  const expiry = setInterval(expire, Math.min(Math.max(requestTimeoutMs / 10, 5), 1000));
  expiry.unref();

  function dispatch(pushOwner: TransportOwner, sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, authorization: string, attempt: number, raw = false) {
    const slot = allocate();
    owners[slot] = pushOwner;
    sinks[slot] = sink;
    indexes[slot] = index;
    tokens[slot] = deviceToken;
    ids[slot] = apnsId;
    requests[slot] = request;
    auths[slot] = authorization;
    attempts[slot] = attempt;
    rawPath[slot] = raw ? 1 : 0;
    if (closed) {
      // Told later, never during dispatch.
      queueMicrotask(() => fail(slot, new TransportError('connection pool is closed')));
      return;
    }
    startedAt[slot] = performance.now();
    enqueue(slot);
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
    /** For tests: pushes in flight and waiting, and connections open. */
    stats: () => ({ inFlight, waiting: waitCount, connections: conns.filter((c) => c && !c.isClosed).length + retiring.size }),
    async close() {
      closed = true;
      clearInterval(expiry);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      failWaiting('connection pool is closed');
      // The pushes in flight get their answers, for as long as a push may take; then the connections are cut.
      await Promise.all(
        [...conns, ...retiring].map((connection) => {
          if (!connection || connection.isClosed) return undefined;
          return new Promise<void>((resolve) => {
            const cut = setTimeout(() => connection.destroy(new Error('connection pool is closed')), requestTimeoutMs);
            connection.socket.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            connection.drain();
          });
        }),
      );
    },
  };
}
