// Header blocks as they arrive (RFC 9113 §4.3, §6.2, §6.10): HEADERS without its padding and priority fields, and
// the CONTINUATION frames after it gathered up to the block's end, then decoded. A block is decoded whatever became
// of its stream: the decoder's table must keep in step with the server's.
import { ConnectionError, ErrorCode, Flag, padding } from './frames.ts';
import { HpackDecoder } from './hpack-decoder.ts';
import { MAX_HEADER_LIST } from './settings.ts';

export class HeaderBlocks {
  private readonly decoder = new HpackDecoder(4096, MAX_HEADER_LIST);
  /** A block arriving in CONTINUATION frames. */
  private continuing: { streamId: number; end: boolean; parts: Buffer[]; size: number } | undefined = undefined;
  /** The last whole block's fields, name, value, name, value...: one array for every block, valid until the next. */
  readonly fields: string[] = [];
  /** Whether the last whole block ended its stream (END_STREAM on its HEADERS). */
  endStream = false;

  /** A block has begun and not ended: nothing but its CONTINUATION may come now. */
  get inBlock() {
    return this.continuing !== undefined;
  }

  /** A HEADERS frame; true when it held a whole block, now decoded into `fields`. */
  headers(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    let from = start;
    let to = end;
    if (flags & Flag.PADDED) {
      to -= padding(data, start, end);
      from += 1;
    }
    if (flags & Flag.PRIORITY) {
      if (to - from < 5) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'HEADERS too short for its priority');
      from += 5;
    }
    const endStream = (flags & Flag.END_STREAM) !== 0;
    if (!(flags & Flag.END_HEADERS)) {
      this.continuing = { streamId, end: endStream, parts: [Buffer.from(data.subarray(from, to))], size: to - from };
      return false;
    }
    this.decode(endStream, data, from, to);
    return true;
  }

  /** A CONTINUATION frame; true when it ended its block, now decoded into `fields`. */
  continuation(flags: number, streamId: number, data: Buffer, start: number, end: number) {
    const continuing = this.continuing;
    if (!continuing || continuing.streamId !== streamId) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'CONTINUATION without a header block to continue');
    continuing.parts.push(Buffer.from(data.subarray(start, end)));
    continuing.size += end - start;
    // A header block is bounded before it ends, not only once decoded (a CONTINUATION flood).
    if (continuing.size > 2 * MAX_HEADER_LIST) throw new ConnectionError(ErrorCode.ENHANCE_YOUR_CALM, 'a header block longer than this side takes');
    if (!(flags & Flag.END_HEADERS)) return false;
    this.continuing = undefined;
    const block = Buffer.concat(continuing.parts);
    this.decode(continuing.end, block, 0, block.length);
    return true;
  }

  private decode(endStream: boolean, data: Buffer, start: number, end: number) {
    this.decoder.decode(data, start, end, this.fields);
    this.endStream = endStream;
  }
}
