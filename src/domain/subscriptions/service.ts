// Subscribing a device to an organization and unsubscribing it. Each is one SQL statement that also
// moves the organization's subscriber count, so the count cannot drift from the rows it counts.
import type { SqlClient } from '../../db/sql.ts';
import { createBatcher, perDatabase, whenQueued } from '../batch.ts';
import { fail, invalid, notFound, ok, type DomainError, type Result } from '../errors.ts';
import { missingToken } from '../identity/tokens.ts';
import { slugIssue } from '../organizations/rules.ts';
import { isUuid, stringIssue } from '../validate.ts';
import { admit } from './admission.ts';
import { proveExternalIds } from './external-ids.ts';

/** Counter rows per organization; a change lands on a random one. */
export const COUNT_SHARDS = 16;

/**
 * The most organizations one device may be subscribed to: every subscription is a push per broadcast, and the
 * device routes need no key. Requests for one device in the same batch are counted together, so a burst may
 * pass it by the few in that batch.
 */
export const MAX_SUBSCRIPTIONS_PER_DEVICE = 100;

export interface SubscribeInput {
  deviceUuid: string;
  orgSlug: string;
  externalId?: string | null;
  /** Needed when the organization has subscribeRequiresInviteCode on: its current invite code. */
  inviteCode?: string | null;
  /** Needed with an externalId when the organization has identity keys: a JWT its server signed (../identity/tokens.ts). */
  externalIdToken?: string | null;
}

export interface DeviceSubscription {
  orgSlug: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** False when the device was already subscribed and only externalId was set. */
  created: boolean;
}

const NO_DEVICE = 'device not found';
const NO_ORGANIZATION = 'organization not found';

interface SubscribeRow {
  n: string;
  device_found: boolean;
  org_found: boolean;
  /** The organization verifies externalIds and this request brought no proof (a key was added meanwhile). */
  token_needed: boolean;
  /** The device already holds MAX_SUBSCRIPTIONS_PER_DEVICE subscriptions, none of them to this organization. */
  over_cap: boolean;
  external_id: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  created: boolean | null;
}

type BatchItem = { deviceUuid: string; orgSlug: string; externalId: string | null; inviteCode: string | null; externalIdToken: string | null };
type BatchAnswer = Omit<SubscribeRow, 'created'> & { created: boolean; tokenError: DomainError | null };

// Subscriptions are written in batches (see ../batch.ts). One query finds the organizations and decides
// which requests they admit (./admission.ts); the tokens of organizations that verify externalIds are checked
// (./external-ids.ts); one statement then finds the devices, upserts the subscriptions (xmax = 0 only for
// fresh inserts) and moves the counts. It joins an organization again only if it still asks for no code, or
// its code is still the one the request proved it holds, so a code regenerated in between refuses the request;
// and it writes an externalId without proof only if the organization still has no identity key. A refused
// request is still looked up, so an unknown device answers 404 before a token answers 401. A (device,
// organization) pair written more than once within one batch is sent once, with the last externalId given.
const subscribeBatch = perDatabase((sql: SqlClient) =>
  createBatcher(async (items: BatchItem[]): Promise<BatchAnswer[]> => {
    const admissions = await admit(sql, items);
    const proofs = await proveExternalIds(sql, items, admissions);
    const writes = (i: number) => admissions[i] !== null && !('error' in proofs[i]!);
    const key = (item: BatchItem, i: number) => (writes(i) ? `${item.deviceUuid.toLowerCase()} ${item.orgSlug} write` : `#${i}`);
    const unique = [...new Map(items.map((item, i) => [key(item, i), { ...item, admission: admissions[i], proof: proofs[i]!, write: writes(i) }])).entries()];
    const rows = await sql.query<SubscribeRow>(
      `      WITH input AS (
        SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $6::uuid[], $7::boolean[]) WITH ORDINALITY
          AS i(device_uuid, organization_id, checked_code, external_id, key_id, write, n)
      ),
      resolved AS (
        SELECT i.n, i.external_id, i.key_id, i.write, o.id AS organization_id, d.device_uuid AS found_device, d.token_invalidated_at IS NULL AS live,
               (o.id IS NOT NULL AND i.external_id IS NOT NULL AND i.key_id IS NULL
                AND EXISTS (SELECT 1 FROM identity_keys k WHERE k.organization_id = o.id)) AS token_needed,
               (o.id IS NOT NULL AND d.device_uuid IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.organization_id = o.id AND s.device_uuid = d.device_uuid)
                AND (SELECT count(*) FROM subscriptions s WHERE s.device_uuid = d.device_uuid) >= $8) AS over_cap
        FROM input i
        LEFT JOIN organizations o ON o.id = i.organization_id AND (NOT o.subscribe_requires_invite_code OR o.invite_code = i.checked_code)
        LEFT JOIN devices d ON d.device_uuid = i.device_uuid
      ),
      up AS (
        INSERT INTO subscriptions (organization_id, device_uuid, external_id, external_id_key_id)
        SELECT organization_id, found_device, external_id, key_id FROM resolved
        WHERE organization_id IS NOT NULL AND found_device IS NOT NULL AND write AND NOT token_needed AND NOT over_cap
        ORDER BY organization_id, found_device
        ON CONFLICT (organization_id, device_uuid) DO UPDATE
          SET external_id = EXCLUDED.external_id, external_id_key_id = EXCLUDED.external_id_key_id, updated_at = now()
        RETURNING organization_id, device_uuid, external_id, created_at, updated_at, (xmax = 0) AS created
      ),
      counted AS (
        INSERT INTO organization_subscriber_counts (organization_id, shard, count)
        SELECT up.organization_id, floor(random() * $5)::smallint, count(*) FROM up
        WHERE created AND EXISTS (SELECT 1 FROM resolved r WHERE r.found_device = up.device_uuid AND r.live)
        GROUP BY up.organization_id ORDER BY up.organization_id
        ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count + EXCLUDED.count
      )
      SELECT r.n::text, r.found_device IS NOT NULL AS device_found, r.organization_id IS NOT NULL AS org_found, r.token_needed, r.over_cap,
             up.external_id, up.created_at, up.updated_at, up.created
      FROM resolved r LEFT JOIN up ON r.write AND up.organization_id = r.organization_id AND up.device_uuid = r.found_device`,
      [
        unique.map(([, u]) => u.deviceUuid),
        unique.map(([, u]) => u.admission?.organizationId ?? null),
        unique.map(([, u]) => u.admission?.checkedCode ?? null),
        unique.map(([, u]) => u.externalId),
        COUNT_SHARDS,
        unique.map(([, u]) => ('keyId' in u.proof ? u.proof.keyId : null)),
        unique.map(([, u]) => u.write),
        MAX_SUBSCRIPTIONS_PER_DEVICE,
      ],
    );
    const byN = new Map(rows.map((row) => [Number(row.n), row]));
    const position = new Map(unique.map(([k], i) => [k, i + 1]));
    const answered = new Set<string>();
    return items.map((item, i) => {
      const k = key(item, i);
      const row = byN.get(position.get(k)!)!;
      const first = !answered.has(k);
      answered.add(k);
      const proof = proofs[i]!;
      // Each caller is answered with the externalId it sent, whichever of a repeated pair was written.
      return { ...row, external_id: item.externalId, created: row.created === true && first, tokenError: 'error' in proof ? proof.error : null };
    });
  }),
);

