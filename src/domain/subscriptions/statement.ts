// The one statement that subscribes a round of requests (./service.ts): it finds each request's organization by
// slug, admitting it only when the organization asks for no invite code or the request carries its current one;
// finds the device; upserts the subscriptions (xmax = 0 only for fresh inserts) and moves the counts. Invite codes
// are compared as SHA-256 digests, so the comparison's time says nothing about where a guess differs (as
// ../organizations/invite-code.ts does in JS); the caller's code is hashed here, so its text (a NUL, any length)
// never reaches SQL. An externalId is written without proof only if the organization has
// no identity key; otherwise the row says token_needed and nothing is written. An unknown device is still looked
// up for a refused request, so it answers 404 before a token answers 401. The (device, slug) pairs of one call
// must be distinct: a row cannot be upserted twice by one statement. Topics given replace the subscription's (their
// counts follow by trigger), and the day's tally moves with subscriberCount (../insights/tallies.ts).
// It is planned once per connection, by index only (../../db/pool.ts, PREPARED_PLANS): whether a row exists is asked
// as `(SELECT true ... LIMIT 1)`, not EXISTS, which the planner may turn into a hash of the whole table, read for each
// batch.
import { createHash } from 'node:crypto';
import type { SqlClient } from '../../db/sql.ts';
import { tallySubscriberDays } from '../insights/tallies.ts';

/** Counter rows per organization; a change lands on a random one. */
export const COUNT_SHARDS = 16;

/**
 * The most organizations one device may be subscribed to: every subscription is a push per broadcast, and the
 * device routes need no key. Requests for one device in the same batch are counted together, so a burst may
 * pass it by the few in that batch.
 */
export const MAX_SUBSCRIPTIONS_PER_DEVICE = 100;

export interface SubscribeEntry {
  deviceUuid: string;
  orgSlug: string;
  inviteCode: string | null;
  externalId: string | null;
  /** The identity key that proved externalId (./external-ids.ts); null: none proved it (yet). */
  keyId: string | null;
  /** The organization the key was proven for: the slug must still name it. */
  organizationId?: string | null;
  /** The topics to follow, replacing those it has; null: keep them. */
  topics: string[] | null;
}

export interface SubscribeRow {
  organization_id: string | null;
  device_found: boolean;
  /** The organization exists and admitted the request (no code asked for, or the current one given). */
  org_found: boolean;
  /** The organization verifies externalIds and this entry brought no proven key. */
  token_needed: boolean;
  /** The device already holds MAX_SUBSCRIPTIONS_PER_DEVICE subscriptions, none of them to this organization. */
  over_cap: boolean;
  external_id: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  created: boolean | null;
  /** The topics the subscription follows after the statement (null when it was not written). */
  topics: string[] | null;
}

