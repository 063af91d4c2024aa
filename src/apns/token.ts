// The provider token (JWT, ES256) that authenticates Clarion to APNs. Apple wants it refreshed every
// 20 to 60 minutes and answers 429 TooManyProviderTokenUpdates to more frequent ones, so it is cached.
import { createSigner } from 'fast-jwt';

export interface ProviderTokenOptions {
  teamId: string;
  keyId: string;
  /** The .p8 key, PEM. */
  privateKey: string;
  refreshMs?: number;
  /** A rejected token is replaced only if it is at least this old: Apple refuses more frequent updates. */
  minRefreshMs?: number;
  now?: () => number;
}

export function createProviderToken({ teamId, keyId, privateKey, refreshMs = 40 * 60_000, minRefreshMs = 20 * 60_000, now = Date.now }: ProviderTokenOptions) {
  let cached: { value: string; authorization: string; at: number } | undefined;
  function current() {
    const at = now();
    if (!cached || at - cached.at >= refreshMs) {
      // fast-jwt writes iat (in seconds) from clockTimestamp.
      const sign = createSigner({ key: privateKey, algorithm: 'ES256', kid: keyId, clockTimestamp: at });
      const value = sign({ iss: teamId });
      cached = { value, authorization: `bearer ${value}`, at };
    }
    return cached;
  }
  return {
    get: (): string => current().value,
    /** The authorization header's value, `bearer <JWT>`: the same string for as long as the token lasts. */
    authorization: (): string => current().authorization,
    /**
     * After APNs rejects the token (403 ExpiredProviderToken / InvalidProviderToken): the JWT or its header value.
     * A fresh token is minted only if this one is 20 minutes old: a younger one was refused for its key or team,
     * which a new signature does not change, and more frequent updates earn TooManyProviderTokenUpdates.
     * Returns whether the token was replaced.
     */
    invalidate(rejected: string) {
      if (!(cached?.value === rejected || cached?.authorization === rejected)) return false;
      if (now() - cached.at < minRefreshMs) return false;
      cached = undefined;
      return true;
    },
  };
}

export type ProviderToken = ReturnType<typeof createProviderToken>;
