// Subscribing a device to an organization and unsubscribing it. Each is one SQL statement that also
// moves the organization's subscriber count, so the count cannot drift from the rows it counts.
import type { SqlClient } from '../../db/sql.ts';
import { createBatcher, perDatabase, whenQueued } from '../batch.ts';
import { fail, invalid, notFound, ok, type DomainError, type Result } from '../errors.ts';
import { missingToken } from '../identity/tokens.ts';
import { slugIssue } from '../organizations/rules.ts';
import { isUuid, stringIssue } from '../validate.ts';
import { proveExternalIds } from './external-ids.ts';
import { COUNT_SHARDS, MAX_SUBSCRIPTIONS_PER_DEVICE, writeSubscriptions, type SubscribeRow } from './statement.ts';
import { topicsOf } from './topics.ts';
import { tallySubscriberDays } from '../insights/tallies.ts';

export { COUNT_SHARDS, MAX_SUBSCRIPTIONS_PER_DEVICE } from './statement.ts';

export interface SubscribeInput {
  deviceUuid: string;
  orgSlug: string;
  externalId?: string | null;
  /** Needed when the organization has subscribeRequiresInviteCode on: its current invite code. */
  inviteCode?: string | null;
  /** Needed with an externalId when the organization has identity keys: a JWT its server signed (../identity/tokens.ts). */
  externalIdToken?: string | null;
  /** The topics the subscription follows, replacing those it had; absent (or null): they are kept. */
  topics?: unknown;
}

export interface DeviceSubscription {
  orgSlug: string;
  externalId: string | null;
  /** The topics it follows, sorted. */
  topics: string[];
  createdAt: Date;
  updatedAt: Date;
  /** False when the device was already subscribed and only externalId was set. */
  created: boolean;
}

const NO_DEVICE = 'device not found';
const NO_ORGANIZATION = 'organization not found';

type BatchItem = { deviceUuid: string; orgSlug: string; externalId: string | null; inviteCode: string | null; externalIdToken: string | null; topics: string[] | null };
type BatchAnswer = SubscribeRow & { tokenError: DomainError | null };

/** Indexes of `items` in rounds within which no key repeats, each in the order given. */
export function rounds<T>(items: T[], key: (item: T) => string): number[][] {
  const result: number[][] = [];
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = key(item);
    const round = seen.get(k) ?? 0;
    seen.set(k, round + 1);
    (result[round] ??= []).push(i);
  });
  return result;
}

// One round: the statement (./statement.ts) writes every request it can at once. Requests to organizations that
// verify externalIds are refused there for want of a proof; their tokens are checked against the organization's
// keys (./external-ids.ts) and the proven ones written by the same statement again, which checks everything anew.
// Most rounds are one round trip; organizations with identity keys cost two more.
async function subscribeRound(sql: SqlClient, items: BatchItem[]): Promise<BatchAnswer[]> {
  const rows = await writeSubscriptions(sql, items.map((item) => ({ ...item, keyId: null })));
  const answers: BatchAnswer[] = rows.map((row) => ({ ...row, tokenError: null }));
  const claimed = items.flatMap((item, i) => (rows[i]!.token_needed && item.externalId !== null ? [i] : []));
  if (!claimed.length) return answers;
  const proofs = await proveExternalIds(sql, claimed.map((i) => ({ ...items[i]!, externalId: items[i]!.externalId!, organizationId: rows[i]!.organization_id! })));
  const proven: { i: number; keyId: string | null }[] = [];
  claimed.forEach((i, k) => {
    const proof = proofs[k]!;
    if ('error' in proof) answers[i]!.tokenError = proof.error;
    else proven.push({ i, keyId: proof.keyId });
  });
  if (!proven.length) return answers;
  const again = await writeSubscriptions(sql, proven.map(({ i, keyId }) => ({ ...items[i]!, keyId, organizationId: rows[i]!.organization_id })));
  proven.forEach(({ i }, k) => (answers[i] = { ...again[k]!, tokenError: null }));
  return answers;
}

