// The outage breaker, one per process. While APNs answers (anything but 429, 5xx, a broken connection or a
// timeout) it stays closed and every push goes out. After THRESHOLD such failures in a row it opens: pushes
// are held back instead of sent, except a probe of PROBE_PUSHES every PROBE_EVERY_MS; the first probe that
// APNs answers closes it again. So an outage costs Apple a few requests a second, not the audience five times.
export const OUTAGE_THRESHOLD = 20;
export const PROBE_PUSHES = 5;
export const PROBE_EVERY_MS = 5_000;

/** Answers that mean "not now" rather than "no": the push is sent again later. */
const TRANSIENT = new Set(['TooManyRequests', 'InternalServerError', 'ServiceUnavailable', 'Shutdown', 'ConnectionError', 'Timeout', 'HTTP429', 'HTTP500', 'HTTP502', 'HTTP503', 'HTTP504']);
export const isTransient = (reason: string) => TRANSIENT.has(reason);

export interface CircuitOptions {
  threshold?: number;
  probePushes?: number;
  probeEveryMs?: number;
  now?: () => number;
}

export function createCircuit({ threshold = OUTAGE_THRESHOLD, probePushes = PROBE_PUSHES, probeEveryMs = PROBE_EVERY_MS, now = Date.now }: CircuitOptions = {}) {
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
    record(outcome: { ok: true } | { ok: false; reason: string }) {
      if (outcome.ok || !isTransient(outcome.reason)) {
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
