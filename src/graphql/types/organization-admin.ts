// The dashboard's side of an organization: fields only its members see, and what they may change.
import { membersOf, organizationForMember, regenerateInviteCodeAsMember, removeMember, ROLES, setMemberRole, updateOrganization } from '../../domain/organizations/manage.ts';
import { lastConfigurationError, subscribersByPlatform, type ConfigurationErrorView } from '../../domain/broadcasts/organization-views.ts';
import { builder } from '../builder.ts';
import { requireViewer, viewerRole } from '../caller.ts';
import { unwrap } from '../errors.ts';

export const Role = builder.enumType('Role', { values: ROLES });

const Member = builder.objectRef<{ userId: string; email: string; role: (typeof ROLES)[number]; createdAt: Date }>('Member').implement({
  description: 'A user who manages an organization.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    email: t.exposeString('email'),
    role: t.field({ type: Role, resolve: (m) => m.role }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ConfigurationError = builder.objectRef<ConfigurationErrorView>('ConfigurationError').implement({
  description: 'A broadcast a push service refused because of a Clarion setting (APNS_TOPIC, APNS_ENV, the APNs key, FCM_CREDENTIALS, the VAPID key): which, and what to check.',
  fields: (t) => ({
    notificationId: t.exposeID('notificationId'),
    message: t.exposeString('message'),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

export const SubscribersByPlatform = builder.objectRef<Record<'ios' | 'android' | 'web', number>>('SubscribersByPlatform').implement({
  description: 'Subscribed devices that can receive, per platform.',
  fields: (t) => ({ ios: t.exposeInt('ios'), android: t.exposeInt('android'), web: t.exposeInt('web') }),
});

builder.prismaObjectFields('Organization', (t) => ({
  subscribersByPlatform: t.field({
    type: SubscribersByPlatform,
    nullable: true,
    description: 'Subscribed devices that can receive, per platform (kept as they change, like subscriberCount). Members only; null for everyone else.',
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? subscribersByPlatform(ctx.sql, organization.id) : null),
  }),
  lastConfigurationError: t.field({
    type: ConfigurationError,
    nullable: true,
    description: 'The last broadcast a push service stopped (whole, or for one platform) because it blamed a setting, until a later one completes without error. Members only; null for everyone else.',
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? lastConfigurationError(ctx.sql, organization.id) : null),
  }),
  viewerRole: t.field({
    type: Role,
    nullable: true,
    description: 'The signed-in user\'s role here; null for non-members.',
    resolve: (organization, _args, ctx) => viewerRole(ctx, organization.id),
  }),
  inviteCode: t.string({
    nullable: true,
    description: 'Finds the organization, public or private (GET /v1/orgs/invite/{inviteCode}). Members only; null for everyone else.',
    select: { inviteCode: true },
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? organization.inviteCode : null),
  }),
  subscribeRequiresInviteCode: t.boolean({
    nullable: true,
    description: 'Subscribing needs the current inviteCode; without it the organization answers as one that does not exist. Members only; null for everyone else.',
    select: { subscribeRequiresInviteCode: true },
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? organization.subscribeRequiresInviteCode : null),
  }),
  members: t.field({
    type: [Member],
    nullable: true,
    description: 'Who manages the organization. Members only; null for everyone else.',
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? membersOf(ctx.db, organization.id) : null),
  }),
}));

builder.queryFields((t) => ({
  managedOrganization: t.prismaField({
    type: 'Organization',
    description: 'An organization the signed-in user is a member of, public or private. NOT_FOUND for others.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, { id }, ctx) => unwrap(await organizationForMember(ctx.db, requireViewer(ctx).id, String(id), query.include)),
  }),
}));

builder.mutationFields((t) => ({
  updateOrganization: t.prismaField({
    type: 'Organization',
    description: 'Changes the fields given (owner or admin). logoUrl and brandColor are cleared with an empty string.',
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      slug: t.arg.string(),
      description: t.arg.string(),
      logoUrl: t.arg.string(),
      brandColor: t.arg.string(),
      isPublic: t.arg.boolean(),
      subscribeRequiresInviteCode: t.arg.boolean(),
    },
    resolve: async (_query, _root, { id, ...changes }, ctx) => {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
      return unwrap(await updateOrganization(ctx.db, requireViewer(ctx).id, String(id), defined));
    },
  }),
  regenerateInviteCode: t.prismaField({
    type: 'Organization',
    description: 'Gives the organization a new invite code; the old one stops working at once.',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_query, _root, { organizationId }, ctx) => unwrap(await regenerateInviteCodeAsMember(ctx.db, requireViewer(ctx).id, String(organizationId))),
  }),
  setMemberRole: t.field({
    type: [Member],
    description: 'Owners change a member\'s role (new members come by inviteMember). The last owner cannot be made an admin (CONFLICT). Answers the members.',
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }), role: t.arg({ type: Role, required: true }) },
    resolve: async (_root, { organizationId, userId, role }, ctx) => unwrap(await setMemberRole(ctx.db, requireViewer(ctx).id, String(organizationId), String(userId), role)),
  }),
  removeMember: t.field({
    type: [Member],
    description: 'Owners remove a member; anyone may remove themselves (leave; answers []). The last owner stays. Answers the members.',
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId, userId }, ctx) => unwrap(await removeMember(ctx.db, requireViewer(ctx).id, String(organizationId), String(userId))),
  }),
}));
