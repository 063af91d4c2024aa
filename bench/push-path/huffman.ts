// What decoding an APNs answer's apns-id costs: the Huffman-coded UUID that the server's encoder sends with every
// answer (nghttp2 codes it whenever that is shorter), decoded by Clarion's decoder (src/http2/huffman.ts, four bits
// at a time) and by the bit-by-bit decoder it replaced (test/support/huffman-reference.ts), in alternating rounds
// of the same process. Prints ns a string and the ratio, median of the rounds.
//   node --import tsx bench/push-path/huffman.ts [rounds=7] [strings=1000000]
import { randomUUID } from 'node:crypto';
import { huffmanDecode, huffmanEncode, huffmanLength } from '../../src/http2/huffman.ts';
import { referenceHuffmanDecode } from '../../test/support/huffman-reference.ts';

const rounds = Number(process.argv[2] ?? 7);
const strings = Number(process.argv[3] ?? 1_000_000);
// 1,000 distinct ids, coded as a server sends them.
const coded = Array.from({ length: 1000 }, () => {
  const text = Buffer.from(randomUUID(), 'latin1');
  const out = Buffer.alloc(huffmanLength(text));
  huffmanEncode(text, out, 0);
  return out;
});

function time(decode: (data: Uint8Array, start: number, end: number) => string) {
  let length = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < strings; i += 1) {
    const data = coded[i % coded.length]!;
    length += decode(data, 0, data.length).length;
  }
  const ns = Number(process.hrtime.bigint() - started) / strings;
  if (length !== 36 * strings) throw new Error('a decoder lost characters');
  return ns;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
time(huffmanDecode);
time(referenceHuffmanDecode);
const fast: number[] = [];
const plain: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  fast.push(time(huffmanDecode));
  plain.push(time(referenceHuffmanDecode));
}
console.log(`Huffman-coded apns-id (${coded[0]!.length} octets to 36 characters), ${strings} strings a round, ${rounds} rounds, node ${process.version}`);
console.log(`  four bits at a time: ${median(fast).toFixed(1)} ns a string (${fast.map((v) => v.toFixed(0)).join(' ')})`);
console.log(`  bit by bit:          ${median(plain).toFixed(1)} ns a string (${plain.map((v) => v.toFixed(0)).join(' ')})`);
console.log(`  ratio: ${(median(fast) / median(plain)).toFixed(3)} (rounds alternate, so a noisy neighbour weighs on both)`);
