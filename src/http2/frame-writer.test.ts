// The header block as the writer frames it: one HEADERS frame, or HEADERS and CONTINUATION frames no longer than the
// server's SETTINGS_MAX_FRAME_SIZE, whose payloads put together are the block, octet for octet.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FrameWriter } from './frame-writer.ts';
import { Flag, FRAME_HEADER, FrameType } from './frames.ts';

/** The frames in `octets`: type, flags, stream id and payload. */
function framesOf(octets: Buffer) {
  const frames: { type: number; flags: number; streamId: number; payload: Buffer }[] = [];
  for (let at = 0; at < octets.length; ) {
    const length = octets.readUIntBE(at, 3);
    frames.push({ type: octets[at + 3]!, flags: octets[at + 4]!, streamId: octets.readUInt32BE(at + 5) & 0x7fffffff, payload: octets.subarray(at + FRAME_HEADER, at + FRAME_HEADER + length) });
    at += FRAME_HEADER + length;
  }
  return frames;
}

describe('FrameWriter.headers', () => {
  it.each([
    ['a push-sized block, with no body', 140, 16_384, true],
    ['a block of exactly one frame', 16_384, 16_384, false],
    ['a block one frame and a short piece long', 16_484, 16_384, false],
    ['a block of several frames', 40_000, 16_384, true],
  ])('%s (%i octets, frames of %i)', (_name, size, maxFrameSize, endStream) => {
    // Taken from the middle of a larger buffer, as a push's block is written into a reused scratch buffer.
    const scratch = randomBytes(size + 300);
    const block = scratch.subarray(0, size + 100);
    const writer = new FrameWriter();
    writer.maxFrameSize = maxFrameSize;
    writer.headers(7, block, size, endStream);
    const frames = framesOf(Buffer.from(writer.take()));
    expect(frames.map((frame) => frame.type)).toEqual([FrameType.HEADERS, ...Array(Math.ceil(size / maxFrameSize) - 1).fill(FrameType.CONTINUATION)]);
    expect(frames.every((frame) => frame.streamId === 7 && frame.payload.length <= maxFrameSize)).toBe(true);
    expect(Buffer.concat(frames.map((frame) => frame.payload)).equals(block.subarray(0, size))).toBe(true);
    // END_HEADERS on the last frame only; END_STREAM on the HEADERS frame only, when asked.
    expect(frames.map((frame) => (frame.flags & Flag.END_HEADERS) !== 0)).toEqual(frames.map((_, i) => i === frames.length - 1));
    expect(frames.map((frame) => (frame.flags & Flag.END_STREAM) !== 0)).toEqual(frames.map((_, i) => i === 0 && endStream));
  });

  it('writes one push after another into the same buffer without mixing their blocks', () => {
    const writer = new FrameWriter();
    const blocks = Array.from({ length: 1000 }, () => randomBytes(100 + Math.floor(Math.random() * 100)));
    blocks.forEach((block, i) => writer.headers(2 * i + 1, block, block.length, true));
    const frames = framesOf(Buffer.from(writer.take()));
    expect(frames.map((frame) => frame.streamId)).toEqual(blocks.map((_, i) => 2 * i + 1));
    expect(frames.every((frame, i) => frame.payload.equals(blocks[i]!))).toBe(true);
  });
});
