// A few long-lived HTTP/2 connections to FCM over node:http2. node:http2 does not queue streams beyond the peer's
// SETTINGS_MAX_CONCURRENT_STREAMS (Google announces about 100): a client that opens more gets them refused
// (../shared/notes/peers.md), so a request goes to the least busy connection with a stream to spare once its server's
// SETTINGS are known, and otherwise waits in a queue, first come first served. A connection that fails or gets GOAWAY
// is replaced on the next request. The stream listeners are shared functions: a request costs its stream and its
// exchange, no closure.
import http2 from 'node:http2';
import { performance } from 'node:perf_hooks';

const { NGHTTP2_CANCEL, NGHTTP2_REFUSED_STREAM } = http2.constants;

/** One request through the pool; the pool fills in what happened. Reused when the same push is sent again. */
export interface Exchange {
  path: string;
  authorization: string;
  body: string;
  status: number;
  retryAfter: string | undefined;
  chunks: Buffer[] | undefined;
  /** Its body was handed to the connection: from then on, without an answer, it may have been delivered. */
  written: boolean;
  timedOut: boolean;
  startedAt: number;
  stream: http2.ClientHttp2Stream | undefined;
  connection: Connection | undefined;
}

/** Why an exchange got no answer. `ambiguous`: it was written and may have been acted on (RFC 9113 §8.7). */
export interface NoAnswer {
  reason: 'Timeout' | 'ConnectionError';
  ambiguous: boolean;
}

interface Connection {
  session: http2.ClientHttp2Session;
  active: number;
  /** The server's SETTINGS_MAX_CONCURRENT_STREAMS; nothing is sent before its first SETTINGS frame. */
  limit: number;
  ready: boolean;
  openedAt: number;
  error?: Error;
}

export interface PoolOptions {
  origin: string;
  ca?: string | string[];
  connections: number;
  requestTimeoutMs: number;
  onError: (error: Error) => void;
  /** Told each exchange's end: never during `send` itself. */
  ended: (exchange: Exchange, failure: NoAnswer | undefined) => void;
}

type PoolStream = http2.ClientHttp2Stream & { exchange?: Exchange };

