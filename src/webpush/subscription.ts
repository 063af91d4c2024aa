// What a browser's PushSubscription must be before Clarion keeps it. Its endpoint is a URL that anyone can
// supply and that Clarion will POST to, so it must be https on one of the push services' hosts
// (DEFAULT_WEB_PUSH_HOSTS) and must not resolve to a private, loopback or link-local address. The address is
// checked again when a push connects (./connect.ts), because DNS can answer differently by then.
import { ECDH } from 'node:crypto';
import { invalid, ok, type Result } from '../domain/errors.ts';
import { refusedAddress, systemResolve, type Resolve } from '../domain/webhooks/addresses.ts';
import { decodeBase64url } from './base64url.ts';

/** Google's (Chrome, Edge on Android...), Mozilla's, Apple's (Safari) and Microsoft's (Edge on Windows) push services. */
export const DEFAULT_WEB_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'];

export const MAX_ENDPOINT_LENGTH = 2048;

export interface SubscriptionRules {
  /** Exact host names, or '*.suffix' for any host under suffix (not suffix itself). */
  hosts: string[];
  /** Any https host is accepted, private and loopback addresses included: for tests and private networks. */
  allowPrivate: boolean;
  resolve?: Resolve;
  /** Origins accepted as they are (the local simulator's, on a loopback address). */
  trustedOrigins?: string[];
}

export interface WebPushSubscription {
  endpoint: string;
  /** The browser's ECDH public key: a 65-byte uncompressed P-256 point. */
  p256dh: Buffer;
  /** The browser's 16-byte authentication secret. */
  auth: Buffer;
}

const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * WEB_PUSH_HOSTS: host names or '*.suffix' patterns separated by commas or spaces; empty or unset means
 * DEFAULT_WEB_PUSH_HOSTS.
 */
export function parseHosts(value: string | undefined): Result<string[]> {
  const hosts = (value ?? '').split(/[\s,]+/).filter(Boolean).map((host) => host.toLowerCase());
  if (!hosts.length) return ok([...DEFAULT_WEB_PUSH_HOSTS]);
  const wrong = hosts.find((host) => !HOST_PATTERN.test(host));
  if (wrong) return invalid('WEB_PUSH_HOSTS', `WEB_PUSH_HOSTS: "${wrong}" is not a host name or a *.suffix pattern (e.g. fcm.googleapis.com, *.notify.windows.com)`);
  return ok(hosts);
}

export function hostAllowed(host: string, hosts: string[]) {
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.length > allowed.length - 1 && host.endsWith(allowed.slice(1)) : host === allowed));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether 65 bytes are an uncompressed point on P-256: OpenSSL refuses to convert one that is not. */
export function onP256(point: Buffer) {
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Why an endpoint is refused before any lookup, or the URL. */
function endpointUrl(endpoint: unknown, { hosts, allowPrivate, trustedOrigins = [] }: SubscriptionRules): { url: URL; trusted: boolean } | string {
  if (typeof endpoint !== 'string' || !endpoint) return 'webPush.endpoint is required: the push service URL the browser gave';
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return `webPush.endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'webPush.endpoint must be an absolute URL';
  }
  if (url.protocol !== 'https:') return 'webPush.endpoint must start with https://';
  if (url.username || url.password) return 'webPush.endpoint must not contain a user name or password';
  if (trustedOrigins.includes(url.origin)) return { url, trusted: true };
  if (allowPrivate) return { url, trusted: false };
  if (!hostAllowed(url.hostname, hosts)) return `webPush.endpoint's host ${url.hostname} is not a known push service (WEB_PUSH_HOSTS: ${hosts.join(', ')})`;
  // Push services listen on 443; another port on their hosts is nothing a browser hands out.
  if (url.port) return 'webPush.endpoint must not name a port';
  return { url, trusted: false };
}

async function addressProblem(url: URL, resolve: Resolve): Promise<string | undefined> {
  const refused = await refusedAddress(url, resolve);
  if (!refused) return undefined;
  if (!refused.address) return `webPush.endpoint's host ${refused.host} does not resolve`;
  return `webPush.endpoint's host ${refused.host} resolves to ${refused.address}, a ${refused.range} address: pushes go to public addresses only`;
}

/** The subscription a browser gave (PushSubscription.toJSON()), checked; each error names its field. */
export async function validateSubscription(input: unknown, rules: SubscriptionRules): Promise<Result<WebPushSubscription>> {
  if (!isObject(input)) return invalid('webPush', 'webPush must be the browser\'s PushSubscription: {"endpoint": "https://...", "keys": {"p256dh": "...", "auth": "..."}}');
  const checked = endpointUrl(input.endpoint, rules);
  if (typeof checked === 'string') return invalid('webPush.endpoint', checked);
  const keys = isObject(input.keys) ? input.keys : {};
  const p256dh = decodeBase64url(keys.p256dh);
  if (!p256dh || !onP256(p256dh)) return invalid('webPush.keys.p256dh', 'webPush.keys.p256dh must be the base64url of a 65-byte uncompressed P-256 public key');
  const auth = decodeBase64url(keys.auth);
  if (!auth || auth.length !== 16) return invalid('webPush.keys.auth', 'webPush.keys.auth must be the base64url of 16 bytes');
  if (!checked.trusted && !rules.allowPrivate) {
    const problem = await addressProblem(checked.url, rules.resolve ?? systemResolve);
    if (problem) return invalid('webPush.endpoint', problem);
  }
  return ok({ endpoint: input.endpoint as string, p256dh, auth });
}
