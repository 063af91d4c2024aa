// Where webhooks may go. A URL is checked when it is registered and again when a delivery connects, on the
// addresses that connection resolves (DNS can change in between, or answer each lookup differently): only
// public unicast addresses over https, unless WEBHOOKS_ALLOW_PRIVATE=true (tests and private networks).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name as a delivery's connection does; injectable, so a test can make a name change its answer. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface AddressRules {
  allowPrivate: boolean;
  resolve: Resolve;
}

const RANGE_NAMES: Record<string, string> = {
  private: 'private',
  uniqueLocal: 'private (unique local)',
  loopback: 'loopback',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

/** Why an address may not be reached (e.g. "loopback"), or undefined for a public unicast one. */
export function refusedRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'unparsable';
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it reaches.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return RANGE_NAMES[range] ?? `special-purpose (${range})`;
  // ::/96 holds the deprecated IPv4-compatible addresses (::127.0.0.1); ipaddr.js calls them unicast.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return 'special-purpose (IPv4-compatible)';
  return undefined;
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export const refusedMessage = (host: string, address: string, range: string) =>
  `${host === address ? address : `${host} resolves to ${address}, which`} is a ${range} address; webhooks go to public addresses only (WEBHOOKS_ALLOW_PRIVATE=true lifts this, for tests and private networks)`;

/** Why a webhook URL is refused, in words for the `url` field, or undefined when it may be registered. */
export async function urlProblem(raw: string, { allowPrivate, resolve }: AddressRules): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL, e.g. https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return allowPrivate ? 'url must start with https:// or http://' : 'url must start with https:// (http:// only with WEBHOOKS_ALLOW_PRIVATE=true)';
  }
  if (url.username || url.password) return 'url must not contain a user name or password';
  if (allowPrivate) return undefined;
  const refused = await refusedAddress(url, resolve);
  if (!refused) return undefined;
  if (!refused.address) return `url's host ${refused.host} does not resolve`;
  return `url: ${refusedMessage(refused.host, refused.address, refused.range)}`;
}

/**
 * The first address the URL's host resolves to that may not be reached, with why; `address` is empty when the host
 * does not resolve at all. Undefined when every address is public unicast. Webhooks and Web Push endpoints share it.
 */
export async function refusedAddress(url: URL, resolve: Resolve): Promise<{ host: string; address: string; range: string } | undefined> {
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolve(host)).map((resolved) => resolved.address);
  } catch {
    addresses = [];
  }
  if (!addresses.length) return { host, address: '', range: 'unresolved' };
  for (const address of addresses) {
    const range = refusedRange(address);
    if (range) return { host, address, range };
  }
  return undefined;
}
