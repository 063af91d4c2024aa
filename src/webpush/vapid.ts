// VAPID (RFC 8292): each push carries `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed with
// ES256 for the push service's origin. A broadcast sends to a handful of origins, so a token is signed once per
// origin and reused until less than an hour of it is left, instead of signed for every push.
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { parseVapidKeys } from './vapid-keys.ts';

/** How long a token is valid: RFC 8292 allows at most 24 hours. */
export const TOKEN_LIFETIME_S = 12 * 3600;
/** A token with less than this left is signed again, so none expires while a push is on its way. */
const RENEW_BEFORE_S = 3600;
/** Origins whose tokens are kept: push services are few, an endpoint's host is checked on registration. */
const MAX_ORIGINS = 1024;

export interface VapidSignerOptions {
  /** A contact for the push service's operator: mailto: or https:. */
  subject: string;
  publicKey: string;
  privateKey: string;
  now?: () => number;
}

export interface VapidSigner {
  publicKey: string;
  /** The Authorization header for a push to an endpoint of `origin` (e.g. https://fcm.googleapis.com). */
  authorization(origin: string): string;
}

export function subjectProblem(subject: string): string | undefined {
  if (/^mailto:[^@\s]+@[^@\s]+$/.test(subject)) return undefined;
  try {
    if (subject.startsWith('https:') && new URL(subject).hostname) return undefined;
  } catch {
    // Not a URL: said below.
  }
  return 'VAPID_SUBJECT must be a mailto: address or an https: URL, for the push services to contact you';
}

const JWT_HEADER = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');

function signingKey(publicKey: string, privateKey: string): KeyObject {
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url'), d: privateKey };
  return createPrivateKey({ key: jwk, format: 'jwk' });
}

export function createVapidSigner({ subject, publicKey, privateKey, now = Date.now }: VapidSignerOptions): VapidSigner {
  const problem = subjectProblem(subject);
  if (problem) throw new Error(problem);
  const parsed = parseVapidKeys(publicKey, privateKey);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const keys = parsed.value;
  const key = signingKey(keys.publicKey, keys.privateKey);
  const tokens = new Map<string, { header: string; exp: number }>();

  function signed(origin: string, seconds: number) {
    const exp = seconds + TOKEN_LIFETIME_S;
    const claims = Buffer.from(JSON.stringify({ aud: origin, exp, sub: subject })).toString('base64url');
    const input = `${JWT_HEADER}.${claims}`;
    const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    return { header: `vapid t=${input}.${signature}, k=${keys.publicKey}`, exp };
  }

  return {
    publicKey: keys.publicKey,
    authorization(origin) {
      const seconds = Math.floor(now() / 1000);
      let token = tokens.get(origin);
      if (!token || token.exp - seconds < RENEW_BEFORE_S) {
        if (!token && tokens.size >= MAX_ORIGINS) tokens.clear();
        tokens.set(origin, (token = signed(origin, seconds)));
      }
      return token.header;
    },
  };
}
