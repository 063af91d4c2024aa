// POST /v1/devices/{deviceUuid}/opens: an app tells that its user opened a notification. Counted once per device
// and notification (broadcast_opens), on the broadcast (opened) and on the organization's day. The route needs no
// key, so what a stranger can do with it is bounded: only devices whose uuid they hold, once each, and only for a
// notification that was sent to that device, which here means: the device was in the broadcast's audience (it was
// subscribed before the broadcast ended, matches its target, and its token was not written off before the broadcast),
// and the broadcast delivered to someone; a broadcast's opens never pass its sent. Whether its own push was delivered
// is not stored per device, so a device whose push failed can still count its open.
import type { SqlClient } from '../../db/sql.ts';
import { externalIdMatch } from '../../fanout/audience.ts';
import { createBatcher, perDatabase, whenQueued } from '../batch.ts';
import { invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import { tallyDay } from './rollups.ts';

type Open = { deviceUuid: string; notificationId: string };
type OpenRow = { device_found: boolean; reached: boolean };

const listOf = (field: string) => `(SELECT array_agg(x) FROM jsonb_array_elements_text(b.request -> '${field}') x)`;

// Opens are written in batches (../batch.ts): a popular notification's opens arrive together. The broadcasts' rows
// are locked in order first, then the day's row, as the fan-out's page writes take them.
const recordBatch = perDatabase((sql: SqlClient) =>
  createBatcher(async (items: Open[]): Promise<OpenRow[]> => {
    const rows = await sql.query<OpenRow & { n: string }>(
      `WITH input AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS i(device_uuid, broadcast_id, n)),
       -- Locked, and read as they are now (not as this statement's snapshot saw them): opened never passes sent. What
       -- was sent is what its shards have stored: the broadcast's own total trails them by up to a second while it
       -- sends (../../fanout/totals.ts). A test send has no shard: its own total.
       locked AS (
         SELECT id, opened, GREATEST(sent, (SELECT COALESCE(sum(s.sent), 0)::int FROM broadcast_shards s WHERE s.broadcast_id = broadcasts.id)) AS sent
         FROM broadcasts WHERE id IN (SELECT broadcast_id FROM input) ORDER BY id FOR UPDATE
       ),
       checked AS (
         SELECT i.n, i.device_uuid, i.broadcast_id, EXISTS (SELECT 1 FROM devices d WHERE d.device_uuid = i.device_uuid) AS device_found,
                EXISTS (SELECT 1 FROM broadcasts b JOIN subscriptions s ON s.organization_id = b.organization_id AND s.device_uuid = i.device_uuid
                          JOIN devices d ON d.device_uuid = s.device_uuid
                          JOIN locked l ON l.id = b.id
                        WHERE b.id = i.broadcast_id AND l.sent > 0
                          AND s.created_at <= COALESCE(b.finished_at, now())
                          -- A token written off before the broadcast was not sent to.
                          AND (d.token_invalidated_at IS NULL OR d.token_invalidated_at > b.created_at)
                          AND ${externalIdMatch('b.organization_id', listOf('externalIds'), 's.')} AND (b.request -> 'topics' IS NULL OR EXISTS (SELECT 1 FROM subscription_topics t
                            WHERE t.organization_id = s.organization_id AND t.device_uuid = s.device_uuid AND t.topic IN (SELECT jsonb_array_elements_text(b.request -> 'topics'))))) AS reached
         FROM input i
       ),
       opened AS (
         INSERT INTO broadcast_opens (broadcast_id, device_uuid) SELECT broadcast_id, device_uuid FROM checked WHERE reached
         ORDER BY 1, 2 ON CONFLICT DO NOTHING RETURNING broadcast_id
       ),
       counted AS (
         UPDATE broadcasts b SET opened = LEAST(l.opened + o.n, l.sent)
         FROM (SELECT broadcast_id, count(*)::int AS n FROM opened GROUP BY 1) o JOIN locked l ON l.id = o.broadcast_id
         WHERE b.id = o.broadcast_id RETURNING b.organization_id, LEAST(l.opened + o.n, l.sent) - l.opened AS n
       ),
       day AS (${tallyDay(`SELECT organization_id, 0 AS broadcasts, 0 AS sent, 0 AS failed, '{}'::jsonb AS failures, sum(n)::int AS opened FROM counted GROUP BY 1`)})
       SELECT n::text, device_found, reached FROM checked`,
      [items.map((item) => item.deviceUuid), items.map((item) => item.notificationId)],
    );
    const byN = new Map(rows.map((row) => [Number(row.n), row]));
    return items.map((_, i) => byN.get(i + 1)!);
  }),
);

/** Counts the open once; a repeat is accepted and not counted again. */
export async function recordOpen(sql: SqlClient, { deviceUuid, notificationId }: { deviceUuid: string; notificationId: unknown }): Promise<Result<true>> {
  if (typeof notificationId !== 'string' || !isUuid(notificationId)) return invalid('notificationId', 'notificationId must be the id of a notification (a UUID), as POST /v1/notify answered it');
  if (!isUuid(deviceUuid)) return notFound('device not found');
  const written = await whenQueued(() => recordBatch(sql, { deviceUuid, notificationId }));
  if (!written.ok) return written;
  if (!written.value.device_found) return notFound('device not found');
  // An unknown notification and one this device was not sent are one answer: the route tells a stranger nothing more.
  if (!written.value.reached) return { ok: false, error: { code: 'NOT_FOUND', message: 'this device was not sent that notification', field: 'notificationId' } };
  return ok(true);
}
