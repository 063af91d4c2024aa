// Which externalIds a subscribe request may claim. An organization with identity keys (verified user
// targeting) accepts an externalId only with a token its server signed (../identity/tokens.ts); one without
// keys accepts any, as the interface's subscribe request always has. A subscription without an externalId
// needs no token.
import type { SqlClient } from '../../db/sql.ts';
import type { DomainError } from '../errors.ts';
import { verifyExternalIdToken, type StoredKey } from '../identity/tokens.ts';
import type { Admission } from './admission.ts';

export interface Claim {
  orgSlug: string;
  externalId: string | null;
  externalIdToken: string | null;
}

/** Per request: the key that proved its externalId (null: none was needed), or why it is refused. */
export type Proof = { keyId: string | null } | { error: DomainError };

export async function proveExternalIds(sql: SqlClient, claims: Claim[], admissions: (Admission | null)[]): Promise<Proof[]> {
  const organizations = [...new Set(claims.flatMap((claim, i) => (claim.externalId !== null && admissions[i] ? [admissions[i].organizationId] : [])))];
  const keys = new Map<string, StoredKey[]>();
  if (organizations.length) {
    const rows = await sql.query<StoredKey & { organization_id: string }>(
      'SELECT id::text, organization_id::text, public_key AS "publicKey" FROM identity_keys WHERE organization_id = ANY($1::uuid[])',
      [organizations],
    );
    for (const row of rows) keys.set(row.organization_id, [...(keys.get(row.organization_id) ?? []), row]);
  }
  return Promise.all(
    claims.map(async (claim, i): Promise<Proof> => {
      const admission = admissions[i];
      // Unknown organizations are answered elsewhere (404), before anything is said about tokens.
      if (claim.externalId === null || !admission) return { keyId: null };
      const own = keys.get(admission.organizationId);
      if (!own?.length) return { keyId: null };
      const verified = await verifyExternalIdToken(own, claim.externalIdToken, { externalId: claim.externalId, orgSlug: claim.orgSlug });
      return verified.ok ? { keyId: verified.value } : { error: verified.error };
    }),
  );
}
