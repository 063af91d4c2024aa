// POST /v1/notify, the dashboard's composer, and the notification history. A live send records a broadcast
// and fans it out; a test send (a test key, or the composer's "Send test") goes to at most one device and
// records nothing.
import { v7 as uuidv7 } from 'uuid';
import type { Database, Db } from '../../db/database.ts';
import type { SqlClient } from '../../db/sql.ts';
import { QUEUES, type Boss } from '../../jobs/queue.ts';
import type { Broadcast } from '../../generated/prisma/client.ts';
import type { ApiKeyView, Caller } from '../api-keys/service.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import { randomUUID } from 'node:crypto';
import { countRecipients, newestRecipientQuery, reachesOtherPlatforms, type Recipient } from '../../fanout/audience.ts';
import type { Fanout } from '../../fanout/fanout.ts';
import { PLATFORMS, type Platform } from '../../fanout/platform.ts';
import { broadcastHasEnded, planShards } from '../../fanout/shards.ts';
import { preparePush } from '../../apns/payload.ts';
import { validateNotifyRequest, type NotifyRequest } from './request.ts';
import { inLanguage, inLanguageError } from './localized.ts';
import { createLocaleMatcher } from '../devices/locale.ts';
import { countBroadcastEnd } from '../../metrics/broadcasts.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** JSON with sorted keys: the stored request comes back from jsonb in another key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

export interface NotifyDeps {
  db: Db;
  sql: SqlClient;
  database: Pick<Database, 'transaction'>;
  boss: Boss;
  fanout: Fanout;
  /** Devices per shard (FANOUT_SHARD_SIZE). */
  shardSize: number;
  topic: string;
  /** How long a request waits for its broadcast before answering 202 "sending". */
  waitMs: number;
}

export interface BroadcastView {
  id: string | null;
  status: 'scheduled' | 'sending' | 'completed' | 'failed' | 'cancelled';
  test: boolean;
  target: 'all' | 'users' | 'topics';
  externalIds: string[] | null;
  topics: string[] | null;
  body: string;
  title: string | null;
  /** The languages it has texts for besides its own (localized's tags). */
  languages: string[];
  recipients: number;
  sent: number;
  failed: number;
  failures: Record<string, number>;
  /** Sent and failed per platform. */
  byPlatform: ByPlatform;
  /** Devices that reported opening it (POST /v1/devices/{deviceUuid}/opens). */
  opened: number;
  createdAt: Date;
  /** When a scheduled broadcast starts; null when it was sent at once. */
  sendAt: Date | null;
  finishedAt: Date | null;
  /** Why the broadcast failed or stopped as a whole; null otherwise. */
  error: { code: string; message: string } | null;
  /** While sending: since when it has been waiting for APNs to answer again (an outage); null otherwise. */
  waitingForApnsSince: Date | null;
  timing: { durationMs: number | null };
  apiKey: { id: string; name: string; displayPrefix: string } | null;
}

export type ByPlatform = Record<Platform, { sent: number; failed: number }>;

/** The stored flat counts ({"ios.sent": 3}) as {ios: {sent, failed}, android: …, web: …}, every platform present. */
export function byPlatformOf(counts: Record<string, number>): ByPlatform {
  const view = Object.fromEntries(PLATFORMS.map((platform) => [platform, { sent: 0, failed: 0 }])) as ByPlatform;
  for (const platform of PLATFORMS) view[platform] = { sent: counts[`${platform}.sent`] ?? 0, failed: counts[`${platform}.failed`] ?? 0 };
  return view;
}

/** Who sends: an API key (REST) or a signed-in member (dashboard, apiKey null); test sends reach one device. */
export interface Sender {
  organizationId: string;
  apiKey: Pick<ApiKeyView, 'id' | 'name' | 'displayPrefix'> | null;
  test: boolean;
}

export const senderOf = (caller: Caller): Sender => ({ organizationId: caller.organizationId, apiKey: caller.apiKey, test: caller.apiKey.kind === 'test' });

/** The columns the view reads: a Prisma row, or the same columns read with SQL (webhook events, src/domain/webhooks/events.ts). */
export type BroadcastWithKey = Pick<Broadcast, 'id' | 'status' | 'request' | 'recipients' | 'sent' | 'failed' | 'failures' | 'byPlatform' | 'opened' | 'createdAt' | 'sendAt' | 'finishedAt' | 'error' | 'waitingSince'> & {
  apiKey: { id: string; name: string; displayPrefix: string } | null;
};

export function broadcastView(row: BroadcastWithKey): BroadcastView {
  const request = row.request as unknown as NotifyRequest;
  return {
    id: row.id,
    status: row.status,
    test: false,
    target: request.target,
    externalIds: request.externalIds ?? null,
    topics: request.topics ?? null,
    body: request.body,
    title: request.title ?? null,
    languages: Object.keys(request.localized ?? {}).sort(),
    recipients: row.recipients,
    sent: row.sent,
    failed: row.failed,
    failures: row.failures as Record<string, number>,
    byPlatform: byPlatformOf(row.byPlatform as Record<string, number>),
    opened: row.opened,
    createdAt: row.createdAt,
    sendAt: row.sendAt,
    finishedAt: row.finishedAt,
    error: (row.error as BroadcastView['error']) ?? null,
    waitingForApnsSince: row.status === 'sending' ? row.waitingSince : null,
    timing: { durationMs: row.finishedAt && row.status !== 'cancelled' ? row.finishedAt.getTime() - (row.sendAt ?? row.createdAt).getTime() : null },
    apiKey: row.apiKey,
  };
}

