// Sends one push and says what became of it, retrying what Apple says is worth retrying.
// Dead tokens and other terminal answers are never retried (../shared/notes/apns.md).
import { Errors } from 'apns2';
import type { ConnectionPool } from './connection-pool.ts';
import { TransportError } from './connection-pool.ts';
import type { ProviderToken } from './token.ts';

export interface Push {
  deviceToken: string;
  apnsId: string;
  headers: Record<string, string>;
  payload: string;
}

export type PushOutcome = { ok: true } | { ok: false; reason: string; deadToken: boolean };

const DEAD_TOKEN_REASONS = new Set<string>([Errors.badDeviceToken, Errors.deviceTokenNotForTopic, Errors.unregistered]);
const PROVIDER_TOKEN_REASONS = new Set<string>([Errors.expiredProviderToken, Errors.invalidProviderToken]);

export interface SenderOptions {
  pool: ConnectionPool;
  token: ProviderToken;
  maxAttempts?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const retryable = (status: number) => status === 429 || status === 500 || status === 503;

export function createSender({ pool, token, maxAttempts = 5, backoffMs = 100, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: SenderOptions) {
  return async function send(push: Push): Promise<PushOutcome> {
    let refreshedToken = false;
    let lastReason = 'Unknown';
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const bearer = token.get();
      try {
        const answer = await pool.request(`/3/device/${push.deviceToken}`, { ...push.headers, authorization: `bearer ${bearer}`, 'apns-id': push.apnsId }, push.payload);
        if (answer.status === 200) return { ok: true };
        const reason = answer.reason ?? `HTTP${answer.status}`;
        if (answer.status === 410 || DEAD_TOKEN_REASONS.has(reason)) return { ok: false, reason: answer.reason ?? Errors.unregistered, deadToken: true };
        if (answer.status === 403 && PROVIDER_TOKEN_REASONS.has(reason) && !refreshedToken) {
          // The JWT, not the device: refresh it once.
          token.invalidate(bearer);
          refreshedToken = true;
          attempt -= 1;
          continue;
        }
        if (!retryable(answer.status)) return { ok: false, reason, deadToken: false };
        lastReason = reason;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        lastReason = 'ConnectionError';
      }
      // Exponential backoff with full jitter.
      if (attempt < maxAttempts) await sleep(Math.random() * backoffMs * 2 ** (attempt - 1));
    }
    return { ok: false, reason: lastReason, deadToken: false };
  };
}

export type SendPush = ReturnType<typeof createSender>;
