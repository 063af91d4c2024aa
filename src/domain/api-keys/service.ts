// API keys: made for an organization, listed without their secret, revoked, and checked on every
// organization-facing request. A key only ever reaches its own organization.
import type { Db } from '../../db/database.ts';
import type { SqlClient } from '../../db/sql.ts';
import type { ApiKey } from '../../generated/prisma/client.ts';
import type { ApiKeyKind } from '../../generated/prisma/enums.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { requireMember } from '../accounts/memberships.ts';
import { findOrganizationBySlug } from '../organizations/service.ts';
import { isUuid, stringIssue } from '../validate.ts';
import { hashKey, isWellFormedKey, newKey } from './secret.ts';

export const API_KEY_KINDS: readonly ApiKeyKind[] = ['live', 'test'];
/** lastUsedAt is written at most this often per key, so a busy key does not cost a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiKeyView = Omit<ApiKey, 'secretHash'>;
const view = ({ secretHash: _secret, ...rest }: ApiKey): ApiKeyView => rest;

async function insertKey(db: Db, organizationId: string, kind: string, name?: string | null): Promise<Result<{ key: string; apiKey: ApiKeyView }>> {
  if (!API_KEY_KINDS.includes(kind as ApiKeyKind)) return invalid('kind', 'kind must be "live" or "test"');
  const keyName = name ?? `${kind} key`;
  const nameIssue = stringIssue(keyName, 'name', { max: 100 });
  if (nameIssue) return invalid('name', nameIssue);
  const { key, hash, displayPrefix } = newKey(kind as ApiKeyKind);
  const apiKey = await db.apiKey.create({ data: { organizationId, kind: kind as ApiKeyKind, name: keyName, displayPrefix, secretHash: new Uint8Array(hash) } });
  return ok({ key, apiKey: view(apiKey) });
}

/** The operator's way in (CLI): by organization slug. */
export async function createApiKey(db: Db, { orgSlug, kind, name }: { orgSlug: string; kind: string; name?: string }): Promise<Result<{ key: string; apiKey: ApiKeyView }>> {
  const organization = await findOrganizationBySlug(db, orgSlug);
  if (!organization) return notFound('organization not found');
  return insertKey(db, organization.id, kind, name);
}

/** The dashboard's way in: a member of the organization, signed in. */
export async function createApiKeyAsMember(db: Db, userId: string, { organizationId, kind, name }: { organizationId: string; kind: string; name?: string | null }) {
  const member = await requireMember(db, userId, organizationId);
  return member.ok ? insertKey(db, organizationId, kind, name) : member;
}

async function keysOf(db: Db, organizationId: string): Promise<Result<ApiKeyView[]>> {
  const keys = await db.apiKey.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return ok(keys.map(view));
}

export async function listApiKeysAsMember(db: Db, userId: string, organizationId: string): Promise<Result<ApiKeyView[]>> {
  const member = await requireMember(db, userId, organizationId);
  return member.ok ? keysOf(db, organizationId) : member;
}

export async function revokeApiKeyAsMember(db: Db, userId: string, id: string): Promise<Result<ApiKeyView>> {
  const apiKey = isUuid(id) ? await db.apiKey.findUnique({ where: { id } }) : null;
  // Someone else's key answers as a missing one.
  if (!apiKey || !(await requireMember(db, userId, apiKey.organizationId)).ok) return notFound('API key not found');
  return revokeApiKey(db, id);
}

export async function listApiKeys(db: Db, orgSlug: string): Promise<Result<ApiKeyView[]>> {
  const organization = await findOrganizationBySlug(db, orgSlug);
  return organization ? keysOf(db, organization.id) : notFound('organization not found');
}

/** Revoking takes effect on the next request; revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, id: string): Promise<Result<ApiKeyView>> {
  const apiKey = isUuid(id) ? await db.apiKey.findUnique({ where: { id } }) : null;
  if (!apiKey) return notFound('API key not found');
  if (apiKey.revokedAt) return ok(view(apiKey));
  return ok(view(await db.apiKey.update({ where: { id }, data: { revokedAt: new Date() } })));
}

export interface Caller {
  apiKey: ApiKeyView;
  organizationId: string;
}

/** An API key's columns as ApiKeyView, for plain SQL (the secret's hash is not among them). */
const KEY_VIEW_COLUMNS = `id::text, organization_id::text AS "organizationId", kind::text, name, display_prefix AS "displayPrefix", created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/**
 * The caller behind a bearer token. Unknown, revoked and malformed keys are all just "not accepted". Plain SQL, as
 * on every request with a key: through Prisma, a server's first such request also loaded its query compiler and compiled
 * the lookup, and a first broadcast's shards were claimed about 85 ms later for it (docs/architecture.md).
 */
export async function authenticateApiKey(sql: SqlClient, token: string, now = new Date()): Promise<Result<Caller>> {
  if (!isWellFormedKey(token)) return fail('UNAUTHENTICATED', 'the API key is malformed');
  const [apiKey] = await sql.query<ApiKeyView>(`SELECT ${KEY_VIEW_COLUMNS} FROM api_keys WHERE secret_hash = $1`, [hashKey(token)]);
  if (!apiKey || apiKey.revokedAt) return fail('UNAUTHENTICATED', 'the API key is not valid');
  if (!apiKey.lastUsedAt || now.getTime() - apiKey.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await sql.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1`, [apiKey.id, now]);
    apiKey.lastUsedAt = now;
  }
  return ok({ apiKey, organizationId: apiKey.organizationId });
}
