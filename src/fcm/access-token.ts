// OAuth 2.0 access tokens for FCM, minted from the service account (RFC 7523's JWT-bearer grant, as Google's
// libraries do): an RS256 JWT signed with node:crypto is exchanged at token_uri for a token that lasts about an
// hour. A broadcast must never wait on a token request per push: the token is cached, `current()` answers the hot
// path synchronously, a refresh starts in the background while the old token still has minutes left, and
// concurrent callers share one request.
import { createPrivateKey, sign } from 'node:crypto';
import https from 'node:https';
import type { ServiceAccount } from './credentials.ts';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The token endpoint would not give a token. `kind` is what the pushes waiting on it become. */
export class TokenError extends Error {
  constructor(
    message: string,
    /** setting: it refused our credentials (invalid_grant: a wrong or revoked key); retry: it was unreachable or failing. */
    readonly kind: 'setting' | 'retry',
    readonly reason: 'TOKEN_REFUSED' | 'TOKEN_UNAVAILABLE',
  ) {
    super(message);
  }
}

/** POSTs a form to the token endpoint; rejects only when no answer came. */
export type FetchToken = (url: string, form: string) => Promise<{ status: number; body: string }>;

export interface AccessTokenOptions {
  account: ServiceAccount;
  fetchToken?: FetchToken;
  now?: () => number;
  /** Trusted CA certificates (PEM) for the default fetchToken: a stand-in's self-signed one. */
  ca?: string | string[];
  /** A refresh starts when the token has less than this left. */
  refreshBeforeMs?: number;
  /** After a failed request, callers get its error for this long instead of asking again at once. */
  failureHoldMs?: number;
  requestTimeoutMs?: number;
}

export interface AccessTokens {
  /** The cached token while it is good, else undefined; may start a background refresh. Never waits. */
  current(): string | undefined;
  /** A good token, asking the endpoint (once, however many callers) when there is none. Rejects with TokenError. */
  get(): Promise<string>;
  /** FCM refused `token` (401): forget it, so the next caller gets a new one. False when it was already replaced. */
  invalidate(token: string): boolean;
}

/** A token is not used in its last half-minute: the request must reach FCM before the token expires. */
const EXPIRY_MARGIN_MS = 30_000;
const LIFETIME_S = 3600;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function createAccessTokens({ account, fetchToken, now = Date.now, ca, refreshBeforeMs = 5 * 60_000, failureHoldMs = 1000, requestTimeoutMs = 10_000 }: AccessTokenOptions): AccessTokens {
  const key = createPrivateKey(account.privateKey);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(account.privateKeyId && { kid: account.privateKeyId }) }));
  const post = fetchToken ?? httpsFetchToken({ ca, timeoutMs: requestTimeoutMs });
  let cached: { value: string; expiresAt: number } | undefined;
  let inflight: Promise<string> | undefined;
  let failure: { error: TokenError; until: number } | undefined;

  function assertion() {
    const iat = Math.floor(now() / 1000);
    const claims = base64url(JSON.stringify({ iss: account.clientEmail, scope: FCM_SCOPE, aud: account.tokenUri, iat, exp: iat + LIFETIME_S }));
    const signature = sign('sha256', Buffer.from(`${header}.${claims}`), key);
    return `${header}.${claims}.${base64url(signature)}`;
  }

  async function request(): Promise<string> {
    const form = `grant_type=${encodeURIComponent(JWT_BEARER)}&assertion=${assertion()}`;
    const asked = now();
    let answer: { status: number; body: string };
    try {
      answer = await post(account.tokenUri, form);
    } catch (error) {
      throw new TokenError(`the FCM token endpoint ${account.tokenUri} did not answer: ${(error as Error).message}`, 'retry', 'TOKEN_UNAVAILABLE');
    }
    const body = parseJson(answer.body);
    if (answer.status === 200 && typeof body?.access_token === 'string' && body.access_token) {
      const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : LIFETIME_S;
      cached = { value: body.access_token, expiresAt: asked + lifetime * 1000 };
      return cached.value;
    }
    // Google's OAuth errors: {error, error_description}; neither holds a secret.
    const said = typeof body?.error === 'string' ? `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}` : `HTTP ${answer.status}`;
    if (answer.status === 429 || answer.status >= 500 || answer.status === 200) throw new TokenError(`the FCM token endpoint could not give a token (${said})`, 'retry', 'TOKEN_UNAVAILABLE');
    throw new TokenError(`the FCM token endpoint refused the service account ${account.clientEmail} (${said})`, 'setting', 'TOKEN_REFUSED');
  }

  function refresh(): Promise<string> {
    if (inflight) return inflight;
    inflight = request().then(
      (value) => {
        inflight = undefined;
        failure = undefined;
        return value;
      },
      (error: TokenError) => {
        inflight = undefined;
        failure = { error, until: now() + failureHoldMs };
        throw error;
      },
    );
    return inflight;
  }

  function current() {
    if (!cached) return undefined;
    const left = cached.expiresAt - now();
    if (left <= EXPIRY_MARGIN_MS) return undefined;
    // Refreshed while the old one still works: the hot path never sees a gap.
    if (left < refreshBeforeMs && !inflight && !(failure && now() < failure.until)) refresh().catch(() => {});
    return cached.value;
  }

  return {
    current,
    get() {
      const value = current();
      if (value) return Promise.resolve(value);
      if (!inflight && failure && now() < failure.until) return Promise.reject(failure.error);
      return refresh();
    },
    invalidate(token) {
      if (cached?.value !== token) return false;
      cached = undefined;
      return true;
    },
  };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One form POST over node:https (HTTP/1.1, which Google's token endpoint and the stand-in both serve). */
export function httpsFetchToken({ ca, timeoutMs = 10_000 }: { ca?: string | string[]; timeoutMs?: number } = {}): FetchToken {
  return (url, form) =>
    new Promise((resolve, reject) => {
      const request = https.request(url, {
        method: 'POST',
        ca,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form), accept: 'application/json' },
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.end(form);
    });
}
