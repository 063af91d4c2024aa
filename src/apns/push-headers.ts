// The header block of one push to APNs, written into one reused buffer. The broadcast's headers (with :authority
// and the provider token) are encoded once per connection and request, adding them to the server's table, and then
// cached: from the next push on they are indexes, a byte each. Per push only :path and apns-id are written, as
// literals never added to the table. A block of about 140 octets, and no object per push.
import type { Http2Connection } from '../http2/connection.ts';
import { writeInteger } from '../http2/hpack-encoder.ts';
import type { PreparedRequest } from './transport.ts';

interface CachedBlock {
  /** The encoder's version it was written at: another version may have moved its indexes. */
  version: number;
  authorization: string;
  /** :authority, then the request's fields and authorization, as the connection's encoder wrote them. */
  pseudo: Buffer;
  regular: Buffer;
}

const PATH_PREFIX = '/3/device/';
const APNS_ID_NAME = Buffer.from([0x00, 0x07, ...Buffer.from('apns-id')]);

export class PushHeaders {
  /** Where `write` puts a block: valid until the next call. */
  scratch = Buffer.allocUnsafe(4096);
  // Per connection, per broadcast's request: let go with either (a WeakMap holds no request alive).
  private readonly caches = new WeakMap<Http2Connection, WeakMap<PreparedRequest, CachedBlock>>();
  private readonly authority: string;
  /** Static table: :scheme https, or :scheme http for a cleartext test server. */
  private readonly scheme: number;

  constructor(origin: URL) {
    this.authority = origin.host;
    this.scheme = origin.protocol === 'https:' ? 0x87 : 0x86;
  }

  /** The connection is gone, and what its encoder wrote with it. */
  forget(connection: Http2Connection) {
    this.caches.delete(connection);
  }

  /**
   * Writes the header block of a push on `connection` into `scratch`; returns its length. `token` is the device
   * token, or the whole :path when `rawPath`.
   */
  write(connection: Http2Connection, request: PreparedRequest, authorization: string, token: string, apnsId: string, rawPath: boolean) {
    const cached = this.cached(connection, request, authorization);
    let at = connection.encoder.writeStart(this.scratch, 0);
    const room = at + 64 + cached.pseudo.length + cached.regular.length + 2 * token.length + apnsId.length + PATH_PREFIX.length;
    if (room > this.scratch.length) {
      const bigger = Buffer.allocUnsafe(room * 2);
      this.scratch.copy(bigger, 0, 0, at);
      this.scratch = bigger;
    }
    const scratch = this.scratch;
    scratch[at++] = 0x83; // :method: POST
    scratch[at++] = this.scheme;
    at += cached.pseudo.copy(scratch, at);
    // :path, a literal never added to the table (name: static index 4); pseudo-headers before the regular ones.
    const pathLength = (rawPath ? 0 : PATH_PREFIX.length) + Buffer.byteLength(token, 'latin1');
    at = writeInteger(scratch, at, 4, 4, 0x00);
    at = writeInteger(scratch, at, pathLength, 7, 0x00);
    if (!rawPath) at += scratch.write(PATH_PREFIX, at, 'latin1');
    at += scratch.write(token, at, 'latin1');
    at += cached.regular.copy(scratch, at);
    if (apnsId) {
      at += APNS_ID_NAME.copy(scratch, at);
      at = writeInteger(scratch, at, apnsId.length, 7, 0x00);
      at += scratch.write(apnsId, at, 'latin1');
    }
    return at;
  }

  /** The request's constant fields as this connection's encoder sends them now: encoded again when that changed. */
  private cached(connection: Http2Connection, request: PreparedRequest, authorization: string) {
    const encoder = connection.encoder;
    let perConnection = this.caches.get(connection);
    if (!perConnection) this.caches.set(connection, (perConnection = new WeakMap()));
    const cached = perConnection.get(request);
    if (cached && cached.version === encoder.version && cached.authorization === authorization) return cached;
    const before = encoder.version;
    // In the order the block carries them: the server's table takes the added ones in that order.
    const pseudo = encoder.field(':authority', this.authority, true);
    const regular = request.fields.map(([name, value]) => encoder.field(name, value, true));
    if (authorization) regular.push(encoder.field('authorization', authorization, true));
    // Reused only if nothing was added to the table while writing it: added fields are sent as indexes next time.
    const fresh: CachedBlock = { version: encoder.version === before ? before : -1, authorization, pseudo, regular: Buffer.concat(regular) };
    perConnection.set(request, fresh);
    return fresh;
  }
}
