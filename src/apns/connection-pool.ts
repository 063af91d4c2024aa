// APNS_TRANSPORT=node: the fallback transport, on node:http2 (the default is our own framing, ./frame-pool.ts).
// Long-lived HTTP/2 connections to APNs, several of them. A request goes to the least busy connection with a stream
// to spare under the limit its server announced (SETTINGS_MAX_CONCURRENT_STREAMS); when none has one, it waits in a
// queue, first come first served, until a stream closes. Left to itself, node:http2 opens up to 100 streams on a new
// connection before the server's SETTINGS arrive, and a server with a lower limit refuses the rest
// (../shared/notes/peers.md). A connection that fails or receives GOAWAY is replaced on the next request; one is
// never opened per push. This runs for every push, so a request costs one small object and its promise: the
// stream's listeners are shared, and a broadcast's headers are prepared once.
import http2 from 'node:http2';
import { performance } from 'node:perf_hooks';
import { kPending, onResponse, onStreamError, Pending, type PoolStream } from './streams.ts';
import { PreparedRequest, reasonOf, TransportError, withPoolDefaults, type ApnsResponse, type PoolOptions, type Transport, type TransportOwner } from './transport.ts';
import type { PushSink } from '../fanout/platform.ts';

const { NGHTTP2_CANCEL, NGHTTP2_REFUSED_STREAM } = http2.constants;

export interface Connection {
  session: http2.ClientHttp2Session;
  /** Streams opened and not yet closed. */
  active: number;
  /** The server's SETTINGS_MAX_CONCURRENT_STREAMS; none before its first SETTINGS frame. */
  limit: number;
  ready: boolean;
  openedAt: number;
  /** When a stream last closed on it (or it opened). */
  usedAt: number;
  /** A PING is out and not yet answered. */
  pinging: boolean;
  error?: Error;
}

