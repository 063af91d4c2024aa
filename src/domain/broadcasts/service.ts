// POST /v1/notify, the dashboard's composer, and the notification history. A live send records a broadcast
// and fans it out; a test send (a test key, or the composer's "Send test") goes to at most one device and
// records nothing.
import type { Db } from '../../db/database.ts';
import type { SqlClient } from '../../db/sql.ts';
import type { Broadcast } from '../../generated/prisma/client.ts';
import type { ApiKeyView, Caller } from '../api-keys/service.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import type { SendPush } from '../../apns/sender.ts';
import { countRecipients, markDead, newestRecipientQuery, sendPage, type Fanout } from './fanout.ts';
import { preparePush } from './payload.ts';
import { validateNotifyRequest, type NotifyRequest } from './request.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** JSON with sorted keys: the stored request comes back from jsonb in another key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

export interface NotifyDeps {
  db: Db;
  sql: SqlClient;
  fanout: Fanout;
  send: SendPush;
  topic: string;
  /** How long a request waits for its broadcast before answering 202 "sending". */
  waitMs: number;
}

export interface BroadcastView {
  id: string | null;
  status: 'sending' | 'completed' | 'failed';
  test: boolean;
  target: 'all' | 'users';
  externalIds: string[] | null;
  body: string;
  title: string | null;
  recipients: number;
  sent: number;
  failed: number;
  failures: Record<string, number>;
  createdAt: Date;
  finishedAt: Date | null;
  timing: { durationMs: number | null };
  apiKey: { id: string; name: string; displayPrefix: string } | null;
}

/** Who sends: an API key (REST) or a signed-in member (dashboard, apiKey null); test sends reach one device. */
export interface Sender {
  organizationId: string;
  apiKey: Pick<ApiKeyView, 'id' | 'name' | 'displayPrefix'> | null;
  test: boolean;
}

export const senderOf = (caller: Caller): Sender => ({ organizationId: caller.organizationId, apiKey: caller.apiKey, test: caller.apiKey.kind === 'test' });

type BroadcastWithKey = Broadcast & { apiKey: { id: string; name: string; displayPrefix: string } | null };

export function broadcastView(row: BroadcastWithKey): BroadcastView {
  const request = row.request as unknown as NotifyRequest;
  return {
    id: row.id,
    status: row.status,
    test: false,
    target: request.target,
    externalIds: request.externalIds ?? null,
    body: request.body,
    title: request.title ?? null,
    recipients: row.recipients,
    sent: row.sent,
    failed: row.failed,
    failures: row.failures as Record<string, number>,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    timing: { durationMs: row.finishedAt ? row.finishedAt.getTime() - row.createdAt.getTime() : null },
    apiKey: row.apiKey,
  };
}

const API_KEY_SELECT = { select: { id: true, name: true, displayPrefix: true } } as const;

async function findBroadcast(db: Db, organizationId: string, id: string) {
  return db.broadcast.findFirst({ where: { id, organizationId }, include: { apiKey: API_KEY_SELECT } });
}

/** A test send: the same request, to the most recently subscribed matching device only, and no history. */
async function sendTest(deps: NotifyDeps, sender: Sender, request: NotifyRequest, push: ReturnType<typeof preparePush> & { ok: true }): Promise<BroadcastView> {
  const started = new Date();
  const [device] = await deps.sql.query<{ device_uuid: string; apns_token: string }>(...newestRecipientQuery(sender.organizationId, request));
  const outcome = device ? await sendPage(deps.send, `test:${started.getTime()}`, push.value, [device], 1) : { sent: 0, failures: {}, dead: [] };
  await markDead(deps.sql, outcome.dead);
  const finished = new Date();
  return {
    id: null, status: 'completed', test: true, target: request.target, externalIds: request.externalIds ?? null, body: request.body, title: request.title ?? null,
    recipients: device ? 1 : 0, sent: outcome.sent, failed: device ? 1 - outcome.sent : 0, failures: outcome.failures,
    createdAt: started, finishedAt: finished, timing: { durationMs: finished.getTime() - started.getTime() },
    apiKey: sender.apiKey && { id: sender.apiKey.id, name: sender.apiKey.name, displayPrefix: sender.apiKey.displayPrefix },
  };
}

