// What members do with their organization in the dashboard: read it with its invite code, edit it,
// regenerate the invite code, and (owners) add another user by e-mail.
import type { Db } from '../../db/database.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Organization, Role } from '../../generated/prisma/client.ts';
import { requireMember } from '../accounts/memberships.ts';
import { normalizeEmail } from '../accounts/service.ts';
import { fail, invalid, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import { newInviteCode } from './invite-code.ts';
import { validateOrganization, type OrganizationInput } from './rules.ts';
import type { OrganizationInclude } from './service.ts';

export const ROLES = ['owner', 'admin'] as const satisfies readonly Role[];

/** The organization for one of its members; NOT_FOUND for everyone else. */
export async function organizationForMember(db: Db, userId: string, organizationId: string, include?: OrganizationInclude): Promise<Result<Organization>> {
  const role = await requireMember(db, userId, organizationId);
  if (!role.ok) return role;
  return ok((await db.organization.findUniqueOrThrow({ where: { id: organizationId }, include }))!);
}

/** Changes only the fields given; the result must still be a valid organization. */
export async function updateOrganization(db: Db, userId: string, organizationId: string, changes: Partial<OrganizationInput>): Promise<Result<Organization>> {
  const role = await requireMember(db, userId, organizationId);
  if (!role.ok) return role;
  const current = await db.organization.findUniqueOrThrow({ where: { id: organizationId } });
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const valid = validateOrganization({ ...current, ...defined });
  if (!valid.ok) return valid;
  try {
    return ok(await db.organization.update({ where: { id: organizationId }, data: valid.value }));
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return fail('CONFLICT', `slug "${valid.value.slug}" is already taken`, 'slug');
    throw error;
  }
}

/** A new invite code; the old one stops finding the organization at once. */
export async function regenerateInviteCodeAsMember(db: Db, userId: string, organizationId: string): Promise<Result<Organization>> {
  const role = await requireMember(db, userId, organizationId);
  if (!role.ok) return role;
  return ok(await db.organization.update({ where: { id: organizationId }, data: { inviteCode: newInviteCode() } }));
}

export async function listMembers(db: Db, userId: string, organizationId: string) {
  const role = await requireMember(db, userId, organizationId);
  if (!role.ok) return role;
  const rows = await db.membership.findMany({ where: { organizationId }, include: { user: { select: { email: true } } }, orderBy: { createdAt: 'asc' } });
  return ok(rows.map((row) => ({ userId: row.userId, email: row.user.email, role: row.role, createdAt: row.createdAt })));
}

/**
 * Owners add a user who already has an account, as owner or admin; adding a member again sets the role.
 * Only owners can ask, and the answer is the same "cannot be added" for every e-mail that is not an account.
 */
export async function addMember(db: Db, userId: string, organizationId: string, { email, role }: { email: string; role: string }) {
  const asker = await requireMember(db, userId, organizationId, ['owner']);
  if (!asker.ok) return asker;
  if (!(ROLES as readonly string[]).includes(role)) return invalid('role', `role must be one of ${ROLES.join(', ')}`);
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) } });
  if (!user) return fail('NOT_FOUND', 'no account with this e-mail can be added; they need to sign up first', 'email');
  if (user.id === userId) return invalid('email', 'you are already a member');
  await db.membership.upsert({
    where: { userId_organizationId: { userId: user.id, organizationId } },
    create: { userId: user.id, organizationId, role: role as Role },
    update: { role: role as Role },
  });
  return listMembers(db, userId, organizationId);
}

/**
 * Owners remove any member; anyone removes themselves (leaves). An organization always keeps an owner,
 * so the last owner can neither leave nor be removed. Access ends with the next request.
 */
export async function removeMember(db: Db, userId: string, organizationId: string, memberId: string) {
  const leaving = memberId === userId;
  const asker = await requireMember(db, userId, organizationId, leaving ? ['owner', 'admin'] : ['owner']);
  if (!asker.ok) return asker;
  if (!isUuid(memberId)) return fail('NOT_FOUND', 'this user is not a member', 'userId');
  // The organization's row is locked first, so two owners leaving at once cannot both be "not the last".
  const outcome = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
    const member = await tx.membership.findUnique({ where: { userId_organizationId: { userId: memberId, organizationId } } });
    if (!member) return fail('NOT_FOUND', 'this user is not a member', 'userId');
    if (member.role === 'owner' && (await tx.membership.count({ where: { organizationId, role: 'owner' } })) === 1) {
      return fail('CONFLICT', 'an organization needs an owner: make someone else owner first', 'userId');
    }
    await tx.membership.delete({ where: { userId_organizationId: { userId: memberId, organizationId } } });
    return ok(undefined);
  });
  if (!outcome.ok) return outcome;
  return leaving ? ok([]) : listMembers(db, userId, organizationId);
}
