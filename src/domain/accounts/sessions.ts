// Sessions as Lucia describes them, with @oslojs: a random token goes to the client in a cookie, and
// only its SHA-256 is stored. Expiry slides: a session used in its second half is extended.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const sessionId = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export async function createSession(db: Db, userId: string, now = new Date()) {
  const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
  const session = await db.session.create({ data: { id: sessionId(token), userId, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) } });
  return { token, expiresAt: session.expiresAt };
}

/** The session's user, or null. `renewedUntil` is set when the expiry moved and the cookie must follow. */
export async function validateSession(db: Db, token: string, now = new Date()) {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const session = await db.session.findUnique({ where: { id: sessionId(token) }, include: { user: { select: { id: true, email: true } } } });
  if (!session) return null;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await db.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  let renewedUntil: Date | undefined;
  if (session.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2) {
    renewedUntil = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.session.update({ where: { id: session.id }, data: { expiresAt: renewedUntil } });
  }
  return { user: session.user, sessionId: session.id, renewedUntil };
}

export async function invalidateSession(db: Db, token: string) {
  await db.session.deleteMany({ where: { id: sessionId(token) } });
}

export async function invalidateUserSessions(db: Db, userId: string) {
  await db.session.deleteMany({ where: { userId } });
}
