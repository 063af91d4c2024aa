// POST /v1/notify, the dashboard's composer, and the notification history. A live send records a broadcast
// and fans it out; a test send (a test key, or the composer's "Send test") goes to at most one device and
// records nothing.
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.ts';
import type { SqlClient } from '../../db/sql.ts';
import { QUEUES, type Boss } from '../../jobs/queue.ts';
import type { ApiKeyView, Caller } from '../api-keys/service.ts';
import { fail, invalid, ok, type Result } from '../errors.ts';
import { randomUUID } from 'node:crypto';
import { countRecipients, newestRecipientQuery, reachesOtherPlatforms, type Recipient } from '../../fanout/audience.ts';
import type { Fanout } from '../../fanout/fanout.ts';
import { planShards } from '../../fanout/shards.ts';
import { preparePush } from '../../apns/payload.ts';
import { validateNotifyRequest, type NotifyRequest } from './request.ts';
import { stringIssue } from '../validate.ts';
import { inLanguage, inLanguageError } from './localized.ts';
import { createLocaleMatcher } from '../devices/locale.ts';
import type { Listener } from '../../db/listen.ts';
import { POLLS, waitWhileSending } from './wait.ts';
import { broadcastView, byPlatformOf, findBroadcast, findIdempotent, type BroadcastView, type BroadcastWithKey } from './view.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** JSON with sorted keys: the stored request comes back from jsonb in another key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

export interface NotifyDeps {
  sql: SqlClient;
  database: Pick<Database, 'transaction'>;
  boss: Boss;
  fanout: Fanout;
  /** Devices per shard (FANOUT_SHARD_SIZE). */
  shardSize: number;
  topic: string;
  /** How long a request waits for its broadcast before answering 202 "sending". */
  waitMs: number;
  /** Notifications of broadcasts' ends (BROADCAST_ENDED_CHANNEL), to answer when one ends rather than at a poll. */
  ended?: Listener;
  /** The pauses between reads of a broadcast it waits for (default POLLS; a test makes them long to prove the wake). */
  polls?: typeof POLLS;
}

/** Who sends: an API key (REST) or a signed-in member (dashboard, apiKey null); test sends reach one device. */
export interface Sender {
  organizationId: string;
  apiKey: Pick<ApiKeyView, 'id' | 'name' | 'displayPrefix'> | null;
  test: boolean;
}

export const senderOf = (caller: Caller): Sender => ({ organizationId: caller.organizationId, apiKey: caller.apiKey, test: caller.apiKey.kind === 'test' });

/**
 * A test send: the same request, to the most recently subscribed matching device only, and no history. A wrong
 * setting fails it (APNS_CONFIGURATION) and writes off nobody, as it does a broadcast.
 */
async function sendTest(deps: NotifyDeps, sender: Sender, request: NotifyRequest): Promise<Result<BroadcastView>> {
  const started = new Date();
  const [device] = await deps.sql.query<Recipient>(...newestRecipientQuery(sender.organizationId, request));
  const refused = device && deps.fanout.check(request, randomUUID()).find(({ platform }) => platform === device.platform);
  if (refused) return refused.error;
  const text = device && inLanguage(request, createLocaleMatcher(Object.keys(request.localized ?? {}))(device.locale));
  const { outcome, tripped } = device && text ? await deps.fanout.sendTest(text, device, `test:${started.getTime()}`) : { outcome: undefined, tripped: null };
  const finished = new Date();
  return ok({
    id: null, status: tripped ? 'failed' : 'completed', test: true, target: request.target, externalIds: request.externalIds ?? null, topics: request.topics ?? null,
    body: request.body, title: request.title ?? null, languages: Object.keys(request.localized ?? {}).sort(), opened: 0,
    recipients: device ? 1 : 0, sent: outcome?.sent ?? 0, failed: device ? 1 - (outcome?.sent ?? 0) : 0, failures: outcome?.failures ?? {},
    byPlatform: byPlatformOf(device ? { [`${device.platform}.${outcome?.sent ? 'sent' : 'failed'}`]: 1 } : {}),
    createdAt: started, sendAt: null, finishedAt: finished, error: tripped && { code: tripped.code, message: tripped.message }, waitingForApnsSince: null,
    timing: { durationMs: finished.getTime() - started.getTime() },
    apiKey: sender.apiKey && { id: sender.apiKey.id, name: sender.apiKey.name, displayPrefix: sender.apiKey.displayPrefix },
  });
}

/** How many devices a request would reach now: what the composer asks before a live send. */
export async function audienceSize(sql: SqlClient, organizationId: string, input: unknown): Promise<Result<number>> {
  const valid = validateNotifyRequest(input);
  if (!valid.ok) return valid;
  return pastSendAt(valid.value) ?? ok(await countRecipients(sql, organizationId, valid.value));
}