export function createConnectionPool(options: PoolOptions): Transport {
  const { origin, connections, ca, requestTimeoutMs, maxInFlight, pingIntervalMs, pingTimeoutMs, onError } = withPoolDefaults(options);
  const slots: (Connection | undefined)[] = Array.from({ length: connections }, () => undefined);
  const connectOptions = ca ? { ca } : {};
  // Waiting for a stream: queue[head..], first come first served.
  let queue: (Pending | undefined)[] = [];
  let head = 0;
  let oldest: Pending | undefined;
  let newest: Pending | undefined;
  let closed = false;
  let inFlight = 0;

  function open(index: number) {
    const session = http2.connect(origin, connectOptions);
    const connection: Connection = { session, active: 0, limit: 0, ready: false, openedAt: performance.now(), usedAt: performance.now(), pinging: false };
    session.on('error', (error) => {
      connection.error = error;
      onError(error);
    });
    session.on('goaway', () => session.close());
    session.on('remoteSettings', (settings) => {
      connection.ready = true;
      connection.limit = settings.maxConcurrentStreams ?? Number.MAX_SAFE_INTEGER;
      drain();
    });
    session.on('close', () => {
      if (slots[index] === connection) slots[index] = undefined;
      if (connection.ready) return drain();
      // It never worked: the requests waiting for it fail (and are retried after a backoff) rather than try a
      // connection after another at once, unless another connection can take them.
      if (!slots.some((other) => other?.ready && !other.session.closed)) failWaiting(`connection failed: ${connection.error?.message ?? 'closed before its settings'}`);
    });
    session.setTimeout(0);
    slots[index] = connection;
    return connection;
  }

  /** The open connection with the fewest streams and one to spare; empty slots get a new connection. */
  function pick() {
    if (inFlight >= maxInFlight) return undefined;
    let best: Connection | undefined;
    for (let i = 0; i < slots.length; i += 1) {
      let connection = slots[i];
      if (!connection || connection.session.closed || connection.session.destroyed) connection = open(i);
      if (connection.active < connection.limit && (!best || connection.active < best.active)) best = connection;
    }
    return best;
  }

  function dispatch(pending: Pending, connection: Connection) {
    const { request } = pending;
    let stream: PoolStream;
    try {
      // A broadcast's header object is made once and reused: each request fills in its path, authorization and
      // apns-id just before node:http2 copies it (it does so before `request` returns).
      const template = (request.template ??= { ':method': 'POST', ':path': '/', ...Object.fromEntries(request.fields) });
      template[':path'] = pending.path;
      template.authorization = pending.authorization || undefined;
      template['apns-id'] = pending.apnsId || undefined;
      stream = connection.session.request(template);
    } catch (error) {
      return pending.reject(new TransportError((error as Error).message));
    }
    connection.active += 1;
    inFlight += 1;
    pending.connection = connection;
    pending.stream = stream;
    stream[kPending] = pending;
    track(pending);
    stream.on('response', onResponse);
    stream.on('error', onStreamError);
    stream.on('close', onStreamClose);
    stream.end(request.body);
  }

  function onStreamClose(this: PoolStream) {
    const pending = this[kPending]!;
    pending.connection!.active -= 1;
    pending.connection!.usedAt = performance.now();
    inFlight -= 1;
    untrack(pending);
    if (pending.timedOut) {
      pending.reject(new TransportError(`no answer within ${requestTimeoutMs} ms`, 'Timeout', true));
    } else if (pending.error !== undefined || !pending.status) {
      // RFC 9113 §8.7: a stream refused (REFUSED_STREAM, or above a GOAWAY's last stream id, which nghttp2
      // closes with the same code) was not processed. Any other end without an answer may have been.
      const refused = this.rstCode === NGHTTP2_REFUSED_STREAM;
      pending.reject(new TransportError(pending.error ?? `stream closed without an answer (code ${this.rstCode})`, 'ConnectionError', !refused));
    } else {
      pending.resolve({ status: pending.status, apnsId: pending.answerId, reason: pending.status === 200 ? undefined : reasonOf(pending.chunks && Buffer.concat(pending.chunks)) });
    }
    drain();
  }

  function drain() {
    while (head < queue.length && !closed) {
      const connection = pick();
      if (!connection) break;
      const pending = queue[head]!;
      queue[head] = undefined;
      head += 1;
      dispatch(pending, connection);
    }
    if (head > 0 && head === queue.length) {
      queue.length = 0;
      head = 0;
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  function failWaiting(message: string) {
    const waiting = queue.slice(head);
    queue = [];
    head = 0;
    for (const pending of waiting) pending!.reject(new TransportError(message));
  }

  function track(pending: Pending) {
    pending.startedAt = performance.now();
    pending.inFlight = true;
    pending.older = newest;
    if (newest) newest.newer = pending;
    else oldest = pending;
    newest = pending;
  }

  function untrack(pending: Pending) {
    if (!pending.inFlight) return;
    pending.inFlight = false;
    if (pending.older) pending.older.newer = pending.newer;
    else oldest = pending.newer;
    if (pending.newer) pending.newer.older = pending.older;
    else newest = pending.older;
    pending.older = pending.newer = undefined;
  }

  /**
   * Is the connection alive? An HTTP/2 PING answers; one unanswered within pingTimeoutMs means it is broken, and
   * only then is it replaced (the requests in flight on it fail and are retried).
   */
  function check(connection: Connection) {
    if (connection.pinging || connection.session.closed || connection.session.destroyed) return;
    connection.pinging = true;
    const deadline = setTimeout(() => connection.session.destroy(new Error(`PING unanswered for ${pingTimeoutMs} ms`)), pingTimeoutMs);
    deadline.unref();
    try {
      connection.session.ping((error) => {
        clearTimeout(deadline);
        connection.pinging = false;
        connection.usedAt = performance.now();
        if (error && !connection.session.destroyed) connection.session.destroy(error);
      });
    } catch (error) {
      clearTimeout(deadline);
      connection.session.destroy(error as Error);
    }
  }

  // No answer in time: only that push's stream is cancelled (it is retried, and may have been delivered); the
  // others on its connection go on. Its connection is checked with a PING. One timer for the pool rather than one
  // per stream; a request times out between requestTimeoutMs and a tenth later. Idle connections are checked too.
  function expire() {
    const at = performance.now();
    const before = at - requestTimeoutMs;
    while (oldest && oldest.startedAt <= before) {
      const pending = oldest;
      untrack(pending);
      pending.timedOut = true;
      pending.stream!.close(NGHTTP2_CANCEL);
      check(pending.connection!);
    }
    for (const connection of slots) {
      if (!connection) continue;
      if (!connection.ready && connection.openedAt <= before) connection.session.destroy();
      else if (connection.ready && connection.active === 0 && at - connection.usedAt >= pingIntervalMs) check(connection);
    }
  }
  const expiry = setInterval(expire, Math.min(Math.max(requestTimeoutMs / 10, 5), 1000));
  expiry.unref();

  function send(path: string, request: PreparedRequest, authorization: string, apnsId: string): Promise<ApnsResponse> {
    if (closed) return Promise.reject(new TransportError('connection pool is closed'));
    const pending = new Pending(path, request, authorization, apnsId);
    const promise = new Promise<ApnsResponse>((resolve, reject) => {
      pending.resolve = resolve;
      pending.reject = reject;
    });
    const connection = head === queue.length ? pick() : undefined;
    if (connection) dispatch(pending, connection);
    else queue.push(pending);
    return promise;
  }

  return {
    // A promise per push: node:http2 makes a stream object per push anyway.
    dispatch(owner: TransportOwner, sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, authorization: string, attempt: number) {
      send(`/3/device/${deviceToken}`, request, authorization, apnsId).then(
        (answer) => owner.answered(sink, index, deviceToken, apnsId, request, attempt, authorization, answer.status, answer.reason),
        (error: TransportError) => owner.failed(sink, index, deviceToken, apnsId, request, attempt, authorization, error),
      );
    },
    request(path: string, headers: Record<string, string>, body: string | Buffer) {
      const { authorization = '', 'apns-id': apnsId = '', ...rest } = headers;
      return send(path, new PreparedRequest(rest, typeof body === 'string' ? body : body.toString()), authorization, apnsId);
    },
    async close() {
      closed = true;
      clearInterval(expiry);
      failWaiting('connection pool is closed');
      await Promise.all(slots.map((c) => c && !c.session.closed && new Promise<void>((resolve) => c.session.close(() => resolve()))));
    },
  };
}

