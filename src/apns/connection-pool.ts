// Long-lived HTTP/2 connections to APNs, several of them. A request goes to the least busy connection with a stream
// to spare under the limit its server announced (SETTINGS_MAX_CONCURRENT_STREAMS); when none has one, it waits in a
// queue, first come first served, until a stream closes. Left to itself, node:http2 opens up to 100 streams on a new
// connection before the server's SETTINGS arrive, and a server with a lower limit refuses the rest
// (../shared/notes/peers.md). A connection that fails or receives GOAWAY is replaced on the next request; one is
// never opened per push. This runs for every push, so a request costs one small object and its promise: the
// stream's listeners are shared, and a broadcast's headers are prepared once.
import http2 from 'node:http2';
import { performance } from 'node:perf_hooks';
import { kPending, onResponse, onStreamError, Pending, PreparedHeaders, reasonOf, type PoolStream } from './streams.ts';

export { PreparedHeaders };
const { NGHTTP2_CANCEL, NGHTTP2_REFUSED_STREAM } = http2.constants;

export interface ApnsResponse {
  status: number;
  apnsId?: string;
  /** Apple's reason, for non-200 answers. */
  reason?: string;
}

/** The request never got an answer (reset stream, closed connection, GOAWAY, a timeout). */
export class TransportError extends Error {
  constructor(
    message: string,
    /** What the push's outcome says: Timeout, or ConnectionError for the rest. */
    readonly reason: 'Timeout' | 'ConnectionError' = 'ConnectionError',
    /**
     * The request was written and may have been acted on (it timed out, or its stream or connection was cut
     * after it was sent); false when it provably was not (never sent, or refused: REFUSED_STREAM, a GOAWAY
     * below its stream id), so sending it again cannot make a second copy.
     */
    readonly ambiguous = false,
  ) {
    super(message);
  }
}

export interface PoolOptions {
  origin: string;
  /** Told when a connection fails (bad certificate, refused, reset). */
  onError?: (error: Error) => void;
  connections?: number;
  /** Trusted CA certificates in PEM, e.g. the local simulator's. */
  ca?: string | string[];
  requestTimeoutMs?: number;
  /** Requests in flight at once across all connections (APNS_MAX_IN_FLIGHT); more wait in the queue. */
  maxInFlight?: number;
  /** A connection idle this long is checked with an HTTP/2 PING, as Apple recommends. */
  pingIntervalMs?: number;
  /** A PING unanswered this long means the connection is broken: it is replaced. */
  pingTimeoutMs?: number;
}

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

export function createConnectionPool({
  origin,
  connections = 4,
  ca,
  requestTimeoutMs = 30_000,
  maxInFlight = Number.MAX_SAFE_INTEGER,
  pingIntervalMs = 60_000,
  pingTimeoutMs = 10_000,
  onError = () => {},
}: PoolOptions) {
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
    const { headers } = pending;
    let stream: PoolStream;
    try {
      if (headers instanceof PreparedHeaders) {
        const { template } = headers;
        template[':path'] = pending.path;
        template.authorization = pending.authorization ?? headers.authorization;
        template['apns-id'] = pending.apnsId ?? headers.apnsId;
        stream = connection.session.request(template);
      } else {
        const all: http2.OutgoingHttpHeaders = { ':method': 'POST', ':path': pending.path, 'content-type': 'application/json', ...headers };
        if (pending.authorization !== undefined) all.authorization = pending.authorization;
        if (pending.apnsId !== undefined) all['apns-id'] = pending.apnsId;
        stream = connection.session.request(all);
      }
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
    stream.end(pending.body);
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
      pending.resolve({ status: pending.status, apnsId: pending.answerId, reason: pending.status === 200 ? undefined : reasonOf(pending.chunks) });
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

  function request(path: string, headers: Record<string, string> | PreparedHeaders, body: string | Buffer, authorization?: string, apnsId?: string): Promise<ApnsResponse> {
    if (closed) return Promise.reject(new TransportError('connection pool is closed'));
    const pending = new Pending(path, headers, body, authorization, apnsId);
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
    /**
     * POSTs `body` to `path`. `headers` are the request's other headers, or a broadcast's PreparedHeaders with this
     * request's `authorization` and `apnsId` beside them.
     */
    request,
    async close() {
      closed = true;
      clearInterval(expiry);
      failWaiting('connection pool is closed');
      await Promise.all(slots.map((c) => c && !c.session.closed && new Promise<void>((resolve) => c.session.close(() => resolve()))));
    },
  };
}

export type ConnectionPool = ReturnType<typeof createConnectionPool>;