// Subscriptions are written in batches (see ../batch.ts). A (device, organization) pair asked for again in the
// same batch waits for the next one, in the order asked, so each caller is answered for its own request and a
// burst of repeats costs one batch each, shared with everyone else's requests, rather than holding this one.
// At most SUBSCRIBE_BATCH a statement: it is planned by index only (../../db/pool.ts), and its joins of the batch's
// own rows go by nested loop, quadratic in the batch; at 64 it still beats a plan made per call, at 256 it did not
// (bench/rest/statements.ts: 4.65 against 5.20 ms a call at 64, 21.9 against 13.4 at 256).
const SUBSCRIBE_BATCH = 64;
type Subscribe = (sql: SqlClient, item: BatchItem) => Promise<BatchAnswer>;
const subscribeBatch: Subscribe = perDatabase((sql: SqlClient) =>
  createBatcher(async (items: BatchItem[]): Promise<(BatchAnswer | Promise<BatchAnswer>)[]> => {
    const [now = [], ...later] = rounds(items, (item) => `${item.deviceUuid.toLowerCase()} ${item.orgSlug}`);
    const answers: (BatchAnswer | Promise<BatchAnswer>)[] = new Array(items.length);
    const written = await subscribeRound(sql, now.map((i) => items[i]!));
    now.forEach((i, k) => (answers[i] = written[k]!));
    for (const i of later.flat().sort((a, b) => a - b)) answers[i] = subscribeBatch(sql, items[i]!);
    return answers;
  }, { maxBatch: SUBSCRIBE_BATCH }),
) as Subscribe;

export function subscribe(sql: SqlClient, { deviceUuid, orgSlug, externalId = null, inviteCode = null, externalIdToken = null, topics: given }: SubscribeInput): Promise<Result<DeviceSubscription>> {
  if (externalId !== null) {
    const issue = stringIssue(externalId, 'externalId', { max: 128 });
    if (issue) return Promise.resolve(invalid('externalId', issue));
  }
  const topics = topicsOf(given);
  if (!topics.ok) return Promise.resolve(topics);
  if (!isUuid(deviceUuid)) return Promise.resolve(notFound(NO_DEVICE));
  if (slugIssue(orgSlug)) return Promise.resolve(notFound(NO_ORGANIZATION));
  // Subscribing again replaces externalId (absent means none). One `then`, not an await in an async function: a
  // promise fewer a request (bench/README.md).
  return whenQueued(() => subscribeBatch(sql, { deviceUuid, orgSlug, externalId, inviteCode, externalIdToken, topics: topics.value })).then((written) => {
    if (!written.ok) return written;
    const row = written.value;
    if (!row.device_found) return notFound(NO_DEVICE);
    // An unknown slug and a missing, wrong or old invite code are one answer.
    if (!row.org_found) return notFound(NO_ORGANIZATION);
    // Refused tokens leave the subscription exactly as it was.
    if (row.tokenError) return { ok: false, error: row.tokenError };
    if (row.token_needed) return missingToken();
    if (row.over_cap) return fail('CONFLICT', `this device is subscribed to ${MAX_SUBSCRIPTIONS_PER_DEVICE} organizations, the most one device may be: unsubscribe it from one first`);
    return ok({ orgSlug, externalId: row.external_id, topics: row.topics ?? [], createdAt: row.created_at!, updatedAt: row.updated_at!, created: row.created === true });
  });
}

export async function unsubscribe(sql: SqlClient, { deviceUuid, orgSlug }: { deviceUuid: string; orgSlug: string }): Promise<Result<true>> {
  if (!isUuid(deviceUuid) || slugIssue(orgSlug)) return notFound('subscription not found');
  const [row] = await sql.query<{ deleted: number }>(
    `    WITH gone AS (
      DELETE FROM subscriptions s USING organizations o
      WHERE o.slug = $1 AND s.organization_id = o.id AND s.device_uuid = $2::uuid
      RETURNING s.organization_id, s.device_uuid
    ),
    live AS (SELECT gone.organization_id, gone.device_uuid, d.platform FROM gone JOIN devices d USING (device_uuid) WHERE d.token_invalidated_at IS NULL),
    counted AS (
      INSERT INTO organization_subscriber_counts (organization_id, shard, count)
      SELECT organization_id, floor(random() * $3)::smallint, -1 FROM live
      ON CONFLICT (organization_id, shard) DO UPDATE SET count = organization_subscriber_counts.count - 1
    ),
    -- Its topics go with it (the foreign key's cascade; their counts follow by trigger).
    days AS (${tallySubscriberDays('SELECT organization_id, platform, -count(*)::int AS n FROM live GROUP BY 1, 2')})
    SELECT count(*)::int AS deleted FROM gone`,
    [orgSlug, deviceUuid, COUNT_SHARDS],
  );
  return row && row.deleted > 0 ? ok(true) : notFound('subscription not found');
}