export async function subscribe(sql: SqlClient, { deviceUuid, orgSlug, externalId = null, inviteCode = null, externalIdToken = null }: SubscribeInput): Promise<Result<DeviceSubscription>> {
  if (externalId !== null) {
    const issue = stringIssue(externalId, 'externalId', { max: 128 });
    if (issue) return invalid('externalId', issue);
  }
  if (!isUuid(deviceUuid)) return notFound(NO_DEVICE);
  if (slugIssue(orgSlug)) return notFound(NO_ORGANIZATION);
  // Subscribing again replaces externalId (absent means none).
  const written = await whenQueued(() => subscribeBatch(sql, { deviceUuid, orgSlug, externalId, inviteCode, externalIdToken }));
  if (!written.ok) return written;
  const row = written.value;
  if (!row.device_found) return notFound(NO_DEVICE);
  // An unknown slug and a missing, wrong or old invite code are one answer.
  if (!row.org_found) return notFound(NO_ORGANIZATION);
  // Refused tokens leave the subscription exactly as it was.
  if (row.tokenError) return { ok: false, error: row.tokenError };
  if (row.token_needed) return missingToken();
  if (row.over_cap) return fail('CONFLICT', `this device is subscribed to ${MAX_SUBSCRIPTIONS_PER_DEVICE} organizations, the most one device may be: unsubscribe it from one first`);
  return ok({ orgSlug, externalId: row.external_id, createdAt: row.created_at!, updatedAt: row.updated_at!, created: row.created });
}

export async function unsubscribe(sql: SqlClient, { deviceUuid, orgSlug }: { deviceUuid: string; orgSlug: string }): Promise<Result<true>> {
  if (!isUuid(deviceUuid) || slugIssue(orgSlug)) return notFound('subscription not found');
  const [row] = await sql.query<{ deleted: number }>(
    `    WITH gone AS (
      DELETE FROM subscriptions s USING organizations o
      WHERE o.slug = $1 AND s.organization_id = o.id AND s.device_uuid = $2::uuid
      RETURNING s.organization_id, s.device_uuid
    ),
    counted AS (
      INSERT INTO organization_subscriber_counts (organization_id, shard, count)
      SELECT organization_id, floor(random() * $3)::smallint, -1 FROM gone
      WHERE EXISTS (SELECT 1 FROM devices d WHERE d.device_uuid = gone.device_uuid AND d.token_invalidated_at IS NULL)
      ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count - 1
    )
    SELECT count(*)::int AS deleted FROM gone`,
    [orgSlug, deviceUuid, COUNT_SHARDS],
  );
  return row && row.deleted > 0 ? ok(true) : notFound('subscription not found');
}
