// An HTTP/2 server written as frames, for the transport's conformance tests: cleartext with prior knowledge, so
// a test sees and controls every frame. It checks what a strict server checks of a client (the preface, its
// SETTINGS ACKs, stream limits, flow-control windows, header blocks), records each violation, and does on cue what
// real servers do to clients: change SETTINGS mid-connection, keep windows tiny, answer in CONTINUATION and padded
// frames, reset streams, send GOAWAY (and keep to its last-stream-id: a stream above it is never processed), ping,
// answer before a request's body has come, leave a stream unanswered, go silent, drop the socket, or send garbage.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Flag, FRAME_HEADER, FrameReader, FrameType, PREFACE, Setting, writeFrameHeader } from '../../src/http2/frames.ts';
import { HpackDecoder } from '../../src/http2/hpack-decoder.ts';
import { HpackEncoder } from '../../src/http2/hpack-encoder.ts';

export interface ServerRequest {
  connection: ConformanceConnection;
  streamId: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What the test's handler answers; undefined leaves the stream open (answer later, or never). */
export type Reply = { status: number; body?: string; padded?: boolean; continuation?: boolean; dataChunks?: number } | { rst: number } | undefined;

export interface ConformanceOptions {
  settings?: Partial<Record<'headerTableSize' | 'maxConcurrentStreams' | 'initialWindowSize' | 'maxFrameSize', number>>;
  /** Gives back the connection's and streams' windows as it reads (default); false keeps them as the client used them. */
  refillWindows?: boolean;
  handle?: (request: ServerRequest) => Reply | void;
  /** Called when a request's header block arrives, before its body: a reply answers it then (RFC 9113 §8.1). */
  early?: (request: ServerRequest) => Reply | void;
  /** Raw bytes written right after the server's SETTINGS (garbage, fuzz). */
  afterSettings?: (socket: net.Socket) => void;
}

const SETTING_IDS = { headerTableSize: Setting.HEADER_TABLE_SIZE, maxConcurrentStreams: Setting.MAX_CONCURRENT_STREAMS, initialWindowSize: Setting.INITIAL_WINDOW_SIZE, maxFrameSize: Setting.MAX_FRAME_SIZE };

export function frame(type: number, flags: number, streamId: number, payload: Buffer = Buffer.alloc(0)) {
  const out = Buffer.alloc(FRAME_HEADER + payload.length);
  writeFrameHeader(out, 0, payload.length, type, flags, streamId);
  payload.copy(out, FRAME_HEADER);
  return out;
}

export function settingsPayload(values: ConformanceOptions['settings'] = {}) {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined) as [keyof typeof SETTING_IDS, number][];
  const payload = Buffer.alloc(6 * entries.length);
  entries.forEach(([name, value], i) => {
    payload.writeUInt16BE(SETTING_IDS[name], 6 * i);
    payload.writeUInt32BE(value, 6 * i + 2);
  });
  return payload;
}

export class ConformanceConnection {
  readonly decoder = new HpackDecoder(4096);
  readonly encoder = new HpackEncoder(4096);
  /** Streams the client opened and that are not closed. */
  readonly open = new Set<number>();
  /** The limit the client has acknowledged (SETTINGS ACKs come in order). */
  ackedLimit = Number.MAX_SAFE_INTEGER;
  private readonly sentLimits: number[] = [];
  receiveWindow = 65_535;
  readonly streamWindows = new Map<number, number>();
  streamInitialWindow = 65_535;
  private readonly pendingInitialWindows: number[] = [];
  goawayId: number | undefined = undefined;
  /** Header block fragments of a stream's request, and its body. */
  private readonly blocks = new Map<number, Buffer[]>();
  private readonly bodies = new Map<number, Buffer[]>();
  private readonly requestHeaders = new Map<number, Record<string, string>>();
  private preface = false;
  /** A peer gone silent: it still reads, but writes nothing more (no answers, no PING ACKs, no window updates). */
  silent = false;
  private buffered = Buffer.alloc(0);
  private readonly reader: FrameReader;

