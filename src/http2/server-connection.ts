// One HTTP/2 server connection written as frames (RFC 9113), for stand-ins that answer many small requests (the
// APNs stand-in on our own framing, ../apns/simulator-frames.ts): what node:http2's server does for them, without a
// stream object, listeners or promises per request. A request is a stream id, its header fields and its body; an
// answer is a status, one more field and an optional JSON body. It keeps a client to the protocol as a strict server
// does: what a client must never send is a connection error (GOAWAY with its code), and each is also told to the
// handler as a violation, so that a test of a client can require none.
import type net from 'node:net';
import { FrameWriter } from './frame-writer.ts';
import { ConnectionError, DEFAULT_MAX_FRAME, DEFAULT_WINDOW, ErrorCode, Flag, FrameReader, FrameType, padding, PREFACE, Setting, type FrameHandler } from './frames.ts';
import { HeaderBlocks } from './header-blocks.ts';
import { CompressionError } from './hpack-decoder.ts';
import { answerRoom, writeAnswer } from './server-answers.ts';
import { OutgoingBodies } from './server-bodies.ts';
import { forEachSetting } from './settings.ts';

export interface ServerHandler {
  /** A whole request. Answer it with `connection.respond`, now or later (or reset it, or never). */
  request(connection: ServerConnection, streamId: number, headers: Record<string, string>, body: Buffer): void;
  /** The client broke the protocol: `what` says how. */
  violation(what: string): void;
}

interface Stream {
  headers: Record<string, string>;
  /** The body as it comes: one chunk (the usual case), or several. */
  parts: Buffer[];
  /** Octets of DATA (padding included) left in the stream's receive window. */
  window: number;
  /** The client ended its side: the request is whole, and waits for its answer. */
  ended: boolean;
}

/** A window is given back once half of it has been used, as nghttp2 (node:http2's server) does. */
const REFILL_AT = DEFAULT_WINDOW >> 1;

export class ServerConnection implements FrameHandler {
  private readonly reader = new FrameReader(this, DEFAULT_MAX_FRAME);
  private readonly blocks = new HeaderBlocks();
  private readonly writer = new FrameWriter();
  private readonly bodies: OutgoingBodies;
  private readonly streams = new Map<number, Stream>();
  private preface: Buffer | undefined = Buffer.alloc(0);
  /** The highest stream id the client opened; and the last one this side processed, for its GOAWAY. */
  private lastOpened = 0;
  lastProcessed = 0;
  /** This side's GOAWAY went out: streams above `lastProcessed` are not processed. */
  goingAway = false;
  private broken = false;
  /** The client sent GOAWAY. */
  private peerGone = false;
  /** The client acknowledged this side's SETTINGS: it keeps to the stream limit from then on. */
  private acknowledged = false;
  private receiveWindow = DEFAULT_WINDOW;
  private readonly scratch = Buffer.allocUnsafe(512);
  private flushScheduled = false;
  private readonly flushNow = () => this.flush();

