// The four-bits-at-a-time Huffman decoder against the plain bit-by-bit one, on every kind of input a server could
// send: encoded strings of every byte value and length, the same with their last octets cut or changed, and random
// octets, most of which are not valid codes. Same text, or both refuse it.
import { describe, expect, it } from 'vitest';
import { huffmanDecode, huffmanEncode, HuffmanError, huffmanLength } from '../src/http2/huffman.ts';
import { referenceHuffmanDecode } from './support/huffman-reference.ts';

/** What a decoder makes of `data`: its text, or that it refused it, and with which of the two errors. */
function outcome(decode: (data: Uint8Array, start: number, end: number) => string, data: Uint8Array, start = 0, end = data.length) {
  try {
    return { text: decode(data, start, end) };
  } catch (error) {
    if (!(error instanceof HuffmanError)) throw error;
    return { refused: /padding/.test(error.message) ? 'padding' : 'EOS' };
  }
}

function encode(text: Uint8Array) {
  const out = Buffer.alloc(huffmanLength(text));
  huffmanEncode(text, out, 0);
  return out;
}

/** A small seeded generator, so that a failure names inputs that can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('Huffman decoding, four bits at a time', () => {
  it('decodes what the encoder wrote, for every byte value at every position and strings up to 200 octets', () => {
    const next = random(1);
    for (let length = 0; length <= 200; length += 1) {
      for (let round = 0; round < 20; round += 1) {
        const text = Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));
        const coded = encode(text);
        expect(huffmanDecode(coded, 0, coded.length)).toBe(text.toString('latin1'));
      }
    }
    for (let byte = 0; byte < 256; byte += 1) {
      for (const text of [[byte], [byte, byte], [97, byte, 98], [byte, 48, 48, 48]]) {
        const coded = encode(Buffer.from(text));
        expect(Buffer.from(huffmanDecode(coded, 0, coded.length), 'latin1')).toEqual(Buffer.from(text));
      }
    }
  });

  it('decodes from the middle of a buffer, and a string longer than its scratch space', () => {
    const text = Buffer.from('x'.repeat(9000) + 'apns-id: 6f1e2d3c-4b5a-5968-8776-655443322110');
    const coded = encode(text);
    const framed = Buffer.concat([Buffer.from([0xff, 0x00, 0x13]), coded, Buffer.from([0x00, 0xff])]);
    expect(huffmanDecode(framed, 3, 3 + coded.length)).toBe(text.toString('latin1'));
    const short = encode(Buffer.from('200'));
    expect(huffmanDecode(short, 0, short.length)).toBe('200');
  });

  it('agrees with the bit-by-bit decoder on cut, changed and random octets, refusals included', () => {
    const next = random(2);
    let refused = 0;
    let decoded = 0;
    const check = (data: Uint8Array) => {
      const expected = outcome(referenceHuffmanDecode, data);
      expect(outcome(huffmanDecode, data), data.toString()).toEqual(expected);
      if ('refused' in expected) refused += 1;
      else decoded += 1;
    };
    for (let round = 0; round < 20_000; round += 1) {
      const length = 1 + Math.floor(next() * 40);
      const text = Buffer.from(Array.from({ length }, () => Math.floor(next() * (round % 2 ? 256 : 128))));
      const coded = encode(text);
      // Cut anywhere: a code split mid-way, or padding longer than 7 bits.
      check(coded.subarray(0, Math.floor(next() * (coded.length + 1))));
      // One octet changed: another code, EOS, or padding that is not all ones.
      const changed = Buffer.from(coded);
      changed[Math.floor(next() * changed.length)] = Math.floor(next() * 256);
      check(changed);
      // Ones appended: EOS's prefix as padding, too long once it passes 7 bits, EOS itself at 30.
      check(Buffer.concat([coded, Buffer.alloc(Math.floor(next() * 5), 0xff)]));
      check(Buffer.from(Array.from({ length: Math.floor(next() * 12) }, () => Math.floor(next() * 256))));
    }
    // Both kinds of input came up often enough to mean something.
    expect(refused).toBeGreaterThan(10_000);
    expect(decoded).toBeGreaterThan(10_000);
  });
});
