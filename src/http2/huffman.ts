// HPACK's static Huffman code (RFC 7541 Appendix B). The code is canonical: codes of the same length are
// consecutive in symbol order, so the table is the 257 code lengths; the codes are derived from them (and the
// tests check a few against the RFC's table and every Huffman example of Appendix C).

/** Code length in bits of symbols 0..255 and EOS (256), in runs: [length, count]. */
const RUNS = [
  [13, 1], [23, 1], [28, 7], [24, 1], [30, 1], [28, 2], [30, 1], [28, 8], [30, 1], [28, 9],
  [6, 1], [10, 2], [12, 1], [13, 1], [6, 1], [8, 1], [11, 1], [10, 2], [8, 1], [11, 1], [8, 1], [6, 3], [5, 3], [6, 7],
  [7, 1], [8, 1], [15, 1], [6, 1], [12, 1], [10, 1], [13, 1], [6, 1], [7, 22], [8, 1], [7, 1], [8, 1], [13, 1], [19, 1],
  [13, 1], [14, 1], [6, 1], [15, 1], [5, 1], [6, 1], [5, 1], [6, 1], [5, 1], [6, 3], [5, 1], [7, 2], [6, 3], [5, 1],
  [6, 1], [7, 1], [6, 1], [5, 2], [6, 1], [7, 5], [15, 1], [11, 1], [14, 1], [13, 1], [28, 1],
  [20, 1], [22, 1], [20, 2], [22, 3], [23, 1], [22, 1], [23, 5], [24, 1], [23, 1], [24, 2], [22, 1], [23, 1], [24, 1],
  [23, 4], [21, 1], [22, 1], [23, 1], [22, 1], [23, 2], [24, 1], [22, 1], [21, 1], [20, 1], [22, 2], [23, 2], [21, 1],
  [23, 1], [22, 2], [24, 1], [21, 1], [22, 1], [23, 2], [21, 2], [22, 1], [21, 1], [23, 1], [22, 1], [23, 2], [20, 1],
  [22, 3], [23, 1], [22, 2], [23, 1], [26, 2], [20, 1], [19, 1], [22, 1], [23, 1], [22, 1], [25, 1], [26, 3], [27, 2],
  [26, 1], [24, 1], [25, 1], [19, 1], [21, 1], [26, 1], [27, 2], [26, 1], [27, 1], [24, 1], [21, 2], [26, 2], [28, 1],
  [27, 3], [20, 1], [24, 1], [20, 1], [21, 1], [22, 1], [21, 2], [23, 1], [22, 2], [25, 2], [24, 2], [26, 1], [23, 1],
  [26, 1], [27, 1], [26, 2], [27, 5], [28, 1], [27, 5], [26, 1], [30, 1],
] as const;

export const EOS = 256;
export const LENGTHS = new Uint8Array(257);
export const CODES = new Uint32Array(257);
{
  let symbol = 0;
  for (const [length, count] of RUNS) for (let i = 0; i < count; i += 1) LENGTHS[symbol++] = length;
  if (symbol !== 257) throw new Error(`Huffman table has ${symbol} symbols`);
  // Canonical assignment: by length, then symbol.
  const order = [...LENGTHS.keys()].sort((a, b) => LENGTHS[a]! - LENGTHS[b]! || a - b);
  let code = 0;
  let length = LENGTHS[order[0]!]!;
  for (const s of order) {
    code <<= LENGTHS[s]! - length;
    length = LENGTHS[s]!;
    CODES[s] = code;
    code += 1;
  }
}

// The decoding tree: node n's children are TREE[2n] (bit 0) and TREE[2n+1] (bit 1); a child >= 0 is another node,
// -1 - s a leaf for symbol s, and 0 (never a child: node 0 is the root) a missing branch. The code is complete (its
// Kraft sum is 1), so the tree has exactly 256 inner nodes and no missing branch. Exported for the bit-by-bit
// decoder that the tests hold the table below to (test/support/huffman-reference.ts).
export const TREE = new Int32Array(2 * 512);
let innerNodes = 1;
for (let s = 0; s <= EOS; s += 1) {
  let node = 0;
  for (let bit = LENGTHS[s]! - 1; bit >= 0; bit -= 1) {
    const slot = 2 * node + ((CODES[s]! >>> bit) & 1);
    if (bit === 0) TREE[slot] = -1 - s;
    else node = TREE[slot] || (TREE[slot] = innerNodes++);
  }
}
if (innerNodes !== 256) throw new Error(`Huffman tree has ${innerNodes} inner nodes`);

