// One HTTP/2 client connection written as frames (RFC 9113), for clients that send many small requests and read
// small answers: APNs, and the platforms after it. It does what node:http2 does for such a client without an
// object, listener or promise per stream: a stream is a number, its owner a slot number, and everything that
// happens to it is one call on the connection's `owner`. Frames are gathered in one buffer and written once per
// event-loop turn.
import net from 'node:net';
import tls from 'node:tls';
import { CompressionError, HpackDecoder, HpackEncoder } from './hpack.ts';
import {
  ConnectionError, DEFAULT_MAX_FRAME, DEFAULT_WINDOW, ErrorCode, errorName, Flag, FRAME_HEADER, FrameReader, FrameType, MAX_WINDOW, PREFACE, Setting, writeFrameHeader,
  type FrameHandler,
} from './frames.ts';

export interface ConnectionOwner {
  /** The server's first SETTINGS arrived: the connection takes streams. */
  ready(connection: Http2Connection): void;
  /** A stream's response header block (or trailers): `fields` is name, value, name, value..., valid during the call. */
  headers(slot: number, fields: string[], end: boolean): void;
  /** Body bytes of a stream's response; valid during the call. */
  data(slot: number, data: Buffer, start: number, end: number, last: boolean): void;
  /**
   * The stream ended without its response: reset by the server, cut by GOAWAY, or its connection lost.
   * `refused`: provably not processed (REFUSED_STREAM, above a GOAWAY's last stream id, or never written), so it
   * may be sent again.
   */
  failed(slot: number, reason: string, refused: boolean): void;
  /** It may take more streams now: one closed, a window opened, the socket drained, or new SETTINGS. */
  writable(connection: Http2Connection): void;
  /** The connection is gone; every stream on it has been told. `error` says why, when it failed. */
  closed(connection: Http2Connection, error: Error | undefined): void;
}

export interface ConnectionOptions {
  /** https: (TLS with ALPN h2) or http: (cleartext with prior knowledge). */
  origin: URL;
  owner: ConnectionOwner;
  ca?: string | string[];
  /** The last stream id to use; a connection that reaches it takes no more streams (tests lower it). */
  maxStreamId?: number;
  /** This side's receive window per stream and for the connection. */
  receiveWindow?: number;
}

const MAX_STREAM_ID = 2 ** 31 - 1;
const OUT_SIZE = 64 * 1024;
/** The largest header list this side takes (SETTINGS_MAX_HEADER_LIST_SIZE): APNs answers carry a few short fields. */
const MAX_HEADER_LIST = 64 * 1024;
/** How long a closing connection's last frames may take to be written before its socket is destroyed. */
const CLOSE_GRACE_MS = 10_000;
/** Octets written and not yet taken by the kernel beyond which no new stream starts (socket backpressure). */
const MAX_UNSENT = 512 * 1024;

/** Blocked by flow control: the part of a request body still to send. */
interface PendingBody {
  body: Buffer;
  offset: number;
  window: number;
}

export class Http2Connection implements FrameHandler {
  readonly socket: net.Socket;
  readonly encoder = new HpackEncoder(4096);
  private readonly decoder = new HpackDecoder(4096, MAX_HEADER_LIST);
  private readonly reader: FrameReader;
  private readonly owner: ConnectionOwner;
  /** Open streams: stream id -> the owner's slot. */
  private readonly streams = new Map<number, number>();
  /** Streams whose body waits for a window, in order. */
  private readonly pending = new Map<number, PendingBody>();
  private out = Buffer.allocUnsafe(OUT_SIZE);
  private outLength = 0;
  private flushScheduled = false;
  private nextStreamId = 1;
  /** The highest stream id handed to the socket: streams above it were never sent. */
  private writtenStreamId = 0;
  private readonly maxStreamId: number;
  // The server's settings.
  maxConcurrentStreams = Number.MAX_SAFE_INTEGER;
  private initialWindow = DEFAULT_WINDOW;
  private maxFrameSize = DEFAULT_MAX_FRAME;
  sendWindow = DEFAULT_WINDOW;
  // This side's.
  private readonly receiveWindow: number;
  private received = 0;
  /** A header block arriving in CONTINUATION frames. */
  private continuing: { streamId: number; end: boolean; parts: Buffer[]; size: number } | undefined = undefined;
  private readonly fields: string[] = [];
  isReady = false;
  /** No new streams: GOAWAY received or sent, stream ids used up, or closing. */
  draining = false;
  /** The socket's buffer is full: no new streams until it drains. */
  private choked = false;
  /** A stream was refused for the octets waiting: the owner is told when they have gone out. */
  private full = false;
  isClosed = false;
  /** A connection error was found (or the connection destroyed): what arrives now is ignored. */
  private broken = false;
  private error: Error | undefined = undefined;
  /** The last stream id a GOAWAY allowed. */
  private goawayId = MAX_STREAM_ID;
  /** When the last stream closed, or the connection opened (performance.now()). */
  usedAt = performance.now();
  readonly openedAt = performance.now();
  /** The PING sent and not yet acknowledged, with when. */
  pingSentAt = 0;
  private pingPayload = 0n;

