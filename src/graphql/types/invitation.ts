// Members by invitation: owners invite an e-mail with a role and pass the link on (or it is e-mailed); whoever
// signs in and accepts it becomes a member. Thin: the rules live in src/domain/organizations/invitations.ts.
import {
  acceptInvitation, inviteMember, pendingInvitations, previewInvitation, revokeInvitation,
  type CreatedInvitation, type InvitationPreview, type InvitationView,
} from '../../domain/organizations/invitations.ts';
import { builder } from '../builder.ts';
import { requireViewer, viewerRole } from '../caller.ts';
import { unwrap } from '../errors.ts';
import { Role } from './organization-admin.ts';

const InvitationType = builder.objectRef<InvitationView>('Invitation').implement({
  description: 'A pending invitation to manage an organization. Its link is never shown again after inviteMember.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { description: 'Where it was sent; whoever holds the link may accept it, whatever their e-mail.' }),
    role: t.field({ type: Role, resolve: (invitation) => invitation.role }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    invitedByEmail: t.exposeString('invitedByEmail', { nullable: true }),
  }),
});

const CreatedInvitationType = builder.objectRef<CreatedInvitation>('CreatedInvitation').implement({
  description: 'A new invitation, with its link: shown only here (only a hash of its token is kept).',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.field({ type: Role, resolve: (invitation) => invitation.role }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    invitedByEmail: t.exposeString('invitedByEmail', { nullable: true }),
    url: t.exposeString('url', { description: 'The link to pass on: <DASHBOARD_URL>/invitations/<token>. Works once, for 7 days.' }),
    emailSent: t.exposeBoolean('emailSent', { description: 'Whether it was also e-mailed (SMTP_URL set and the server took it).' }),
  }),
});

const InvitationStatusType = builder.enumType('InvitationStatus', { values: ['pending', 'accepted', 'expired', 'revoked'] as const });

const InvitationPreviewType = builder.objectRef<InvitationPreview>('InvitationPreview').implement({
  description: 'What the page behind an invitation link shows, before anyone signs in.',
  fields: (t) => ({
    organizationName: t.exposeString('organizationName'),
    email: t.exposeString('email'),
    role: t.field({ type: Role, resolve: (preview) => preview.role }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    status: t.field({ type: InvitationStatusType, resolve: (preview) => preview.status }),
  }),
});

builder.prismaObjectFields('Organization', (t) => ({
  invitations: t.field({
    type: [InvitationType],
    nullable: true,
    description: 'Pending invitations, newest first. Members only; null for everyone else.',
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? pendingInvitations(ctx.db, organization.id) : null),
  }),
}));

builder.queryFields((t) => ({
  invitation: t.field({
    type: InvitationPreviewType,
    description: 'An invitation by its link\'s token (no sign-in needed: the token is the secret). NOT_FOUND for unknown tokens.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => unwrap(await previewInvitation(ctx.db, token)),
  }),
}));

builder.mutationFields((t) => ({
  inviteMember: t.field({
    type: CreatedInvitationType,
    description:
      'Owners invite an e-mail as owner or admin: the answer holds the link (single use, 7 days), also e-mailed when SMTP_URL is set. ' +
      'A pending invitation for the same e-mail is replaced. CONFLICT for a member\'s e-mail or past 50 pending invitations.',
    args: { organizationId: t.arg.id({ required: true }), email: t.arg.string({ required: true }), role: t.arg({ type: Role, required: true }) },
    resolve: async (_root, { organizationId, email, role }, ctx) =>
      unwrap(await inviteMember(ctx.db, ctx.invitations, requireViewer(ctx).id, String(organizationId), { email, role })),
  }),
  revokeInvitation: t.boolean({
    description: 'Owners revoke a pending invitation; its link stops working at once.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await revokeInvitation(ctx.db, requireViewer(ctx).id, String(organizationId), String(id))),
  }),
  acceptInvitation: t.prismaField({
    type: 'Organization',
    description:
      'The signed-in user becomes a member with the invitation\'s role. NOT_FOUND for an unknown token; UNPROCESSABLE for a used, expired or revoked one; ' +
      'CONFLICT when already a member (the invitation stays pending).',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (query, _root, { token }, ctx) => {
      const { organizationId } = unwrap(await acceptInvitation(ctx.db, requireViewer(ctx).id, token));
      return ctx.db.organization.findUniqueOrThrow({ ...query, where: { id: organizationId } });
    },
  }),
}));
