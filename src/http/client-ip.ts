// The client address the rate limits count by. The socket's address, unless TRUST_PROXY says proxies
// in front of Clarion append to X-Forwarded-For: then the address those proxies saw.
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