export async function notify(deps: NotifyDeps, sender: Sender, input: unknown, idempotencyKey?: string | null): Promise<Result<BroadcastView>> {
  const valid = validateNotifyRequest(input);
  if (!valid.ok) return valid;
  if (sender.test) {
    if (valid.value.sendAt) return invalid('sendAt', 'a test send goes out at once and is not stored, so it cannot be scheduled: leave sendAt out, or use a live key');
    return sendTest(deps, sender, valid.value);
  }
  const id = uuidv7();
  // The APNs message is stored with the broadcast (its topic then), one per language; every platform must be able to take them.
  const push = preparePush(valid.value, deps.topic, id);
  if (!push.ok) return push;
  const pushes: Record<string, unknown> = {};
  for (const key of Object.keys(valid.value.localized ?? {})) {
    const localized = preparePush(inLanguage(valid.value, key), deps.topic, id);
    if (!localized.ok) return inLanguageError(localized, key);
    pushes[key] = localized.value;
  }
  const refused = await refusedByAudience(deps, sender.organizationId, valid.value, id);
  if (refused) return refused;
  if (idempotencyKey != null) {
    // A NUL (possible through /graphql) or a lone surrogate is no text PostgreSQL stores: refused here, not failed there.
    const issue = idempotencyKey.length < 1 || idempotencyKey.length > 255 ? 'Idempotency-Key must be 1 to 255 characters' : stringIssue(idempotencyKey, 'Idempotency-Key', { max: 255 });
    if (issue) return invalid('Idempotency-Key', issue);
  }

  const organizationId = sender.organizationId;
  if (idempotencyKey) {
    const earlier = await findIdempotent(deps.sql, organizationId, idempotencyKey);
    if (earlier && Date.now() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return answerAgain(earlier, valid.value);
    // Past the window the key is free again.
    if (earlier) await deps.sql.query(`UPDATE broadcasts SET idempotency_key = NULL WHERE id = $1`, [earlier.id]);
  }
  const sendAt = valid.value.sendAt ? new Date(valid.value.sendAt) : null;
  const scheduled = sendAt !== null && sendAt.getTime() > Date.now();
  const past = pastSendAt(valid.value);
  if (past) return past;
  const request = { ...valid.value, push: push.value, ...(valid.value.localized && { pushes }) };
  let planned: Awaited<ReturnType<typeof planShards>> | undefined;
  try {
    // The broadcast and its work are created together: a crash leaves either both or neither.
    planned = await deps.database.transaction(async (tx) => {
      const recipients = await countRecipients(tx, organizationId, valid.value);
      await tx.query(
        `INSERT INTO broadcasts (id, organization_id, api_key_id, status, request, recipients, idempotency_key, send_at)
         VALUES ($1, $2, $3, $4::"BroadcastStatus", $5::jsonb, $6, $7, $8)`,
        [id, organizationId, sender.apiKey?.id ?? null, scheduled ? 'scheduled' : 'sending', JSON.stringify(request), recipients, idempotencyKey || null, sendAt],
      );
      if (scheduled) {
        // The start job has the broadcast's id, so cancelling the broadcast cancels its job.
        await deps.boss.insert([{ id, name: QUEUES.start, data: { broadcastId: id }, startAfter: sendAt.toISOString() }], { db: tx });
        return undefined;
      }
      return planShards(tx, deps.boss, { id, organizationId, request: valid.value }, deps.shardSize, { express: true });
    });
  } catch (error) {
    // The same Idempotency-Key, sent twice at once: the first insert wins (the second waits on the unique index until
    // it commits); the same request gets its broadcast, a different one the 422, never the other's broadcast.
    const earlier = idempotencyKey ? await findIdempotent(deps.sql, organizationId, idempotencyKey) : null;
    if (earlier) return answerAgain(earlier, valid.value);
    throw error;
  }
  const waited = Date.now() + deps.waitMs;
  if (planned && !planned.expressJobId) deps.fanout.planned(planned.shards, id);
  if (planned?.expressJobId) {
    const finished = deps.fanout.express({ broadcastId: id, index: 0 }, planned.expressJobId);
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, deps.waitMs).unref())]);
  }
  // A broadcast of several shards is sent by the workers: the answer waits for it up to NOTIFY_WAIT_MS, woken by
  // the NOTIFY of the transaction that ends it.
  const row = await waitWhileSending(async () => (await findBroadcast(deps.sql, organizationId, id))!, id, waited, planned && !planned.expressJobId ? deps.ended : undefined, deps.polls);
  return ok(broadcastView(row));
}

/**
 * A message one of the audience's platforms cannot take (too large for FCM, a data key FCM reserves...) is refused
 * before anything is sent. Only a platform that refuses it is looked for in the audience (rare, and then worth the
 * query); a platform without devices there does not stand in the way.
 */
async function refusedByAudience(deps: NotifyDeps, organizationId: string, request: NotifyRequest, broadcastId: string) {
  for (const { platform, error } of deps.fanout.check(request, broadcastId)) {
    if (await reachesOtherPlatforms(deps.sql, organizationId, request, [platform])) return error;
  }
  return undefined;
}

/** A retry with an Idempotency-Key: the first broadcast when the request is the same, else UNPROCESSABLE. */
function answerAgain(earlier: BroadcastWithKey, request: NotifyRequest): Result<BroadcastView> {
  const { push: _push, pushes: _pushes, ...asked } = earlier.request as unknown as NotifyRequest & { push: unknown; pushes?: unknown };
  if (canonical(asked) !== canonical(request)) return fail('UNPROCESSABLE', 'this Idempotency-Key was used with a different request in the last 24 hours', 'Idempotency-Key');
  return ok(broadcastView(earlier));
}

/** A sendAt this little in the past (clocks differ) means now; older is a mistake. */
const PAST_SEND_AT_GRACE_MS = 60_000;

/** Checked when sending, not in validation, so that an Idempotency-Key's retry still finds its broadcast. */
function pastSendAt(request: NotifyRequest) {
  if (!request.sendAt || Date.now() - Date.parse(request.sendAt) <= PAST_SEND_AT_GRACE_MS) return undefined;
  return invalid<never>('sendAt', 'sendAt is in the past; leave it out to send now');
}
