// The client address the rate limits count by. The socket's address, unless TRUST_PROXY says proxies
// in front of Clarion append to X-Forwarded-For: then the address those proxies saw.
import { isIPv6 } from 'node:net';
import type { TrustProxy } from '../config.ts';

const normalize = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

export function clientIp(socketAddress: string | undefined, forwardedFor: string | null, trustProxy: TrustProxy): string {
  const socket = normalize(socketAddress ?? 'unknown');
  if (trustProxy === false || !forwardedFor) return socket;
  const hops = forwardedFor.split(',').map(normalize).filter(Boolean);
  // true trusts every hop: the left-most address. A number n trusts the last n proxies, so the client is
  // the n-th address from the right (the socket being the last proxy).
  const chain = [...hops, socket];
  const index = trustProxy === true ? 0 : Math.max(0, chain.length - 1 - trustProxy);
  return chain[index] ?? socket;
}

/**
 * Who a per-IP limit counts: an IPv4 address as it is, an IPv6 address by its /64, since one host
 * commonly holds a whole /64 and could otherwise take a fresh budget for every address in it.
 */
export function rateLimitIdentity(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${all.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
