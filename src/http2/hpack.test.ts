// RFC 7541 Appendix C's examples, byte for byte, and the Huffman table against Appendix B.
import { describe, expect, it } from 'vitest';
import { CompressionError, HpackDecoder } from './hpack-decoder.ts';
import { HpackEncoder, stringLiteral, writeInteger } from './hpack-encoder.ts';
import { CODES, huffmanDecode, huffmanEncode, huffmanLength, LENGTHS } from './huffman.ts';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

function decodeAll(decoder: HpackDecoder, block: Buffer) {
  const out: string[] = [];
  decoder.decode(block, 0, block.length, out);
  const pairs: [string, string][] = [];
  for (let i = 0; i < out.length; i += 2) pairs.push([out[i]!, out[i + 1]!]);
  return pairs;
}

describe('Huffman code (RFC 7541 Appendix B)', () => {
  it('derives the RFC table from the code lengths', () => {
    // A few rows of Appendix B: (symbol, code as hex, length).
    const rows: [number, number, number][] = [
      [0, 0x1ff8, 13], [1, 0x7fffd8, 23], [10, 0x3ffffffc, 30], [32, 0x14, 6], [47, 0x18, 6], [48, 0x0, 5], [97, 0x3, 5],
      [127, 0xffffffc, 28], [128, 0xfffe6, 20], [195, 0x7fff1, 19], [220, 0xffffffd, 28], [255, 0x3ffffee, 26], [256, 0x3fffffff, 30],
    ];
    for (const [symbol, code, length] of rows) expect([symbol, CODES[symbol], LENGTHS[symbol]]).toEqual([symbol, code, length]);
    // A complete prefix code: the Kraft sum is exactly 1.
    expect([...LENGTHS].reduce((sum, length) => sum + 2 ** -length, 0)).toBe(1);
  });

  it('encodes and decodes every byte value', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const out = Buffer.alloc(huffmanLength(all));
    expect(huffmanEncode(all, out, 0)).toBe(out.length);
    expect(Buffer.from(huffmanDecode(out, 0, out.length), 'latin1')).toEqual(all);
  });

  it('refuses EOS, long padding and padding that is not all ones', () => {
    expect(() => huffmanDecode(hex('ffffffff'), 0, 4)).toThrow(/EOS|padding/); // EOS is 30 ones
    expect(() => huffmanDecode(hex('1fff'), 0, 2)).toThrow(/padding/); // '0' (00000) then 11 bits of padding
    expect(() => huffmanDecode(hex('00'), 0, 1)).toThrow(/padding/); // '0' then 000: not EOS's prefix
  });
});

