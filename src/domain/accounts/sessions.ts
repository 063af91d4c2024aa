// Sessions as Lucia describes them, with @oslojs: a random token goes to the client in a cookie, and
// only its SHA-256 is stored. Two lifetimes: idle (7 days, sliding: a session used in its second half is
// extended) and absolute (30 days from sign-in, never extended). Each session also has a random public
// id, which the dashboard lists and endSession takes; the token's hash is never shown.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { notFound, ok, type Result } from '../errors.ts';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
const LAST_SEEN_STEP_MS = 60 * 1000;

const sessionId = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
const absoluteEnd = (createdAt: Date) => new Date(createdAt.getTime() + SESSION_ABSOLUTE_MS);

export async function createSession(db: Db, userId: string, userAgent?: string | null, now = new Date()) {
  const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
  const session = await db.session.create({
    data: { id: sessionId(token), userId, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS), createdAt: now, lastSeenAt: now, userAgent: userAgent?.slice(0, 256) || null },
  });
  return { token, expiresAt: session.expiresAt };
}

/** The session's user, or null. `renewedUntil` is set when the expiry moved and the cookie must follow. */
export async function validateSession(db: Db, token: string, now = new Date()) {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const session = await db.session.findUnique({ where: { id: sessionId(token) }, include: { user: { select: { id: true, email: true } } } });
  if (!session) return null;
  const end = absoluteEnd(session.createdAt);
  if (earlier(session.expiresAt, end).getTime() <= now.getTime()) {
    await db.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  let renewedUntil: Date | undefined;
  const data: { expiresAt?: Date; lastSeenAt?: Date } = {};
  if (session.expiresAt.getTime() - now.getTime() < SESSION_IDLE_MS / 2 && session.expiresAt.getTime() < end.getTime()) {
    renewedUntil = earlier(new Date(now.getTime() + SESSION_IDLE_MS), end);
    data.expiresAt = renewedUntil;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) data.lastSeenAt = now;
  if (data.expiresAt || data.lastSeenAt) await db.session.updateMany({ where: { id: session.id }, data });
  return { user: session.user, sessionId: session.id, renewedUntil };
}

/** The user's live sessions, newest first; `current` marks the one `token` belongs to. */
export async function listSessions(db: Db, userId: string, token: string | undefined, now = new Date()) {
  const current = token ? sessionId(token) : undefined;
  const rows = await db.session.findMany({ where: { userId, expiresAt: { gt: now }, createdAt: { gt: new Date(now.getTime() - SESSION_ABSOLUTE_MS) } }, orderBy: { createdAt: 'desc' } });
  return rows.map((row) => ({
    id: row.publicId, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, expiresAt: earlier(row.expiresAt, absoluteEnd(row.createdAt)), userAgent: row.userAgent, current: row.id === current,
  }));
}

/** Ends one of the user's sessions by its public id; another user's id is NOT_FOUND like an unknown one. */
export async function endSession(db: Db, userId: string, publicId: string): Promise<Result<true>> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(publicId)) return notFound('no such session');
  const { count } = await db.session.deleteMany({ where: { userId, publicId } });
  return count ? ok(true) : notFound('no such session');
}

export async function invalidateSession(db: Db, token: string) {
  await db.session.deleteMany({ where: { id: sessionId(token) } });
}

export async function invalidateUserSessions(db: Db, userId: string) {
  await db.session.deleteMany({ where: { userId } });
}