/** How many devices a request would reach now: what the composer asks before a live send. */
export async function audienceSize(sql: SqlClient, organizationId: string, input: unknown): Promise<Result<number>> {
  const valid = validateNotifyRequest(input);
  return valid.ok ? ok(await countRecipients(sql, organizationId, valid.value)) : valid;
}

export async function notify(deps: NotifyDeps, sender: Sender, input: unknown, idempotencyKey?: string | null): Promise<Result<BroadcastView>> {
  const valid = validateNotifyRequest(input);
  if (!valid.ok) return valid;
  const push = preparePush(valid.value, deps.topic);
  if (!push.ok) return push;
  if (sender.test) return ok(await sendTest(deps, sender, valid.value, push));
  if (idempotencyKey != null && (idempotencyKey.length < 1 || idempotencyKey.length > 255)) return invalid('Idempotency-Key', 'Idempotency-Key must be 1 to 255 characters');

  const organizationId = sender.organizationId;
  if (idempotencyKey) {
    const earlier = await deps.db.broadcast.findUnique({ where: { organizationId_idempotencyKey: { organizationId, idempotencyKey } }, include: { apiKey: API_KEY_SELECT } });
    if (earlier && Date.now() - earlier.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) {
      const { push: _push, ...asked } = earlier.request as unknown as NotifyRequest & { push: unknown };
      if (canonical(asked) !== canonical(valid.value)) return fail('UNPROCESSABLE', 'this Idempotency-Key was used with a different request in the last 24 hours', 'Idempotency-Key');
      return ok(broadcastView(earlier));
    }
    // Past the window the key is free again.
    if (earlier) await deps.db.broadcast.update({ where: { id: earlier.id }, data: { idempotencyKey: null } });
  }
  const recipients = await countRecipients(deps.sql, organizationId, valid.value);
  let created: Broadcast;
  try {
    created = await deps.db.broadcast.create({
      data: { organizationId, apiKeyId: sender.apiKey?.id ?? null, request: { ...valid.value, push: push.value } as object, recipients, idempotencyKey: idempotencyKey || null },
    });
  } catch (error) {
    // The same Idempotency-Key, sent twice at once: the first one wins and both get its broadcast.
    const earlier = idempotencyKey ? await deps.db.broadcast.findUnique({ where: { organizationId_idempotencyKey: { organizationId, idempotencyKey } }, include: { apiKey: API_KEY_SELECT } }) : null;
    if (earlier) return ok(broadcastView(earlier));
    throw error;
  }
  const finished = deps.fanout.run(created.id);
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, deps.waitMs).unref())]);
  return ok(broadcastView((await findBroadcast(deps.db, organizationId, created.id))!));
}

export async function getBroadcast(db: Db, organizationId: string, id: string): Promise<Result<BroadcastView>> {
  const row = isUuid(id) ? await findBroadcast(db, organizationId, id) : null;
  return row ? ok(broadcastView(row)) : notFound('notification not found');
}

/** Newest first. Broadcast ids are UUIDv7, so their order is their creation order. */
export async function listBroadcasts(db: Db, organizationId: string, { limit, cursor }: { limit?: number | null; cursor?: string | null }) {
  const take = limit ?? 20;
  if (!Number.isInteger(take) || take < 1 || take > 100) return invalid('limit', 'limit must be an integer from 1 to 100');
  if (cursor && !isUuid(cursor)) return invalid('cursor', 'cursor is not one this server issued');
  const rows = await db.broadcast.findMany({
    where: { organizationId, ...(cursor && { id: { lt: cursor } }) },
    orderBy: { id: 'desc' },
    take: take + 1,
    include: { apiKey: API_KEY_SELECT },
  });
  const page = rows.slice(0, take);
  return ok({ notifications: page.map(broadcastView), nextCursor: rows.length > take ? page.at(-1)!.id : null });
}
