// The HPACK decoder (RFC 7541) for the answers a server sends, complete: static and dynamic tables, Huffman, size
// updates. Its dynamic table must keep in step with the server's, so every header block is decoded, whatever became
// of its stream.
import { huffmanDecode, HuffmanError } from './huffman.ts';
import { DynamicTable, ENTRY_OVERHEAD, STATIC_COUNT, STATIC_TABLE } from './hpack-tables.ts';

/** An HPACK decoding error: a connection error of type COMPRESSION_ERROR (RFC 9113 §4.3). */
export class CompressionError extends Error {}

const EMPTY = new Uint8Array(0);

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
  /** Entries written to `out` by this block. */
  private count = 0;

  /**
   * Decodes one complete header block into `out` as name, value, name, value... from its start: a reused array keeps
   * its storage (emptying it with `length = 0` gave it up, and every answer grew a new one: 180 bytes an answer to
   * collect, bench/broadcast's worker heap sampling). Any error leaves the decoder unusable, as it leaves the
   * connection (RFC 7541 §2.3.3).
   */
  decode(block: Uint8Array, start: number, end: number, out: string[]) {
    this.block = block;
    this.at = start;
    this.end = end;
    this.listSize = 0;
    this.count = 0;
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
      out.length = this.count;
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
    out[this.count++] = name;
    out[this.count++] = value;
  }

  /** This side announced a new SETTINGS_HEADER_TABLE_SIZE and the peer acknowledged it. */
  setLimit(limit: number) {
    this.limit = limit;
    if (this.table.maxSize > limit) this.table.resize(limit);
  }
}
