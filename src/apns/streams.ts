// One request's life on an HTTP/2 stream, for the connection pool (src/apns/connection-pool.ts): the request
// waiting or in flight (Pending) and the stream listeners,
// shared by every stream so that a push costs one small object and its promise.
import http2 from 'node:http2';
import type { Connection } from './connection-pool.ts';
import type { ApnsResponse, PreparedRequest } from './transport.ts';

export class Pending {
  status = 0;
  answerId: string | undefined = undefined;
  chunks: Buffer[] | undefined = undefined;
  error: string | undefined = undefined;
  timedOut = false;
  connection: Connection | undefined = undefined;
  stream: http2.ClientHttp2Stream | undefined = undefined;
  // In flight, oldest first, for the timeout.
  startedAt = 0;
  inFlight = false;
  older: Pending | undefined = undefined;
  newer: Pending | undefined = undefined;
  resolve!: (answer: ApnsResponse) => void;
  reject!: (error: Error) => void;
  constructor(
    readonly path: string,
    readonly request: PreparedRequest,
    readonly authorization: string,
    readonly apnsId: string,
  ) {}
}

export const kPending = Symbol('pending');
export type PoolStream = http2.ClientHttp2Stream & { [kPending]?: Pending };
const { NGHTTP2_FLAG_END_STREAM } = http2.constants;

export function onResponse(this: PoolStream, headers: http2.IncomingHttpHeaders, flags: number) {
  const pending = this[kPending]!;
  pending.status = Number(headers[':status']);
  pending.answerId = headers['apns-id'] as string | undefined;
  if (flags & NGHTTP2_FLAG_END_STREAM) return;
  // Only an error's body is kept (its reason); any other is read and dropped, so that the stream can close.
  if (pending.status === 200) {
    this.resume();
  } else {
    pending.chunks = [];
    this.on('data', onData);
  }
}

function onData(this: PoolStream, chunk: Buffer) {
  this[kPending]!.chunks!.push(chunk);
}

export function onStreamError(this: PoolStream, error: Error) {
  this[kPending]!.error ??= error.message;
}

