// The dashboard's session cookie: HttpOnly, SameSite=Lax, Secure when served over https.
export const SESSION_COOKIE = 'clarion_session';

export function readCookie(header: string | null, name: string) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean) {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean) {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** What a resolver may do with the session cookie; the transport turns it into Set-Cookie headers. */
export interface SessionCookies {
  /** The token the request came with, if any. */
  token: string | undefined;
  set(token: string, expiresAt: Date): void;
  clear(): void;
  /** The Set-Cookie values to send. */
  readonly outgoing: string[];
}

export function sessionCookies(token: string | undefined, secure: boolean): SessionCookies {
  const outgoing: string[] = [];
  return {
    token,
    set: (value, expiresAt) => void outgoing.push(sessionCookie(value, expiresAt, secure)),
    clear: () => void outgoing.push(clearedSessionCookie(secure)),
    outgoing,
  };
}
