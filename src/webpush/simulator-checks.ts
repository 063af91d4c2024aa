// What the Web Push simulator checks of a push before it decrypts it, as the browsers' push services do:
// RFC 8030's headers and RFC 8292's VAPID authorization (the JWT's ES256 signature under k, its audience,
// expiry and subject, and k against the key the subscription was made with).
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { decodeBase64url, isBase64urlText } from './base64url.ts';
import { onP256 } from './subscription.ts';

export type Refusal = { status: number; reason: string };

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const MAX_LIFETIME_S = 24 * 3600;
/** Verified tokens and parsed keys are kept: a sender signs a token per origin and reuses it for hours. */
const MAX_CACHED = 10_000;

export function headerRefusal(headers: IncomingHttpHeaders): Refusal | undefined {
  if (headers.ttl === undefined || !/^\d+$/.test(String(headers.ttl))) return { status: 400, reason: 'TTL must be a non-negative integer' };
  if (headers['content-encoding'] !== 'aes128gcm') return { status: 400, reason: 'Content-Encoding must be aes128gcm' };
  if (headers.urgency !== undefined && !URGENCIES.has(headers.urgency as string)) return { status: 400, reason: 'bad Urgency' };
  if (headers.topic !== undefined && !isBase64urlText(String(headers.topic), 32)) return { status: 400, reason: 'bad Topic' };
  return undefined;
}

export function createVapidChecker(origin: string, now: () => number = Date.now) {
  const keys = new Map<string, KeyObject>();
  const verified = new Map<string, number>();

  function keyOf(k: string): KeyObject | undefined {
    let key = keys.get(k);
    if (key) return key;
    const point = decodeBase64url(k);
    if (!point || !onP256(point)) return undefined;
    if (keys.size >= MAX_CACHED) keys.clear();
    key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    keys.set(k, key);
    return key;
  }

  /** The token's expiry (seconds) when its signature and claims hold, or why not. */
  function claimsProblem(token: string, key: KeyObject): number | string {
    const [header, claims, signature, extra] = token.split('.');
    if (!header || !claims || !signature || extra !== undefined) return 'not a JWT';
    let parsed: { alg?: unknown; aud?: unknown; exp?: unknown; sub?: unknown };
    try {
      if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') return 'alg must be ES256';
      parsed = JSON.parse(Buffer.from(claims, 'base64url').toString());
    } catch {
      return 'not a JWT';
    }
    const bytes = decodeBase64url(signature);
    if (!bytes || bytes.length !== 64 || !verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, bytes)) return 'bad signature';
    if (parsed.aud !== origin) return `aud must be ${origin}`;
    if (typeof parsed.sub !== 'string' || !/^(mailto:|https:)/.test(parsed.sub)) return 'sub must be a mailto: or https: URL';
    if (typeof parsed.exp !== 'number' || parsed.exp > now() / 1000 + MAX_LIFETIME_S) return 'exp must be at most 24 hours ahead';
    return parsed.exp;
  }

  /** Why the Authorization is refused (401; 403 when k is not the key the subscription was made with), or undefined. */
  return function vapidRefusal(authorization: string | undefined, applicationServerKey: string | undefined): Refusal | undefined {
    const match = /^vapid\s+(.*)$/i.exec(authorization ?? '');
    if (!match) return { status: 401, reason: 'Authorization must be vapid t=..., k=...' };
    const params = new Map(match[1]!.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }));
    const token = params.get('t');
    const k = params.get('k');
    if (!token || !k) return { status: 401, reason: 'Authorization must carry t and k' };
    const key = keyOf(k);
    if (!key) return { status: 401, reason: 'k is not a P-256 public key' };
    // A token is kept with the key it was verified under: under another k it is verified again.
    const verifiedKey = `${k} ${token}`;
    let exp = verified.get(verifiedKey);
    if (exp === undefined) {
      const checked = claimsProblem(token, key);
      if (typeof checked === 'string') return { status: 401, reason: checked };
      if (verified.size >= MAX_CACHED) verified.clear();
      verified.set(verifiedKey, (exp = checked));
    }
    if (exp <= now() / 1000) return { status: 401, reason: 'the token has expired' };
    if (applicationServerKey !== undefined && k !== applicationServerKey) return { status: 403, reason: 'k is not the applicationServerKey of the subscription' };
    return undefined;
  };
}
