// Which externalIds a subscribe request may claim. An organization with identity keys (verified user
// targeting) accepts an externalId only with a token its server signed (../identity/tokens.ts); one without
// keys accepts any, as the interface's subscribe request always has. A subscription without an externalId
// needs no token. Only requests that the subscribe statement (./statement.ts) refused for want of a proof come
// here, so organizations without keys cost no query.
import type { SqlClient } from '../../db/sql.ts';
import type { DomainError } from '../errors.ts';
import { verifyExternalIdToken, type StoredKey } from '../identity/tokens.ts';

export interface Claim {
  organizationId: string;
  orgSlug: string;
  externalId: string;
  externalIdToken: string | null;
}

/** Per claim: the key that proved its externalId (null: the organization has no key left), or why it is refused. */
export type Proof = { keyId: string | null } | { error: DomainError };

export async function proveExternalIds(sql: SqlClient, claims: Claim[]): Promise<Proof[]> {
  const organizations = [...new Set(claims.map((claim) => claim.organizationId))];
  const rows = await sql.query<StoredKey & { organization_id: string }>(
    'SELECT id::text, organization_id::text, public_key AS "publicKey" FROM identity_keys WHERE organization_id = ANY($1::uuid[])',
    [organizations],
  );
  const keys = new Map<string, StoredKey[]>();
  for (const row of rows) keys.set(row.organization_id, [...(keys.get(row.organization_id) ?? []), row]);
  return Promise.all(
    claims.map(async (claim): Promise<Proof> => {
      const own = keys.get(claim.organizationId);
      // Its last key deleted since the statement saw it: the organization verifies nothing now (the statement checks again).
      if (!own) return { keyId: null };
      const verified = await verifyExternalIdToken(own, claim.externalIdToken, { externalId: claim.externalId, orgSlug: claim.orgSlug });
      return verified.ok ? { keyId: verified.value } : { error: verified.error };
    }),
  );
}
