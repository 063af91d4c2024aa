// Who a broadcast reaches, as SQL: the organization's subscriptions that match the request, in device_uuid
// order (the subscriptions' key), cut into shards by keyset ranges and read a page at a time. A "topics" broadcast
// reads the same order from the topics' key (subscription_topics).
import type { SqlClient } from '../db/sql.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';

/** Sorts before every device: the lower bound of the first shard. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface Recipient {
  device_uuid: string;
  /** ios, android or web (devices.platform). */
  platform: string;
  /** The platform's token: the APNs token, the FCM token, or the Web Push endpoint. */
  token: string;
  /** Web Push only: the subscription's keys (RFC 8291). */
  p256dh?: Buffer | null;
  auth?: Buffer | null;
  /** The device has received a push before (devices.first_delivered_at): it is real. */
  proven?: boolean;
  /** Earlier attempts of this push that went unanswered (a retry's). */
  ambiguous?: number;
  /** The device's language (devices.locale): it picks the broadcast's localized text. */
  locale?: string | null;
}

/** A device's token, whichever its platform (one of the three columns is set). */
export const TOKEN = 'COALESCE(apns_token, fcm_token, web_push_endpoint)';

/** The columns of a recipient, from devices `d`: what a page or a retry reads. */
export const RECIPIENT_COLUMNS = `d.platform::text, COALESCE(d.apns_token, d.fcm_token, d.web_push_endpoint) AS token, d.web_push_p256dh AS p256dh, d.web_push_auth AS auth, d.locale`;

/** A shard's range: the subscriptions whose device_uuid is in (after, until]; until null means to the end. */
export interface Range {
  after: string;
  until: string | null;
}

/**
 * The subscription matches a target "users" request's externalIds ($ids), and, when the organization ($org)
 * verifies externalIds (it has identity keys), its externalId was proved by a token signed with one of the
 * keys it has now: a device that claimed an externalId without proof, or with a key since deleted, is not
 * reached by it. `s` is the subscriptions' alias ('' for none).
 */
export function externalIdMatch(org: string, ids: string, s = '') {
  return `(${ids}::text[] IS NULL OR (${s}external_id = ANY(${ids}::text[])
    AND (NOT EXISTS (SELECT 1 FROM identity_keys WHERE organization_id = ${org})
         OR ${s}external_id_key_id IN (SELECT id FROM identity_keys WHERE organization_id = ${org}))))`;
}

/**
 * A target "topics" request ($topics) reaches the subscriptions `s` of the organization $org that follow one of its
 * topics. Written as a plain IN only when the request has topics, so PostgreSQL plans a semi-join (a hash of the topics'
 * subscribers, or a merge on device order) rather than a lookup per subscription; without topics it only types the
 * parameter. `s` is the subscriptions' alias ('' for none).
 */
export function topicMatch(request: NotifyRequest, org: string, topics: string, s = '') {
  return request.topics
    ? `${s}device_uuid IN (SELECT device_uuid FROM subscription_topics WHERE organization_id = ${org} AND topic = ANY(${topics}::text[]))`
    : `${topics}::text[] IS NULL`;
}

/** Both of a request's filters on subscriptions `s`: $org, the externalIds $ids, the topics $topics. */
const matches = (request: NotifyRequest, org: string, ids: string, topics: string, s = '') => `${externalIdMatch(org, ids, s)} AND ${topicMatch(request, org, topics, s)}`;

/**
 * The devices of a shard's range that follow one of the topics ($6), the first `limit` after the cursor in device
 * order: each topic's subscribers are read from subscription_topics' key (organization, topic, device) from the
 * cursor on, and the branches merged in device order (a Merge Append) with repeats dropped as they meet, so a page
 * reads about `limit` rows per topic at most and sorts nothing: it costs the same wherever the cursor is, as an "all"
 * page does.
 */
function topicPage(topics: string[]) {
  const branches = topics.map(
    (_, i) => `(SELECT device_uuid FROM subscription_topics
       WHERE organization_id = $1 AND topic = ($6::text[])[${i + 1}] AND device_uuid > $2::uuid AND ($5::uuid IS NULL OR device_uuid <= $5::uuid)
         AND $3::text[] IS NULL
       ORDER BY device_uuid LIMIT $4)`,
  );
  return `SELECT DISTINCT device_uuid FROM (${branches.join(' UNION ALL ')}) topics ORDER BY device_uuid LIMIT $4`;
}

