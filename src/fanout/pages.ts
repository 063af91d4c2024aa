// One page of a broadcast: its devices' pushes sent with bounded concurrency, and what became of each: sent,
// dead, failed, or sent again later. The configuration breaker (./breaker.ts) judges the answers that may blame
// a setting; the page never runs past its deadline (a push still unanswered then is left to the retry table).
import type { Circuit } from './circuit.ts';
import type { PushFailure, PushOutcome, PushSink } from './platform.ts';
import type { SqlClient } from '../db/sql.ts';
import { COUNT_SHARDS } from '../domain/subscriptions/service.ts';
import type { Recipient } from './audience.ts';
import type { RetryItem } from './retries.ts';
import { PROBE_PUSHES, type ConfigurationBreaker } from './breaker.ts';
import { countAmbiguous, countPush } from '../metrics/pushes.ts';
import { tallyDevices } from '../domain/insights/tallies.ts';

/** The longest Retry-After a push waits for (a longer one is clamped to it; its retry window still applies). */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** The failure reason of a push that was sent twice and never answered: it may or may not have arrived. */
export const AMBIGUOUS = 'ambiguous';

export interface PageOutcome {
  /** Pushes with a final answer: delivered, or refused for good (not those to send again, nor those a tripped breaker skipped). */
  attempted: number;
  sent: number;
  failures: Record<string, number>;
  dead: { deviceUuid: string; reason: string }[];
  /** Devices that received their first push (their proof: devices.first_delivered_at). */
  firstDelivered: string[];
  /** Pushes to send again: the push service could not take them for now, they went unanswered, or they were held. */
  retry: RetryItem[];
  /** Pushes not sent because the configuration breaker tripped (neither attempted nor to send again). */
  unsent: number;
}

export interface PageOptions {
  concurrency: number;
  breaker: ConfigurationBreaker;
  /** The outage breaker: while APNs is down, pushes are held back rather than sent. */
  circuit?: Circuit;
  /** Whether pushes can be sent again later (a broadcast's retry table); a test send has none. */
  retries?: boolean;
  /** When the page must be done (ms since the epoch): unanswered pushes are then left to the retry table. */
  deadline?: number;
  /** Whether the run has devices left after this page (the breaker judges a run that sent only held pushes). */
  more?: boolean;
  /** Reads again whether another run has proven the setting meanwhile. */
  provenElsewhere?: () => Promise<boolean>;
  /** Told once, at the page's first delivery: the setting is proven. */
  onDelivered?: () => void;
  /** The recipients' platform, for the metrics (default ios). */
  platform?: string;
}

type Held = { recipient: Recipient; answer: PushFailure };

/** Sends one push of the page to its recipient: its end comes back to `sink.settle(index, …)` (a PlatformChannel's dispatch, bound to the broadcast's message). */
export type Dispatch = (sink: PushSink, index: number, recipient: Recipient) => void;

