// The HPACK encoder (RFC 7541) in the parts a client sending many similar requests needs: headers that do not
// change are added to the peer's dynamic table once and then sent as one byte each; what changes per request is a
// literal that is never indexed.
import { huffmanEncode, huffmanLength } from './huffman.ts';
import { DynamicTable, ENTRY_OVERHEAD, STATIC_COUNT, STATIC_NAME, STATIC_PAIR } from './hpack-tables.ts';

/** Writes an HPACK integer with an n-bit prefix (the byte's other bits are `flags`); returns the next offset. */
export function writeInteger(out: Uint8Array, offset: number, value: number, prefixBits: number, flags: number) {
  const max = (1 << prefixBits) - 1;
  if (value < max) {
    out[offset++] = flags | value;
    return offset;
  }
  out[offset++] = flags | max;
  value -= max;
  while (value >= 128) {
    out[offset++] = (value % 128) | 0x80;
    value = Math.floor(value / 128);
  }
  out[offset++] = value;
  return offset;
}

/** The bytes of a string literal: Huffman-coded when that is shorter. */
export function stringLiteral(text: string | Uint8Array, huffman = true) {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const coded = huffman ? huffmanLength(bytes) : Number.POSITIVE_INFINITY;
  const length = Math.min(coded, bytes.length);
  const out = Buffer.allocUnsafe(length + 6);
  let at = writeInteger(out, 0, length, 7, coded < bytes.length ? 0x80 : 0);
  if (coded < bytes.length) at = huffmanEncode(bytes, out, at);
  else {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out.subarray(0, at);
}

/**
 * What the peer's decoder holds in its dynamic table, kept in step by writing every change through here. `version`
 * changes whenever an index may have moved, so that header blocks built before can be told stale.
 */
export class HpackEncoder {
  private readonly table: DynamicTable;
  /** Every entry ever added, by "name\0value": its insertion number. */
  private readonly inserted = new Map<string, number>();
  private insertions = 0;
  private pendingSize: number | undefined = undefined;
  version = 0;

  constructor(maxSize = 4096) {
    this.table = new DynamicTable(maxSize);
  }

  get maxSize() {
    return this.table.maxSize;
  }

  /** The peer's SETTINGS_HEADER_TABLE_SIZE changed: this encoder keeps to it, and says so in its next block (§4.2). */
  setMaxSize(size: number) {
    if (size === this.table.maxSize && this.pendingSize === undefined) return;
    this.table.resize(size);
    this.pendingSize = Math.min(this.pendingSize ?? size, size);
    this.forget();
    this.version += 1;
  }

  /** A block's opening: the dynamic table size update owed since the last SETTINGS change, if any. */
  writeStart(out: Uint8Array, offset: number) {
    if (this.pendingSize === undefined) return offset;
    if (this.pendingSize !== this.table.maxSize) offset = writeInteger(out, offset, this.pendingSize, 5, 0x20);
    this.pendingSize = undefined;
    return writeInteger(out, offset, this.table.maxSize, 5, 0x20);
  }

  /** The index of name: value in the static or dynamic table, or 0. */
  indexOf(name: string, value: string) {
    const key = `${name}\0${value}`;
    const insertion = this.inserted.get(key);
    if (insertion !== undefined) {
      const index = this.insertions - insertion + 1;
      if (index <= this.table.count) return STATIC_COUNT + index;
      this.inserted.delete(key);
    }
    return STATIC_PAIR.get(key) ?? 0;
  }

  /**
   * Encodes one field. Indexed when the table has it; else a literal, added to the table when `index` is true
   * and the entry fits in half the table (so that a broadcast's fields cannot keep evicting each other).
   */
  field(name: string, value: string, index: boolean): Buffer {
    const found = this.indexOf(name, value);
    if (found) return Buffer.from(writeIntegerBytes(found, 7, 0x80));
    const nameIndex = STATIC_NAME.get(name) ?? 0;
    const octets = Buffer.byteLength(name) + Buffer.byteLength(value);
    const add = index && ENTRY_OVERHEAD + octets <= this.table.maxSize / 2;
    const head = Buffer.from(writeIntegerBytes(nameIndex, add ? 6 : 4, add ? 0x40 : 0));
    const parts = [head];
    if (!nameIndex) parts.push(stringLiteral(name));
    parts.push(stringLiteral(value));
    if (add) {
      this.table.add(name, value, octets);
      this.insertions += 1;
      this.inserted.set(`${name}\0${value}`, this.insertions);
      this.version += 1;
      // Evicted entries leave the index too, so that it stays as small as the table (broadcasts come and go).
      if (this.inserted.size > 2 * this.table.count + 16) this.forget();
    }
    return Buffer.concat(parts);
  }

  private forget() {
    for (const [key, insertion] of this.inserted) if (this.insertions - insertion + 1 > this.table.count) this.inserted.delete(key);
  }
}

function writeIntegerBytes(value: number, prefixBits: number, flags: number) {
  const out = new Uint8Array(8);
  return out.subarray(0, writeInteger(out, 0, value, prefixBits, flags));
}
