// The HPACK Huffman decoder as first written (src/http2/huffman.ts before it read four bits at a time): a walk down
// the code tree that huffman.ts derives from RFC 7541 Appendix B, one bit at a time, slow and plain. The differential
// test holds the fast decoder to it, and bench/push-path/huffman.ts measures one against the other.
import { EOS, HuffmanError, TREE } from '../../src/http2/huffman.ts';

export function referenceHuffmanDecode(data: Uint8Array, start: number, end: number): string {
  const out = Buffer.allocUnsafe(Math.ceil(((end - start) * 8) / 5));
  let written = 0;
  let node = 0;
  let depth = 0;
  let allOnes = true;
  for (let i = start; i < end; i += 1) {
    const byte = data[i]!;
    for (let bit = 7; bit >= 0; bit -= 1) {
      const one = (byte >>> bit) & 1;
      const next = TREE[2 * node + one]!;
      if (next < 0) {
        const symbol = -1 - next;
        if (symbol === EOS) throw new HuffmanError('EOS in a Huffman-coded string');
        out[written++] = symbol;
        node = 0;
        depth = 0;
        allOnes = true;
      } else if (next === 0) {
        throw new HuffmanError('invalid Huffman code');
      } else {
        node = next;
        depth += 1;
        allOnes &&= one === 1;
      }
    }
  }
  if (depth > 7 || !allOnes) throw new HuffmanError('invalid Huffman padding');
  return out.toString('latin1', 0, written);
}
