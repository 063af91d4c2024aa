// The provider token (JWT, ES256) that authenticates Clarion to APNs. Apple wants it refreshed every
// 20 to 60 minutes and answers 429 TooManyProviderTokenUpdates to more frequent ones, so it is cached.
// Signed with node:crypto (ECDSA P-256 over SHA-256, the signature as r || s, RFC 7518 3.4) rather than a JWT library,
// whose ASN.1 and big-number code every sending process loaded for one signature every 40 minutes.
import { createPrivateKey, sign } from 'node:crypto';

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
  const key = createPrivateKey(privateKey);
  const header = base64url({ alg: 'ES256', typ: 'JWT', kid: keyId });
  let cached: { value: string; authorization: string; at: number } | undefined;
  function current() {
    const at = now();
    if (!cached || at - cached.at >= refreshMs) {
      const signed = `${header}.${base64url({ iss: teamId, iat: Math.floor(at / 1000) })}`;
      const value = `${signed}.${sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
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

const base64url = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');

export type ProviderToken = ReturnType<typeof createProviderToken>;
