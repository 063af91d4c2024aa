// What the APNs sender needs of a transport, whichever it is: our own HTTP/2 framing (./frame-pool.ts, the
// default) or node:http2 (./connection-pool.ts, APNS_TRANSPORT=node). A push goes out with `dispatch` and its end
// comes back as one call on the sender (a TransportOwner), carrying what it was sent with: no promise, closure or
// object per push. `request` is the one-off form (the CLI's check, tests).
import type { PushSink } from '../fanout/platform.ts';

export interface ApnsResponse {
  status: number;
  apnsId?: string;
  /** Apple's reason, for non-200 answers. */
  reason?: string;
}

/** The request never got an answer (reset stream, closed connection, GOAWAY, a timeout). */
export class TransportError extends Error {
  constructor(
    message: string,
    /** What the push's outcome says: Timeout, or ConnectionError for the rest. */
    readonly reason: 'Timeout' | 'ConnectionError' = 'ConnectionError',
    /**
     * The request was written and may have been acted on (it timed out, or its stream or connection was cut
     * after it was sent); false when it provably was not (never sent, or refused: REFUSED_STREAM, a GOAWAY
     * below its stream id), so sending it again cannot make a second copy.
     */
    readonly ambiguous = false,
  ) {
    super(message);
  }
}

export interface PoolOptions {
  origin: string;
  /** Told when a connection fails (bad certificate, refused, reset). */
  onError?: (error: Error) => void;
  connections?: number;
  /** Trusted CA certificates in PEM, e.g. the local simulator's. */
  ca?: string | string[];
  requestTimeoutMs?: number;
  /** Requests in flight at once across all connections (APNS_MAX_IN_FLIGHT); more wait in the queue. */
  maxInFlight?: number;
  /** A connection idle this long is checked with an HTTP/2 PING, as Apple recommends. */
  pingIntervalMs?: number;
  /** A PING unanswered this long means the connection is broken: it is replaced. */
  pingTimeoutMs?: number;
}

/** Both transports' defaults for what PoolOptions leaves out. */
export function withPoolDefaults(options: PoolOptions) {
  return {
    connections: 4,
    requestTimeoutMs: 30_000,
    maxInFlight: Number.MAX_SAFE_INTEGER,
    pingIntervalMs: 60_000,
    pingTimeoutMs: 10_000,
    onError: (_error: Error) => {},
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  } as Required<Omit<PoolOptions, 'ca'>> & Pick<PoolOptions, 'ca'>;
}

/**
 * A broadcast's request, the same for each of its pushes: its headers (without authorization and apns-id, which
 * each push brings) and its body, prepared once. Transports cache what they derive from it on it.
 */
export class PreparedRequest {
  readonly fields: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** node:http2's header object (./connection-pool.ts), made on first use. */
  template: Record<string, string | undefined> | undefined = undefined;
  constructor(
    headers: Record<string, string>,
    readonly payload: string,
  ) {
    this.fields = Object.entries({ 'content-type': 'application/json', ...headers })
      .filter(([name]) => name !== 'authorization' && name !== 'apns-id')
      .map(([name, value]) => [name.toLowerCase(), String(value)] as const);
    this.body = Buffer.from(payload);
  }
}


/** The sender, told what became of each push it dispatched, with what it was dispatched with. */
export interface TransportOwner {
  answered(sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, attempt: number, authorization: string, status: number, reason: string | undefined): void;
  failed(sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, attempt: number, authorization: string, error: TransportError): void;
}

export interface Transport {
  /** Sends a push to /3/device/<deviceToken>; `owner` is told its end, later, never during this call. */
  dispatch(owner: TransportOwner, sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, authorization: string, attempt: number): void;
  /** One request, as a promise: POST `path` with `headers` (authorization and apns-id included) and `body`. */
  request(path: string, headers: Record<string, string>, body: string | Buffer): Promise<ApnsResponse>;
  close(): Promise<void>;
}

/** Apple's reason, from an error answer's JSON body. */
export function reasonOf(body: Buffer | undefined) {
  if (!body?.length) return undefined;
  try {
    const reason = JSON.parse(body.toString('utf8')).reason;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return undefined;
  }
}
