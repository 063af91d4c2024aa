// The bodies a server connection (./server-connection.ts) sends, kept to the client's flow-control windows (RFC 9113
// §6.9): what does not fit waits, whole or in part, for the client's WINDOW_UPDATE. The answers are short JSON, so
// nearly always a body goes at once; a stream is tracked only while some of its body waits.
import type { FrameWriter } from './frame-writer.ts';
import { ConnectionError, DEFAULT_WINDOW, ErrorCode, MAX_WINDOW } from './frames.ts';

interface Waiting {
  window: number;
  body: Buffer;
  offset: number;
}

export class OutgoingBodies {
  private connectionWindow = DEFAULT_WINDOW;
  /** The client's SETTINGS_INITIAL_WINDOW_SIZE: each stream's send window as it opens. */
  private initialWindow = DEFAULT_WINDOW;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly writer: FrameWriter) {}

  /** Sends `body` on `streamId` (its HEADERS already written), as far as the windows allow; the rest waits. */
  send(streamId: number, body: Buffer) {
    const entry: Waiting = { window: this.initialWindow, body, offset: 0 };
    if (!this.pump(streamId, entry)) this.waiting.set(streamId, entry);
  }

  /** A new SETTINGS_INITIAL_WINDOW_SIZE changes every stream's window by the difference (§6.9.2). */
  setInitialWindow(value: number) {
    if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, `SETTINGS_INITIAL_WINDOW_SIZE of ${value}`);
    const delta = value - this.initialWindow;
    this.initialWindow = value;
    for (const entry of this.waiting.values()) entry.window += delta;
    this.pumpAll();
  }

  windowUpdate(streamId: number, increment: number) {
    if (streamId === 0) {
      this.connectionWindow += increment;
      if (this.connectionWindow > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'a connection window past 2^31-1');
      return this.pumpAll();
    }
    // A stream with nothing waiting keeps no window here: its next body starts from the initial one, never more.
    const entry = this.waiting.get(streamId);
    if (!entry) return;
    entry.window += increment;
    if (this.pump(streamId, entry)) this.waiting.delete(streamId);
  }

  drop(streamId: number) {
    this.waiting.delete(streamId);
  }

  private pumpAll() {
    for (const [streamId, entry] of this.waiting) if (this.pump(streamId, entry)) this.waiting.delete(streamId);
  }

  /** Writes what the windows allow of the body; true when all of it has gone (its last frame ends the stream). */
  private pump(streamId: number, entry: Waiting) {
    const { body } = entry;
    if (!body.length) {
      this.writer.data(streamId, body, 0, 0, true);
      return true;
    }
    while (entry.offset < body.length) {
      const length = Math.min(body.length - entry.offset, entry.window, this.connectionWindow, this.writer.maxFrameSize);
      if (length <= 0) return false;
      const last = entry.offset + length === body.length;
      this.writer.data(streamId, body, entry.offset, length, last);
      entry.offset += length;
      entry.window -= length;
      this.connectionWindow -= length;
    }
    return true;
  }
}
