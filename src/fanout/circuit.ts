// The outage breaker, one per process and push service (APNs, FCM, Web Push). While the service answers (anything
// but 429, 5xx, a broken connection or a timeout) it stays closed and every push goes out. After THRESHOLD such
// failures in a row it opens: pushes are held back instead of sent, except a probe of OUTAGE_PROBE_PUSHES every
// PROBE_EVERY_MS; the first probe the service answers closes it again. So an outage costs the service a few
// requests a second, not the audience five times.
export const OUTAGE_THRESHOLD = 20;
export const OUTAGE_PROBE_PUSHES = 5;
export const PROBE_EVERY_MS = 5_000;

import type { PushOutcome } from './platform.ts';

/** Outcomes that mean "not now" rather than "no" (429, 5xx, a broken connection, a timeout): APNs may be down. */
export const isTransient = (outcome: PushOutcome) => !outcome.ok && (outcome.kind === 'retry' || outcome.kind === 'ambiguous');

export interface CircuitOptions {
  threshold?: number;
  probePushes?: number;
  probeEveryMs?: number;
  now?: () => number;
}

export function createCircuit({ threshold = OUTAGE_THRESHOLD, probePushes = OUTAGE_PROBE_PUSHES, probeEveryMs = PROBE_EVERY_MS, now = Date.now }: CircuitOptions = {}) {
  let failures = 0;
  let openSince: number | null = null;
  let lastReason = 'ServiceUnavailable';
  let windowStart = 0;
  let probesLeft = 0;

  return {
    /** Whether one push may go out now: always while closed; while open, only as part of a probe. */
    permit(): boolean {
      if (openSince === null) return true;
      const at = now();
      if (at - windowStart >= probeEveryMs) {
        windowStart = at;
        probesLeft = probePushes;
      }
      if (probesLeft <= 0) return false;
      probesLeft -= 1;
      return true;
    },
    /** Records what APNs made of one push. */
    record(outcome: PushOutcome) {
      if (outcome.ok || !isTransient(outcome)) {
        failures = 0;
        openSince = null;
        return;
      }
      failures += 1;
      lastReason = outcome.reason;
      if (openSince === null && failures >= threshold) {
        openSince = now();
        windowStart = openSince;
        probesLeft = 0;
      }
    },
    /** When APNs stopped answering, or null while it answers. */
    openSince: () => (openSince === null ? null : new Date(openSince)),
    /** When the next probe may go out (now, while closed). */
    nextProbeAt: () => new Date(openSince === null ? now() : Math.max(now(), windowStart + probeEveryMs)),
    /** The last failure's reason: what held-back pushes are waiting on. */
    lastReason: () => lastReason,
  };
}

export type Circuit = ReturnType<typeof createCircuit>;
