// The streams of one connection (RFC 9113 §5.1) as this side keeps them: a stream is a number and its push a slot
// number of the owner's, in one map, with no object per stream. Here streams open, and end by an answer, a reset, a
// GOAWAY or the connection's loss, and the owner is told; ./frame-receiver.ts reads the frames that end them, and
// ./connection.ts, built on both, holds the socket.
import type { ConnectionOwner } from './connection-owner.ts';
import type { FlowControl } from './flow-control.ts';
import type { FrameWriter } from './frame-writer.ts';
import { ConnectionError, ErrorCode } from './frames.ts';

export const MAX_STREAM_ID = 2 ** 31 - 1;

export abstract class StreamTable {
  /** Open streams: stream id -> the owner's slot. */
  protected readonly streams = new Map<number, number>();
  protected nextStreamId = 1;
  /** The highest stream id handed to the socket: streams above it were never sent. */
  protected writtenStreamId = 0;
  /** The last stream id a GOAWAY allowed. */
  protected goawayId = MAX_STREAM_ID;
  /** No new streams: GOAWAY received or sent, stream ids used up, or closing. */
  draining = false;
  isClosed = false;
  /** When the last stream closed, or the connection opened (performance.now()). */
  usedAt = performance.now();
  private writableScheduled = false;

  constructor(
    protected readonly owner: ConnectionOwner,
    protected readonly writer: FrameWriter,
    protected readonly flow: FlowControl,
    /** The last stream id to use: a connection that reaches it takes no more streams. */
    private readonly maxStreamId: number,
  ) {}

  /** Streams open now. */
  get active() {
    return this.streams.size;
  }

  /** Ends the connection politely: GOAWAY, then the socket (./connection.ts). */
  abstract close(code?: number, error?: Error): void;
  /** Sends the frames written in this turn once it ends (./connection.ts). */
  protected abstract scheduleFlush(): void;

  /**
   * Opens a stream: HEADERS (and CONTINUATION) with the header block `block[0..blockLength]` and the body, as far
   * as the windows allow. Returns the stream id. The caller checked the connection's `canOpen`.
   */
  open(slot: number, block: Uint8Array, blockLength: number, body: Buffer) {
    const streamId = this.nextStreamId;
    this.nextStreamId += 2;
    if (this.nextStreamId > this.maxStreamId) this.draining = true;
    this.streams.set(streamId, slot);
    this.writer.headers(streamId, block, blockLength, body.length === 0);
    if (body.length) this.flow.send(streamId, body);
    this.scheduleFlush();
    return streamId;
  }

  /** Cancels a stream (RST_STREAM CANCEL); its owner is not told. */
  cancel(streamId: number) {
    if (!this.streams.delete(streamId)) return;
    this.flow.drop(streamId);
    this.writer.rstStream(streamId, ErrorCode.CANCEL);
    this.scheduleFlush();
    this.streamClosed();
  }

  /** Is this a stream id the server may speak of: opened by this side at some time? */
  protected known(streamId: number, what: string) {
    if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `${what} on stream 0`);
    if (this.idle(streamId)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `${what} on idle stream ${streamId}`);
  }

  /** Never opened: the server's (even; it may open none) or above the last this side opened. */
  protected idle(streamId: number) {
    return streamId % 2 === 0 || streamId >= this.nextStreamId;
  }

  /** The server ended the stream (END_STREAM): it is answered. */
  protected endStream(streamId: number) {
    this.streams.delete(streamId);
    // Answered before its whole body went (a server may answer early, RFC 9113 §8.1): this side's half is closed too.
    if (this.flow.drop(streamId)) this.writer.rstStream(streamId, ErrorCode.CANCEL);
    this.streamClosed();
  }

  /**
   * A stream error (§5.4.2): the stream is reset with `code` and its push failed. A closed stream is left alone (only
   * PRIORITY may be sent on it, §5.1); an idle one cannot be reset (§6.4), so that is a connection error (§5.4).
   */
  protected streamError(streamId: number, code: number, reason: string) {
    if (this.idle(streamId)) throw new ConnectionError(code, `${reason} on idle stream ${streamId}`);
    const slot = this.streams.get(streamId);
    if (slot === undefined) return;
    this.streams.delete(streamId);
    this.flow.drop(streamId);
    this.writer.rstStream(streamId, code);
    this.streamClosed();
    this.owner.failed(slot, `stream error (${reason})`, false);
  }

  /** A GOAWAY: the streams above its last stream id were not processed and fail as refused, to go elsewhere. */
  protected refuseAbove(lastStreamId: number) {
    this.goawayId = Math.min(this.goawayId, lastStreamId);
    for (const [streamId, slot] of this.streams) {
      if (streamId <= this.goawayId) continue;
      this.streams.delete(streamId);
      this.flow.drop(streamId);
      this.owner.failed(slot, 'refused by GOAWAY', true);
    }
  }

  /** The connection is gone: every stream fails; those never written or above a GOAWAY's last id as refused. */
  protected failAll(reason: string) {
    const streams = [...this.streams];
    this.streams.clear();
    this.flow.clear();
    for (const [streamId, slot] of streams) this.owner.failed(slot, reason, streamId > this.writtenStreamId || streamId > this.goawayId);
  }

  protected streamClosed() {
    this.usedAt = performance.now();
    if (this.draining && this.streams.size === 0) this.close();
    else if (!this.draining) this.writableSoon();
  }

  /** Tells the owner once per turn, after the frames read in it, that it may open streams again. */
  protected writableSoon() {
    if (this.writableScheduled) return;
    this.writableScheduled = true;
    queueMicrotask(() => {
      this.writableScheduled = false;
      if (!this.isClosed) this.owner.writable();
    });
  }
}
