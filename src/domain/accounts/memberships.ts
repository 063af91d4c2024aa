// Who may manage an organization: its members, with a role.
import type { Db } from '../../db/database.ts';
import type { Role } from '../../generated/prisma/enums.ts';
import { fail, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';

/** The member's role, or NOT_FOUND for organizations the user does not belong to (nothing leaks). */
export async function requireMember(db: Db, userId: string, organizationId: string, roles: Role[] = ['owner', 'admin']): Promise<Result<Role>> {
  const membership = isUuid(organizationId) ? await db.membership.findUnique({ where: { userId_organizationId: { userId, organizationId } } }) : null;
  if (!membership) return notFound('organization not found');
  if (!roles.includes(membership.role)) return fail('FORBIDDEN', `this needs the ${roles.join(' or ')} role`);
  return ok(membership.role);
}