  constructor({ origin, owner, ca, maxStreamId = MAX_STREAM_ID, receiveWindow = 1 << 20 }: ConnectionOptions) {
    this.owner = owner;
    this.maxStreamId = maxStreamId;
    this.receiveWindow = receiveWindow;
    this.reader = new FrameReader(this);
    const port = Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80);
    const host = origin.hostname.replace(/^\[|\]$/g, '');
    if (origin.protocol === 'https:') {
      const socket = tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, ALPNProtocols: ['h2'], ca });
      socket.once('secureConnect', () => {
        if (socket.alpnProtocol !== 'h2') this.destroy(new Error(`the server at ${origin.host} does not speak HTTP/2 (ALPN: ${socket.alpnProtocol || 'none'})`));
      });
      this.socket = socket;
    } else {
      this.socket = net.connect({ host, port });
    }
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('drain', () => {
      this.choked = false;
      this.full = false;
      this.owner.writable(this);
    });
    this.socket.on('error', (error) => (this.error ??= error));
    this.socket.on('close', () => this.onClose());
    // The preface, this side's SETTINGS (no push; a larger window), and the connection window raised to match.
    this.append(PREFACE, 0, PREFACE.length);
    const settings = [[Setting.ENABLE_PUSH, 0], [Setting.INITIAL_WINDOW_SIZE, receiveWindow], [Setting.MAX_CONCURRENT_STREAMS, 0], [Setting.MAX_HEADER_LIST_SIZE, MAX_HEADER_LIST]] as const;
    const at = this.reserve(FRAME_HEADER + 6 * settings.length);
    writeFrameHeader(this.out, at, 6 * settings.length, FrameType.SETTINGS, 0, 0);
    settings.forEach(([id, value], i) => {
      this.out.writeUInt16BE(id, at + FRAME_HEADER + 6 * i);
      this.out.writeUInt32BE(value, at + FRAME_HEADER + 6 * i + 2);
    });
    if (receiveWindow > DEFAULT_WINDOW) this.windowUpdate(0, receiveWindow - DEFAULT_WINDOW);
    this.flush();
  }

  /** Streams open now. */
  get active() {
    return this.streams.size;
  }

  /**
   * Whether a new stream with a body of `length` octets can start now: the server's limit and windows allow it,
   * and the socket is not behind (at most MAX_UNSENT octets wait in this turn's buffer and the socket's).
   */
  canOpen(length: number) {
    if (!this.isReady || this.draining || this.choked || this.streams.size >= this.maxConcurrentStreams || this.pending.size > 0 || this.sendWindow < length) return false;
    if (this.outLength + this.socket.writableLength < MAX_UNSENT) return true;
    this.full = true;
    return false;
  }

  /**
   * Opens a stream: HEADERS (and CONTINUATION) with the header block `block[0..blockLength]` and the body, as far
   * as the windows allow. Returns the stream id. The caller checked `canOpen`.
   */
  open(slot: number, block: Uint8Array, blockLength: number, body: Buffer) {
    const streamId = this.nextStreamId;
    this.nextStreamId += 2;
    if (this.nextStreamId > this.maxStreamId) this.draining = true;
    this.streams.set(streamId, slot);
    const endStream = body.length === 0 ? Flag.END_STREAM : 0;
    let first = true;
    let offset = 0;
    do {
      const length = Math.min(blockLength - offset, this.maxFrameSize);
      const last = offset + length === blockLength;
      const at = this.reserve(FRAME_HEADER + length);
      writeFrameHeader(this.out, at, length, first ? FrameType.HEADERS : FrameType.CONTINUATION, (last ? Flag.END_HEADERS : 0) | (first ? endStream : 0), streamId);
      this.out.set(block.subarray(offset, offset + length), at + FRAME_HEADER);
      offset += length;
      first = false;
    } while (offset < blockLength);
    if (body.length) {
      const pending: PendingBody = { body, offset: 0, window: this.initialWindow };
      if (!this.sendBody(streamId, pending)) this.pending.set(streamId, pending);
    }
    this.scheduleFlush();
    return streamId;
  }

  /** Cancels a stream (RST_STREAM CANCEL); its owner is not told. */
  cancel(streamId: number) {
    if (!this.streams.delete(streamId)) return;
    this.pending.delete(streamId);
    this.rstStream(streamId, ErrorCode.CANCEL);
    this.streamClosed();
  }

  /** Sends a PING; its acknowledgement clears `pingSentAt`. */
  ping() {
    if (this.pingSentAt || this.isClosed) return;
    this.pingSentAt = performance.now();
    this.pingPayload = BigInt(Math.floor(Math.random() * 2 ** 52));
    const at = this.reserve(FRAME_HEADER + 8);
    writeFrameHeader(this.out, at, 8, FrameType.PING, 0, 0);
    this.out.writeBigUInt64BE(this.pingPayload, at + FRAME_HEADER);
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
    this.goaway(code);
    this.flush();
    // destroySoon: end() after a GOAWAY can leave a half-open socket behind (../shared/notes/transport.md); and a
    // peer that stops reading would keep it for ever: destroyed after CLOSE_GRACE_MS whatever happens.
    this.socket.destroySoon();
    setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS).unref();
  }

  destroy(error: Error) {
    this.broken = true;
    this.error ??= error;
    this.draining = true;
    this.socket.destroy();
  }

  // --- reading ---

  private read(chunk: Buffer) {
    if (this.isClosed || this.broken) return;
    try {
      this.reader.push(chunk);
    } catch (error) {
      if (error instanceof ConnectionError) return this.close(error.code, error);
      if (error instanceof CompressionError) return this.close(ErrorCode.COMPRESSION_ERROR, new ConnectionError(ErrorCode.COMPRESSION_ERROR, error.message));
      // A bug here or in an owner's callback: this connection ends (its pushes are told), the process goes on.
      return this.close(ErrorCode.INTERNAL_ERROR, new ConnectionError(ErrorCode.INTERNAL_ERROR, (error as Error).message ?? String(error)));
    }
    if (this.outLength) this.scheduleFlush();
  }

  frame(type: number, flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (this.continuing && type !== FrameType.CONTINUATION) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'a frame other than CONTINUATION inside a header block');
    if (!this.isReady && type !== FrameType.SETTINGS) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'the server did not start with SETTINGS');
    switch (type) {
      case FrameType.DATA:
        return this.onData(flags, streamId, data, start, end);
      case FrameType.HEADERS:
        return this.onHeaders(flags, streamId, data, start, end);
      case FrameType.CONTINUATION:
        return this.onContinuation(flags, streamId, data, start, end);
      case FrameType.RST_STREAM:
        return this.onRstStream(streamId, data, start, end);
      case FrameType.SETTINGS:
        return this.onSettings(flags, streamId, data, start, end);
      case FrameType.PING:
        return this.onPing(flags, streamId, data, start, end);
      case FrameType.GOAWAY:
        return this.onGoaway(streamId, data, start, end);
      case FrameType.WINDOW_UPDATE:
        return this.onWindowUpdate(streamId, data, start, end);
      case FrameType.PRIORITY:
        if (end - start !== 5) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'PRIORITY is 5 octets');
        if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PRIORITY on stream 0');
        return;
      case FrameType.PUSH_PROMISE:
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PUSH_PROMISE with push disabled');
      default:
      // Unknown frame types are ignored (§4.1, §5.5).
    }
  }

  /** How many octets a padded frame's payload ends with (§6.1); its pad-length octet comes first. */
  private padding(data: Buffer, start: number, end: number) {
    if (end - start < 1) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'padded frame without its pad length');
    const padding = data[start]!;
    if (padding >= end - start) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'padding as long as the frame');
    return padding;
  }

  /** Is this a stream id the server may speak of: opened by this side at some time? */
  private known(streamId: number, what: string) {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `${what} on stream 0`);
    if (streamId % 2 === 0 || streamId >= this.nextStreamId) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `${what} on idle stream ${streamId}`);
  }

  private onData(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    this.known(streamId, 'DATA');
    const length = end - start;
    // The whole frame counts against the windows, padding included (§6.9.1).
    this.received += length;
    if (this.received > this.receiveWindow) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'DATA beyond the connection window');
    if (this.received >= this.receiveWindow / 2) {
      this.windowUpdate(0, this.received);
      this.received = 0;
    }
    let from = start;
    let to = end;
    if (flags & Flag.PADDED) {
      to -= this.padding(data, start, end);
      from += 1;
    }
    const slot = this.streams.get(streamId);
    if (slot === undefined) return; // closed (cancelled, reset): its data is dropped, its window given back above
    const last = (flags & Flag.END_STREAM) !== 0;
    if (last) this.endStream(streamId);
    else if (length > 0) this.windowUpdate(streamId, length);
    this.owner.data(slot, data, from, to, last);
  }

  private onHeaders(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    this.known(streamId, 'HEADERS');
    let from = start;
    let to = end;
    if (flags & Flag.PADDED) {
      to -= this.padding(data, start, end);
      from += 1;
    }
    if (flags & Flag.PRIORITY) {
      if (to - from < 5) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'HEADERS too short for its priority');
      from += 5;
    }
    const endStream = (flags & Flag.END_STREAM) !== 0;
    if (!(flags & Flag.END_HEADERS)) {
      this.continuing = { streamId, end: endStream, parts: [Buffer.from(data.subarray(from, to))], size: to - from };
      return;
    }
    this.headerBlock(streamId, endStream, data, from, to);
  }

  private onContinuation(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    const continuing = this.continuing;
    if (!continuing || continuing.streamId !== streamId) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'CONTINUATION without a header block to continue');
    continuing.parts.push(Buffer.from(data.subarray(start, end)));
    continuing.size += end - start;
    // A header block is bounded before it ends, not only once decoded (a CONTINUATION flood).
    if (continuing.size > 2 * MAX_HEADER_LIST) throw new ConnectionError(ErrorCode.ENHANCE_YOUR_CALM, 'a header block longer than this side takes');
    if (!(flags & Flag.END_HEADERS)) return;
    this.continuing = undefined;
    const block = Buffer.concat(continuing.parts);
    this.headerBlock(streamId, continuing.end, block, 0, block.length);
  }

  private headerBlock(streamId: number, endStream: boolean, data: Buffer, start: number, end: number) {
    // Decoded whatever becomes of the stream: the decoder's table must keep in step with the server's.
    const fields = this.fields;
    fields.length = 0;
    this.decoder.decode(data, start, end, fields);
    const slot = this.streams.get(streamId);
    if (slot === undefined) return;
    if (endStream) this.endStream(streamId);
    this.owner.headers(slot, fields, endStream);
  }

  private onRstStream(streamId: number, data: Buffer, start: number, end: number) {
    if (end - start !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'RST_STREAM is 4 octets');
    this.known(streamId, 'RST_STREAM');
    const code = data.readUInt32BE(start);
    const slot = this.streams.get(streamId);
    if (slot === undefined) return;
    this.streams.delete(streamId);
    this.pending.delete(streamId);
    this.streamClosed();
    this.owner.failed(slot, `stream reset by the server (${errorName(code)})`, code === ErrorCode.REFUSED_STREAM);
  }

  private onSettings(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'SETTINGS on a stream');
    if (flags & Flag.ACK) {
      if (end !== start) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS ACK with a payload');
      return;
    }
    if ((end - start) % 6 !== 0) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS not a multiple of 6 octets');
    for (let at = start; at < end; at += 6) {
      const id = data.readUInt16BE(at);
      const value = data.readUInt32BE(at + 2);
      switch (id) {
        case Setting.HEADER_TABLE_SIZE:
          this.encoder.setMaxSize(Math.min(value, 4096));
          break;
        case Setting.ENABLE_PUSH:
          if (value !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `a server's SETTINGS_ENABLE_PUSH of ${value}`);
          break;
        case Setting.MAX_CONCURRENT_STREAMS:
          this.maxConcurrentStreams = value;
          break;
        case Setting.INITIAL_WINDOW_SIZE: {
          if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, `SETTINGS_INITIAL_WINDOW_SIZE of ${value}`);
          // Every stream's window moves by the difference, and may go below zero (§6.9.2).
          const delta = value - this.initialWindow;
          this.initialWindow = value;
          for (const pending of this.pending.values()) {
            pending.window += delta;
            if (pending.window > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'a stream window above 2^31-1 after SETTINGS_INITIAL_WINDOW_SIZE');
          }
          break;
        }
        case Setting.MAX_FRAME_SIZE:
          if (value < DEFAULT_MAX_FRAME || value > 2 ** 24 - 1) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `SETTINGS_MAX_FRAME_SIZE of ${value}`);
          this.maxFrameSize = value;
          break;
        default:
        // MAX_HEADER_LIST_SIZE is advisory; unknown settings are ignored (§6.5.2).
      }
    }
    const at = this.reserve(FRAME_HEADER);
    writeFrameHeader(this.out, at, 0, FrameType.SETTINGS, Flag.ACK, 0);
    this.scheduleFlush();
    if (!this.isReady) {
      this.isReady = true;
      this.owner.ready(this);
    }
    this.sendPending();
    this.owner.writable(this);
  }

  private onPing(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PING on a stream');
    if (end - start !== 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'PING is 8 octets');
    if (flags & Flag.ACK) {
      if (this.pingSentAt && data.readBigUInt64BE(start) === this.pingPayload) {
        this.pingSentAt = 0;
        this.usedAt = performance.now();
      }
      return;
    }
    const at = this.reserve(FRAME_HEADER + 8);
    writeFrameHeader(this.out, at, 8, FrameType.PING, Flag.ACK, 0);
    data.copy(this.out, at + FRAME_HEADER, start, end);
    this.scheduleFlush();
  }

  private onGoaway(streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'GOAWAY on a stream');
    if (end - start < 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'GOAWAY shorter than 8 octets');
    const lastStreamId = data.readUInt32BE(start) & 0x7fffffff;
    const code = data.readUInt32BE(start + 4);
    this.goawayId = Math.min(this.goawayId, lastStreamId);
    this.draining = true;
    if (code !== ErrorCode.NO_ERROR) this.error ??= new Error(`GOAWAY from the server (${errorName(code)}${end - start > 8 ? `: ${data.toString('latin1', start + 8, Math.min(end, start + 264))}` : ''})`);
    // Streams above its last stream id were not processed and can go elsewhere; those below are answered here.
    for (const [id, slot] of this.streams) {
      if (id <= this.goawayId) continue;
      this.streams.delete(id);
      this.pending.delete(id);
      this.owner.failed(slot, 'refused by GOAWAY', true);
    }
    if (this.streams.size === 0) this.close();
  }

  private onWindowUpdate(streamId: number, data: Buffer, start: number, end: number) {
    if (end - start !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'WINDOW_UPDATE is 4 octets');
    const increment = data.readUInt32BE(start) & 0x7fffffff;
    if (streamId === 0) {
      if (increment === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
      this.sendWindow += increment;
      if (this.sendWindow > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'connection window above 2^31-1');
      // New streams may have waited for this window, not only bodies already started.
      if (!this.draining) this.writableSoon();
    } else {
      this.known(streamId, 'WINDOW_UPDATE');
      const pending = this.pending.get(streamId);
      if (pending) {
        pending.window += increment;
        if (increment === 0 || pending.window > MAX_WINDOW) {
          // A stream error (§6.9): that stream only.
          const slot = this.streams.get(streamId)!;
          this.streams.delete(streamId);
          this.pending.delete(streamId);
          this.rstStream(streamId, increment === 0 ? ErrorCode.PROTOCOL_ERROR : ErrorCode.FLOW_CONTROL_ERROR);
          this.streamClosed();
          this.owner.failed(slot, `stream window error (${increment === 0 ? 'WINDOW_UPDATE of 0' : 'window above 2^31-1'})`, false);
        }
      }
    }
    this.sendPending();
  }

  private endStream(streamId: number) {
    this.streams.delete(streamId);
    // Answered before its whole body went (a server may answer early, RFC 9113 §8.1): this side's half is closed too.
    if (this.pending.delete(streamId)) this.rstStream(streamId, ErrorCode.CANCEL);
    this.streamClosed();
  }

  private streamClosed() {
    this.usedAt = performance.now();
    if (this.draining && this.streams.size === 0) this.close();
    else if (!this.draining) this.writableSoon();
  }

  private writableScheduled = false;
  /** Tells the owner once per turn, after the frames read in it, that streams have closed. */
  private writableSoon() {
    if (this.writableScheduled) return;
    this.writableScheduled = true;
    queueMicrotask(() => {
      this.writableScheduled = false;
      if (!this.isClosed) this.owner.writable(this);
    });
  }

  // --- writing ---

  /** Sends as much of a body as the windows allow; true when all of it went. */
  private sendBody(streamId: number, pending: PendingBody) {
    while (pending.offset < pending.body.length) {
      const length = Math.min(pending.body.length - pending.offset, this.maxFrameSize, pending.window, this.sendWindow);
      if (length <= 0) return false;
      const last = pending.offset + length === pending.body.length;
      const at = this.reserve(FRAME_HEADER + length);
      writeFrameHeader(this.out, at, length, FrameType.DATA, last ? Flag.END_STREAM : 0, streamId);
      pending.body.copy(this.out, at + FRAME_HEADER, pending.offset, pending.offset + length);
      pending.offset += length;
      pending.window -= length;
      this.sendWindow -= length;
    }
    return true;
  }

  private sendPending() {
    if (!this.pending.size) return;
    for (const [streamId, pending] of this.pending) {
      if (!this.sendBody(streamId, pending)) break;
      this.pending.delete(streamId);
    }
    this.scheduleFlush();
    if (this.pending.size === 0) this.writableSoon();
  }

  private windowUpdate(streamId: number, increment: number) {
    const at = this.reserve(FRAME_HEADER + 4);
    writeFrameHeader(this.out, at, 4, FrameType.WINDOW_UPDATE, 0, streamId);
    this.out.writeUInt32BE(increment, at + FRAME_HEADER);
  }

  private rstStream(streamId: number, code: number) {
    const at = this.reserve(FRAME_HEADER + 4);
    writeFrameHeader(this.out, at, 4, FrameType.RST_STREAM, 0, streamId);
    this.out.writeUInt32BE(code, at + FRAME_HEADER);
    this.scheduleFlush();
  }

  private goaway(code: number) {
    const at = this.reserve(FRAME_HEADER + 8);
    writeFrameHeader(this.out, at, 8, FrameType.GOAWAY, 0, 0);
    this.out.writeUInt32BE(0, at + FRAME_HEADER); // this side accepts no streams: none were processed
    this.out.writeUInt32BE(code, at + FRAME_HEADER + 4);
  }

  private append(bytes: Uint8Array, start: number, end: number) {
    const at = this.reserve(end - start);
    this.out.set(bytes.subarray(start, end), at);
  }

  /** Room for `length` more octets in the outgoing buffer; returns where they go. */
  private reserve(length: number) {
    if (this.outLength + length > this.out.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.outLength + length));
      this.out.copy(grown, 0, 0, this.outLength);
      this.out = grown;
    }
    const at = this.outLength;
    this.outLength += length;
    return at;
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    this.flushScheduled = false;
    if (!this.outLength || this.socket.destroyed || this.socket.writableEnded) return;
    const chunk = this.out.subarray(0, this.outLength);
    // The buffer now belongs to the socket until written: later frames go in a new one.
    this.out = Buffer.allocUnsafe(Math.max(OUT_SIZE, this.out.length >= 4 * OUT_SIZE && this.outLength < OUT_SIZE ? OUT_SIZE : this.out.length));
    this.outLength = 0;
    this.writtenStreamId = this.nextStreamId - 2;
    if (!this.socket.write(chunk)) this.choked = true;
    else if (this.full) {
      this.full = false;
      this.owner.writable(this);
    }
  }

  private onClose() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.draining = true;
    const streams = [...this.streams];
    this.streams.clear();
    this.pending.clear();
    const reason = this.error ? `connection lost: ${this.error.message}` : 'connection closed';
    for (const [streamId, slot] of streams) this.owner.failed(slot, reason, streamId > this.writtenStreamId || streamId > this.goawayId);
    this.owner.closed(this, this.error);
  }
}
