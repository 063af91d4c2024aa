// HTTP/2 frames (RFC 9113 §4 and §6): the constants, writing a frame's header, reading frames out of a byte stream
// that arrives in pieces of any size, and a padded frame's padding.

export const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
export const FRAME_HEADER = 9;
export const DEFAULT_MAX_FRAME = 16_384;
export const MAX_WINDOW = 2 ** 31 - 1;
export const DEFAULT_WINDOW = 65_535;

export const enum FrameType {
  DATA = 0x0,
  HEADERS = 0x1,
  PRIORITY = 0x2,
  RST_STREAM = 0x3,
  SETTINGS = 0x4,
  PUSH_PROMISE = 0x5,
  PING = 0x6,
  GOAWAY = 0x7,
  WINDOW_UPDATE = 0x8,
  CONTINUATION = 0x9,
}

export const enum Flag {
  END_STREAM = 0x1,
  ACK = 0x1,
  END_HEADERS = 0x4,
  PADDED = 0x8,
  PRIORITY = 0x20,
}

export const enum Setting {
  HEADER_TABLE_SIZE = 0x1,
  ENABLE_PUSH = 0x2,
  MAX_CONCURRENT_STREAMS = 0x3,
  INITIAL_WINDOW_SIZE = 0x4,
  MAX_FRAME_SIZE = 0x5,
  MAX_HEADER_LIST_SIZE = 0x6,
}

/** Error codes (§7). */
export const ErrorCode = {
  NO_ERROR: 0x0,
  PROTOCOL_ERROR: 0x1,
  INTERNAL_ERROR: 0x2,
  FLOW_CONTROL_ERROR: 0x3,
  SETTINGS_TIMEOUT: 0x4,
  STREAM_CLOSED: 0x5,
  FRAME_SIZE_ERROR: 0x6,
  REFUSED_STREAM: 0x7,
  CANCEL: 0x8,
  COMPRESSION_ERROR: 0x9,
  CONNECT_ERROR: 0xa,
  ENHANCE_YOUR_CALM: 0xb,
  INADEQUATE_SECURITY: 0xc,
  HTTP_1_1_REQUIRED: 0xd,
} as const;

const ERROR_NAMES = Object.fromEntries(Object.entries(ErrorCode).map(([name, code]) => [code, name]));
export const errorName = (code: number) => ERROR_NAMES[code] ?? `0x${code.toString(16)}`;

/** A connection error (§5.4.1): the connection is closed with GOAWAY and this code. */
export class ConnectionError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`${errorName(code)}: ${message}`);
  }
}

export function writeFrameHeader(out: Uint8Array, offset: number, length: number, type: number, flags: number, streamId: number) {
  out[offset] = length >>> 16;
  out[offset + 1] = (length >>> 8) & 0xff;
  out[offset + 2] = length & 0xff;
  out[offset + 3] = type;
  out[offset + 4] = flags;
  out[offset + 5] = (streamId >>> 24) & 0x7f;
  out[offset + 6] = (streamId >>> 16) & 0xff;
  out[offset + 7] = (streamId >>> 8) & 0xff;
  out[offset + 8] = streamId & 0xff;
  return offset + FRAME_HEADER;
}

/** How many octets a padded frame's payload ends with (§6.1); its pad-length octet comes first. */
export function padding(data: Buffer, start: number, end: number) {
  if (end - start < 1) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'padded frame without its pad length');
  const length = data[start]!;
  if (length >= end - start) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'padding as long as the frame');
  return length;
}

export interface FrameHandler {
  /** One whole frame: its payload is `data[start..end]`, valid only during the call. */
  frame(type: number, flags: number, streamId: number, data: Buffer, start: number, end: number): void;
}

/**
 * Cuts a byte stream into frames. A frame longer than `maxFrameSize` (what this side announced) is a
 * FRAME_SIZE_ERROR, thrown before its payload is waited for.
 */
export class FrameReader {
  private rest: Buffer | undefined = undefined;
  constructor(
    private readonly handler: FrameHandler,
    public maxFrameSize = DEFAULT_MAX_FRAME,
  ) {}

  push(chunk: Buffer) {
    let data = chunk;
    if (this.rest) {
      data = Buffer.concat([this.rest, chunk]);
      this.rest = undefined;
    }
    let at = 0;
    while (data.length - at >= FRAME_HEADER) {
      const length = (data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!;
      if (length > this.maxFrameSize) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, `a frame of ${length} octets (at most ${this.maxFrameSize})`);
      if (data.length - at < FRAME_HEADER + length) break;
      const type = data[at + 3]!;
      const flags = data[at + 4]!;
      const streamId = data.readUInt32BE(at + 5) & 0x7fffffff;
      const start = at + FRAME_HEADER;
      at = start + length;
      this.handler.frame(type, flags, streamId, data, start, at);
    }
    if (at < data.length) this.rest = data.subarray(at);
  }
}
