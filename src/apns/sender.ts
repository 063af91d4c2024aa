// Sends one push and says what became of it, retrying at once only what provably did not arrive: Apple's 429
// and 5xx, and requests that were never sent or were refused. Dead tokens and other terminal answers are never
// retried (../shared/notes/apns.md), nor is a push that was written and got no answer: it may have arrived, and
// the fan-out decides whether to risk a second copy (src/domain/broadcasts/pages.ts).
import { Errors } from 'apns2';
import type { PushOutcome } from '../domain/broadcasts/platform.ts';
import { kindOfAnswer } from './answers.ts';
import type { ConnectionPool } from './connection-pool.ts';
import { PreparedHeaders, TransportError } from './connection-pool.ts';
import type { ProviderToken } from './token.ts';

export interface Push {
  deviceToken: string;
  apnsId: string;
  /** A broadcast's headers: the same object for each of its pushes, and not changed once sent (see `prepare`). */
  headers: Record<string, string>;
  payload: string;
}


const PROVIDER_TOKEN_REASONS = new Set<string>([Errors.expiredProviderToken, Errors.invalidProviderToken]);

export interface SenderOptions {
  pool: ConnectionPool;
  token: ProviderToken;
  maxAttempts?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const DELIVERED: PushOutcome = Object.freeze({ ok: true });

interface Prepared {
  headers: PreparedHeaders;
  payload: string;
  body: Buffer;
}

export function createSender({ pool, token, maxAttempts = 5, backoffMs = 100, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: SenderOptions) {
  // A broadcast sends the same headers and payload to every device: they are made into a request's header object
  // and bytes once, found again by the headers object's identity, and let go with it.
  const prepared = new WeakMap<Record<string, string>, Prepared>();
  function prepare(push: Push) {
    let entry = prepared.get(push.headers);
    if (!entry) {
      entry = { headers: new PreparedHeaders(push.headers), payload: push.payload, body: Buffer.from(push.payload) };
      prepared.set(push.headers, entry);
    } else if (entry.payload !== push.payload) {
      entry.payload = push.payload;
      entry.body = Buffer.from(push.payload);
    }
    return entry;
  }

  return async function send(push: Push): Promise<PushOutcome> {
    const { headers, body } = prepare(push);
    const path = `/3/device/${push.deviceToken}`;
    let refreshedToken = false;
    let lastReason = 'Unknown';
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const authorization = token.authorization();
      try {
        const answer = await pool.request(path, headers, body, authorization, push.apnsId);
        if (answer.status === 200) return DELIVERED;
        const reason = answer.reason ?? `HTTP${answer.status}`;
        const kind = kindOfAnswer(answer.status, reason);
        if (answer.status === 403 && PROVIDER_TOKEN_REASONS.has(reason) && !refreshedToken && token.invalidate(authorization)) {
          // The JWT, not the device, and old enough to be replaced (token.ts): refresh it once.
          refreshedToken = true;
          attempt -= 1;
          continue;
        }
        if (kind !== 'retry') return { ok: false, reason, kind };
        lastReason = reason;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        if (error.ambiguous) return { ok: false, reason: error.reason, kind: 'ambiguous' };
        lastReason = error.reason;
      }
      // Exponential backoff with full jitter.
      if (attempt < maxAttempts) await sleep(Math.random() * backoffMs * 2 ** (attempt - 1));
    }
    return { ok: false, reason: lastReason, kind: 'retry' };
  };
}

export type SendPush = ReturnType<typeof createSender>;