  constructor(
    readonly socket: net.Socket,
    private readonly handler: ServerHandler,
    private readonly maxConcurrentStreams: number,
  ) {
    this.bodies = new OutgoingBodies(this.writer);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => this.destroy());
    socket.on('close', () => this.destroy());
    socket.on('drain', () => socket.resume());
    this.writer.settings([[Setting.MAX_CONCURRENT_STREAMS, maxConcurrentStreams]]);
    this.flush();
  }

  /** Requests received and not yet answered. */
  get waiting() {
    return this.streams.size;
  }

  private read(chunk: Buffer) {
    if (this.broken) return;
    try {
      if (this.preface) {
        const seen = Buffer.concat([this.preface, chunk]);
        const length = Math.min(seen.length, PREFACE.length);
        if (!seen.subarray(0, length).equals(PREFACE.subarray(0, length))) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'not the HTTP/2 connection preface');
        if (seen.length < PREFACE.length) return void (this.preface = seen);
        this.preface = undefined;
        chunk = seen.subarray(PREFACE.length);
      }
      this.reader.push(chunk);
      if (this.receiveWindow <= REFILL_AT) {
        this.writer.windowUpdate(0, DEFAULT_WINDOW - this.receiveWindow);
        this.receiveWindow = DEFAULT_WINDOW;
      }
    } catch (error) {
      const code = error instanceof ConnectionError ? error.code : error instanceof CompressionError ? ErrorCode.COMPRESSION_ERROR : ErrorCode.INTERNAL_ERROR;
      this.fail(code, (error as Error).message);
    }
    this.flush();
  }

  frame(type: number, flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (this.broken) return;
    if (this.blocks.inBlock && type !== FrameType.CONTINUATION) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'a frame other than CONTINUATION inside a header block');
    switch (type) {
      case FrameType.DATA:
        return this.onData(flags, streamId, data, start, end);
      case FrameType.HEADERS:
        if (streamId === 0 || streamId % 2 === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `HEADERS on stream ${streamId}`);
        if (streamId <= this.lastOpened) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `HEADERS on stream ${streamId}, not above ${this.lastOpened} (no trailers here)`);
        this.lastOpened = streamId;
        if (this.blocks.headers(flags, streamId, data, start, end)) this.opened(streamId);
        return;
      case FrameType.CONTINUATION:
        if (this.blocks.continuation(flags, streamId, data, start, end)) this.opened(streamId);
        return;
      case FrameType.PRIORITY:
        if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PRIORITY on stream 0');
        if (end - start !== 5) this.reset(streamId, ErrorCode.FRAME_SIZE_ERROR, 'PRIORITY not 5 octets');
        return;
      case FrameType.RST_STREAM:
        if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'RST_STREAM on stream 0');
        if (end - start !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'RST_STREAM not 4 octets');
        if (streamId > this.lastOpened) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `RST_STREAM on idle stream ${streamId}`);
        this.streams.delete(streamId);
        this.bodies.drop(streamId);
        return;
      case FrameType.SETTINGS:
        return this.onSettings(flags, streamId, data, start, end);
      case FrameType.PING:
        if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PING on a stream');
        if (end - start !== 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'PING not 8 octets');
        if (!(flags & Flag.ACK)) this.writer.pingAck(data, start, end);
        return;
      case FrameType.GOAWAY:
        if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'GOAWAY on a stream');
        if (end - start < 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'GOAWAY shorter than 8 octets');
        // The client is leaving: once the requests it sent are answered, the connection ends.
        this.peerGone = true;
        return this.endIfDone();
      case FrameType.WINDOW_UPDATE: {
        if (end - start !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'WINDOW_UPDATE not 4 octets');
        const increment = data.readUInt32BE(start) & 0x7fffffff;
        if (increment === 0) {
          if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
          return this.reset(streamId, ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
        }
        return this.bodies.windowUpdate(streamId, increment);
      }
      case FrameType.PUSH_PROMISE:
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PUSH_PROMISE from a client');
      default:
      // Frames of unknown types are ignored (§4.1).
    }
  }

  private onSettings(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'SETTINGS on a stream');
    if (flags & Flag.ACK) {
      if (end !== start) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS ACK with a payload');
      this.acknowledged = true;
      return;
    }
    forEachSetting(data, start, end, (id, value) => {
      if (id === Setting.ENABLE_PUSH && value > 1) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `SETTINGS_ENABLE_PUSH of ${value}`);
      if (id === Setting.INITIAL_WINDOW_SIZE) this.bodies.setInitialWindow(value);
      if (id === Setting.MAX_FRAME_SIZE) this.writer.maxFrameSize = value;
      // HEADER_TABLE_SIZE: this side's answers index nothing, so any table size fits them.
    });
    this.writer.settingsAck();
  }

  private opened(streamId: number) {
    const fields = this.blocks.fields;
    const headers: Record<string, string> = {};
    let regular = false;
    for (let i = 0; i < fields.length; i += 2) {
      const name = fields[i]!;
      if (name.charCodeAt(0) === 58 /* : */) {
        if (regular) return this.reset(streamId, ErrorCode.PROTOCOL_ERROR, `pseudo-header ${name} after a regular field`);
      } else regular = true;
      headers[name] = fields[i + 1]!;
    }
    if (this.acknowledged && this.streams.size >= this.maxConcurrentStreams) {
      this.handler.violation(`stream ${streamId} opened with ${this.streams.size} open, past the limit of ${this.maxConcurrentStreams}`);
      return this.reset(streamId, ErrorCode.REFUSED_STREAM);
    }
    const stream: Stream = { headers, parts: [], window: DEFAULT_WINDOW, ended: false };
    this.streams.set(streamId, stream);
    if (this.blocks.endStream) this.ended(streamId, stream);
  }

  private onData(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'DATA on stream 0');
    const length = end - start;
    this.receiveWindow -= length;
    if (this.receiveWindow < 0) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, `DATA past the connection's window by ${-this.receiveWindow}`);
    if (streamId > this.lastOpened) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `DATA on idle stream ${streamId}`);
    const stream = this.streams.get(streamId);
    if (!stream || stream.ended) {
      // Reset by either side, refused, or answered: dropped, but counted (§6.9). On a half-closed stream it is an error.
      if (stream?.ended) this.reset(streamId, ErrorCode.STREAM_CLOSED, `DATA after the end of stream ${streamId}`);
      return;
    }
    stream.window -= length;
    if (stream.window < 0) return this.reset(streamId, ErrorCode.FLOW_CONTROL_ERROR, `DATA past stream ${streamId}'s window`);
    let from = start;
    let to = end;
    if (flags & Flag.PADDED) {
      to -= padding(data, start, end);
      from += 1;
    }
    if (to > from) stream.parts.push(Buffer.from(data.subarray(from, to)));
    if (flags & Flag.END_STREAM) return this.ended(streamId, stream);
    if (stream.window <= REFILL_AT) {
      this.writer.windowUpdate(streamId, DEFAULT_WINDOW - stream.window);
      stream.window = DEFAULT_WINDOW;
    }
  }

  private ended(streamId: number, stream: Stream) {
    stream.ended = true;
    // After this side's GOAWAY, a stream above its last-stream-id is never processed: the client sends it elsewhere.
    if (this.goingAway && streamId > this.lastProcessed) return void this.streams.delete(streamId);
    if (streamId > this.lastProcessed) this.lastProcessed = streamId;
    const body = stream.parts.length === 1 ? stream.parts[0]! : Buffer.concat(stream.parts);
    stream.parts = [];
    this.handler.request(this, streamId, stream.headers, body);
  }

  /**
   * Answers a request that is still waiting: `:status`, then `name: value` (a literal never indexed), then `body` as
   * JSON if given. False when the stream is gone (reset, or the connection closed).
   */
  respond(streamId: number, status: number, name: string, value: string, body?: string) {
    if (this.broken || !this.streams.delete(streamId)) return false;
    const room = answerRoom(name, value);
    const out = room <= this.scratch.length ? this.scratch : Buffer.allocUnsafe(room);
    const at = writeAnswer(out, status, name, value, body !== undefined);
    this.writer.headers(streamId, out, at, body === undefined);
    if (body !== undefined) this.bodies.send(streamId, Buffer.from(body));
    this.scheduleFlush();
    this.endIfDone();
    return true;
  }

  private endIfDone() {
    if (!this.peerGone || this.streams.size) return;
    this.flush();
    this.broken = true;
    this.socket.end();
  }

  /** Resets a stream this side has not answered (REFUSED_STREAM: the client may send it again). */
  reset(streamId: number, code: number, violation?: string) {
    if (violation) this.handler.violation(violation);
    this.streams.delete(streamId);
    this.bodies.drop(streamId);
    this.writer.rstStream(streamId, code);
    this.scheduleFlush();
  }

  /** GOAWAY naming the last stream processed: the streams above it are left for the client to send again. */
  goaway(code: number = ErrorCode.NO_ERROR) {
    if (this.broken) return;
    this.goingAway = true;
    this.writer.goaway(code, this.lastProcessed);
    this.scheduleFlush();
  }

  private fail(code: number, message: string) {
    this.handler.violation(message);
    this.goaway(code);
    this.flush();
    this.broken = true;
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1_000).unref();
  }

  destroy() {
    this.broken = true;
    this.streams.clear();
    if (!this.socket.destroyed) this.socket.destroy();
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(this.flushNow);
  }

  private flush() {
    this.flushScheduled = false;
    if (!this.writer.length || this.socket.destroyed) return;
    // A client that stops reading stops being read: its requests wait in its own buffers, not in this process.
    if (!this.socket.write(this.writer.take())) this.socket.pause();
  }
}
