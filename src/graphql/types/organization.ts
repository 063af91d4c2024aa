import { queryFromInfo } from '@pothos/plugin-prisma';
import {
  findOrganizationByInviteCode,
  findPublicOrganization,
  searchPublicOrganizations,
  SEARCH_LIMIT,
  SUBSCRIBER_COUNT_INCLUDE,
  subscriberCount,
} from '../../domain/organizations/service.ts';
import type { Organization } from '../../generated/prisma/client.ts';
import { builder } from '../builder.ts';
import { unwrap } from '../errors.ts';

export const OrganizationType = builder.prismaObject('Organization', {
  description: 'An organization that broadcasts to the devices subscribed to it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug', { description: 'URL-safe identifier used in paths.' }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    brandColor: t.exposeString('brandColor', { nullable: true, description: 'A hex colour such as #1A2B3C.' }),
    description: t.exposeString('description'),
    isPublic: t.exposeBoolean('isPublic', { description: 'Public organizations can be searched; private ones are found by invite code.' }),
    subscriberCount: t.int({ select: SUBSCRIBER_COUNT_INCLUDE, resolve: (organization) => subscriberCount(organization) }),
  }),
});

const OrganizationPage = builder.objectRef<{ organizations: Organization[]; nextCursor: string | null }>('OrganizationPage').implement({
  fields: (t) => ({
    organizations: t.field({ type: [OrganizationType], resolve: (page) => page.organizations }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }),
  }),
});

builder.queryFields((t) => ({
  organizations: t.field({
    type: OrganizationPage,
    description: `Public organizations whose name, slug or description contain \`search\` (case-insensitive), ordered by name then id. limit: ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}.`,
    args: { search: t.arg.string(), limit: t.arg.int(), cursor: t.arg.string() },
    resolve: async (_root, args, ctx, info) => {
      const query = queryFromInfo({ context: ctx, info, path: ['organizations'] });
      return unwrap(await searchPublicOrganizations(ctx.db, args, query.include));
    },
  }),
  organization: t.prismaField({
    type: 'Organization',
    nullable: true,
    description: 'A public organization by slug. Private and missing organizations both answer NOT_FOUND.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (query, _root, { slug }, ctx) => unwrap(await findPublicOrganization(ctx.db, slug, query.include)),
  }),
  organizationByInviteCode: t.prismaField({
    type: 'Organization',
    nullable: true,
    description: 'Any organization, public or private, by its invite code.',
    args: { inviteCode: t.arg.string({ required: true }) },
    resolve: async (query, _root, { inviteCode }, ctx) => unwrap(await findOrganizationByInviteCode(ctx.db, inviteCode, query.include)),
  }),
}));
