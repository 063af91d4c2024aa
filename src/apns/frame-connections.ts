// The pool's HTTP/2 connections (./frame-pool.ts): a fixed number of places, each with a connection or waiting out
// its backoff, and a push goes to the least busy connection with room for it. A connection that takes no more
// streams (GOAWAY, stream ids used up) retires and finishes those it has, while a new one takes its place. The
// pool's timer checks their health here.
import type { ConnectionOwner } from '../http2/connection-owner.ts';
import { Http2Connection } from '../http2/connection.ts';

/** A connection that lasted this long worked: the reconnect backoff starts again after it. */
const HEALTHY_AFTER_MS = 5_000;

export interface FrameConnectionsOptions {
  count: number;
  origin: URL;
  owner: ConnectionOwner;
  ca?: string | string[];
  maxStreamId?: number;
  closeGraceMs?: number;
  /** Backoff before reconnecting after a failed connection: base and ceiling, with full jitter. */
  reconnectMs: { base: number; max: number };
  /** Told when a place's backoff is over, so that the waiting pushes are tried again. */
  retry: () => void;
}

export class FrameConnections {
  private readonly conns: (Http2Connection | undefined)[];
  /** Connections that take no more streams (GOAWAY, ids used up) and finish those they have. */
  private readonly retiring = new Set<Http2Connection>();
  /** Per place: connections in a row that failed, and when the next may be tried. */
  private readonly failures: Uint32Array;
  private readonly retryAt: Float64Array;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Why the last connection that never worked failed; cleared when one works. */
  lastFailure: string | undefined;
  private closing = false;

  constructor(private readonly options: FrameConnectionsOptions) {
    this.conns = Array.from({ length: options.count }, () => undefined);
    this.failures = new Uint32Array(options.count);
    this.retryAt = new Float64Array(options.count);
  }

  /** Connections open, retiring ones included. */
  get open() {
    return this.conns.filter((c) => c && !c.isClosed).length + this.retiring.size;
  }

  /** Every place is waiting out its backoff after a connection that never worked. */
  get failing() {
    return !!this.lastFailure && this.conns.every((c) => !c);
  }

  /** The open connection with the fewest streams and room for one more; empty places get a new connection. */
  pick(length: number) {
    let best: Http2Connection | undefined;
    const now = performance.now();
    for (let i = 0; i < this.conns.length; i += 1) {
      let connection = this.conns[i];
      if (connection && connection.draining && connection.isReady && !connection.isClosed) {
        this.retiring.add(connection);
        this.conns[i] = connection = undefined;
      }
      if (!connection && !this.closing) {
        if (now < this.retryAt[i]!) {
          this.retryIn(this.retryAt[i]! - now);
          continue;
        }
        const { origin, owner, ca, maxStreamId, closeGraceMs } = this.options;
        connection = this.conns[i] = new Http2Connection({ origin, owner, ca, maxStreamId, closeGraceMs });
      }
      if (connection && connection.canOpen(length) && (!best || connection.active < best.active)) best = connection;
    }
    return best;
  }

  /**
   * A connection closed. One that worked for a while starts its place's backoff again; one that ended young (ready or
   * not) extends it. True when it never worked and no other works: the pushes waiting should fail rather than wait
   * for a connection that may never come (the sender tries them again later).
   */
  ended(connection: Http2Connection, error: Error | undefined) {
    if (this.retiring.delete(connection)) return false;
    const i = this.conns.indexOf(connection);
    if (i < 0) return false;
    this.conns[i] = undefined;
    const now = performance.now();
    if (connection.isReady && now - connection.openedAt >= HEALTHY_AFTER_MS) {
      this.failures[i] = 0;
      return false;
    }
    const { base, max } = this.options.reconnectMs;
    this.failures[i] = Math.min(this.failures[i]! + 1, 16);
    this.retryAt[i] = now + Math.random() * Math.min(max, base * 2 ** (this.failures[i]! - 1));
    if (connection.isReady) return false;
    this.lastFailure = error?.message ?? 'closed before its settings';
    return !this.conns.some((other) => other?.isReady && !other.draining);
  }

  /**
   * The timer's look at each connection: one without SETTINGS after `readyMs` is cut, and one whose PING went
   * unanswered for `pingTimeoutMs`; one idle for `idleMs`, or busy and silent for `silenceMs`, is PINGed.
   */
  check(now: number, { readyMs, pingTimeoutMs, idleMs, silenceMs }: { readyMs: number; pingTimeoutMs: number; idleMs: number; silenceMs: number }) {
    for (const connection of this.conns) {
      if (!connection || connection.isClosed) continue;
      if (!connection.isReady && now - connection.openedAt >= readyMs) connection.destroy(new Error(`no HTTP/2 SETTINGS within ${readyMs} ms`));
      else if (connection.pingSentAt && now - connection.pingSentAt >= pingTimeoutMs) connection.destroy(new Error(`PING unanswered for ${pingTimeoutMs} ms`));
      else if (connection.isReady && connection.active === 0 && now - connection.usedAt >= idleMs) connection.ping();
      // Busy and silent: a dead connection would otherwise take new streams until the first of them timed out.
      else if (connection.isReady && connection.active > 0 && now - connection.readAt >= silenceMs) connection.ping();
    }
  }

  /** Lets the streams in flight finish, for up to `graceMs`, then cuts the connections still open. */
  async close(graceMs: number) {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await Promise.all(
      [...this.conns, ...this.retiring].map((connection) => {
        if (!connection || connection.isClosed) return undefined;
        return new Promise<void>((resolve) => {
          const cut = setTimeout(() => connection.destroy(new Error('connection pool is closed')), graceMs);
          connection.socket.once('close', () => {
            clearTimeout(cut);
            resolve();
          });
          connection.drain();
        });
      }),
    );
  }

  private retryIn(ms: number) {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.options.retry();
    }, ms);
    this.retryTimer.unref();
  }
}