  constructor(
    readonly socket: net.Socket,
    private readonly server: ConformanceServer,
  ) {
    this.reader = new FrameReader(this, 1 << 20);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => {});
    socket.setNoDelay(true);
    const { settings = {} } = server.options;
    this.streamInitialWindow = settings.initialWindowSize ?? 65_535;
    if (settings.maxConcurrentStreams !== undefined) this.sentLimits.push(settings.maxConcurrentStreams);
    else this.sentLimits.push(Number.MAX_SAFE_INTEGER);
    this.pendingInitialWindows.push(this.streamInitialWindow);
    this.streamInitialWindow = 65_535; // until the client acknowledges
    socket.write(frame(FrameType.SETTINGS, 0, 0, settingsPayload(settings)));
    server.options.afterSettings?.(socket);
  }

  private read(chunk: Buffer) {
    if (!this.preface) {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      if (this.buffered.length < PREFACE.length) return;
      if (!this.buffered.subarray(0, PREFACE.length).equals(PREFACE)) return this.violation('bad preface');
      this.preface = true;
      chunk = this.buffered.subarray(PREFACE.length);
    }
    try {
      this.reader.push(chunk);
    } catch (error) {
      this.violation(`frame error: ${(error as Error).message}`);
    }
  }

  violation(what: string) {
    this.server.violations.push(what);
  }

  frame(type: number, flags: number, streamId: number, data: Buffer, start: number, end: number) {
    const payload = data.subarray(start, end);
    this.server.frames.push({ type, flags, streamId, length: payload.length });
    if (this.silent) return;
    switch (type) {
      case FrameType.SETTINGS:
        if (flags & Flag.ACK) {
          // The client now keeps to the oldest SETTINGS it had not acknowledged.
          this.ackedLimit = this.sentLimits.shift() ?? this.ackedLimit;
          const initial = this.pendingInitialWindows.shift();
          if (initial !== undefined) {
            const delta = initial - this.streamInitialWindow;
            this.streamInitialWindow = initial;
            for (const [id, window] of this.streamWindows) this.streamWindows.set(id, window + delta);
          }
        } else {
          this.server.clientSettings.push(payload.toString('hex'));
          this.socket.write(frame(FrameType.SETTINGS, Flag.ACK, 0));
        }
        return;
      case FrameType.HEADERS: {
        if (streamId % 2 === 0) this.violation(`HEADERS on even stream ${streamId}`);
        if (this.open.size >= this.ackedLimit) this.violation(`stream ${streamId} opened with ${this.open.size} open, limit ${this.ackedLimit}`);
        this.open.add(streamId);
        this.server.mostOpen = Math.max(this.server.mostOpen, this.open.size);
        this.streamWindows.set(streamId, this.streamInitialWindow);
        this.blocks.set(streamId, [Buffer.from(payload)]);
        this.bodies.set(streamId, []);
        if (flags & Flag.END_HEADERS) this.headersDone(streamId);
        if (flags & Flag.END_STREAM) this.requestDone(streamId);
        return;
      }
      case FrameType.CONTINUATION:
        this.blocks.get(streamId)?.push(Buffer.from(payload));
        if (flags & Flag.END_HEADERS) this.headersDone(streamId);
        return;
      case FrameType.DATA: {
        this.receiveWindow -= payload.length;
        const window = (this.streamWindows.get(streamId) ?? 0) - payload.length;
        this.streamWindows.set(streamId, window);
        if (this.receiveWindow < 0) this.violation(`connection window exceeded by ${-this.receiveWindow}`);
        if (window < 0) this.violation(`stream ${streamId} window exceeded by ${-window}`);
        this.bodies.get(streamId)?.push(Buffer.from(payload));
        if (this.server.options.refillWindows !== false && payload.length > 0) {
          const increment = Buffer.alloc(4);
          increment.writeUInt32BE(payload.length);
          this.receiveWindow += payload.length;
          this.socket.write(frame(FrameType.WINDOW_UPDATE, 0, 0, increment));
          if (!(flags & Flag.END_STREAM)) {
            this.streamWindows.set(streamId, window + payload.length);
            this.socket.write(frame(FrameType.WINDOW_UPDATE, 0, streamId, increment));
          }
        }
        if (flags & Flag.END_STREAM) this.requestDone(streamId);
        return;
      }
      case FrameType.PING:
        if (!(flags & Flag.ACK)) {
          this.server.pings += 1;
          this.socket.write(frame(FrameType.PING, Flag.ACK, 0, Buffer.from(payload)));
        } else this.server.pingAcks.push(payload.toString('hex'));
        return;
      case FrameType.WINDOW_UPDATE:
      case FrameType.RST_STREAM:
        if (type === FrameType.RST_STREAM) {
          this.open.delete(streamId);
          this.server.resets.push(streamId);
          this.server.resetCodes.push(payload.readUInt32BE(0));
        }
        return;
      case FrameType.GOAWAY:
        this.server.clientGoaways.push(payload.readUInt32BE(4));
        return;
      default:
    }
  }

  private headersDone(streamId: number) {
    const block = Buffer.concat(this.blocks.get(streamId) ?? []);
    this.server.blocks.push(block);
    const fields: string[] = [];
    try {
      this.decoder.decode(block, 0, block.length, fields);
    } catch (error) {
      return this.violation(`header block: ${(error as Error).message}`);
    }
    const headers: Record<string, string> = {};
    let regular = false;
    for (let i = 0; i < fields.length; i += 2) {
      const name = fields[i]!;
      if (name.startsWith(':') && regular) this.violation(`pseudo-header ${name} after a regular header`);
      if (!name.startsWith(':')) regular = true;
      headers[name] = fields[i + 1]!;
    }
    this.requestHeaders.set(streamId, headers);
    const early = this.server.options.early?.({ connection: this, streamId, headers, body: Buffer.alloc(0) });
    if (early) this.reply(streamId, early);
  }

  private requestDone(streamId: number) {
    if (!this.open.has(streamId)) return; // answered early, or reset by the client
    const headers = this.requestHeaders.get(streamId) ?? {};
    const body = Buffer.concat(this.bodies.get(streamId) ?? []);
    if (this.goawayId !== undefined && streamId > this.goawayId) {
      // Above its own GOAWAY's last stream id: never processed, as a real server keeps to it.
      this.open.delete(streamId);
      return;
    }
    const request: ServerRequest = { connection: this, streamId, headers, body };
    this.server.requests.push(request);
    const { handle } = this.server.options;
    const reply = handle ? handle(request) : { status: 200 };
    if (reply) this.reply(streamId, reply);
  }

  /** Answers a stream (if it is still open). */
  reply(streamId: number, reply: NonNullable<Reply>) {
    if (!this.open.has(streamId) || this.socket.destroyed) return;
    this.open.delete(streamId);
    if ('rst' in reply) {
      this.server.resetsSent.push(streamId);
      const code = Buffer.alloc(4);
      code.writeUInt32BE(reply.rst);
      this.socket.write(frame(FrameType.RST_STREAM, 0, streamId, code));
      return;
    }
    // Fields added to the table each time, as Apple's apns-id and Node's date are: the client's decoder must follow.
    const start = Buffer.alloc(16);
    const parts: Buffer[] = [start.subarray(0, this.encoder.writeStart(start, 0))];
    parts.push(this.encoder.field(':status', String(reply.status), true), this.encoder.field('apns-id', `id-${streamId}-${Math.random()}`, true));
    if (reply.continuation) parts.push(this.encoder.field('x-filler', 'f'.repeat(40_000), false));
    const block = Buffer.concat(parts);
    const path = this.requestHeaders.get(streamId)?.[':path'] ?? '';
    if (reply.status === 200) this.server.answered.set(path, (this.server.answered.get(path) ?? 0) + 1);
    const body = reply.body === undefined ? undefined : Buffer.from(reply.body);
    const headerFlags = body ? 0 : Flag.END_STREAM;
    if (reply.continuation) {
      const cut = [0, Math.floor(block.length / 3), Math.floor((2 * block.length) / 3), block.length];
      this.socket.write(frame(FrameType.HEADERS, headerFlags, streamId, block.subarray(cut[0], cut[1])));
      this.socket.write(frame(FrameType.CONTINUATION, 0, streamId, block.subarray(cut[1], cut[2])));
      this.socket.write(frame(FrameType.CONTINUATION, Flag.END_HEADERS, streamId, block.subarray(cut[2], cut[3])));
    } else if (reply.padded) {
      this.socket.write(frame(FrameType.HEADERS, headerFlags | Flag.END_HEADERS | Flag.PADDED, streamId, Buffer.concat([Buffer.from([7]), block, Buffer.alloc(7)])));
    } else {
      this.socket.write(frame(FrameType.HEADERS, headerFlags | Flag.END_HEADERS, streamId, block));
    }
    if (!body) return;
    const chunks = reply.dataChunks ?? 1;
    const size = Math.ceil(body.length / chunks);
    for (let at = 0; at < body.length || at === 0; at += size) {
      const piece = body.subarray(at, at + size);
      const last = at + size >= body.length;
      const flags = (last ? Flag.END_STREAM : 0) | (reply.padded ? Flag.PADDED : 0);
      this.socket.write(frame(FrameType.DATA, flags, streamId, reply.padded ? Buffer.concat([Buffer.from([3]), piece, Buffer.alloc(3)]) : piece));
      if (body.length === 0) break;
    }
  }

  /** SETTINGS mid-connection. */
  settings(values: NonNullable<ConformanceOptions['settings']>) {
    this.sentLimits.push(values.maxConcurrentStreams ?? this.sentLimits.at(-1) ?? this.ackedLimit);
    if (values.initialWindowSize !== undefined) this.pendingInitialWindows.push(values.initialWindowSize);
    this.socket.write(frame(FrameType.SETTINGS, 0, 0, settingsPayload(values)));
  }

  goaway(lastStreamId: number, code: number = ErrorCode.NO_ERROR) {
    this.goawayId = lastStreamId;
    const payload = Buffer.alloc(8);
    payload.writeUInt32BE(lastStreamId);
    payload.writeUInt32BE(code, 4);
    this.socket.write(frame(FrameType.GOAWAY, 0, 0, payload));
  }

  /** Raises the connection's receive window (what the client may send) by `increment`. */
  windowUpdate(increment: number) {
    const payload = Buffer.alloc(4);
    payload.writeUInt32BE(increment);
    this.receiveWindow += increment;
    this.socket.write(frame(FrameType.WINDOW_UPDATE, 0, 0, payload));
  }

  ping(data = Buffer.from('01234567')) {
    this.socket.write(frame(FrameType.PING, 0, 0, data));
  }
}

