// How a broadcast is shown: the same view for POST /v1/notify's answer, the history, the dashboard and webhook
// events (src/domain/webhooks/events.ts).
import type { SqlClient } from '../../db/sql.ts';
import type { Broadcast } from '../../generated/prisma/client.ts';
import { PLATFORMS, type Platform } from '../../fanout/platform.ts';
import type { NotifyRequest } from './request.ts';

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

/** The columns the view reads: a Prisma row (the history's pages), or the same columns read with SQL (BROADCAST_WITH_KEY). */
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

/** The key a broadcast is shown with, for Prisma reads (the history's pages). */
export const API_KEY_SELECT = { select: { id: true, name: true, displayPrefix: true } } as const;

/** A broadcast with its key as BroadcastWithKey, read with plain SQL: `${BROADCAST_WITH_KEY} WHERE ...` (b: the broadcast). */
export const BROADCAST_WITH_KEY = `SELECT b.id::text, b.status::text, b.request, b.recipients, b.sent, b.failed, b.failures, b.by_platform AS "byPlatform", b.opened,
    b.created_at AS "createdAt", b.send_at AS "sendAt", b.finished_at AS "finishedAt", b.error, b.waiting_since AS "waitingSince",
    CASE WHEN k.id IS NULL THEN NULL ELSE json_build_object('id', k.id, 'name', k.name, 'displayPrefix', k.display_prefix) END AS "apiKey"
  FROM broadcasts b LEFT JOIN api_keys k ON k.id = b.api_key_id`;

/**
 * An organization's broadcast, or null. Plain SQL, as POST /v1/notify reads its broadcast: through Prisma, a server's
 * first broadcast waited for Prisma's query compiler (see authenticateApiKey). `id` must be a uuid.
 */
export async function findBroadcast(sql: SqlClient, organizationId: string, id: string): Promise<BroadcastWithKey | null> {
  const [row] = await sql.query<BroadcastWithKey>(`${BROADCAST_WITH_KEY} WHERE b.id = $1 AND b.organization_id = $2`, [id, organizationId]);
  return row ?? null;
}

/** The organization's broadcast sent with this Idempotency-Key, or null. */
export async function findIdempotent(sql: SqlClient, organizationId: string, idempotencyKey: string): Promise<BroadcastWithKey | null> {
  const [row] = await sql.query<BroadcastWithKey>(`${BROADCAST_WITH_KEY} WHERE b.organization_id = $1 AND b.idempotency_key = $2`, [organizationId, idempotencyKey]);
  return row ?? null;
}
