// Sends FCM messages, one request per device (FCM has no multi-device send since July 2024), and says what became
// of each. Retried at once, within maxAttempts, only what provably did not arrive: 500/503 without a Retry-After,
// and requests never written or refused. A 429, or a 5xx that says when to come back, goes back to the fan-out with
// retryAfterMs (it waits, and Google asks for a minute after a 429); a request written and never answered may have
// arrived, and the fan-out decides whether to risk a second copy (src/fanout/pages.ts).
import type { PushOutcome, PushSink } from '../fanout/platform.ts';
import { TokenError, type AccessTokens } from './access-token.ts';
import { classifyAnswer } from './answers.ts';
import type { ServiceAccount } from './credentials.ts';
import { messageBody, type FcmMessage } from './message.ts';
import { createPacer } from './pacing.ts';
import { createPool, type Exchange, type NoAnswer } from './pool.ts';

export interface FcmSenderOptions {
  /** FCM_URL: https://fcm.googleapis.com, or a stand-in's. */
  origin: string;
  account: Pick<ServiceAccount, 'projectId'>;
  tokens: AccessTokens;
  ca?: string | string[];
  connections?: number;
  requestTimeoutMs?: number;
  maxAttempts?: number;
  /** The longest random wait before an immediate retry (jitter, so a blip's retries do not arrive together). */
  backoffMs?: number;
  /** Told of connection and token endpoint failures. */
  onError?: (error: Error) => void;
  /** This process's share of the project's quota (./pacing.ts); undefined: not paced. */
  messagesPerMinute?: number;
}

export interface FcmSender {
  /** Sends `message` to `token`; the outcome is told to `sink.settle(index, ...)` once, later, never during this call. */
  dispatch(sink: PushSink, index: number, token: string, message: FcmMessage): void;
  send(token: string, message: FcmMessage): Promise<PushOutcome>;
  close(): Promise<void>;
}

/** One push: the pool's exchange, with what the sender needs to settle or send it again. */
class Push implements Exchange {
  authorization = '';
  status = 0;
  retryAfter: string | undefined = undefined;
  chunks: Buffer[] | undefined = undefined;
  written = false;
  timedOut = false;
  startedAt = 0;
  stream: Exchange['stream'] = undefined;
  connection: Exchange['connection'] = undefined;
  /** The access token it went with, to invalidate that one (not a newer one) after a 401. */
  accessToken = '';
  attempts = 0;
  /** Its access token was replaced once after a 401: not counted as an attempt, and not done twice. */
  refreshed = false;
  constructor(
    readonly sink: PushSink,
    readonly index: number,
    readonly path: string,
    readonly body: string,
  ) {}
}

const DELIVERED: PushOutcome = Object.freeze({ ok: true });

export function createFcmSender({ origin, account, tokens, ca, connections = 2, requestTimeoutMs = 10_000, maxAttempts = 2, backoffMs = 100, onError = () => {}, messagesPerMinute }: FcmSenderOptions): FcmSender {
  const path = `/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;
  const pool = createPool({ origin, ca, connections, requestTimeoutMs, onError, ended: ended as (exchange: Exchange, failure: NoAnswer | undefined) => void });
  // Every request counts against the quota, a resend too.
  const pacer = messagesPerMinute === undefined ? undefined : createPacer<Push>((push) => pool.send(push), { perMinute: messagesPerMinute });
  // The `Bearer …` header value, made once per access token rather than per push.
  let bearerOf = '';
  let bearer = '';
  /** Pushes waiting for the first (or a replaced) access token: one request to the token endpoint serves them all. */
  let waiting: Push[] = [];

  function go(push: Push, access = tokens.current()) {
    if (access === undefined) return wait(push);
    if (access !== bearerOf) bearer = `Bearer ${(bearerOf = access)}`;
    push.accessToken = access;
    push.authorization = bearer;
    if (pacer) pacer.take(push);
    else pool.send(push);
  }

  function wait(push: Push) {
    waiting.push(push);
    if (waiting.length > 1) return;
    tokens.get().then(
      (access) => {
        const ready = waiting;
        waiting = [];
        for (const push of ready) go(push, access);
      },
      (error: Error) => {
        const failed = waiting;
        waiting = [];
        onError(error);
        const outcome: PushOutcome = error instanceof TokenError ? { ok: false, kind: error.kind, reason: error.reason } : { ok: false, kind: 'retry', reason: 'TOKEN_UNAVAILABLE' };
        for (const push of failed) push.sink.settle(push.index, outcome);
      },
    );
  }

  function again(push: Push, reason: string) {
    push.attempts += 1;
    if (push.attempts >= maxAttempts) return push.sink.settle(push.index, { ok: false, reason, kind: 'retry' });
    setTimeout(go, Math.random() * backoffMs, push);
  }

  function ended(push: Push, failure: NoAnswer | undefined) {
    if (failure) {
      if (failure.ambiguous) return push.sink.settle(push.index, { ok: false, reason: failure.reason, kind: 'ambiguous' });
      return again(push, failure.reason);
    }
    if (push.status === 200) return push.sink.settle(push.index, DELIVERED);
    const verdict = classifyAnswer(push.status, push.chunks && Buffer.concat(push.chunks), push.retryAfter);
    // An expired or revoked access token, not the device: replaced once (THIRD_PARTY_AUTH_ERROR is the APNs key's).
    if (push.status === 401 && verdict.reason !== 'THIRD_PARTY_AUTH_ERROR' && !push.refreshed) {
      push.refreshed = true;
      tokens.invalidate(push.accessToken);
      return go(push);
    }
    if (verdict.kind === 'retry' && push.status !== 429 && verdict.retryAfterMs === undefined) return again(push, verdict.reason);
    push.sink.settle(push.index, { ok: false, ...verdict });
  }

  function dispatch(sink: PushSink, index: number, token: string, message: FcmMessage) {
    go(new Push(sink, index, path, messageBody(message, token)));
  }

  return {
    dispatch,
    send: (token, message) => new Promise<PushOutcome>((resolve) => dispatch({ settle: (_index, outcome) => resolve(outcome) }, 0, token, message)),
    async close() {
      // Held back by the quota and never sent: safe to send again.
      for (const push of pacer?.close() ?? []) push.sink.settle(push.index, { ok: false, kind: 'retry', reason: 'NotSent' });
      await pool.close();
    },
  };
}
