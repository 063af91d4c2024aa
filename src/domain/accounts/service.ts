// Sign-up and log-in. Messages never say whether an e-mail has an account.
import type { Db } from '../../db/database.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { fail, invalid, ok, type Result } from '../errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BAD_LOGIN = 'the e-mail or the password is wrong';

function credentialsIssue(email: string, password: string) {
  if (email.length > 254 || !EMAIL.test(email)) return invalid('email', 'email must be an e-mail address');
  if (password.length < 10 || password.length > 256) return invalid('password', 'password must be 10 to 256 characters');
  return undefined;
}

export async function signUp(db: Db, { email, password }: { email: string; password: string }) {
  const normalized = email.trim().toLowerCase();
  const issue = credentialsIssue(normalized, password);
  if (issue) return issue;
  try {
    const user = await db.user.create({ data: { email: normalized, passwordHash: await hashPassword(password) } });
    return ok({ user: { id: user.id, email: user.email }, session: await createSession(db, user.id) });
  } catch (error) {
    // Said as vaguely as a wrong password, so sign-up does not reveal who has an account.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return fail('CONFLICT', 'this e-mail cannot be used to sign up; try logging in', 'email');
    throw error;
  }
}

export async function logIn(db: Db, { email, password }: { email: string; password: string }): Promise<Result<{ user: { id: string; email: string }; session: { token: string; expiresAt: Date } }>> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  // Unknown e-mails cost a hash too, so timing does not tell them apart.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !matches) return fail('UNAUTHENTICATED', BAD_LOGIN);
  return ok({ user: { id: user.id, email: user.email }, session: await createSession(db, user.id) });
}
