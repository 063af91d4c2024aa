// Signed-in sessions through HTTP: the list (viewer.sessions), ending one (endSession), the absolute
// 30-day lifetime, and the __Host- cookie over https.
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite, type TestServer } from './support/server.ts';

const LOG_IN = 'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { email } }';
const SESSIONS = 'query Sessions { me { email sessions { id createdAt lastSeenAt expiresAt userAgent current } } }';
const END = 'mutation End($id: ID!) { endSession(id: $id) }';
const DAY = 24 * 60 * 60 * 1000;

async function logInAs(server: TestServer, email: string, userAgent: string) {
  const response = await server.graphql(LOG_IN, { email, password: PASSWORD }, { 'user-agent': userAgent });
  expect(response.body.data).toEqual({ logIn: { email } });
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const me = async (server: TestServer, cookie: string) => (await server.graphql(SESSIONS, {}, { cookie })).body.data?.me;

describe.each(backends)('signed-in sessions on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('lists the sessions with their browser, marks the current one, and never shows the token or its hash', async () => {
    const { email } = await signUpAccount(suite.server, 'sessions-list');
    const phone = await logInAs(suite.server, email, 'Phone Browser/1.0');
    const laptop = await logInAs(suite.server, email, 'Laptop Browser/2.0');
    const { sessions } = await me(suite.server, laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s: { userAgent: string }) => s.userAgent)).toEqual(expect.arrayContaining(['Phone Browser/1.0', 'Laptop Browser/2.0']));
    expect(sessions.filter((s: { current: boolean }) => s.current)).toEqual([expect.objectContaining({ userAgent: 'Laptop Browser/2.0' })]);
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBeLessThanOrEqual(30 * DAY);
    }
    const rows = await suite.server.db.session.findMany({ where: { user: { email } } });
    const shown = JSON.stringify(sessions);
    for (const row of rows) expect(shown).not.toContain(row.id);
    for (const token of [phone, laptop].map((c) => c.split('=')[1]!)) expect(shown).not.toContain(token);
  });

  it('ends one session: that cookie stops working, the others keep working', async () => {
    const { email, cookie: first } = await signUpAccount(suite.server, 'sessions-end');
    const second = await logInAs(suite.server, email, 'Second/1.0');
    const third = await logInAs(suite.server, email, 'Third/1.0');
    const target = (await me(suite.server, first)).sessions.find((s: { userAgent: string }) => s.userAgent === 'Second/1.0');
    expect((await suite.server.graphql(END, { id: target.id }, { cookie: first })).body.data).toEqual({ endSession: true });
    expect(await me(suite.server, second)).toBeNull();
    expect((await me(suite.server, first)).email).toBe(email);
    expect((await me(suite.server, third)).sessions.map((s: { id: string }) => s.id)).not.toContain(target.id);

    // Another user cannot end this user's session, and an unknown id is NOT_FOUND, not a 500.
    const other = await signUpAccount(suite.server, 'sessions-other');
    const mine = (await me(suite.server, third)).sessions[0].id;
    const foreign = await suite.server.graphql(END, { id: mine }, { cookie: other.cookie });
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await suite.server.graphql(END, { id: 'not-an-id' }, { cookie: other.cookie })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await me(suite.server, third)).email).toBe(email);
    expect((await suite.server.graphql(END, { id: mine })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('ends a session 30 days after sign-in even when it was used every day', async () => {
    const { email, cookie } = await signUpAccount(suite.server, 'sessions-absolute');
    const [row] = await suite.server.db.session.findMany({ where: { user: { email } } });
    // Used yesterday (idle expiry well ahead), but signed in 30 days and a minute ago.
    await suite.server.db.session.update({
      where: { id: row!.id },
      data: { createdAt: new Date(Date.now() - 30 * DAY - 60_000), lastSeenAt: new Date(Date.now() - DAY), expiresAt: new Date(Date.now() + 6 * DAY) },
    });
    expect(await me(suite.server, cookie)).toBeNull();
    expect(await suite.server.db.session.count({ where: { id: row!.id } })).toBe(0);
  });

  it('still renews an active session within its absolute lifetime, never past it', async () => {
    const { email, cookie } = await signUpAccount(suite.server, 'sessions-renew');
    const [row] = await suite.server.db.session.findMany({ where: { user: { email } } });
    const createdAt = new Date(Date.now() - 28 * DAY);
    await suite.server.db.session.update({ where: { id: row!.id }, data: { createdAt, expiresAt: new Date(Date.now() + DAY) } });
    const response = await suite.server.graphql(SESSIONS, {}, { cookie });
    expect(response.body.data.me.email).toBe(email);
    const { expiresAt } = await suite.server.db.session.findUniqueOrThrow({ where: { id: row!.id } });
    expect(expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY);
    expect(response.headers.get('set-cookie')).toContain(`Expires=${expiresAt.toUTCString()}`);
  });
});

describe.each(backends)('the session cookie over https on $name', (backend) => {
  const suite = serveDuringSuite(backend, { trustProxy: true });

  it('is __Host- prefixed, Secure, Path=/ and without Domain when the proxy says https', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const email = `host-cookie-${Date.now()}@example.test`;
    const signUp = await suite.server.graphql('mutation S($email: String!, $password: String!) { signUp(email: $email, password: $password) { email } }', { email, password: PASSWORD }, https);
    const setCookie = signUp.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-clarion_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Expires=[^;]+; Secure$/);
    expect(setCookie).not.toMatch(/domain=/i);
    const cookie = setCookie.split(';')[0]!;
    expect((await me(suite.server, cookie))).toBeNull(); // over plain http the __Host- cookie is not read
    expect((await suite.server.graphql(SESSIONS, {}, { cookie, ...https })).body.data.me.email).toBe(email);
    // The unprefixed name is not accepted over https.
    expect((await suite.server.graphql(SESSIONS, {}, { cookie: cookie.replace('__Host-', ''), ...https })).body.data.me).toBeNull();
    const out = await suite.server.graphql('mutation { logOut }', {}, { cookie, ...https });
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-clarion_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; Secure$/);
  });
});
