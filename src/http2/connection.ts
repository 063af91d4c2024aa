// One HTTP/2 client connection written as frames (RFC 9113), for clients that send many small requests and read
// small answers: APNs, and the platforms after it. It does what node:http2 does for such a client without an
// object, listener or promise per stream: a stream is a number, its owner a slot number, and everything that
// happens to it is one call on the connection's `owner`. Frames are gathered in one buffer (./frame-writer.ts) and
// written once per event-loop turn. This file holds the socket and the connection's life; beneath it,
// ./frame-receiver.ts reads the server's frames and ./stream-table.ts opens and ends streams.
import type net from 'node:net';
import type { ConnectionOwner } from './connection-owner.ts';
import { FlowControl } from './flow-control.ts';
import { FrameReceiver } from './frame-receiver.ts';
import { FrameWriter } from './frame-writer.ts';
import { ConnectionError, DEFAULT_WINDOW, ErrorCode, FrameReader } from './frames.ts';
import { CompressionError } from './hpack-decoder.ts';
import { HpackEncoder } from './hpack-encoder.ts';
import { ownSettings } from './settings.ts';
import { connectSocket } from './socket.ts';
import { MAX_STREAM_ID } from './stream-table.ts';

export interface ConnectionOptions {
  /** https: (TLS with ALPN h2) or http: (cleartext with prior knowledge). */
  origin: URL;
  owner: ConnectionOwner;
  ca?: string | string[];
  /** The last stream id to use; a connection that reaches it takes no more streams (tests lower it). */
  maxStreamId?: number;
  /** This side's receive window per stream and for the connection. */
  receiveWindow?: number;
  /** How long a closing connection's last frames may take to be written before its socket is destroyed. */
  closeGraceMs?: number;
}

/** Octets written and not yet taken by the kernel beyond which no new stream starts (socket backpressure). */
const MAX_UNSENT = 512 * 1024;

export class Http2Connection extends FrameReceiver {
  readonly socket: net.Socket;
  readonly encoder: HpackEncoder;
  private readonly reader = new FrameReader(this);
  private readonly closeGraceMs: number;
  private flushScheduled = false;
  private readonly flushNow = () => this.flush();
  /** The socket's buffer is full: no new streams until it drains. */
  private choked = false;
  /** A stream was refused for the octets waiting: the owner is told when they have gone out. */
  private full = false;
  /** A connection error was found (or the connection destroyed): what arrives now is ignored. */
  private broken = false;
  readonly openedAt = performance.now();
  /** When octets last arrived from the server (performance.now()). */
  readAt = performance.now();

  constructor({ origin, owner, ca, maxStreamId = MAX_STREAM_ID, receiveWindow = 1 << 20, closeGraceMs = 10_000 }: ConnectionOptions) {
    const encoder = new HpackEncoder(4096);
    const writer = new FrameWriter();
    super(owner, writer, new FlowControl(writer, receiveWindow), encoder, maxStreamId);
    this.encoder = encoder;
    this.closeGraceMs = closeGraceMs;
    this.socket = connectSocket(origin, ca, (error) => this.destroy(error));
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('drain', () => {
      this.choked = false;
      this.full = false;
      this.owner.writable();
    });
    this.socket.on('error', (error) => (this.error ??= error));
    this.socket.on('close', () => this.onClose());
    // The preface and this side's SETTINGS, and the connection window raised to match the streams'.
    writer.preface(ownSettings(receiveWindow));
    if (receiveWindow > DEFAULT_WINDOW) writer.windowUpdate(0, receiveWindow - DEFAULT_WINDOW);
    this.flush();
  }

  /**
   * Whether a new stream with a body of `length` octets can start now: the server's limit and windows allow it,
   * and the socket is not behind (at most MAX_UNSENT octets wait in this turn's buffer and the socket's).
   */
  canOpen(length: number) {
    if (!this.isReady || this.draining || this.choked || this.streams.size >= this.peer.maxConcurrentStreams || this.flow.waiting > 0 || this.flow.sendWindow < length) return false;
    if (this.writer.length + this.socket.writableLength < MAX_UNSENT) return true;
    this.full = true;
    return false;
  }

  /** Sends a PING; its acknowledgement clears `pingSentAt`. */
  ping() {
    if (this.pingSentAt || this.isClosed) return;
    this.pingSentAt = performance.now();
    this.pingPayload = BigInt(Math.floor(Math.random() * 2 ** 52));
    this.writer.ping(this.pingPayload);
    this.scheduleFlush();
  }

  /** Stops taking streams; closes once those open are done. */
  drain() {
    this.draining = true;
    if (this.streams.size === 0) this.close();
  }

  /** Ends the connection now, politely: GOAWAY, then the socket. */
  close(code: number = ErrorCode.NO_ERROR, error?: Error) {
    if (this.isClosed) return;
    // After a connection error nothing more is read: the frames after the bad one cannot be trusted.
    if (code !== ErrorCode.NO_ERROR) this.broken = true;
    this.error ??= error;
    this.draining = true;
    this.writer.goaway(code);
    this.flush();
    // destroySoon: end() after a GOAWAY can leave a half-open socket behind (../shared/notes/transport.md); and a
    // peer that stops reading would keep it for ever: destroyed after closeGraceMs whatever happens.
    this.socket.destroySoon();
    setTimeout(() => this.socket.destroy(), this.closeGraceMs).unref();
  }

  destroy(error: Error) {
    this.broken = true;
    this.error ??= error;
    this.draining = true;
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    if (this.isClosed || this.broken) return;
    this.readAt = performance.now();
    try {
      this.reader.push(chunk);
    } catch (error) {
      if (error instanceof ConnectionError) return this.close(error.code, error);
      if (error instanceof CompressionError) return this.close(ErrorCode.COMPRESSION_ERROR, new ConnectionError(ErrorCode.COMPRESSION_ERROR, error.message));
      // A bug here or in an owner's callback: this connection ends (its pushes are told), the process goes on.
      return this.close(ErrorCode.INTERNAL_ERROR, new ConnectionError(ErrorCode.INTERNAL_ERROR, (error as Error).message ?? String(error)));
    }
    if (this.writer.length) this.scheduleFlush();
  }

  protected scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(this.flushNow);
  }

  private flush() {
    this.flushScheduled = false;
    if (!this.writer.length || this.socket.destroyed || this.socket.writableEnded) return;
    const chunk = this.writer.take();
    this.writtenStreamId = this.nextStreamId - 2;
    if (!this.socket.write(chunk)) this.choked = true;
    else if (this.full) {
      this.full = false;
      this.owner.writable();
    }
  }

  private onClose() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.draining = true;
    this.failAll(this.error ? `connection lost: ${this.error.message}` : 'connection closed');
    this.owner.closed(this, this.error);
  }
}