/**
 * The next page of a shard's subscriptions after `cursor`, in device order, with each device's token and
 * whether it is live. The page is cut from the subscriptions' primary key first and only then joined, so
 * every page costs the same wherever the cursor is (a plain join with LIMIT let the planner rescan every
 * device before the cursor: quadratic over a large audience). Dead devices come back too, so that a page of
 * fewer rows than asked for always means the end of the range (a shard asks for one more than it sends).
 */
export function pageQuery(organizationId: string, request: NotifyRequest, range: Range, cursor: string | null, limit: number): [string, unknown[]] {
  const subscriptions = request.topics
    ? topicPage(request.topics)
    : `SELECT device_uuid FROM subscriptions
           WHERE organization_id = $1 AND device_uuid > $2::uuid AND ($5::uuid IS NULL OR device_uuid <= $5::uuid)
             AND ${externalIdMatch('$1', '$3')} AND $6::text[] IS NULL
           ORDER BY device_uuid LIMIT $4`;
  return [
    `SELECT s.device_uuid::text, d.platform::text, d.token, d.p256dh, d.auth, d.locale, d.token_invalidated_at IS NULL AS live, d.first_delivered_at IS NOT NULL AS proven
     FROM (${subscriptions}) s
     -- A lookup per subscription (OFFSET 0 keeps the planner from turning it into a scan of all devices).
     CROSS JOIN LATERAL (SELECT platform, ${TOKEN} AS token, web_push_p256dh AS p256dh, web_push_auth AS auth, locale, token_invalidated_at, first_delivered_at
                        FROM devices WHERE device_uuid = s.device_uuid OFFSET 0) d
     ORDER BY s.device_uuid`,
    [organizationId, cursor ?? range.after, request.externalIds ?? null, limit, range.until, request.topics ?? null],
  ];
}

/**
 * How a large broadcast's end is cut finer. Of a broadcast of more than TAPER shards, the last TAPER shards' worth of
 * audience goes into shards that each take an eighth (1 / TAPER) of what is left, at least an eighth of a full shard
 * and at most a full one. The runs that finish first then take the small ones, instead of waiting idle on the one run
 * still sending a full shard: with shards of 2,000 and four runs held to a tenth of a core each, the runs' last pages
 * ended up to 0.7 s apart (bench/README.md, "Tapered shards"). It makes a broadcast about 13 shards more (21 in
 * place of its last 8), each one job. A broadcast of TAPER shards or fewer is cut as before: every shard full but
 * the last, so a small one does not wake more workers than it has full shards.
 */
export const TAPER = 8;

/**
 * Cuts the matching subscriptions into ranges of at most `size`: each bound is the size-th key after the one before,
 * found by an index walk that starts where the last one stopped (a recursive query), so the whole is one pass over
 * the key with nothing numbered, counted or sorted. A window that numbered every key took 445-775 ms at a million
 * devices, this 60 ms. A broadcast that fits in one shard gets the single range (nil, end]. One of more than TAPER
 * shards has its last ones tapered (TAPER) unless `taper` is false: its tail is walked a second time, an eighth of a
 * shard at a time.
 */
export async function shardRanges(sql: SqlClient, organizationId: string, request: NotifyRequest, size: number, { taper = true } = {}): Promise<Range[]> {
  const full = await everyKey(sql, organizationId, request, size, NIL_UUID);
  const step = Math.max(1, Math.floor(size / TAPER));
  if (!taper || full.length + 1 <= TAPER || step === size) return rangesBetween(full);
  // Bounds full[0..m-1] make m + 1 ranges: the last TAPER of them are cut again, from the bound before them on.
  const kept = full.slice(0, full.length + 1 - TAPER);
  const units = await everyKey(sql, organizationId, request, step, kept.at(-1)!);
  const perShard = Math.floor(size / step);
  const tail: string[] = [];
  for (let left = units.length + 1, taken = 0; left > 0; ) {
    const take = Math.min(left, Math.max(1, Math.min(perShard, Math.ceil(left / TAPER))));
    taken += take;
    left -= take;
    if (left > 0) tail.push(units[taken - 1]!);
  }
  return rangesBetween([...kept, ...tail]);
}

