// What members do with their organization in the dashboard: read it with its invite code, edit it,
// regenerate the invite code, and (owners) change members' roles or remove them. New members come by invitation
// (./invitations.ts).
import type { Db } from '../../db/database.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Organization, Role } from '../../generated/prisma/client.ts';
import { requireMember } from '../accounts/memberships.ts';
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

/**
 * Changes only the fields given; the result must still be a valid organization. Only those columns are written,
 * so two members saving different fields at once keep both changes (nothing read earlier is written back).
 */
export async function updateOrganization(db: Db, userId: string, organizationId: string, changes: Partial<OrganizationInput>): Promise<Result<Organization>> {
  const role = await requireMember(db, userId, organizationId);
  if (!role.ok) return role;
  const current = await db.organization.findUniqueOrThrow({ where: { id: organizationId } });
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const valid = validateOrganization({ ...current, ...defined });
  if (!valid.ok) return valid;
  const data = Object.fromEntries(Object.keys(defined).filter((key) => key in valid.value).map((key) => [key, valid.value[key as keyof typeof valid.value]]));
  try {
    return ok(await db.organization.update({ where: { id: organizationId }, data }));
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return fail('CONFLICT', `slug "${valid.value.slug}" is already taken`, 'slug');
    throw error;
  }
}

/**
 * A new invite code; the old one stops finding the organization at once, and stops subscribing to it when
 * the organization requires the code. Devices already subscribed stay subscribed.
 */
export async function regenerateInviteCodeAsMember(db: Db, userId: string, organizationId: string): Promise<Result<Organization>> {
  const role = await requireMember(db, userId, organizationId);
  if (!role.ok) return role;
  return ok(await db.organization.update({ where: { id: organizationId }, data: { inviteCode: newInviteCode() } }));
}

/** Who manages the organization, oldest first. The caller has already checked the asker belongs to it. */
export async function membersOf(db: Db, organizationId: string) {
  const rows = await db.membership.findMany({ where: { organizationId }, include: { user: { select: { email: true } } }, orderBy: { createdAt: 'asc' } });
  return rows.map((row) => ({ userId: row.userId, email: row.user.email, role: row.role, createdAt: row.createdAt }));
}

export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * Membership changes run one at a time per organization: its row is locked first, and the asker's role
 * is read again under the lock, so two changes at once cannot leave it without an owner (two owners
 * leaving, or one leaving while demoting the other), nor act on a role that was just taken away.
 */
export async function changeMembers<T>(db: Db, askerId: string, organizationId: string, roles: Role[], work: (tx: Tx) => Promise<Result<T>>): Promise<Result<T>> {
  const early = await requireMember(db, askerId, organizationId, roles);
  if (!early.ok) return early;
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
    const asker = await tx.membership.findUnique({ where: { userId_organizationId: { userId: askerId, organizationId } } });
    if (!asker) return fail('NOT_FOUND', 'organization not found');
    if (!roles.includes(asker.role)) return fail('FORBIDDEN', `this needs the ${roles.join(' or ')} role`);
    return work(tx);
  });
}

const LAST_OWNER = 'an organization needs an owner: make someone else owner first';
const isLastOwner = async (tx: Tx, organizationId: string) => (await tx.membership.count({ where: { organizationId, role: 'owner' } })) <= 1;

/** Owners change an existing member's role; the last owner cannot be made an admin. Answers the members. */
export async function setMemberRole(db: Db, userId: string, organizationId: string, memberId: string, role: string) {
  if (!(ROLES as readonly string[]).includes(role)) return invalid('role', `role must be one of ${ROLES.join(', ')}`);
  if (!isUuid(memberId)) return fail('NOT_FOUND', 'this user is not a member', 'userId');
  const member = memberId.toLowerCase();
  const changed = await changeMembers(db, userId, organizationId, ['owner'], async (tx) => {
    const target = await tx.membership.findUnique({ where: { userId_organizationId: { userId: member, organizationId } } });
    if (!target) return fail('NOT_FOUND', 'this user is not a member', 'userId');
    if (target.role === 'owner' && role !== 'owner' && (await isLastOwner(tx, organizationId))) return fail('CONFLICT', LAST_OWNER, 'role');
    await tx.membership.update({ where: { userId_organizationId: { userId: member, organizationId } }, data: { role: role as Role } });
    return ok(undefined);
  });
  return changed.ok ? ok(await membersOf(db, organizationId)) : changed;
}

/**
 * Owners remove any member; anyone removes themselves (leaves). An organization always keeps an owner,
 * so the last owner can neither leave nor be removed. Access ends with the next request.
 */
export async function removeMember(db: Db, userId: string, organizationId: string, memberId: string) {
  if (!isUuid(memberId)) return fail('NOT_FOUND', 'this user is not a member', 'userId');
  const member = memberId.toLowerCase();
  const leaving = member === userId;
  const removed = await changeMembers(db, userId, organizationId, leaving ? ['owner', 'admin'] : ['owner'], async (tx) => {
    const target = await tx.membership.findUnique({ where: { userId_organizationId: { userId: member, organizationId } } });
    if (!target) return fail('NOT_FOUND', 'this user is not a member', 'userId');
    if (target.role === 'owner' && (await isLastOwner(tx, organizationId))) return fail('CONFLICT', LAST_OWNER, 'userId');
    await tx.membership.delete({ where: { userId_organizationId: { userId: member, organizationId } } });
    return ok(undefined);
  });
  if (!removed.ok) return removed;
  return ok(leaving ? [] : await membersOf(db, organizationId));
}
