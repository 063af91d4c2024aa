// Sends Web Push messages and says what became of each. Each device's copy is encrypted for it (./encrypt.ts),
// signed for its push service's origin (./vapid.ts) and POSTed (./transport.ts). Sent again at once only what
// provably did not arrive: a 5xx without Retry-After, a request that was never written. A 429 or a Retry-After
// is the fan-out's to honour; a written, unanswered push may have arrived and is left to the fan-out too.
import type { OutgoingHttpHeaders } from 'node:http';
import type { PushOutcome, PushSink } from '../fanout/platform.ts';
import type { Resolve } from '../domain/webhooks/addresses.ts';
import { outcomeOf } from './answers.ts';
import { createOrigins, type Origin } from './connect.ts';
import { encryptPayload, MAX_PLAINTEXT_BYTES } from './encrypt.ts';
import { ttlAt, type WebPushMessage } from './message.ts';
import { createTransport } from './transport.ts';
import type { VapidSigner } from './vapid.ts';

export interface WebPushSenderOptions {
  vapid: VapidSigner;
  /** Endpoints on private, loopback and link-local addresses are reached too: tests and private networks. */
  allowPrivate: boolean;
  resolve?: Resolve;
  /** A certificate to trust besides the usual roots (the local simulator's). */
  ca?: string;
  /** Origins reached whatever their address (the local simulator's). */
  trustedOrigins?: string[];
  requestTimeoutMs?: number;
  maxSocketsPerOrigin?: number;
  maxAttempts?: number;
  backoffMs?: number;
}

export interface WebPushSender {
  /** The bulk form: the outcome is told to `sink.settle(index, outcome)`, later, never during the call. */
  dispatch(sink: PushSink, index: number, endpoint: string, p256dh: Buffer, auth: Buffer, message: WebPushMessage): void;
  send(endpoint: string, p256dh: Buffer, auth: Buffer, message: WebPushMessage): Promise<PushOutcome>;
  /** Lets connections go; pushes still waiting are told as failed. */
  close(): void;
}

const failure = (kind: Exclude<PushOutcome, { ok: true }>['kind'], reason: string): PushOutcome => ({ ok: false, kind, reason });

export function createWebPushSender({
  vapid, allowPrivate, resolve, ca, trustedOrigins, requestTimeoutMs = 10_000, maxSocketsPerOrigin = 32, maxAttempts = 2, backoffMs = 100,
}: WebPushSenderOptions): WebPushSender {
  const origins = createOrigins({ allowPrivate, resolve, ca, maxSocketsPerOrigin, trustedOrigins });
  const transport = createTransport({ requestTimeoutMs });
  let closed = false;

  const later = (sink: PushSink, index: number, outcome: PushOutcome) => queueMicrotask(() => sink.settle(index, outcome));

  function headersOf(message: WebPushMessage, url: URL, length: number): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {
      TTL: message.expiration === undefined ? message.headers.TTL : ttlAt(message.expiration, Date.now()),
      Urgency: message.headers.Urgency,
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      'Content-Length': length,
      Authorization: vapid.authorization(url.origin),
    };
    if (message.headers.Topic) headers.Topic = message.headers.Topic;
    return headers;
  }

  function attempt(sink: PushSink, index: number, url: URL, origin: Origin, message: WebPushMessage, body: Buffer, made: number) {
    if (closed) return sink.settle(index, failure('retry', 'Closed'));
    const again = (outcome: PushOutcome) => {
      if (made >= maxAttempts || closed) return sink.settle(index, outcome);
      // Exponential backoff with full jitter.
      setTimeout(() => attempt(sink, index, url, origin, message, body, made + 1), Math.random() * backoffMs * 2 ** (made - 1));
    };
    transport.post(
      origin, url, headersOf(message, url, body.length), body,
      (status, retryAfter) => {
        const outcome = outcomeOf(status, retryAfter);
        if (!outcome.ok && outcome.kind === 'retry' && status >= 500 && outcome.retryAfterMs === undefined) return again(outcome);
        sink.settle(index, outcome);
      },
      (kind, reason) => (kind === 'retry' ? again(failure(kind, reason)) : sink.settle(index, failure(kind, reason))),
    );
  }

  function dispatch(sink: PushSink, index: number, endpoint: string, p256dh: Buffer, auth: Buffer, message: WebPushMessage) {
    if (closed) return later(sink, index, failure('retry', 'Closed'));
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return later(sink, index, failure('refused', 'EndpointRefused'));
    }
    if (url.protocol !== 'https:' || origins.refusal(url)) return later(sink, index, failure('refused', 'EndpointRefused'));
    // buildWebPushMessage refuses these before a broadcast starts; a message made otherwise is refused here.
    if (message.plaintext.length > MAX_PLAINTEXT_BYTES) return later(sink, index, failure('refused', 'PayloadTooLarge'));
    let body: Buffer;
    try {
      body = encryptPayload(message.plaintext, p256dh, auth);
    } catch {
      // Keys that are no P-256 point can never be encrypted for: the subscription is unusable.
      return later(sink, index, failure('dead', 'InvalidSubscriptionKeys'));
    }
    attempt(sink, index, url, origins.of(url), message, body, 1);
  }

  return {
    dispatch,
    send: (endpoint, p256dh, auth, message) => new Promise((resolve) => dispatch({ settle: (_index, outcome) => resolve(outcome) }, 0, endpoint, p256dh, auth, message)),
    close() {
      closed = true;
      transport.close();
      origins.close();
    },
  };
}