const API_KEY_SELECT = { select: { id: true, name: true, displayPrefix: true } } as const;

async function findBroadcast(db: Db, organizationId: string, id: string) {
  return db.broadcast.findFirst({ where: { id, organizationId }, include: { apiKey: API_KEY_SELECT } });
}

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
  if (idempotencyKey != null && (idempotencyKey.length < 1 || idempotencyKey.length > 255)) return invalid('Idempotency-Key', 'Idempotency-Key must be 1 to 255 characters');

  const organizationId = sender.organizationId;
  if (idempotencyKey) {
    const earlier = await deps.db.broadcast.findUnique({ where: { organizationId_idempotencyKey: { organizationId, idempotencyKey } }, include: { apiKey: API_KEY_SELECT } });
    if (earlier && Date.now() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return answerAgain(earlier, valid.value);
    // Past the window the key is free again.
    if (earlier) await deps.db.broadcast.update({ where: { id: earlier.id }, data: { idempotencyKey: null } });
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
    const earlier = idempotencyKey ? await deps.db.broadcast.findUnique({ where: { organizationId_idempotencyKey: { organizationId, idempotencyKey } }, include: { apiKey: API_KEY_SELECT } }) : null;
    if (earlier) return answerAgain(earlier, valid.value);
    throw error;
  }
  const waited = Date.now() + deps.waitMs;
  if (planned && !planned.expressJobId) deps.fanout.planned();
  if (planned?.expressJobId) {
    const finished = deps.fanout.express({ broadcastId: id, index: 0 }, planned.expressJobId);
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, deps.waitMs).unref())]);
  }
  // A broadcast of several shards is sent by the workers: the answer waits for it up to NOTIFY_WAIT_MS.
  let row = (await findBroadcast(deps.db, organizationId, id))!;
  for (let pause = 20; row.status === 'sending' && Date.now() < waited; pause = Math.min(pause * 2, 250)) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, waited - Date.now())));
    row = (await findBroadcast(deps.db, organizationId, id))!;
  }
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

/**
 * Cancels a scheduled or sending broadcast: a scheduled one never starts, a sending one starts no new page
 * (the pages already in flight finish and are counted). Cancelling a cancelled broadcast answers it again.
 */
export async function cancelBroadcast(deps: Pick<NotifyDeps, 'db' | 'database' | 'boss'>, organizationId: string, id: string, test = false): Promise<Result<BroadcastView>> {
  if (!isUuid(id) || test) return notFound('notification not found');
  // The webhook event is written with the status change.
  const cancelled = await deps.database.transaction(async (tx) => {
    const [changed] = await tx.query<{ was: string }>(
      `UPDATE broadcasts b SET status = 'cancelled', finished_at = now()
       FROM (SELECT id, status::text AS was FROM broadcasts WHERE id = $1 AND organization_id = $2 FOR UPDATE) old
       WHERE b.id = old.id AND b.status IN ('scheduled', 'sending') RETURNING old.was`,
      [id, organizationId],
    );
    if (changed) await broadcastHasEnded(tx, deps.boss, id);
    return changed;
  });
  if (cancelled) countBroadcastEnd('cancelled');
  if (cancelled?.was === 'scheduled') await deps.boss.cancel(QUEUES.start, id).catch(() => {}); // its job would find it cancelled anyway
  const row = await findBroadcast(deps.db, organizationId, id);
  if (!row) return notFound('notification not found');
  if (row.status === 'completed' || row.status === 'failed') return fail('CONFLICT', `this notification has already ${row.status === 'completed' ? 'completed' : 'failed'}; there is nothing left to cancel`);
  return ok(broadcastView(row));
}

// A test key sees test-mode data only, and test sends are not stored: its history is empty and every id is unknown.
export async function getBroadcast(db: Db, organizationId: string, id: string, test = false): Promise<Result<BroadcastView>> {
  const row = isUuid(id) && !test ? await findBroadcast(db, organizationId, id) : null;
  return row ? ok(broadcastView(row)) : notFound('notification not found');
}

/** Newest first. Broadcast ids are UUIDv7, so their order is their creation order. */
export async function listBroadcasts(db: Db, organizationId: string, { limit, cursor }: { limit?: number | null; cursor?: string | null }, test = false) {
  const take = limit ?? 20;
  if (!Number.isInteger(take) || take < 1 || take > 100) return invalid('limit', 'limit must be an integer from 1 to 100');
  if (cursor && !isUuid(cursor)) return invalid('cursor', 'cursor is not one this server issued');
  if (test) return ok({ notifications: [] as BroadcastView[], nextCursor: null });
  const rows = await db.broadcast.findMany({
    where: { organizationId, ...(cursor && { id: { lt: cursor } }) },
    orderBy: { id: 'desc' },
    take: take + 1,
    include: { apiKey: API_KEY_SELECT },
  });
  const page = rows.slice(0, take);
  return ok({ notifications: page.map(broadcastView), nextCursor: rows.length > take ? page.at(-1)!.id : null });
}