export async function sendPage(dispatch: Dispatch, recipients: Recipient[], options: PageOptions): Promise<PageOutcome> {
  const { concurrency, breaker, circuit, retries = false, deadline = Number.POSITIVE_INFINITY, more = false, provenElsewhere = async () => false, onDelivered, platform = 'ios' } = options;
  const outcome: PageOutcome = { attempted: 0, sent: 0, failures: {}, dead: [], firstDelivered: [], retry: [], unsent: 0 };
  const held: Held[] = [];
  const fail = (reason: string) => {
    outcome.attempted += 1;
    outcome.failures[reason] = (outcome.failures[reason] ?? 0) + 1;
  };
  /** A push that may have arrived gets one more try at most (with the same apns-collapse-id, a second copy replaces the first). */
  const unanswered = (recipient: Recipient, reason: string) => {
    countAmbiguous();
    if (!retries || (recipient.ambiguous ?? 0) >= 1) return fail(AMBIGUOUS);
    outcome.retry.push({ deviceUuid: recipient.device_uuid, reason, tried: true, ambiguous: true });
  };

  /** What one answer makes of its push. */
  function judge(recipient: Recipient, result: PushOutcome) {
    countPush(result, platform);
    circuit?.record(result);
    const verdict = breaker.record(result, recipient.proven === true);
    if (result.ok) {
      outcome.attempted += 1;
      outcome.sent += 1;
      if (outcome.sent === 1) onDelivered?.();
      if (!recipient.proven) outcome.firstDelivered.push(recipient.device_uuid);
      return;
    }
    if (verdict === 'held') return void held.push({ recipient, answer: result });
    if (verdict === 'dead') outcome.dead.push({ deviceUuid: recipient.device_uuid, reason: result.reason });
    if (verdict === 'dead' || verdict === 'failed') return fail(result.reason);
    if (verdict === 'ambiguous') return unanswered(recipient, result.reason);
    if (!retries) return fail(result.reason);
    // A Retry-After is the push service's word, not ours to trust without bound: a day at most.
    const wait = result.retryAfterMs && Number.isFinite(result.retryAfterMs) ? Math.min(result.retryAfterMs, MAX_RETRY_AFTER_MS) : 0;
    const notBefore = wait > 0 ? new Date(Date.now() + wait) : undefined;
    outcome.retry.push({ deviceUuid: recipient.device_uuid, reason: result.reason, tried: true, ambiguous: false, ...(notBefore && { notBefore }) });
  }

  // Until the run's first delivery, devices that received before go first: their answers tell the most.
  const queue = breaker.probing() ? [...recipients.filter((r) => r.proven), ...recipients.filter((r) => !r.proven)] : recipients;
  // Pushes in flight, by their place in the queue: the sender tells each one's end to `sink`.
  const flying = new Uint8Array(queue.length);
  let inFlight = 0;
  let next = 0;
  let cut = false;
  let broken: unknown;
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const sink: PushSink = {
    settle(index, result) {
      if (!flying[index]) return; // the page was cut at its deadline: this answer came too late to count
      flying[index] = 0;
      inFlight -= 1;
      try {
        judge(queue[index]!, result);
      } catch (error) {
        broken ??= error;
        cut = true;
      }
      // The loop has work only when it may send more or the page may be over. An answer that leaves neither (the
      // usual page, all of it in flight at once) does not wake it: no promise per push.
      if (cut || inFlight === 0 || next < queue.length) wakeUp();
    },
    broken(error) {
      // Not an answer but a bug (the sender turns every transport failure into an outcome): the page fails.
      broken ??= error;
      cut = true;
      wakeUp();
    },
  };
  const timer = Number.isFinite(deadline) ? setTimeout(() => ((cut = true), wakeUp()), Math.max(0, deadline - Date.now())) : undefined;
  const stopped = () => cut || breaker.tripped() !== null || breaker.undecided({ more: true });

  try {
    for (;;) {
      // Probing, pushes go out in rounds of PROBE_PUSHES, each once the last has answered: a wrong setting costs one round.
      const round = breaker.probing() ? (inFlight ? 0 : PROBE_PUSHES) : concurrency;
      for (let started = 0; next < queue.length && started < round && inFlight < concurrency && !stopped(); ) {
        const index = next;
        const recipient = queue[index]!;
        next += 1;
        if (circuit && !circuit.permit()) {
          outcome.retry.push({ deviceUuid: recipient.device_uuid, reason: circuit.lastReason(), tried: false, ambiguous: false, notBefore: circuit.nextProbeAt() });
          continue;
        }
        started += 1;
        flying[index] = 1;
        inFlight += 1;
        dispatch(sink, index, recipient);
      }
      if (broken !== undefined) throw broken;
      if (cut) break;
      if (inFlight === 0) {
        // The breaker cannot tell yet: whether the setting has been proven elsewhere decides.
        if (breaker.undecided({ more: next < queue.length || more })) {
          breaker.settle(await provenElsewhere());
          continue;
        }
        if (next >= queue.length || stopped()) break;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    clearTimeout(timer);
  }

  // Past the deadline, what is in flight may have been delivered (it is no outage: the outage breaker is not told).
  for (let index = 0; inFlight > 0 && index < queue.length; index += 1) {
    if (!flying[index]) continue;
    flying[index] = 0;
    inFlight -= 1;
    unanswered(queue[index]!, 'Timeout');
  }
  // What was not sent before the deadline waits its turn; after a trip, nothing more is sent.
  if (breaker.tripped()) outcome.unsent = queue.length - next;
  else {
    for (const recipient of queue.slice(next)) outcome.retry.push({ deviceUuid: recipient.device_uuid, reason: 'NotSent', tried: false, ambiguous: false });
  }
  // Held answers: judged now that the page is done (a test send, which has no later, fails what stays undecided).
  for (const { recipient, answer } of held) {
    const verdict = breaker.judgeHeld(answer, recipient.proven === true);
    if (verdict === 'undecided' && retries) {
      outcome.retry.push({ deviceUuid: recipient.device_uuid, reason: answer.reason, tried: true, ambiguous: false });
      continue;
    }
    if (verdict === 'dead') outcome.dead.push({ deviceUuid: recipient.device_uuid, reason: answer.reason });
    fail(answer.reason);
  }
  // While the push service is down, what waits is sent again from its next probe on.
  if (circuit?.openSince()) {
    const probe = circuit.nextProbeAt();
    for (const item of outcome.retry) item.notBefore ??= probe;
  }
  return outcome;
}

/**
 * The devices' rows, locked in device order first: two statements that write the same devices (two broadcasts
 * sharing an audience) then wait for each other instead of deadlocking.
 */
const LOCK_IN_ORDER = (uuids: string) => `locked AS (SELECT device_uuid FROM devices WHERE device_uuid = ANY(${uuids}::uuid[]) ORDER BY device_uuid FOR UPDATE)`;

/**
 * Marks tokens APNs called dead; they are kept, and registering the token again revives them. subscriberCount
 * counts devices that can still receive, so the same statement takes the newly dead ones off their organizations' counts
 * (and off the topics' and the days' tallies: ../domain/insights/tallies.ts).
 */
export async function markDead(sql: SqlClient, dead: PageOutcome['dead']) {
  if (!dead.length) return;
  await sql.query(
    `WITH ${LOCK_IN_ORDER('$1')}, newly AS (
       UPDATE devices d SET token_invalidated_at = now(), token_invalid_reason = x.reason
       FROM unnest($1::uuid[], $2::text[]) AS x(device_uuid, reason)
       WHERE d.device_uuid = x.device_uuid AND d.device_uuid IN (SELECT device_uuid FROM locked) AND d.token_invalidated_at IS NULL
       RETURNING d.device_uuid, d.platform
     ),
     counted AS (
       INSERT INTO organization_subscriber_counts (organization_id, shard, count)
       SELECT s.organization_id, floor(random() * $3)::smallint, -count(*) FROM subscriptions s JOIN newly USING (device_uuid)
       GROUP BY s.organization_id ORDER BY s.organization_id
       ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + EXCLUDED.count
     ),
     ${tallyDevices('newly', -1)}
     SELECT count(*) FROM newly`,
    [dead.map((d) => d.deviceUuid), dead.map((d) => d.reason), COUNT_SHARDS],
  );
}

/** Records the first delivery to these devices: from now on, a refused token of theirs blames a setting. */
export async function markDelivered(sql: SqlClient, deviceUuids: string[]) {
  if (!deviceUuids.length) return;
  await sql.query(
    `WITH ${LOCK_IN_ORDER('$1')}
     UPDATE devices SET first_delivered_at = now() WHERE device_uuid IN (SELECT device_uuid FROM locked) AND first_delivered_at IS NULL`,
    [deviceUuids],
  );
}
