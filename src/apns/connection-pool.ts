// Long-lived HTTP/2 connections to APNs, several of them, requests spread round-robin. A connection that
// fails or receives GOAWAY is replaced on the next request; one is never opened per push.
import http2 from 'node:http2';

export interface ApnsResponse {
  status: number;
  apnsId?: string;
  /** Apple's reason, for non-200 answers. */
  reason?: string;
}

/** The request never got an answer (reset stream, closed connection, GOAWAY): safe to retry. */
export class TransportError extends Error {}

export interface PoolOptions {
  origin: string;
  /** Told when a connection fails (bad certificate, refused, reset). */
  onError?: (error: Error) => void;
  connections?: number;
  /** Trusted CA certificates in PEM, e.g. the local simulator's. */
  ca?: string | string[];
  requestTimeoutMs?: number;
}

export function createConnectionPool({ origin, connections = 4, ca, requestTimeoutMs = 30_000, onError = () => {} }: PoolOptions) {
  const sessions: (http2.ClientHttp2Session | undefined)[] = Array.from({ length: connections }, () => undefined);
  let next = 0;
  let closed = false;

  function session(index: number) {
    const existing = sessions[index];
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const created = http2.connect(origin, ca ? { ca } : {});
    created.on('error', onError);
    created.on('goaway', () => created.close());
    created.on('close', () => {
      if (sessions[index] === created) sessions[index] = undefined;
    });
    created.setTimeout(0);
    sessions[index] = created;
    return created;
  }

  function request(path: string, headers: Record<string, string>, body: string): Promise<ApnsResponse> {
    if (closed) return Promise.reject(new TransportError('connection pool is closed'));
    const index = next;
    next = (next + 1) % connections;
    return new Promise((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = session(index).request({ ':method': 'POST', ':path': path, 'content-type': 'application/json', ...headers });
      } catch (error) {
        return reject(new TransportError((error as Error).message));
      }
      let status = 0;
      let apnsId: string | undefined;
      const chunks: Buffer[] = [];
      // No answer in time: the connection may have died silently, so it is replaced (the push is retried).
      stream.setTimeout(requestTimeoutMs, () => {
        stream.close(http2.constants.NGHTTP2_CANCEL);
        sessions[index]?.destroy();
      });
      stream.on('response', (h) => {
        status = Number(h[':status']);
        apnsId = h['apns-id'] as string | undefined;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => reject(new TransportError(error.message)));
      stream.on('close', () => {
        if (!status) return reject(new TransportError(`stream closed without an answer (code ${stream.rstCode})`));
        let reason: string | undefined;
        if (status !== 200 && chunks.length) {
          try {
            reason = JSON.parse(Buffer.concat(chunks).toString('utf8')).reason;
          } catch {
            reason = undefined;
          }
        }
        resolve({ status, apnsId, reason });
      });
      stream.end(body);
    });
  }

  return {
    request,
    async close() {
      closed = true;
      await Promise.all(sessions.map((s) => s && !s.closed && new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

export type ConnectionPool = ReturnType<typeof createConnectionPool>;