/** The statement's text, made once (a prepared statement's name is its digest). */
const SUBSCRIBE = `    WITH input AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::bytea[], $4::text[], $5::uuid[], $8::uuid[], $9::jsonb[]) WITH ORDINALITY
        AS i(device_uuid, slug, invite_digest, external_id, key_id, proven_for, topics_json, n)
    ),
    resolved AS (
      SELECT i.n, i.external_id, i.key_id, o.id AS organization_id, d.device_uuid AS found_device, d.token_invalidated_at IS NULL AS live, d.platform,
             CASE WHEN i.topics_json IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(i.topics_json)) END AS topics,
             (o.id IS NOT NULL AND i.external_id IS NOT NULL AND i.key_id IS NULL
              AND (SELECT true FROM identity_keys k WHERE k.organization_id = o.id LIMIT 1)) IS TRUE AS token_needed,
             (o.id IS NOT NULL AND d.device_uuid IS NOT NULL
              AND (SELECT true FROM subscriptions s WHERE s.organization_id = o.id AND s.device_uuid = d.device_uuid LIMIT 1) IS NULL
              AND (SELECT count(*) FROM subscriptions s WHERE s.device_uuid = d.device_uuid) >= $7) AS over_cap
      FROM input i
      LEFT JOIN organizations o ON o.slug = i.slug AND (i.proven_for IS NULL OR o.id = i.proven_for)
        AND (NOT o.subscribe_requires_invite_code OR sha256(convert_to(o.invite_code, 'UTF8')) = i.invite_digest)
      LEFT JOIN devices d ON d.device_uuid = i.device_uuid
    ),
    up AS (
      INSERT INTO subscriptions (organization_id, device_uuid, external_id, external_id_key_id)
      SELECT organization_id, found_device, external_id, key_id FROM resolved
      WHERE organization_id IS NOT NULL AND found_device IS NOT NULL AND NOT token_needed AND NOT over_cap
      ORDER BY organization_id, found_device
      ON CONFLICT (organization_id, device_uuid) DO UPDATE
        SET external_id = EXCLUDED.external_id, external_id_key_id = EXCLUDED.external_id_key_id, updated_at = now()
      RETURNING organization_id, device_uuid, external_id, created_at, updated_at, (xmax = 0) AS created
    ),
    written AS (SELECT r.*, up.created FROM up JOIN resolved r ON r.organization_id = up.organization_id AND r.found_device = up.device_uuid),
    counted AS (
      INSERT INTO organization_subscriber_counts (organization_id, shard, count)
      SELECT organization_id, floor(random() * $6)::smallint, count(*) FROM written
      WHERE created AND live
      GROUP BY organization_id ORDER BY organization_id
      ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + EXCLUDED.count
    ),
    -- Topics given replace those the subscription had: the ones it no longer follows go, the new ones come.
    topics_removed AS (
      DELETE FROM subscription_topics t USING written w
      WHERE w.topics IS NOT NULL AND t.organization_id = w.organization_id AND t.device_uuid = w.found_device AND NOT (t.topic = ANY(w.topics))
      RETURNING t.topic
    ),
    topics_added AS (
      INSERT INTO subscription_topics (organization_id, topic, device_uuid)
      SELECT w.organization_id, x.topic, w.found_device FROM written w CROSS JOIN unnest(w.topics) x(topic)
      ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING
    ),
    days AS (${tallySubscriberDays('SELECT organization_id, platform, count(*)::int AS n FROM written WHERE created AND live GROUP BY 1, 2')})
    SELECT r.n::text, r.organization_id::text, r.found_device IS NOT NULL AS device_found, r.organization_id IS NOT NULL AS org_found,
           r.token_needed, r.over_cap, up.external_id, up.created_at, up.updated_at, up.created,
           CASE WHEN up.device_uuid IS NULL THEN NULL WHEN r.topics IS NOT NULL THEN r.topics
                ELSE ARRAY(SELECT t.topic FROM subscription_topics t WHERE t.organization_id = up.organization_id AND t.device_uuid = up.device_uuid ORDER BY t.topic COLLATE "C") END AS topics
    FROM resolved r LEFT JOIN up ON up.organization_id = r.organization_id AND up.device_uuid = r.found_device`;

/** One row per entry, in order. */
export async function writeSubscriptions(sql: SqlClient, entries: SubscribeEntry[]): Promise<SubscribeRow[]> {
  const rows = await sql.query<SubscribeRow & { n: string }>(
    SUBSCRIBE,
    [
      entries.map((e) => e.deviceUuid),
      entries.map((e) => e.orgSlug),
      entries.map((e) => (e.inviteCode === null ? null : createHash('sha256').update(e.inviteCode).digest())),
      entries.map((e) => e.externalId),
      entries.map((e) => e.keyId),
      COUNT_SHARDS,
      MAX_SUBSCRIPTIONS_PER_DEVICE,
      entries.map((e) => e.organizationId ?? null),
      entries.map((e) => (e.topics === null ? null : JSON.stringify(e.topics))),
    ],
    { prepare: true },
  );
  const byN = new Map(rows.map((row) => [Number(row.n), row]));
  return entries.map((_, i) => byN.get(i + 1)!);
}
