// New members come by invitation. An owner invites an e-mail with a role; the answer holds a link ending in a
// random token (256 bits; only its SHA-256 is kept) that works once, for 7 days. Whoever is signed in and
// presents it becomes a member with that role. The accepting account need not have the invited e-mail: the
// link is the proof (sign-up never proves an address, so an account that claimed the address first gets
// nothing without the link). With SMTP the link is also e-mailed to the address.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Role } from '../../generated/prisma/client.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { requireMember } from '../accounts/memberships.ts';
import { isEmail, normalizeEmail } from '../accounts/service.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';
import { changeMembers, ROLES } from './manage.ts';

export const INVITATION_DAYS = 7;
export const MAX_PENDING_INVITATIONS = 50;

export interface InvitationSettings {
  /** Where people open the dashboard (DASHBOARD_URL); links are <dashboardUrl>/invitations/<token>. */
  dashboardUrl: string;
  /** Set with SMTP_URL: invitations are also e-mailed. */
  mailer?: Mailer;
  logger: Logger;
}

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  invitedByEmail: string | null;
}

export interface CreatedInvitation extends InvitationView {
  /** Shown only in this answer: the token is not kept. */
  url: string;
  /** Whether SMTP took the e-mail (false without SMTP_URL or when sending failed). */
  emailSent: boolean;
}

export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

export interface InvitationPreview {
  organizationName: string;
  email: string;
  role: Role;
  expiresAt: Date;
  status: InvitationStatus;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A token as the links carry them: 43 base64url characters. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function statusOf(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

const pendingWhere = (organizationId: string) => ({ organizationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } });

type Row = { id: string; email: string; role: Role; createdAt: Date; expiresAt: Date; invitedBy: { email: string } | null };
const view = (row: Row): InvitationView => ({ id: row.id, email: row.email, role: row.role, createdAt: row.createdAt, expiresAt: row.expiresAt, invitedByEmail: row.invitedBy?.email ?? null });

function message(organizationName: string, role: Role, url: string, expiresAt: Date, inviter: string) {
  return {
    subject: `You are invited to manage ${organizationName} on Clarion`,
    text:
      `${inviter} invites you to manage the organization "${organizationName}" on Clarion, as ${role === 'owner' ? 'an owner' : 'an admin'}.\n\n` +
      `Open this link to accept (sign in or sign up first):\n${url}\n\n` +
      `The link works once and expires on ${expiresAt.toUTCString()}. If you did not expect it, ignore this e-mail.\n`,
  };
}

/** Owners invite an e-mail with a role. A pending invitation for the same e-mail is replaced (a resend). */
export async function inviteMember(db: Db, settings: InvitationSettings, userId: string, organizationId: string, input: { email: string; role: string }): Promise<Result<CreatedInvitation>> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) return invalid('email', 'email must be an e-mail address');
  if (!(ROLES as readonly string[]).includes(input.role)) return invalid('role', `role must be one of ${ROLES.join(', ')}`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const created = await changeMembers(db, userId, organizationId, ['owner'], async (tx) => {
    const member = await tx.membership.findFirst({ where: { organizationId, user: { email } } });
    if (member) return fail<Row & { organization: { name: string } }>('CONFLICT', 'this e-mail belongs to a member already', 'email');
    await tx.invitation.updateMany({ where: { ...pendingWhere(organizationId), email }, data: { revokedAt: new Date() } });
    if ((await tx.invitation.count({ where: pendingWhere(organizationId) })) >= MAX_PENDING_INVITATIONS) {
      return fail('CONFLICT', `an organization has at most ${MAX_PENDING_INVITATIONS} pending invitations; revoke some first`, 'email');
    }
    const row = await tx.invitation.create({
      data: { organizationId, email, role: input.role as Role, tokenHash: hashToken(token), invitedById: userId, expiresAt },
      include: { invitedBy: { select: { email: true } }, organization: { select: { name: true } } },
    });
    return ok(row);
  });
  if (!created.ok) return created;
  const url = `${settings.dashboardUrl}/invitations/${token}`;
  let emailSent = false;
  if (settings.mailer) {
    try {
      await settings.mailer.send({ to: email, ...message(created.value.organization.name, created.value.role, url, expiresAt, created.value.invitedBy?.email ?? 'An owner') });
      emailSent = true;
    } catch (error) {
      // Neither the link nor SMTP_URL is logged: both are secrets.
      settings.logger.warn('an invitation could not be e-mailed; its link is in the answer', { invitation: created.value.id, error: (error as Error).message });
    }
  }
  return ok({ ...view(created.value), url, emailSent });
}

/** Pending invitations, newest first. The caller has already checked the asker belongs to the organization. */
export async function pendingInvitations(db: Db, organizationId: string): Promise<InvitationView[]> {
  const rows = await db.invitation.findMany({ where: pendingWhere(organizationId), include: { invitedBy: { select: { email: true } } }, orderBy: { createdAt: 'desc' } });
  return rows.map(view);
}

/** Owners revoke a pending invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, userId: string, organizationId: string, invitationId: string): Promise<Result<true>> {
  const role = await requireMember(db, userId, organizationId, ['owner']);
  if (!role.ok) return role;
  if (!isUuid(invitationId)) return notFound('invitation not found');
  const { count } = await db.invitation.updateMany({ where: { id: invitationId, ...pendingWhere(organizationId) }, data: { revokedAt: new Date() } });
  return count ? ok(true) : notFound('no pending invitation with this id');
}

/** What the page behind a link shows before anyone signs in. */
export async function previewInvitation(db: Db, token: string): Promise<Result<InvitationPreview>> {
  if (!TOKEN.test(token)) return notFound('invitation not found');
  const row = await db.invitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { organization: { select: { name: true } } } });
  if (!row) return notFound('invitation not found');
  return ok({ organizationName: row.organization.name, email: row.email, role: row.role, expiresAt: row.expiresAt, status: statusOf(row) });
}

const REFUSED: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'this invitation has been used already; ask an owner for a new one',
  expired: `this invitation has expired (they last ${INVITATION_DAYS} days); ask an owner for a new one`,
  revoked: 'this invitation was revoked; ask an owner for a new one',
};

/**
 * The signed-in user presents a link's token and becomes a member with its role. Single use: the invitation is
 * locked and marked used in the transaction that adds the membership, so two accepts at once make one member.
 */
export async function acceptInvitation(db: Db, userId: string, token: string): Promise<Result<{ organizationId: string }>> {
  if (!TOKEN.test(token)) return notFound('invitation not found');
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string; organization_id: string; role: Role; accepted_at: Date | null; revoked_at: Date | null; expires_at: Date }[]>`
      SELECT id::text, organization_id::text, role, accepted_at, revoked_at, expires_at FROM invitations WHERE token_hash = ${hashToken(token)} FOR UPDATE`;
    if (!row) return notFound('invitation not found');
    const status = statusOf({ acceptedAt: row.accepted_at, revokedAt: row.revoked_at, expiresAt: row.expires_at });
    if (status !== 'pending') return fail('UNPROCESSABLE', REFUSED[status]);
    const organizationId = row.organization_id;
    // The organization's row is locked as for every membership change (./manage.ts).
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
    const member = await tx.membership.findUnique({ where: { userId_organizationId: { userId, organizationId } } });
    if (member) return fail('CONFLICT', 'you are a member of this organization already; the invitation is left for its addressee');
    await tx.membership.create({ data: { userId, organizationId, role: row.role } });
    await tx.invitation.update({ where: { id: row.id }, data: { acceptedAt: new Date(), acceptedById: userId } });
    return ok({ organizationId });
  });
}
