// The frames this side sends (RFC 9113 §6), gathered in one buffer that the connection hands to its socket once per
// event-loop turn (./connection.ts): writing a frame costs its octets in the buffer and nothing more.
import { DEFAULT_MAX_FRAME, Flag, FRAME_HEADER, FrameType, PREFACE, writeFrameHeader } from './frames.ts';

const OUT_SIZE = 64 * 1024;
/** Up to this many octets, `copy` goes octet by octet rather than through a view. */
const SHORT_COPY = 512;

export class FrameWriter {
  private out = Buffer.allocUnsafe(OUT_SIZE);
  /** Octets gathered and not yet taken. */
  length = 0;
  /** The server's SETTINGS_MAX_FRAME_SIZE: no payload written is longer. */
  maxFrameSize = DEFAULT_MAX_FRAME;

  /** What was gathered, for the socket: from now on it belongs to the socket, and later frames go in a new buffer. */
  take() {
    const chunk = this.out.subarray(0, this.length);
    // A buffer grown by a burst is not kept once the burst has gone.
    this.out = Buffer.allocUnsafe(Math.max(OUT_SIZE, this.out.length >= 4 * OUT_SIZE && this.length < OUT_SIZE ? OUT_SIZE : this.out.length));
    this.length = 0;
    return chunk;
  }

  /** The connection's first octets: the preface, then this side's SETTINGS (§3.4). */
  preface(settings: readonly (readonly [number, number])[]) {
    this.out.set(PREFACE, this.reserve(PREFACE.length));
    this.settings(settings);
  }

  /** SETTINGS: a client's after its preface, a server's as its whole preface (§3.4). */
  settings(settings: readonly (readonly [number, number])[]) {
    const at = this.frame(6 * settings.length, FrameType.SETTINGS, 0, 0);
    settings.forEach(([id, value], i) => {
      this.out.writeUInt16BE(id, at + 6 * i);
      this.out.writeUInt32BE(value, at + 6 * i + 2);
    });
  }

  /** HEADERS with the header block `block[0..blockLength]`, and CONTINUATION for what does not fit in one frame. */
  headers(streamId: number, block: Uint8Array, blockLength: number, endStream: boolean) {
    let first = true;
    let offset = 0;
    do {
      const length = Math.min(blockLength - offset, this.maxFrameSize);
      const last = offset + length === blockLength;
      const flags = (last ? Flag.END_HEADERS : 0) | (first && endStream ? Flag.END_STREAM : 0);
      const at = this.frame(length, first ? FrameType.HEADERS : FrameType.CONTINUATION, flags, streamId);
      this.copy(block, offset, length, at);
      offset += length;
      first = false;
    } while (offset < blockLength);
  }

  /** DATA with `body[offset..offset+length]`; `last` ends the stream. */
  data(streamId: number, body: Buffer, offset: number, length: number, last: boolean) {
    const at = this.frame(length, FrameType.DATA, last ? Flag.END_STREAM : 0, streamId);
    body.copy(this.out, at, offset, offset + length);
  }

  rstStream(streamId: number, code: number) {
    this.out.writeUInt32BE(code, this.frame(4, FrameType.RST_STREAM, 0, streamId));
  }

  windowUpdate(streamId: number, increment: number) {
    this.out.writeUInt32BE(increment, this.frame(4, FrameType.WINDOW_UPDATE, 0, streamId));
  }

  settingsAck() {
    this.frame(0, FrameType.SETTINGS, Flag.ACK, 0);
  }

  ping(payload: bigint) {
    this.out.writeBigUInt64BE(payload, this.frame(8, FrameType.PING, 0, 0));
  }

  /** The acknowledgement of the server's PING, whose payload is `data[start..end]`. */
  pingAck(data: Buffer, start: number, end: number) {
    data.copy(this.out, this.frame(8, FrameType.PING, Flag.ACK, 0), start, end);
  }

  /** A client accepts no streams, so its last stream id is 0; a server names the last stream it processed. */
  goaway(code: number, lastStreamId = 0) {
    const at = this.frame(8, FrameType.GOAWAY, 0, 0);
    this.out.writeUInt32BE(lastStreamId, at);
    this.out.writeUInt32BE(code, at + 4);
  }

  /**
   * `source[from..from+length]` into the buffer at `at`. A push's header block (about 140 octets) is copied octet by
   * octet: `set` with a `subarray`, or Buffer's `copy` of part of a buffer, makes a view object each time, one per push.
   */
  private copy(source: Uint8Array, from: number, length: number, at: number) {
    if (length > SHORT_COPY) return this.out.set(source.subarray(from, from + length), at);
    const out = this.out;
    for (let i = 0; i < length; i += 1) out[at + i] = source[from + i]!;
  }

  /** A frame's header, with room for its payload; returns where the payload goes. */
  private frame(length: number, type: number, flags: number, streamId: number) {
    const at = this.reserve(FRAME_HEADER + length);
    return writeFrameHeader(this.out, at, length, type, flags, streamId);
  }

  /** Room for `length` more octets; returns where they go. */
  private reserve(length: number) {
    if (this.length + length > this.out.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.length + length));
      this.out.copy(grown, 0, 0, this.length);
      this.out = grown;
    }
    const at = this.length;
    this.length += length;
    return at;
  }
}