/** Every step-th key of the audience after `from`, in device order, but never its last key. */
async function everyKey(sql: SqlClient, organizationId: string, request: NotifyRequest, step: number, from: string): Promise<string[]> {
  // The audience after a bound, in device order. The topics' subscribers are merged in device order (as a page reads
  // them, ./topicPage), so nothing is hashed or sorted; no topic gives more than `step` of the next `step`.
  const audienceAfter = (bound: string) =>
    request.topics
      ? `SELECT DISTINCT device_uuid FROM (${request.topics
          .map((_, i) => `(SELECT device_uuid FROM subscription_topics WHERE organization_id = $1 AND topic = ($4::text[])[${i + 1}] AND device_uuid > ${bound} AND $2::text[] IS NULL ORDER BY device_uuid LIMIT $3)`)
          .join(' UNION ALL ')}) topics ORDER BY device_uuid`
      : `SELECT device_uuid FROM subscriptions WHERE organization_id = $1 AND device_uuid > ${bound} AND ${externalIdMatch('$1', '$2')} AND $4::text[] IS NULL ORDER BY device_uuid`;
  // A bound with nothing after it is the audience's last key: it ends the last range rather than start an empty one.
  const rows = await sql.query<{ device_uuid: string }>(
    `WITH RECURSIVE bounds (k, id) AS (
       SELECT 0, $5::uuid
       UNION ALL
       SELECT k + 1, (${audienceAfter('bounds.id')} OFFSET $3 - 1 LIMIT 1) FROM bounds WHERE id IS NOT NULL)
     SELECT id::text AS device_uuid FROM bounds WHERE k > 0 AND id IS NOT NULL AND EXISTS (${audienceAfter('bounds.id')} LIMIT 1) ORDER BY id`,
    [organizationId, request.externalIds ?? null, step, request.topics ?? null, from],
  );
  return rows.map((row) => row.device_uuid);
}

/** The ranges the bounds make, from before every device to the end. */
function rangesBetween(bounds: string[]): Range[] {
  const ranges: Range[] = [];
  let after = NIL_UUID;
  for (const until of bounds) {
    ranges.push({ after, until });
    after = until;
  }
  ranges.push({ after, until: null });
  return ranges;
}

/** The live device a test key reaches: the most recently subscribed one that matches. */
export function newestRecipientQuery(organizationId: string, request: NotifyRequest): [string, unknown[]] {
  return [
    `SELECT s.device_uuid::text, ${RECIPIENT_COLUMNS}, d.first_delivered_at IS NOT NULL AS proven
     FROM subscriptions s JOIN devices d ON d.device_uuid = s.device_uuid
     WHERE s.organization_id = $1 AND d.token_invalidated_at IS NULL AND ${matches(request, '$1', '$2', '$3', 's.')}
     ORDER BY s.created_at DESC, s.device_uuid LIMIT 1`,
    [organizationId, request.externalIds ?? null, request.topics ?? null],
  ];
}

/**
 * The live devices a request reaches. Written as the subscriptions less those of dead devices (every subscription's
 * device exists: a foreign key): the few dead devices are hashed, not every device, which took a million-device count
 * from about 320 to 140 ms. They are read from their own partial index (devices_dead_idx), not from the whole table.
 */
export async function countRecipients(sql: SqlClient, organizationId: string, request: NotifyRequest) {
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscriptions s
     WHERE s.organization_id = $1 AND ${matches(request, '$1', '$2', '$3', 's.')}
       AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.device_uuid = s.device_uuid AND d.token_invalidated_at IS NOT NULL)`,
    [organizationId, request.externalIds ?? null, request.topics ?? null],
  );
  return row?.n ?? 0;
}

/**
 * Whether the request reaches live devices on one of `platforms`: when a breaker trips and none of those that can
 * still be sent to is left, the whole broadcast stops, else only the tripped platform (asked only when one trips);
 * and whether a platform that cannot take a message has devices in the audience (asked only then).
 */
export async function reachesOtherPlatforms(sql: SqlClient, organizationId: string, request: NotifyRequest, platforms: string[]) {
  if (!platforms.length) return false;
  const [row] = await sql.query<{ other: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM subscriptions s JOIN devices d ON d.device_uuid = s.device_uuid
       WHERE s.organization_id = $1 AND d.platform::text = ANY($3::text[]) AND d.token_invalidated_at IS NULL AND ${matches(request, '$1', '$2', '$4', 's.')}) AS other`,
    [organizationId, request.externalIds ?? null, platforms, request.topics ?? null],
  );
  return row?.other ?? false;
}
