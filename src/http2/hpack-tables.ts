// HPACK (RFC 7541) in three files: the tables both sides keep (here), the decoder for the answers a server sends
// (./hpack-decoder.ts) and the encoder for this side's requests (./hpack-encoder.ts). Written here rather than taken
// from hpack.js, whose documented table-size option is silently ignored (../shared/notes/transport.md), and because
// the encoder's state (what the peer's table holds, and when that changes) is what the transport caches its header
// blocks on.

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
export const STATIC_COUNT = STATIC_TABLE.length - 1;
/** For the encoder: the lowest static index of each name, and of each name and value (`name\0value`). */
export const STATIC_NAME = new Map<string, number>();
export const STATIC_PAIR = new Map<string, number>();
for (let i = STATIC_COUNT; i >= 1; i -= 1) {
  const [name, value] = STATIC_TABLE[i]!;
  STATIC_NAME.set(name, i);
  STATIC_PAIR.set(`${name}\0${value}`, i);
}

/** What an entry costs in a table beyond its name and value (§4.1). */
export const ENTRY_OVERHEAD = 32;

/** A dynamic table: newest entry first, evicted from the oldest when over `maxSize` octets. */
export class DynamicTable {
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
