// Sign-up, log-in and password change. Messages never say whether an e-mail has an account.
import type { Db } from '../../db/database.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { fail, invalid, ok, type Result } from '../errors.ts';
import { attempt, type LoginThrottle } from './login-throttle.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { createSession, invalidateUserSessions } from './sessions.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string) => email.length <= 254 && EMAIL.test(email);
const BAD_LOGIN = 'the e-mail or the password is wrong';

export type SignedIn = Result<{ user: { id: string; email: string }; session: { token: string; expiresAt: Date } }>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function passwordIssue(password: string, field = 'password') {
  return password.length < 10 || password.length > 256 ? invalid(field, `${field} must be 10 to 256 characters`) : undefined;
}

function credentialsIssue(email: string, password: string) {
  if (email.length > 254 || !EMAIL.test(email)) return invalid('email', 'email must be an e-mail address');
  return passwordIssue(password);
}

/** After a right password: a hash made at an older cost is replaced by one at today's. */
async function upgradeHash(db: Db, user: { id: string; passwordHash: string }, password: string) {
  if (!needsRehash(user.passwordHash)) return;
  // Only if it is still the hash just checked: a password changed meanwhile stays changed.
  await db.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash: await hashPassword(password) } });
}

async function signedIn(db: Db, user: { id: string; email: string }, userAgent?: string | null): Promise<SignedIn> {
  return ok({ user: { id: user.id, email: user.email }, session: await createSession(db, user.id, userAgent) });
}

/**
 * Makes an account and signs it in. An e-mail that has an account already signs in when the password is
 * that account's; otherwise the answer is the same refusal a wrong log-in gets, without saying the account exists.
 */
export async function signUp(db: Db, { email, password }: { email: string; password: string }, client: string, throttle?: LoginThrottle, userAgent?: string | null): Promise<SignedIn> {
  const normalized = normalizeEmail(email);
  const issue = credentialsIssue(normalized, password);
  if (issue) return issue;
  try {
    const user = await db.user.create({ data: { email: normalized, passwordHash: await hashPassword(password) } });
    return signedIn(db, user, userAgent);
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
    // This is a password guess like any log-in, so the same throttle counts it.
    const slot = await attempt(throttle, normalized, client);
    if (slot.refused) return slot.refused;
    const existing = await db.user.findUnique({ where: { email: normalized } });
    if (existing && (await verifyPassword(password, existing.passwordHash))) {
      await slot.succeeded();
      await upgradeHash(db, existing, password);
      return signedIn(db, existing, userAgent);
    }
    return fail('UNAUTHENTICATED', 'this e-mail and password cannot be used to sign up; if you have an account, log in');
  }
}

/** `client` is who the per-IP count is for: the client IP, IPv6 by /64. */
export async function logIn(db: Db, { email, password }: { email: string; password: string }, client: string, throttle?: LoginThrottle, userAgent?: string | null): Promise<SignedIn> {
  const normalized = normalizeEmail(email);
  const slot = await attempt(throttle, normalized, client);
  if (slot.refused) return slot.refused;
  const user = await db.user.findUnique({ where: { email: normalized } });
  // Unknown e-mails cost a hash too, so timing does not tell them apart.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches) return fail('UNAUTHENTICATED', BAD_LOGIN);
  await slot.succeeded();
  await upgradeHash(db, user, password);
  return signedIn(db, user, userAgent);
}

/** Sets a new password and ends every session of the user; the caller gets a fresh one. */
export async function changePassword(
  db: Db,
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  client: string,
  throttle?: LoginThrottle,
  userAgent?: string | null,
): Promise<SignedIn> {
  const issue = passwordIssue(newPassword, 'newPassword');
  if (issue) return issue;
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) return fail('UNAUTHENTICATED', 'sign in first');
  // A stolen session must not become unlimited guesses at the password: the log-in budget applies.
  const slot = await attempt(throttle, user.email, client);
  if (slot.refused) return slot.refused;
  if (!(await verifyPassword(currentPassword, user.passwordHash))) return fail('UNAUTHENTICATED', 'the current password is wrong', 'currentPassword');
  await slot.succeeded();
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(newPassword) } });
  await invalidateUserSessions(db, userId);
  return signedIn(db, user, userAgent);
}
