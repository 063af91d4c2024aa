// HPACK (RFC 7541): the decoder for the answers a server sends, complete (static and dynamic tables, Huffman,
// size updates), and the encoder's parts a client sending many similar requests needs: headers that do not
// change are added to the peer's dynamic table once and then sent as one byte each; what changes per request is
// a literal that is never indexed. Written here rather than taken from hpack.js, whose documented table-size
// option is silently ignored (../shared/notes/transport.md), and because the encoder's state (what the peer's
// table holds, and when that changes) is what the transport caches its header blocks on.
import { huffmanDecode, huffmanEncode, huffmanLength, HuffmanError } from './huffman.ts';

export const STATIC_TABLE: readonly (readonly [string, string])[] = [
  ['', ''], // index 0 is not used
  [':authority', ''], [':method', 'GET'], [':method', 'POST'], [':path', '/'], [':path', '/index.html'],
  [':scheme', 'http'], [':scheme', 'https'], [':status', '200'], [':status', '204'], [':status', '206'],
  [':status', '304'], [':status', '400'], [':status', '404'], [':status', '500'], ['accept-charset', ''],
  ['accept-encoding', 'gzip, deflate'], ['accept-language', ''], ['accept-ranges', ''], ['accept', ''],
  ['access-control-allow-origin', ''], ['age', ''], ['allow', ''], ['authorization', ''], ['cache-control', ''],
  ['content-disposition', ''], ['content-encoding', ''], ['content-language', ''], ['content-length', ''],
  ['content-location', ''], ['content-range', ''], ['content-type', ''], ['cookie', ''], ['date', ''], ['etag', ''],
  ['expect', ''], ['expires', ''], ['from', ''], ['host', ''], ['if-match', ''], ['if-modified-since', ''],
  ['if-none-match', ''], ['if-range', ''], ['if-unmodified-since', ''], ['last-modified', ''], ['link', ''],
  ['location', ''], ['max-forwards', ''], ['proxy-authenticate', ''], ['proxy-authorization', ''], ['range', ''],
  ['referer', ''], ['refresh', ''], ['retry-after', ''], ['server', ''], ['set-cookie', ''],
  ['strict-transport-security', ''], ['transfer-encoding', ''], ['user-agent', ''], ['vary', ''], ['via', ''],
  ['www-authenticate', ''],
];
const STATIC_COUNT = STATIC_TABLE.length - 1;
const STATIC_NAME = new Map<string, number>();
const STATIC_PAIR = new Map<string, number>();
for (let i = STATIC_COUNT; i >= 1; i -= 1) {
  const [name, value] = STATIC_TABLE[i]!;
  STATIC_NAME.set(name, i);
  STATIC_PAIR.set(`${name}\0${value}`, i);
}

/** An HPACK decoding error: a connection error of type COMPRESSION_ERROR (RFC 9113 §4.3). */
export class CompressionError extends Error {}

const ENTRY_OVERHEAD = 32;
const EMPTY = new Uint8Array(0);

/** A dynamic table: newest entry first, evicted from the oldest when over `maxSize` octets. */
class DynamicTable {
  names: string[] = [];
  values: string[] = [];
  sizes: number[] = [];
  /** Entries in the ring, oldest at `tail`. */
  count = 0;
  private tail = 0;
  size = 0;
  constructor(public maxSize: number) {}

  /** The entry at dynamic index i (1 = newest), as a ring position. */
  position(i: number) {
    return (this.tail + this.count - i) % this.names.length;
  }

  add(name: string, value: string, octets: number) {
    const entrySize = ENTRY_OVERHEAD + octets;
    if (entrySize > this.maxSize) {
      // RFC 7541 §4.4: an entry larger than the table empties it and is not added.
      this.evictTo(0);
      return false;
    }
    this.evictTo(this.maxSize - entrySize);
    if (this.count === this.names.length) this.grow();
    const at = (this.tail + this.count) % this.names.length;
    this.names[at] = name;
    this.values[at] = value;
    this.sizes[at] = entrySize;
    this.count += 1;
    this.size += entrySize;
    return true;
  }

  resize(maxSize: number) {
    this.maxSize = maxSize;
    this.evictTo(maxSize);
  }

  private evictTo(limit: number) {
    while (this.size > limit && this.count > 0) {
      this.size -= this.sizes[this.tail]!;
      this.names[this.tail] = this.values[this.tail] = '';
      this.tail = (this.tail + 1) % this.names.length;
      this.count -= 1;
    }
  }

  private grow() {
    const capacity = Math.max(16, this.names.length * 2);
    const names: string[] = [];
    const values: string[] = [];
    const sizes: number[] = [];
    for (let i = this.count; i >= 1; i -= 1) {
      const at = this.position(i);
      names.push(this.names[at]!);
      values.push(this.values[at]!);
      sizes.push(this.sizes[at]!);
    }
    names.length = values.length = sizes.length = capacity;
    this.names = names;
    this.values = values;
    this.sizes = sizes;
    this.tail = 0;
  }
}

