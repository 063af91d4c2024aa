// Which organization a subscribe request may join. An organization with subscribeRequiresInviteCode on
// admits a request only when it carries the organization's current invite code; a refused request is
// answered exactly as an unknown slug, so a guessed slug, a missing code and a wrong or old code all
// learn the same thing: nothing.
import type { SqlClient } from '../../db/sql.ts';
import { sameInviteCode } from '../organizations/invite-code.ts';

export interface Admission {
  organizationId: string;
  /** The stored code the request proved it holds; null when the organization asked for none. */
  checkedCode: string | null;
}

interface OrganizationRow {
  id: string;
  slug: string;
  requires_invite_code: boolean;
  invite_code: string;
}

/** One answer per request, in order: where it may subscribe, or null (no such organization, or not admitted). */
export async function admit(sql: SqlClient, requests: { orgSlug: string; inviteCode: string | null }[]): Promise<(Admission | null)[]> {
  const slugs = [...new Set(requests.map((request) => request.orgSlug))];
  const rows = await sql.query<OrganizationRow>(
    'SELECT id::text, slug, subscribe_requires_invite_code AS requires_invite_code, invite_code FROM organizations WHERE slug = ANY($1::text[])',
    [slugs],
  );
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return requests.map(({ orgSlug, inviteCode }) => {
    const organization = bySlug.get(orgSlug);
    if (!organization) return null;
    // A code sent to an organization that asks for none is ignored, so apps may always send the one they have.
    if (!organization.requires_invite_code) return { organizationId: organization.id, checkedCode: null };
    if (!sameInviteCode(organization.invite_code, inviteCode ?? '')) return null;
    return { organizationId: organization.id, checkedCode: organization.invite_code };
  });
}