export function createPool({ origin, ca, connections, requestTimeoutMs, onError, ended }: PoolOptions) {
  const slots: (Connection | undefined)[] = Array.from({ length: connections }, () => undefined);
  let queue: (Exchange | undefined)[] = [];
  let head = 0;
  /** In flight, oldest first (a Set keeps insertion order): expiry stops at the first one still in time. */
  const inFlight = new Set<Exchange>();
  // node:http2 copies the headers during `request`: one object serves every request.
  const headers: http2.OutgoingHttpHeaders = { ':method': 'POST', ':path': '/', 'content-type': 'application/json', authorization: '' };
  let closed = false;

  function open(index: number) {
    const session = http2.connect(origin, ca ? { ca } : {});
    const connection: Connection = { session, active: 0, limit: 0, ready: false, openedAt: performance.now() };
    session.on('error', (error) => {
      connection.error = error;
      onError(error);
    });
    session.on('remoteSettings', (settings) => {
      connection.ready = true;
      connection.limit = settings.maxConcurrentStreams ?? Number.MAX_SAFE_INTEGER;
      drain();
    });
    // Streams under its last id finish on it; new ones go to a new connection.
    session.on('goaway', () => {
      if (slots[index] === connection) slots[index] = undefined;
      if (!session.closed) session.close();
    });
    session.on('close', () => {
      if (slots[index] === connection) slots[index] = undefined;
      // A connection that never worked fails the waiting requests (the sender retries them after a backoff)
      // rather than open connection after connection at once.
      if (!connection.ready && !slots.some((other) => other?.ready)) failQueue();
      else drain();
    });
    session.setTimeout(0);
    slots[index] = connection;
    return connection;
  }

  /** The open connection with the fewest streams and one to spare; an empty slot gets a new connection. */
  function pick() {
    let best: Connection | undefined;
    for (let i = 0; i < slots.length; i += 1) {
      let connection = slots[i];
      if (!connection || connection.session.closed || connection.session.destroyed) connection = open(i);
      if (connection.ready && connection.active < connection.limit && (!best || connection.active < best.active)) best = connection;
    }
    return best;
  }

  function dispatch(exchange: Exchange, connection: Connection) {
    headers[':path'] = exchange.path;
    headers.authorization = exchange.authorization;
    let stream: PoolStream;
    try {
      stream = connection.session.request(headers, { endStream: false });
    } catch (error) {
      onError(error as Error);
      return void setImmediate(ended, exchange, { reason: 'ConnectionError', ambiguous: false });
    }
    exchange.status = 0;
    exchange.retryAfter = undefined;
    exchange.chunks = undefined;
    exchange.written = false;
    exchange.timedOut = false;
    exchange.startedAt = performance.now();
    exchange.connection = connection;
    exchange.stream = stream;
    stream.exchange = exchange;
    connection.active += 1;
    inFlight.add(exchange);
    stream.on('response', onResponse);
    stream.on('data', onData);
    stream.on('finish', onFinish);
    stream.on('error', onStreamError);
    stream.on('close', onClose);
    stream.end(exchange.body);
  }

  function onResponse(this: PoolStream, answer: http2.IncomingHttpHeaders) {
    const exchange = this.exchange!;
    exchange.status = Number(answer[':status']);
    exchange.retryAfter = answer['retry-after'];
  }
  function onData(this: PoolStream, chunk: Buffer) {
    const exchange = this.exchange!;
    // A 200's body ({"name": ...}) is not needed; an error's is read.
    if (exchange.status !== 200) (exchange.chunks ??= []).push(chunk);
  }
  // The body went to nghttp2 (the stream's writable side finished): from now on it may reach FCM.
  function onFinish(this: PoolStream) {
    this.exchange!.written = true;
  }
  function onStreamError() {
    // The end is read in 'close', from the stream's state.
  }
  function onClose(this: PoolStream) {
    const exchange = this.exchange!;
    exchange.connection!.active -= 1;
    exchange.connection = undefined;
    exchange.stream = undefined;
    inFlight.delete(exchange);
    let failure: NoAnswer | undefined;
    if (exchange.timedOut) failure = { reason: 'Timeout', ambiguous: exchange.written };
    else if (!exchange.status) {
      // REFUSED_STREAM, which nghttp2 also gives streams above a GOAWAY's last stream id, means not processed.
      failure = { reason: 'ConnectionError', ambiguous: exchange.written && this.rstCode !== NGHTTP2_REFUSED_STREAM };
    }
    ended(exchange, failure);
    drain();
  }

  function drain() {
    while (head < queue.length && !closed) {
      const connection = pick();
      if (!connection) break;
      const exchange = queue[head]!;
      queue[head] = undefined;
      head += 1;
      dispatch(exchange, connection);
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  function failQueue() {
    const waiting = queue.slice(head);
    queue = [];
    head = 0;
    for (const exchange of waiting) ended(exchange!, { reason: 'ConnectionError', ambiguous: false });
  }

  // One timer for the pool rather than one per stream: a request times out between requestTimeoutMs and a tenth
  // later. Only its stream is cancelled; the others on its connection go on.
  function expire() {
    const before = performance.now() - requestTimeoutMs;
    for (const exchange of inFlight) {
      if (exchange.startedAt > before) break;
      inFlight.delete(exchange);
      exchange.timedOut = true;
      exchange.stream?.close(NGHTTP2_CANCEL);
    }
    for (const connection of slots) if (connection && !connection.ready && connection.openedAt <= before) connection.session.destroy(new Error(`no HTTP/2 settings from ${origin} within ${requestTimeoutMs} ms`));
  }
  const expiry = setInterval(expire, Math.min(Math.max(requestTimeoutMs / 10, 5), 1000));
  expiry.unref();

  return {
    /** Sends now if a stream is free, else queues. The end is told to `ended`, on a later tick. */
    send(exchange: Exchange) {
      if (closed) return void setImmediate(ended, exchange, { reason: 'ConnectionError', ambiguous: false });
      const connection = head === queue.length ? pick() : undefined;
      if (connection) dispatch(exchange, connection);
      else queue.push(exchange);
    },
    async close() {
      closed = true;
      failQueue();
      const open = slots.filter((connection): connection is Connection => !!connection && !connection.session.closed && !connection.session.destroyed);
      await Promise.all(
        open.map(({ session }) => new Promise<void>((resolve) => {
          session.once('close', resolve);
          // In-flight requests may finish; a stream left hanging is cut after the request timeout.
          setTimeout(() => session.destroy(), requestTimeoutMs).unref();
          session.close();
        })),
      );
      clearInterval(expiry);
    },
  };
}