export class ConformanceServer {
  readonly connections: ConformanceConnection[] = [];
  readonly requests: ServerRequest[] = [];
  readonly violations: string[] = [];
  readonly frames: { type: number; flags: number; streamId: number; length: number }[] = [];
  readonly blocks: Buffer[] = [];
  readonly clientSettings: string[] = [];
  readonly clientGoaways: number[] = [];
  readonly pingAcks: string[] = [];
  readonly resets: number[] = [];
  /** The error code of each RST_STREAM in `resets`. */
  readonly resetCodes: number[] = [];
  readonly resetsSent: number[] = [];
  /** 200s sent, by :path: a push processed twice shows here. */
  readonly answered = new Map<string, number>();
  pings = 0;
  mostOpen = 0;
  private server: net.Server | undefined;
  origin = '';
  constructor(readonly options: ConformanceOptions = {}) {}

  async start() {
    this.server = net.createServer((socket) => this.connections.push(new ConformanceConnection(socket, this)));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** How many times each :path was processed. */
  processed() {
    const counts = new Map<string, number>();
    for (const request of this.requests) counts.set(request.headers[':path']!, (counts.get(request.headers[':path']!) ?? 0) + 1);
    return counts;
  }

  async close() {
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

export async function startConformanceServer(options: ConformanceOptions = {}) {
  return new ConformanceServer(options).start();
}
