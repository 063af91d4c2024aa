// Sends pushes and says what became of each, retrying at once only what provably did not arrive: Apple's 429
// and 5xx, and requests that were never sent or were refused. Dead tokens and other terminal answers are never
// retried (../shared/notes/apns.md), nor is a push that was written and got no answer: it may have arrived, and
// the fan-out decides whether to risk a second copy (src/fanout/pages.ts).
import type { PushOutcome, PushSink } from '../fanout/platform.ts';
import { kindOfAnswer } from './answers.ts';
import type { ProviderToken } from './token.ts';
import { PreparedRequest, type Transport, type TransportError, type TransportOwner } from './transport.ts';

export interface Push {
  deviceToken: string;
  apnsId: string;
  /** A broadcast's headers: the same object for each of its pushes, and not changed once sent (see `prepare`). */
  headers: Record<string, string>;
  payload: string;
}

/**
 * Sends one push (the promise form, for one-off sends and tests' scripted senders). A real sender also has
 * `dispatch`, the bulk form a page uses: the outcome is told to `sink.settle(index, outcome)`, with no promise.
 */
export interface SendPush {
  (push: Push): Promise<PushOutcome>;
  dispatch?(sink: PushSink, index: number, deviceToken: string, apnsId: string, headers: Record<string, string>, payload: string): void;
}

const PROVIDER_TOKEN_REASONS = new Set(['ExpiredProviderToken', 'InvalidProviderToken']);
/** In a push's attempt number: its provider token was refreshed once already. The low bits count attempts. */
const REFRESHED = 0x80;

export interface SenderOptions {
  transport: Transport;
  token: ProviderToken;
  maxAttempts?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const DELIVERED: PushOutcome = Object.freeze({ ok: true });

export function createSender({ transport, token, maxAttempts = 5, backoffMs = 100, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: SenderOptions): SendPush {
  // A broadcast sends the same headers and payload to every device: they are prepared once, found again by the
  // headers object's identity, and let go with it.
  const prepared = new WeakMap<Record<string, string>, PreparedRequest>();
  function prepare(headers: Record<string, string>, payload: string) {
    let request = prepared.get(headers);
    if (!request || request.payload !== payload) prepared.set(headers, (request = new PreparedRequest(headers, payload)));
    return request;
  }

  function again(sink: PushSink, index: number, deviceToken: string, apnsId: string, request: PreparedRequest, attempt: number, reason: string) {
    const made = (attempt & ~REFRESHED) + 1;
    if (made >= maxAttempts) return sink.settle(index, { ok: false, reason, kind: 'retry' });
    // Exponential backoff with full jitter.
    void sleep(Math.random() * backoffMs * 2 ** (made - 1)).then(() =>
      transport.dispatch(owner, sink, index, deviceToken, apnsId, request, token.authorization(), (attempt & REFRESHED) | made),
    );
  }

  const owner: TransportOwner = {
    answered(sink, index, deviceToken, apnsId, request, attempt, authorization, status, answerReason) {
      if (status === 200) return sink.settle(index, DELIVERED);
      const reason = answerReason ?? `HTTP${status}`;
      const kind = kindOfAnswer(status, reason);
      if (status === 403 && PROVIDER_TOKEN_REASONS.has(reason) && !(attempt & REFRESHED) && token.invalidate(authorization)) {
        // The JWT, not the device, and old enough to be replaced (token.ts): refreshed once, not counted as an attempt.
        return transport.dispatch(owner, sink, index, deviceToken, apnsId, request, token.authorization(), attempt | REFRESHED);
      }
      if (kind !== 'retry') return sink.settle(index, { ok: false, reason, kind });
      again(sink, index, deviceToken, apnsId, request, attempt, reason);
    },
    failed(sink, index, deviceToken, apnsId, request, attempt, _authorization, error: TransportError) {
      if (error.ambiguous) return sink.settle(index, { ok: false, reason: error.reason, kind: 'ambiguous' });
      again(sink, index, deviceToken, apnsId, request, attempt, error.reason);
    },
  };

  function dispatch(sink: PushSink, index: number, deviceToken: string, apnsId: string, headers: Record<string, string>, payload: string) {
    transport.dispatch(owner, sink, index, deviceToken, apnsId, prepare(headers, payload), token.authorization(), 0);
  }

  const send: SendPush = (push) =>
    new Promise<PushOutcome>((resolve) => dispatch({ settle: (_index, outcome) => resolve(outcome) }, 0, push.deviceToken, push.apnsId, push.headers, push.payload));
  send.dispatch = dispatch;
  return send;
}
