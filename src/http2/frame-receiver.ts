// What each frame from the server does (RFC 9113 §6), to a stream (its owner is told) or to the connection. What a
// server must never send is a ConnectionError, thrown up to ./connection.ts, which closes with its code; what spoils
// one stream only is a stream error (./stream-table.ts). Frames on a closed stream are read and dropped (§5.1): their
// header blocks still decoded, their DATA still counted against the connection's window.
import type { ConnectionOwner } from './connection-owner.ts';
import type { FlowControl } from './flow-control.ts';
import type { FrameWriter } from './frame-writer.ts';
import { ConnectionError, ErrorCode, errorName, Flag, FrameType, padding, type FrameHandler } from './frames.ts';
import { HeaderBlocks } from './header-blocks.ts';
import type { HpackEncoder } from './hpack-encoder.ts';
import { PeerSettings } from './settings.ts';
import { StreamTable } from './stream-table.ts';

export abstract class FrameReceiver extends StreamTable implements FrameHandler {
  protected readonly blocks = new HeaderBlocks();
  protected readonly peer: PeerSettings;
  /** The server's first SETTINGS arrived: the connection takes streams. */
  isReady = false;
  /** Why the connection failed, when it did: its socket's error, a connection error, or the server's GOAWAY. */
  protected error: Error | undefined = undefined;
  /** The PING sent and not yet acknowledged, with when. */
  pingSentAt = 0;
  protected pingPayload = 0n;

  constructor(owner: ConnectionOwner, writer: FrameWriter, flow: FlowControl, encoder: HpackEncoder, maxStreamId: number) {
    super(owner, writer, flow, maxStreamId);
    this.peer = new PeerSettings(encoder, flow, writer);
  }

  frame(type: number, flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (this.blocks.inBlock && type !== FrameType.CONTINUATION) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'a frame other than CONTINUATION inside a header block');
    if (!this.isReady && type !== FrameType.SETTINGS) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'the server did not start with SETTINGS');
    switch (type) {
      case FrameType.DATA:
        return this.onData(flags, streamId, data, start, end);
      case FrameType.HEADERS:
        this.known(streamId, 'HEADERS');
        if (this.blocks.headers(flags, streamId, data, start, end)) this.headerBlock(streamId);
        return;
      case FrameType.CONTINUATION:
        if (this.blocks.continuation(flags, streamId, data, start, end)) this.headerBlock(streamId);
        return;
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
        if (streamId === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PRIORITY on stream 0');
        // Of the wrong length it is a stream error (§6.3): one bad frame does not cut every stream on the connection.
        if (end - start !== 5) this.streamError(streamId, ErrorCode.FRAME_SIZE_ERROR, 'PRIORITY not 5 octets');
        return;
      case FrameType.PUSH_PROMISE:
        throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PUSH_PROMISE with push disabled');
      default:
      // Unknown frame types are ignored (§4.1, §5.5).
    }
  }

  private onData(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    this.known(streamId, 'DATA');
    // The whole frame counts against the windows, padding included (§6.9.1).
    this.flow.receive(end - start);
    let from = start;
    let to = end;
    if (flags & Flag.PADDED) {
      to -= padding(data, start, end);
      from += 1;
    }
    const slot = this.streams.get(streamId);
    if (slot === undefined) return; // closed (cancelled, reset): its data is dropped, its window given back above
    const last = (flags & Flag.END_STREAM) !== 0;
    if (last) this.endStream(streamId);
    else if (end > start) this.writer.windowUpdate(streamId, end - start);
    this.owner.data(slot, data, from, to, last);
  }

  /** A whole header block, decoded in `blocks`: the stream's answer (or trailers), if it is still open. */
  private headerBlock(streamId: number) {
    const slot = this.streams.get(streamId);
    if (slot === undefined) return;
    const end = this.blocks.endStream;
    if (end) this.endStream(streamId);
    this.owner.headers(slot, this.blocks.fields, end);
  }

  private onRstStream(streamId: number, data: Buffer, start: number, end: number) {
    if (end - start !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'RST_STREAM is 4 octets');
    this.known(streamId, 'RST_STREAM');
    const code = data.readUInt32BE(start);
    const slot = this.streams.get(streamId);
    if (slot === undefined) return;
    this.streams.delete(streamId);
    this.flow.drop(streamId);
    this.streamClosed();
    this.owner.failed(slot, `stream reset by the server (${errorName(code)})`, code === ErrorCode.REFUSED_STREAM);
  }

  private onSettings(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'SETTINGS on a stream');
    if (flags & Flag.ACK) {
      if (end !== start) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS ACK with a payload');
      return;
    }
    this.peer.apply(data, start, end);
    this.writer.settingsAck();
    if (!this.isReady) {
      this.isReady = true;
      this.owner.ready();
    }
    this.sendPending();
    this.owner.writable();
  }

  private onPing(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'PING on a stream');
    if (end - start !== 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'PING is 8 octets');
    if (!(flags & Flag.ACK)) return this.writer.pingAck(data, start, end);
    if (this.pingSentAt && data.readBigUInt64BE(start) === this.pingPayload) {
      this.pingSentAt = 0;
      this.usedAt = performance.now();
    }
  }

  private onGoaway(streamId: number, data: Buffer, start: number, end: number) {
    if (streamId !== 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'GOAWAY on a stream');
    if (end - start < 8) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'GOAWAY shorter than 8 octets');
    const code = data.readUInt32BE(start + 4);
    this.draining = true;
    if (code !== ErrorCode.NO_ERROR) this.error ??= new Error(`GOAWAY from the server (${errorName(code)}${end - start > 8 ? `: ${data.toString('latin1', start + 8, Math.min(end, start + 264))}` : ''})`);
    // Streams above its last stream id were not processed and can go elsewhere; those below are answered here.
    this.refuseAbove(data.readUInt32BE(start) & 0x7fffffff);
    if (this.streams.size === 0) this.close();
  }

  private onWindowUpdate(streamId: number, data: Buffer, start: number, end: number) {
    if (end - start !== 4) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'WINDOW_UPDATE is 4 octets');
    const increment = data.readUInt32BE(start) & 0x7fffffff;
    if (streamId === 0) {
      if (increment === 0) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
      this.flow.growConnection(increment);
      // New streams may have waited for this window, not only bodies already started.
      if (!this.draining) this.writableSoon();
    } else {
      this.known(streamId, 'WINDOW_UPDATE');
      // 0 is a stream error (§6.9) on a stream still open, its body sent or not; on a closed one it is dropped.
      if (increment === 0) return this.streamError(streamId, ErrorCode.PROTOCOL_ERROR, 'WINDOW_UPDATE of 0');
      if (!this.flow.growStream(streamId, increment)) return this.streamError(streamId, ErrorCode.FLOW_CONTROL_ERROR, 'window above 2^31-1');
    }
    this.sendPending();
  }

  /** The bodies that waited go as far as the windows now allow; the owner hears when none waits. */
  private sendPending() {
    if (this.flow.resume()) this.writableSoon();
  }
}
