// SETTINGS (RFC 9113 §6.5) both ways: what this side announces as it opens, and the server's, kept to as they come,
// at any time (APNs lowers MAX_CONCURRENT_STREAMS after a rejected push).
import type { FlowControl } from './flow-control.ts';
import type { FrameWriter } from './frame-writer.ts';
import { ConnectionError, DEFAULT_MAX_FRAME, ErrorCode, Setting } from './frames.ts';
import type { HpackEncoder } from './hpack-encoder.ts';

/** The largest header list this side takes (SETTINGS_MAX_HEADER_LIST_SIZE): APNs answers carry a few short fields. */
export const MAX_HEADER_LIST = 64 * 1024;

/** This side's SETTINGS: no push, a larger window, no streams opened by the server, a bound on header lists. */
export function ownSettings(receiveWindow: number) {
  return [
    [Setting.ENABLE_PUSH, 0],
    [Setting.INITIAL_WINDOW_SIZE, receiveWindow],
    [Setting.MAX_CONCURRENT_STREAMS, 0],
    [Setting.MAX_HEADER_LIST_SIZE, MAX_HEADER_LIST],
  ] as const;
}

/** The server's settings, as this side keeps to them. */
export class PeerSettings {
  /** SETTINGS_MAX_CONCURRENT_STREAMS: how many streams this side may have open at once. */
  maxConcurrentStreams = Number.MAX_SAFE_INTEGER;

  constructor(
    private readonly encoder: HpackEncoder,
    private readonly flow: FlowControl,
    private readonly writer: FrameWriter,
  ) {}

  /** A SETTINGS frame's payload `data[start..end]`, each setting applied in turn (§6.5.1). */
  apply(data: Buffer, start: number, end: number) {
    forEachSetting(data, start, end, (id, value) => {
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
        case Setting.INITIAL_WINDOW_SIZE:
          this.flow.setInitialWindow(value);
          break;
        case Setting.MAX_FRAME_SIZE:
          this.writer.maxFrameSize = value;
          break;
        default:
        // MAX_HEADER_LIST_SIZE is advisory; unknown settings are ignored (§6.5.2).
      }
    });
  }
}

/**
 * Each setting of a SETTINGS payload `data[start..end]` in turn (§6.5.1), for either side: the payload's size and
 * SETTINGS_MAX_FRAME_SIZE's range are checked here, what each setting means is the caller's.
 */
export function forEachSetting(data: Buffer, start: number, end: number, apply: (id: number, value: number) => void) {
  if ((end - start) % 6 !== 0) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS not a multiple of 6 octets');
  for (let at = start; at < end; at += 6) {
    const id = data.readUInt16BE(at);
    const value = data.readUInt32BE(at + 2);
    if (id === Setting.MAX_FRAME_SIZE && (value < DEFAULT_MAX_FRAME || value > 2 ** 24 - 1)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, `SETTINGS_MAX_FRAME_SIZE of ${value}`);
    apply(id, value);
  }
}
