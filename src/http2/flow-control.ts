// Flow control (RFC 9113 §5.2, §6.9) both ways: request bodies go out as far as the server's windows allow and the
// rest waits for its WINDOW_UPDATEs and SETTINGS; the DATA this side receives is given back as it is read.
import { ConnectionError, DEFAULT_WINDOW, ErrorCode, MAX_WINDOW } from './frames.ts';
import type { FrameWriter } from './frame-writer.ts';

/** Held back by flow control: the part of a request body still to send, and its stream's window. */
interface PendingBody {
  body: Buffer;
  offset: number;
  window: number;
}

export class FlowControl {
  /** Streams whose body waits for a window, in the order they opened. */
  private readonly pending = new Map<number, PendingBody>();
  /** The connection's send window: what the server lets this side send on all its streams together. */
  sendWindow = DEFAULT_WINDOW;
  /** The server's SETTINGS_INITIAL_WINDOW_SIZE: each new stream's send window. */
  private initialWindow = DEFAULT_WINDOW;
  /** DATA octets received and not yet given back. */
  private received = 0;

  constructor(
    private readonly writer: FrameWriter,
    /** This side's receive window for the connection. */
    private readonly receiveWindow: number,
  ) {}

  /** Bodies waiting for a window. */
  get waiting() {
    return this.pending.size;
  }

  /** A new stream's body: sent as far as the windows allow; the rest waits. */
  send(streamId: number, body: Buffer) {
    const length = body.length;
    // The usual body fits in one frame and both windows: nothing is kept for it.
    if (length <= this.initialWindow && length <= this.sendWindow && length <= this.writer.maxFrameSize) {
      this.writer.data(streamId, body, 0, length, true);
      this.sendWindow -= length;
      return;
    }
    const pending: PendingBody = { body, offset: 0, window: this.initialWindow };
    if (!this.sendBody(streamId, pending)) this.pending.set(streamId, pending);
  }

  /** Sends the bodies that wait, in order, as far as the windows now allow; true when the last of them has gone. */
  resume() {
    if (!this.pending.size) return false;
    for (const [streamId, pending] of this.pending) {
      if (!this.sendBody(streamId, pending)) break;
      this.pending.delete(streamId);
    }
    return this.pending.size === 0;
  }

  /** The stream ended or was reset: what of its body waits is dropped. True when something did. */
  drop(streamId: number) {
    return this.pending.delete(streamId);
  }

  clear() {
    this.pending.clear();
  }

  /** The server's SETTINGS_INITIAL_WINDOW_SIZE: every waiting stream's window moves by the difference, below zero too (§6.9.2). */
  setInitialWindow(value: number) {
    if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, `SETTINGS_INITIAL_WINDOW_SIZE of ${value}`);
    const delta = value - this.initialWindow;
    this.initialWindow = value;
    for (const pending of this.pending.values()) {
      pending.window += delta;
      if (pending.window > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'a stream window above 2^31-1 after SETTINGS_INITIAL_WINDOW_SIZE');
    }
  }

  /** WINDOW_UPDATE on stream 0. */
  growConnection(increment: number) {
    this.sendWindow += increment;
    if (this.sendWindow > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'connection window above 2^31-1');
  }

  /**
   * WINDOW_UPDATE on a stream; false when its window went above 2^31-1 (a stream error). Only a stream whose body
   * waits keeps a window: once the body has gone, no window matters to this side.
   */
  growStream(streamId: number, increment: number) {
    const pending = this.pending.get(streamId);
    if (!pending) return true;
    pending.window += increment;
    return pending.window <= MAX_WINDOW;
  }

  /** DATA of `length` octets received, padding included (§6.9.1): given back once half the window is used. */
  receive(length: number) {
    this.received += length;
    if (this.received > this.receiveWindow) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'DATA beyond the connection window');
    if (this.received >= this.receiveWindow / 2) {
      this.writer.windowUpdate(0, this.received);
      this.received = 0;
    }
  }

  /** Sends as much of a body as the windows allow; true when all of it went. */
  private sendBody(streamId: number, pending: PendingBody) {
    while (pending.offset < pending.body.length) {
      const length = Math.min(pending.body.length - pending.offset, this.writer.maxFrameSize, pending.window, this.sendWindow);
      if (length <= 0) return false;
      this.writer.data(streamId, pending.body, pending.offset, length, pending.offset + length === pending.body.length);
      pending.offset += length;
      pending.window -= length;
      this.sendWindow -= length;
    }
    return true;
  }
}
