// The connections pushes go over: one keep-alive https.Agent per push service origin. An endpoint is a URL a
// stranger supplied, so the agent's lookup refuses a private, loopback or link-local answer at the moment it
// connects (DNS may have changed since the subscription was checked), as webhooks do (src/domain/webhooks/send.ts).
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { refusedRange, systemResolve, type Resolve } from '../domain/webhooks/addresses.ts';

/** A connection to an address pushes may not go to: the push is refused (EndpointRefused), never sent. */
export class RefusedEndpoint extends Error {}

export interface ConnectRules {
  allowPrivate: boolean;
  resolve?: Resolve;
  /** Trusted besides the usual roots (the local simulator's self-signed certificate). */
  ca?: string;
  maxSocketsPerOrigin: number;
  /** Origins reached whatever their address (the local simulator's). */
  trustedOrigins?: string[];
}

/** Past this many origins, idle ones are let go; a subscription's host is checked, so there are few. */
const MAX_ORIGINS = 256;

function checkedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((resolved) => refusedRange(resolved.address));
        if (refused) return callback(new RefusedEndpoint(`${hostname} resolves to ${refused.address}, a ${refusedRange(refused.address)} address`), '', 0);
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const fitting = addresses.filter((resolved) => !family || resolved.family === family);
        if (!fitting.length) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) callback(null, fitting);
        else callback(null, fitting[0]!.address, fitting[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export interface Origin {
  agent: https.Agent;
  /** Requests not yet ended: an origin with none may be let go. */
  busy: number;
}

export function createOrigins({ allowPrivate, resolve = systemResolve, ca, maxSocketsPerOrigin, trustedOrigins = [] }: ConnectRules) {
  const origins = new Map<string, Origin>();
  const lookup = allowPrivate ? undefined : checkedLookup(resolve);
  // One TLS context for every connection. Given as `ca`, the roots would be joined into the agent's name for
  // its socket pool on every request (https.Agent.getName): a third of a push's CPU with the simulator's certificate.
  const secureContext = createSecureContext(ca ? { ca: [...rootCertificates, ca] } : {});

  function letIdleGo() {
    for (const [name, origin] of origins) {
      if (origins.size < MAX_ORIGINS) return;
      if (origin.busy) continue;
      origin.agent.destroy();
      origins.delete(name);
    }
  }

  return {
    /** Why a push to this URL may not even be attempted (an address literal in a refused range), or undefined. */
    refusal(url: URL): string | undefined {
      if (allowPrivate || trustedOrigins.includes(url.origin)) return undefined;
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const range = isIP(host) ? refusedRange(host) : undefined;
      return range && `${host} is a ${range} address`;
    },
    of(url: URL): Origin {
      let origin = origins.get(url.origin);
      if (!origin) {
        if (origins.size >= MAX_ORIGINS) letIdleGo();
        const trusted = trustedOrigins.includes(url.origin);
        const agent = new https.Agent({ keepAlive: true, maxSockets: maxSocketsPerOrigin, secureContext, ...(lookup && !trusted && { lookup }) });
        origins.set(url.origin, (origin = { agent, busy: 0 }));
      }
      return origin;
    },
    close() {
      for (const origin of origins.values()) origin.agent.destroy();
      origins.clear();
    },
  };
}

export type Origins = ReturnType<typeof createOrigins>;
