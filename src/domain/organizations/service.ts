// Creating, finding and searching organizations. Reads take an optional Prisma `include`, so the GraphQL
// layer can load exactly the relations a query asks for; the rules (public or private, paging) live here.
import type { Db } from '../../db/database.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Organization } from '../../generated/prisma/client.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { escapeLike, stringIssue } from '../validate.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { INVITE_CODE_PATTERN, newInviteCode } from './invite-code.ts';
import { slugIssue, validateOrganization, type OrganizationInput } from './rules.ts';

export type OrganizationInclude = Prisma.OrganizationInclude;
const NOT_FOUND = 'organization not found';

/** Include this to read subscriberCount; the count is spread over a few rows (see schema.prisma). */
export const SUBSCRIBER_COUNT_INCLUDE = { subscriberCounts: { select: { count: true } } } satisfies OrganizationInclude;

export const subscriberCount = (organization: { subscriberCounts: { count: number }[] }) =>
  organization.subscriberCounts.reduce((sum, shard) => sum + shard.count, 0);

export const SEARCH_LIMIT = { min: 1, max: 100, default: 20 } as const;

function isUniqueViolation(error: unknown, field: string) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002' && JSON.stringify(error.meta ?? {}).includes(field);
}

/** Creates an organization; with `ownerId`, that user becomes its owner in the same statement. */
export async function createOrganization(db: Db, input: OrganizationInput, ownerId?: string): Promise<Result<Organization>> {
  const valid = validateOrganization(input);
  if (!valid.ok) return valid;
  try {
    const memberships = ownerId ? { create: { userId: ownerId, role: 'owner' as const } } : undefined;
    return ok(await db.organization.create({ data: { ...valid.value, inviteCode: newInviteCode(), memberships } }));
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) return fail('CONFLICT', `slug "${valid.value.slug}" is already taken`, 'slug');
    throw error;
  }
}

/** Every organization, public or private, with its subscriber counts: the operator's list. */
export async function listOrganizations(db: Db) {
  return db.organization.findMany({ include: SUBSCRIBER_COUNT_INCLUDE, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

export async function findOrganizationBySlug(db: Db, slug: string, include?: OrganizationInclude) {
  return slugIssue(slug) ? null : db.organization.findUnique({ where: { slug }, include });
}

/** A private organization answers exactly as a missing one, so slugs of private organizations do not leak. */
export async function findPublicOrganization(db: Db, slug: string, include?: OrganizationInclude): Promise<Result<Organization>> {
  const organization = await findOrganizationBySlug(db, slug, include);
  return organization?.isPublic ? ok(organization) : notFound(NOT_FOUND);
}

export async function findOrganizationByInviteCode(db: Db, inviteCode: string, include?: OrganizationInclude): Promise<Result<Organization>> {
  const organization = INVITE_CODE_PATTERN.test(inviteCode) ? await db.organization.findUnique({ where: { inviteCode }, include }) : null;
  return organization ? ok(organization) : notFound(NOT_FOUND);
}

export async function regenerateInviteCode(db: Db, slug: string): Promise<Result<Organization>> {
  const organization = await findOrganizationBySlug(db, slug);
  if (!organization) return notFound(NOT_FOUND);
  return ok(await db.organization.update({ where: { id: organization.id }, data: { inviteCode: newInviteCode() } }));
}

export interface SearchParams {
  search?: string | null;
  limit?: number | null;
  cursor?: string | null;
}

/** Public organizations whose name, slug or description contain `search`, by name then id, a page at a time. */
export async function searchPublicOrganizations(db: Db, { search, limit, cursor }: SearchParams, include?: OrganizationInclude) {
  const take = limit ?? SEARCH_LIMIT.default;
  if (!Number.isInteger(take) || take < SEARCH_LIMIT.min || take > SEARCH_LIMIT.max) {
    return invalid('limit', `limit must be an integer from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}`);
  }
  const searchIssue = search == null ? undefined : stringIssue(search, 'search', { min: 0, max: 200 });
  if (searchIssue) return invalid('search', searchIssue);
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) return invalid('cursor', 'cursor is not one this server issued');
  const term = search?.trim() ? escapeLike(search.trim()) : null;
  const where: Prisma.OrganizationWhereInput = {
    isPublic: true,
    ...(term && {
      OR: (['name', 'slug', 'description'] as const).map((field) => ({ [field]: { contains: term, mode: 'insensitive' } })),
    }),
    ...(after && { AND: [{ OR: [{ name: { gt: after.name } }, { name: after.name, id: { gt: after.id } }] }] }),
  };
  const rows = await db.organization.findMany({ where, include, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: take + 1 });
  const organizations = rows.slice(0, take);
  const last = organizations.at(-1);
  return ok({ organizations, nextCursor: rows.length > take && last ? encodeCursor(last) : null });
}
