// One delivery attempt: a POST over node:http(s) to an address checked as the connection resolves it (the
// request's lookup hook refuses private ones, so DNS rebinding cannot slip in between check and connect),
// within a time limit, redirects not followed (a 3xx is a failure like any non-2xx).
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { hostOf, refusedMessage, refusedRange, type AddressRules, type ResolvedAddress } from './addresses.ts';

export interface AttemptResult {
  delivered: boolean;
  /** The answer's HTTP status; null when there was none. */
  statusCode: number | null;
  /** What went wrong, in words (timeout, connection refused, refused address, HTTP 500...); null when delivered. */
  error: string | null;
}

class RefusedAddress extends Error {}

const failure = (error: string, statusCode: number | null = null): AttemptResult => ({ delivered: false, statusCode, error });

/** The addresses a connection may use, or why it may not connect at all. */
function usable(hostname: string, addresses: ResolvedAddress[], family: number | undefined, allowPrivate: boolean): ResolvedAddress[] | Error {
  const refused = allowPrivate ? undefined : addresses.find((resolved) => refusedRange(resolved.address));
  if (refused) return new RefusedAddress(`refused address: ${refusedMessage(hostname, refused.address, refusedRange(refused.address)!)}`);
  const fitting = addresses.filter((resolved) => !family || resolved.family === family);
  return fitting.length ? fitting : Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
}

/** Resolves through `rules.resolve` and refuses the connection if any address it gives is not allowed. */
function checkedLookup({ allowPrivate, resolve }: AddressRules): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const found = usable(hostname, addresses, family, allowPrivate);
        if (found instanceof Error) callback(found, '', 0);
        else if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function describe(error: NodeJS.ErrnoException): string {
  if (error instanceof RefusedAddress) return error.message;
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found (DNS lookup failed)',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
  };
  return (error.code && words[error.code]) ?? error.message;
}

export function post(url: URL, headers: Record<string, string>, body: string, rules: AddressRules & { timeoutMs: number }): Promise<AttemptResult> {
  // Registered while WEBHOOKS_ALLOW_PRIVATE was on, and it is off now.
  if (!rules.allowPrivate && url.protocol !== 'https:') return Promise.resolve(failure('refused: http:// is allowed only with WEBHOOKS_ALLOW_PRIVATE=true'));
  const host = hostOf(url);
  const range = !rules.allowPrivate && isIP(host) ? refusedRange(host) : undefined;
  // An address in the URL is never looked up: it is judged here.
  if (range) return Promise.resolve(failure(`refused address: ${refusedMessage(host, host, range)}`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((settle) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Clarion-Webhooks' },
        lookup: checkedLookup(rules),
        // A connection of its own: no pooled socket carries a request to an address this attempt did not check.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not needed; the connection is closed rather than read to its end.
        response.destroy();
        if (status >= 200 && status < 300) return finish({ delivered: true, statusCode: status, error: null });
        finish(failure(status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`, status));
      },
    );
    const timer = setTimeout(() => {
      finish(failure(`timeout: no answer within ${rules.timeoutMs / 1000} s`));
      request.destroy();
    }, rules.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish(failure(describe(error))));
    request.end(body);
  });
}
