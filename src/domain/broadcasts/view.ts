// How a broadcast is shown: the same view for POST /v1/notify's answer, the history, the dashboard and webhook
// events (src/domain/webhooks/events.ts).
import type { Db } from '../../db/database.ts';
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

export const API_KEY_SELECT = { select: { id: true, name: true, displayPrefix: true } } as const;

export async function findBroadcast(db: Db, organizationId: string, id: string) {
  return db.broadcast.findFirst({ where: { id, organizationId }, include: { apiKey: API_KEY_SELECT } });
}