describe('HPACK (RFC 7541 Appendix C)', () => {
  it('C.1: integers', () => {
    const out = Buffer.alloc(8);
    expect(out.subarray(0, writeInteger(out, 0, 10, 5, 0))).toEqual(hex('0a'));
    expect(out.subarray(0, writeInteger(out, 0, 1337, 5, 0))).toEqual(hex('1f9a0a'));
    expect(out.subarray(0, writeInteger(out, 0, 42, 8, 0))).toEqual(hex('2a'));
  });

  it('C.2: one field of each representation', () => {
    let decoder = new HpackDecoder();
    expect(decodeAll(decoder, hex('400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572'))).toEqual([['custom-key', 'custom-header']]);
    expect([decoder.tableSize, decoder.entries()]).toEqual([55, [['custom-key', 'custom-header']]]);
    decoder = new HpackDecoder();
    expect(decodeAll(decoder, hex('040c 2f73 616d 706c 652f 7061 7468'))).toEqual([[':path', '/sample/path']]);
    expect(decoder.tableEntries).toBe(0);
    expect(decodeAll(decoder, hex('1008 7061 7373 776f 7264 0673 6563 7265 74'))).toEqual([['password', 'secret']]);
    expect(decoder.tableEntries).toBe(0);
    expect(decodeAll(decoder, hex('82'))).toEqual([[':method', 'GET']]);
  });

  const requests: [string, [string, string][], number][] = [
    ['8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d', [[':method', 'GET'], [':scheme', 'http'], [':path', '/'], [':authority', 'www.example.com']], 57],
    ['8286 84be 5808 6e6f 2d63 6163 6865', [[':method', 'GET'], [':scheme', 'http'], [':path', '/'], [':authority', 'www.example.com'], ['cache-control', 'no-cache']], 110],
    ['8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65', [[':method', 'GET'], [':scheme', 'https'], [':path', '/index.html'], [':authority', 'www.example.com'], ['custom-key', 'custom-value']], 164],
  ];
  const huffmanRequests = [
    '8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff',
    '8286 84be 5886 a8eb 1064 9cbf',
    '8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf',
  ];

  it('C.3 and C.4: three requests on one connection, without and with Huffman coding', () => {
    for (const blocks of [requests.map(([block]) => block), huffmanRequests]) {
      const decoder = new HpackDecoder();
      blocks.forEach((block, i) => {
        expect(decodeAll(decoder, hex(block))).toEqual(requests[i]![1]);
        expect(decoder.tableSize).toBe(requests[i]![2]);
      });
      expect(decoder.entries()).toEqual([['custom-key', 'custom-value'], ['cache-control', 'no-cache'], [':authority', 'www.example.com']]);
    }
  });

  const first: [string, string][] = [[':status', '302'], ['cache-control', 'private'], ['date', 'Mon, 21 Oct 2013 20:13:21 GMT'], ['location', 'https://www.example.com']];
  const responses: [string, [string, string][], [string, string][]][] = [
    ['4803 3330 3258 0770 7269 7661 7465 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3120 474d 546e 1768 7474 7073 3a2f 2f77 7777 2e65 7861 6d70 6c65 2e63 6f6d',
      first, [first[3]!, first[2]!, first[1]!, first[0]!]],
    ['4803 3330 37c1 c0bf', [[':status', '307'], ...first.slice(1)], [[':status', '307'], first[3]!, first[2]!, first[1]!]],
    ['88c1 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3220 474d 54c0 5a04 677a 6970 7738 666f 6f3d 4153 444a 4b48 514b 425a 584f 5157 454f 5049 5541 5851 5745 4f49 553b 206d 6178 2d61 6765 3d33 3630 303b 2076 6572 7369 6f6e 3d31',
      [[':status', '200'], ['cache-control', 'private'], ['date', 'Mon, 21 Oct 2013 20:13:22 GMT'], ['location', 'https://www.example.com'], ['content-encoding', 'gzip'], ['set-cookie', 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1']],
      [['set-cookie', 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1'], ['content-encoding', 'gzip'], ['date', 'Mon, 21 Oct 2013 20:13:22 GMT']]],
  ];
  const huffmanResponses = [
    '4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6 2d1b ff6e 919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3',
    '4883 640e ffc1 c0bf',
    '88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad 94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07',
  ];

  it('C.5 and C.6: three responses in a 256-octet table, with evictions, without and with Huffman coding', () => {
    for (const blocks of [responses.map(([block]) => block), huffmanResponses]) {
      const decoder = new HpackDecoder(256);
      blocks.forEach((block, i) => {
        expect(decodeAll(decoder, hex(block))).toEqual(responses[i]![1]);
        expect(decoder.entries()).toEqual(responses[i]![2]);
      });
      expect(decoder.tableSize).toBe(215);
    }
  });

  it('fills one reused array with exactly each block\'s fields, fewer or more than it held', () => {
    const out = ['stale', 'entries', 'from', 'an', 'earlier', 'block', 'of', 'five', 'fields', '!'];
    const decoder = new HpackDecoder(256);
    for (const [block, fields] of responses) {
      decoder.decode(hex(block), 0, hex(block).length, out);
      expect(out).toEqual(fields.flat());
    }
  });

  it('C.4 and C.6 strings are what the encoder writes', () => {
    expect(stringLiteral('www.example.com')).toEqual(hex('8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff'));
    expect(stringLiteral('no-cache')).toEqual(hex('86a8 eb10 649c bf'));
    expect(stringLiteral('foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1')).toEqual(
      hex('ad94 e782 1dd7 f2e6 c7b3 35df dfcd 5b39 60d5 af27 087f 3672 c1ab 270f b529 1f95 8731 6065 c003 ed4e e5b1 063d 5007'),
    );
  });

  it('size updates: within the limit, at the start only; errors are compression errors', () => {
    const decoder = new HpackDecoder(4096);
    decodeAll(decoder, hex('400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572'));
    expect(decodeAll(decoder, hex('20 3fe1 1f'))).toEqual([]); // to 0 (evicts all), then to 4096
    expect(decoder.tableEntries).toBe(0);
    expect(() => decodeAll(new HpackDecoder(4096), hex('3fe2 1f'))).toThrow(CompressionError); // 4097 > limit
    expect(() => decodeAll(new HpackDecoder(), hex('82 20'))).toThrow(/after a header field/);
    expect(() => decodeAll(new HpackDecoder(), hex('80'))).toThrow(/index 0/);
    expect(() => decodeAll(new HpackDecoder(), hex('be'))).toThrow(/not in the table/);
    expect(() => decodeAll(new HpackDecoder(), hex('400a 6375'))).toThrow(/past the header block/);
    expect(() => decodeAll(new HpackDecoder(), hex('ff ffff ffff 0f'))).toThrow(/too large/);
    // Continuation octets that add nothing, on and on: refused, not run until the arithmetic breaks.
    expect(() => decodeAll(new HpackDecoder(), Buffer.concat([hex('ff'), Buffer.alloc(150, 0x80), hex('01')]))).toThrow(/too long/);
    expect(() => decodeAll(new HpackDecoder(), Buffer.concat([hex('7f'), Buffer.alloc(150, 0x80), hex('01')]))).toThrow(/too long/);
  });

  it('the encoder keeps to what the peer table holds: indexed after the first use, re-added after an eviction or a size change', () => {
    const encoder = new HpackEncoder(4096);
    const decoder = new HpackDecoder(4096);
    const roundTrip = (fields: [string, string, boolean][]) => {
      const parts: Buffer[] = [Buffer.alloc(8)];
      parts[0] = parts[0]!.subarray(0, encoder.writeStart(parts[0]!, 0));
      for (const [name, value, index] of fields) parts.push(encoder.field(name, value, index));
      const block = Buffer.concat(parts);
      return { block, decoded: decodeAll(decoder, block) };
    };
    const fields: [string, string, boolean][] = [[':authority', 'api.push.apple.com', true], ['apns-topic', 'com.example.app', true], ['apns-id', 'x', false]];
    const once = roundTrip(fields);
    expect(once.decoded).toEqual(fields.map(([n, v]) => [n, v]));
    const again = roundTrip(fields);
    expect(again.decoded).toEqual(fields.map(([n, v]) => [n, v]));
    expect(again.block.length).toBeLessThan(once.block.length - 20);
    expect(again.block.subarray(0, 2)).toEqual(Buffer.from([0x80 | 63, 0x80 | 62])); // both by index
    // The peer shrinks its table: a size update opens the next block and the fields go in again.
    encoder.setMaxSize(64);
    const small = roundTrip([['apns-topic', 'com.example.app', true]]);
    expect(small.block[0]! & 0xe0).toBe(0x20);
    expect(small.decoded).toEqual([['apns-topic', 'com.example.app']]);
    // The older :authority entry was evicted on both sides; apns-topic (57 octets) still fits and is used by index.
    expect(decoder.entries()).toEqual([['apns-topic', 'com.example.app']]);
    expect(small.block.at(-1)).toBe(0x80 | 62);
    encoder.setMaxSize(100);
    expect(roundTrip([['apns-push-type', 'alert', true]]).decoded).toEqual([['apns-push-type', 'alert']]);
    expect(decoder.entries()).toEqual([['apns-topic', 'com.example.app']]); // 51 octets > half of 100: a literal, not added
    // Many new values: old entries fall out of both tables alike.
    encoder.setMaxSize(4096);
    for (let i = 0; i < 300; i += 1) expect(roundTrip([['authorization', `bearer ${i}`.padEnd(100, 'x'), true], ['apns-topic', 'com.example.app', true]]).decoded[0]![1]).toMatch(/^bearer /);
    expect(decoder.entries().length).toBeLessThanOrEqual(4096 / 132 + 1);
  });
});
