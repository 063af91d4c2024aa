// What the owner of an HTTP/2 connection (./connection.ts) is told: one call per event, with the slot number the
// owner gave the stream when it opened it, so that no object, listener or promise is made per stream.
import type { Http2Connection } from './connection.ts';

export interface ConnectionOwner {
  /** The server's first SETTINGS arrived: the connection takes streams. */
  ready(): void;
  /** A stream's response header block (or trailers): `fields` is name, value, name, value..., valid during the call. */
  headers(slot: number, fields: string[], end: boolean): void;
  /** Body bytes of a stream's response; valid during the call. */
  data(slot: number, data: Buffer, start: number, end: number, last: boolean): void;
  /**
   * The stream ended without its response: reset by the server, cut by GOAWAY, or its connection lost.
   * `refused`: provably not processed (REFUSED_STREAM, above a GOAWAY's last stream id, or never written), so it
   * may be sent again.
   */
  failed(slot: number, reason: string, refused: boolean): void;
  /** It may take more streams now: one closed, a window opened, the socket drained, or new SETTINGS. */
  writable(): void;
  /** The connection is gone; every stream on it has been told. `error` says why, when it failed. */
  closed(connection: Http2Connection, error: Error | undefined): void;
}
