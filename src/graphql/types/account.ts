import { GraphQLError } from 'graphql';
import { changePassword, logIn, signUp, type SignedIn } from '../../domain/accounts/service.ts';
import { endSession, invalidateSession, listSessions } from '../../domain/accounts/sessions.ts';
import { createOrganization } from '../../domain/organizations/service.ts';
import { rateLimitIdentity } from '../../http/client-ip.ts';
import { builder } from '../builder.ts';
import { requireViewer } from '../caller.ts';
import type { Context } from '../context.ts';
import { unwrap } from '../errors.ts';
import { OrganizationType } from './organization.ts';
import { Role } from './organization-admin.ts';

const Membership = builder.prismaObject('Membership', {
  fields: (t) => ({ role: t.field({ type: Role, resolve: (m) => m.role }), organization: t.relation('organization') }),
});

type SignedInSession = Awaited<ReturnType<typeof listSessions>>[number];
const SessionType = builder.objectRef<SignedInSession>('Session').implement({
  description: 'A signed-in browser of the viewer. Its id is not the session token and cannot be used as one.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When this session signed in.' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', description: 'Its last request, to the minute.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When it ends unless used: 7 days idle, 30 days after sign-in at most.' }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    current: t.exposeBoolean('current', { description: 'The session this request came with.' }),
  }),
});

const Viewer = builder.objectRef<{ id: string; email: string }>('Viewer').implement({
  description: 'The signed-in dashboard user.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    memberships: t.prismaField({
      type: [Membership],
      resolve: (query, viewer, _args, ctx) => ctx.db.membership.findMany({ ...query, where: { userId: viewer.id }, orderBy: { createdAt: 'asc' } }),
    }),
    sessions: t.field({
      type: [SessionType],
      description: "The viewer's signed-in sessions, newest first; `current` marks this one.",
      resolve: (viewer, _args, ctx) => listSessions(ctx.db, viewer.id, ctx.session.token),
    }),
  }),
});


/** Sends the new session's cookie and answers with its user. */
function startSession(ctx: Context, result: SignedIn) {
  // The log-in throttle says how long to wait: Retry-After, as the other rate limits answer.
  if (!result.ok && 'retryAfterSeconds' in result.error) {
    const { code, message, retryAfterSeconds } = result.error as typeof result.error & { retryAfterSeconds: number };
    throw new GraphQLError(message, { extensions: { code, http: { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } } } });
  }
  const { user, session } = unwrap(result);
  ctx.session.set(session.token, session.expiresAt);
  return user;
}

builder.queryFields((t) => ({
  me: t.field({ type: Viewer, nullable: true, description: 'The signed-in user; null without a session.', resolve: (_root, _args, ctx) => ctx.viewer }),
}));

builder.mutationFields((t) => ({
  signUp: t.field({
    type: Viewer,
    description: 'Makes an account and signs it in (sets the session cookie).',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => startSession(ctx, await signUp(ctx.db, args, rateLimitIdentity(ctx.clientIp), ctx.loginThrottle, ctx.session.userAgent)),
  }),
  logIn: t.field({
    type: Viewer,
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => startSession(ctx, await logIn(ctx.db, args, rateLimitIdentity(ctx.clientIp), ctx.loginThrottle, ctx.session.userAgent)),
  }),
  changePassword: t.field({
    type: Viewer,
    description: 'Sets a new password and ends every session of the user, on every device; this browser gets a new one.',
    args: { currentPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => startSession(ctx, await changePassword(ctx.db, requireViewer(ctx).id, args, rateLimitIdentity(ctx.clientIp), ctx.loginThrottle, ctx.session.userAgent)),
  }),
  endSession: t.boolean({
    description: "Ends one of the viewer's sessions (its browser is signed out at its next request). NOT_FOUND for an id that is not the viewer's.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => unwrap(await endSession(ctx.db, requireViewer(ctx).id, String(args.id))),
  }),
  logOut: t.boolean({
    description: 'Ends this session.',
    resolve: async (_root, _args, ctx) => {
      if (ctx.session.token) await invalidateSession(ctx.db, ctx.session.token);
      ctx.session.clear();
      return true;
    },
  }),
  createOrganization: t.field({
    type: OrganizationType,
    description: 'Creates an organization; the signed-in user becomes its owner.',
    args: {
      name: t.arg.string({ required: true }),
      slug: t.arg.string({ required: true }),
      description: t.arg.string(),
      logoUrl: t.arg.string(),
      brandColor: t.arg.string(),
      isPublic: t.arg.boolean(),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return unwrap(await createOrganization(ctx.db, { ...args, description: args.description ?? undefined, isPublic: args.isPublic ?? undefined }, viewer.id));
    },
  }),
}));