// Decoding four bits at a time, as nghttp2 does: STEP[16 * node + nibble] is where those bits lead from inner node
// `node`: the node reached (bits 0-7), the symbol completed on the way (bits 8-16) if EMIT, or FAIL for EOS. No code
// is shorter than 5 bits, so four bits complete at most one symbol. END_OK marks the nodes a string may end on: the
// root, or 1 to 7 bits of EOS's all-ones prefix (RFC 7541 §5.2's padding).
const EMIT = 1 << 17;
const FAIL = 1 << 18;
const STEP = new Int32Array(16 * innerNodes);
const END_OK = new Uint8Array(innerNodes);
for (let start = 0; start < innerNodes; start += 1) {
  for (let nibble = 0; nibble < 16; nibble += 1) {
    let node = start;
    let step = 0;
    for (let bit = 3; bit >= 0; bit -= 1) {
      const next = TREE[2 * node + ((nibble >>> bit) & 1)]!;
      if (next >= 0) {
        node = next;
        continue;
      }
      const symbol = -1 - next;
      node = 0;
      if (symbol === EOS) {
        step = FAIL;
        break;
      }
      step = EMIT | (symbol << 8);
    }
    STEP[16 * start + nibble] = step | node;
  }
}
for (let node = 0, ones = 0; ones <= 7; ones += 1, node = TREE[2 * node + 1]!) END_OK[node] = 1;

export class HuffmanError extends Error {}

/** The Huffman-coded length in bytes of `text`'s latin1 bytes. */
export function huffmanLength(bytes: Uint8Array) {
  let bits = 0;
  for (let i = 0; i < bytes.length; i += 1) bits += LENGTHS[bytes[i]!]!;
  return (bits + 7) >>> 3;
}

/** Writes `bytes` Huffman-coded at `out[offset]`, padded with EOS's first bits; returns the offset after them. */
export function huffmanEncode(bytes: Uint8Array, out: Uint8Array, offset: number) {
  // Fewer than 8 bits wait in `pending`; a code adds at most 30, so it stays an exact integer (< 2^38).
  let pending = 0;
  let bits = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const s = bytes[i]!;
    pending = pending * 2 ** LENGTHS[s]! + CODES[s]!;
    bits += LENGTHS[s]!;
    while (bits >= 8) {
      bits -= 8;
      const scale = 2 ** bits;
      const byte = Math.floor(pending / scale);
      out[offset++] = byte & 0xff;
      pending -= byte * scale;
    }
  }
  if (bits > 0) out[offset++] = ((pending << (8 - bits)) | (0xff >>> bits)) & 0xff;
  return offset;
}

/** Where strings are decoded before they become text: one buffer for every string but the rare long one. */
const scratch = Buffer.allocUnsafe(4096);

/**
 * Decodes `data[start..end]` into latin1 text. Padding longer than 7 bits, padding that is not EOS's first bits,
 * and EOS itself are errors (RFC 7541 §5.2).
 */
export function huffmanDecode(data: Uint8Array, start: number, end: number): string {
  // The shortest code is 5 bits: at most 8 symbols for every 5 octets.
  const most = Math.ceil(((end - start) * 8) / 5);
  const out = most <= scratch.length ? scratch : Buffer.allocUnsafe(most);
  let written = 0;
  let node = 0;
  for (let i = start; i < end; i += 1) {
    const byte = data[i]!;
    let step = STEP[16 * node + (byte >>> 4)]!;
    if (step & EMIT) out[written++] = (step >>> 8) & 0x1ff;
    else if (step & FAIL) throw new HuffmanError('EOS in a Huffman-coded string');
    step = STEP[16 * (step & 0xff) + (byte & 15)]!;
    if (step & EMIT) out[written++] = (step >>> 8) & 0x1ff;
    else if (step & FAIL) throw new HuffmanError('EOS in a Huffman-coded string');
    node = step & 0xff;
  }
  if (!END_OK[node]) throw new HuffmanError('invalid Huffman padding');
  return out.toString('latin1', 0, written);
}
