// The dashboard's session cookie: HttpOnly, SameSite=Lax. Over https it is `__Host-clarion_session`,
// Secure with Path=/ and no Domain, so no subdomain or plain-http page can set or overwrite it.
export const SESSION_COOKIE = 'clarion_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The cookie's name: `__Host-` prefixed when served over https. */
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export function readCookie(header: string | null, name: string) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean) {
  return `${sessionCookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean) {
  return `${sessionCookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** What a resolver may do with the session cookie; the transport turns it into Set-Cookie headers. */
export interface SessionCookies {
  /** The token the request came with, if any. */
  token: string | undefined;
  /** The request's User-Agent, shown in the list of signed-in sessions. */
  userAgent?: string | null;
  set(token: string, expiresAt: Date): void;
  clear(): void;
  /** The Set-Cookie values to send. */
  readonly outgoing: string[];
}

export function sessionCookies(token: string | undefined, secure: boolean, userAgent?: string | null): SessionCookies {
  const outgoing: string[] = [];
  return {
    token,
    userAgent,
    set: (value, expiresAt) => void outgoing.push(sessionCookie(value, expiresAt, secure)),
    clear: () => void outgoing.push(clearedSessionCookie(secure)),
    outgoing,
  };
}