export class HpackDecoder {
  private readonly table: DynamicTable;
  /**
   * `limit`: the SETTINGS_HEADER_TABLE_SIZE this side announced (acknowledged), which a size update may not
   * exceed. `maxHeaderListSize`: a header list larger than this (RFC 9113 §6.5.2's measure) is an error.
   */
  constructor(private limit = 4096, private readonly maxHeaderListSize = 64 * 1024) {
    this.table = new DynamicTable(limit);
  }

  get tableSize() {
    return this.table.size;
  }

  get tableEntries() {
    return this.table.count;
  }

  /** The dynamic table's entries, newest first, as [name, value]. */
  entries() {
    const out: [string, string][] = [];
    for (let i = 1; i <= this.table.count; i += 1) {
      const at = this.table.position(i);
      out.push([this.table.names[at]!, this.table.values[at]!]);
    }
    return out;
  }

  // The block being decoded and the cursor in it: fields rather than closures, so that decoding an answer
  // allocates nothing but the strings it reads.
  private block: Uint8Array = EMPTY;
  private at = 0;
  private end = 0;
  private listSize = 0;

  /**
   * Decodes one complete header block, appending name, value, name, value... to `out` (a reused array). Any
   * error leaves the decoder unusable, as it leaves the connection (RFC 7541 §2.3.3).
   */
  decode(block: Uint8Array, start: number, end: number, out: string[]) {
    this.block = block;
    this.at = start;
    this.end = end;
    this.listSize = 0;
    let fields = false;
    try {
      while (this.at < end) {
        const byte = block[this.at]!;
        if (byte & 0x80) {
          // Indexed field (§6.1).
          const index = this.readInteger(7);
          if (index === 0) throw new CompressionError('index 0');
          if (index <= STATIC_COUNT) {
            const [name, value] = STATIC_TABLE[index]!;
            this.emit(out, name, value);
          } else {
            if (index - STATIC_COUNT > this.table.count) throw new CompressionError(`index ${index} is not in the table`);
            const position = this.table.position(index - STATIC_COUNT);
            this.emit(out, this.table.names[position]!, this.table.values[position]!);
          }
          fields = true;
        } else if (byte & 0x40) {
          // Literal with incremental indexing (§6.2.1).
          const index = this.readInteger(6);
          const name = index === 0 ? this.readString() : this.nameAt(index);
          const value = this.readString();
          this.emit(out, name, value);
          this.table.add(name, value, name.length + value.length); // latin1: a character an octet
          fields = true;
        } else if (byte & 0x20) {
          // Dynamic table size update (§6.3): only before the block's first field.
          if (fields) throw new CompressionError('table size update after a header field');
          const size = this.readInteger(5);
          if (size > this.limit) throw new CompressionError(`table size update to ${size} above the ${this.limit} allowed`);
          this.table.resize(size);
        } else {
          // Literal without indexing (§6.2.2) or never indexed (§6.2.3): 4-bit prefix.
          const index = this.readInteger(4);
          const name = index === 0 ? this.readString() : this.nameAt(index);
          this.emit(out, name, this.readString());
          fields = true;
        }
      }
    } finally {
      this.block = EMPTY;
    }
  }

  private readInteger(prefixBits: number) {
    const { block, end } = this;
    if (this.at >= end) throw new CompressionError('header block ends inside an integer');
    const mask = (1 << prefixBits) - 1;
    let value = block[this.at++]! & mask;
    if (value < mask) return value;
    let shift = 0;
    for (;;) {
      if (this.at >= end) throw new CompressionError('header block ends inside an integer');
      const byte = block[this.at++]!;
      // At most 5 continuation octets: beyond that no value fits in 31 bits (and zeros would run on for ever).
      if (shift > 28) throw new CompressionError('integer too long');
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (value > 0x7fffffff) throw new CompressionError('integer too large');
      if ((byte & 0x80) === 0) return value;
    }
  }

  private readString() {
    if (this.at >= this.end) throw new CompressionError('header block ends before a string');
    const huffman = (this.block[this.at]! & 0x80) !== 0;
    const length = this.readInteger(7);
    if (length > this.end - this.at) throw new CompressionError('string runs past the header block');
    const from = this.at;
    this.at += length;
    if (!huffman) return Buffer.prototype.toString.call(this.block, 'latin1', from, this.at);
    try {
      return huffmanDecode(this.block, from, this.at);
    } catch (error) {
      if (error instanceof HuffmanError) throw new CompressionError(error.message);
      throw error;
    }
  }

  private nameAt(index: number) {
    if (index === 0) throw new CompressionError('index 0');
    if (index <= STATIC_COUNT) return STATIC_TABLE[index]![0];
    if (index - STATIC_COUNT > this.table.count) throw new CompressionError(`index ${index} is not in the table`);
    return this.table.names[this.table.position(index - STATIC_COUNT)]!;
  }

  private emit(out: string[], name: string, value: string) {
    this.listSize += name.length + value.length + ENTRY_OVERHEAD;
    if (this.listSize > this.maxHeaderListSize) throw new CompressionError('header list too large');
    out.push(name, value);
  }

  /** This side announced a new SETTINGS_HEADER_TABLE_SIZE and the peer acknowledged it. */
  setLimit(limit: number) {
    this.limit = limit;
    if (this.table.maxSize > limit) this.table.resize(limit);
  }
}

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
