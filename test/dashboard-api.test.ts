// The GraphQL operations the dashboard uses for accounts, organizations and API keys, with a session cookie.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { graphql } from '../src/generated/graphql/gql.ts';
import { LogIn, PASSWORD, SignUp, signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { seedOrganization } from './support/seed.ts';
import { serveDuringSuite, startServer, type TestServer } from './support/server.ts';

const LogOut = graphql(`
  mutation LogOut { logOut }
`);
const Me = graphql(`
  query Me { me { email memberships { role organization { id slug } } } }
`);
const CreateOrganization = graphql(`
  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }
`);
const CreateApiKey = graphql(`
  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {
    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }
  }
`);
const RevokeApiKey = graphql(`
  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }
`);
const ApiKeys = graphql(`
  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }
`);

const password = PASSWORD;
const signUp = (server: TestServer) => signUpAccount(server, 'owner');

describe.each(backends)('dashboard GraphQL on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('signs up with an HttpOnly, SameSite=Lax session cookie whose token is stored only as a hash', async () => {
    const { email, cookie, setCookie, response } = await signUp(suite.server);
    expect(response.body.data?.signUp.email).toBe(email);
    expect(setCookie).toMatch(/^clarion_session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    const token = cookie.split('=')[1]!;
    const sessions = await suite.server.db.session.findMany();
    expect(sessions.some((s) => s.id === token)).toBe(false);
    expect((await suite.server.graphql(Me, {}, { cookie })).body.data?.me).toMatchObject({ email, memberships: [] });
    expect((await suite.server.graphql(Me)).body.data?.me).toBeNull();
  });

  it('refuses bad credentials without saying whether the e-mail has an account', async () => {
    const { email } = await signUp(suite.server);
    const wrongPassword = await suite.server.graphql(LogIn, { email, password: 'not the password' });
    const unknownEmail = await suite.server.graphql(LogIn, { email: 'nobody@example.test', password });
    expect(wrongPassword.body.errors?.[0]).toMatchObject({ message: 'the e-mail or the password is wrong', extensions: { code: 'UNAUTHENTICATED' } });
    expect(unknownEmail.body.errors?.[0]?.message).toBe(wrongPassword.body.errors?.[0]?.message);
    const login = await suite.server.graphql(LogIn, { email: email.toUpperCase(), password });
    expect(login.headers.get('set-cookie')).toMatch(/^clarion_session=/);
    const short = await suite.server.graphql(SignUp, { email: 'x@example.test', password: 'short' });
    expect(short.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
  });

  it('lets an owner make, list and revoke keys; a revoked key is refused by /v1/notify at once', async () => {
    const { cookie } = await signUp(suite.server);
    const slug = `dash-${Date.now()}`;
    const org = (await suite.server.graphql(CreateOrganization, { name: 'Dash', slug }, { cookie })).body.data!.createOrganization;
    expect((await suite.server.graphql(Me, {}, { cookie })).body.data?.me?.memberships).toEqual([{ role: 'owner', organization: { id: org.id, slug } }]);
    const created = (await suite.server.graphql(CreateApiKey, { organizationId: org.id, kind: 'live', name: 'Server' }, { cookie })).body.data!.createApiKey;
    expect(created.key).toMatch(/^svc_live_/);
    expect(created.apiKey).toMatchObject({ kind: 'live', name: 'Server', displayPrefix: created.key.slice(0, 15), revokedAt: null });
    const listed = await suite.server.graphql(ApiKeys, { organizationId: org.id }, { cookie });
    expect(listed.body.data?.apiKeys).toEqual([expect.objectContaining({ id: created.apiKey.id })]);
    expect(listed.text).not.toContain(created.key);

    const auth = { authorization: `Bearer ${created.key}` };
    expect((await suite.server.post('/v1/notify', { body: 'hi', target: 'all' }, auth)).status).toBe(200);
    const revoked = await suite.server.graphql(RevokeApiKey, { id: created.apiKey.id }, { cookie });
    expect(revoked.body.data?.revokeApiKey.revokedAt).toEqual(expect.any(String));
    expect((await suite.server.post('/v1/notify', { body: 'hi', target: 'all' }, auth)).status).toBe(401);
  });

  it('keeps other organizations\' keys out of reach, and API keys out of the dashboard\'s operations', async () => {
    const { cookie } = await signUp(suite.server);
    const strangers = await seedOrganization(suite.server.db);
    const create = await suite.server.graphql(CreateApiKey, { organizationId: strangers.id, kind: 'live' }, { cookie });
    expect(create.body.errors?.[0]).toMatchObject({ message: 'organization not found', extensions: { code: 'NOT_FOUND' } });
    const list = await suite.server.graphql(ApiKeys, { organizationId: strangers.id }, { cookie });
    expect(list.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const theirs = await suite.server.db.apiKey.create({ data: { organizationId: strangers.id, kind: 'live', name: 'x', displayPrefix: 'svc_live_abcdef', secretHash: new Uint8Array(randomBytes(32)) } });
    const revoke = await suite.server.graphql(RevokeApiKey, { id: theirs.id }, { cookie });
    expect(revoke.body.errors?.[0]).toMatchObject({ message: 'API key not found', extensions: { code: 'NOT_FOUND' } });
    expect((await suite.server.db.apiKey.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();
    const withoutSession = await suite.server.graphql(CreateApiKey, { organizationId: strangers.id, kind: 'live' });
    expect(withoutSession.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie-carrying request from another site\'s page, and accepts the dashboard\'s', async () => {
    const { cookie } = await signUp(suite.server);
    const foreign = await suite.server.graphql(CreateOrganization, { name: 'Evil', slug: `evil-${Date.now()}` }, { cookie, origin: 'https://evil.test' });
    expect(foreign.status).toBe(403);
    expect((foreign.body as unknown as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    const dashboard = await suite.server.graphql(CreateOrganization, { name: 'Good', slug: `good-${Date.now()}` }, { cookie, origin: 'http://dashboard.test' });
    expect(dashboard.body.data?.createOrganization.slug).toMatch(/^good-/);
  });

  it('refuses cross-site pages and form posts even without a cookie, and limits log-ins per IP', async () => {
    const anonymousForeign = await suite.server.graphql(LogIn, { email: 'a@example.test', password }, { origin: 'https://evil.test' });
    expect(anonymousForeign.status).toBe(403);
    const form = await suite.server.request('POST', '/graphql', { body: 'query=mutation%7BlogOut%7D', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const limited = await startServer(suite.storage, { signInsPerMinute: 2 });
    try {
      for (let i = 0; i < 2; i += 1) expect((await limited.graphql(LogIn, { email: 'a@example.test', password })).status).toBe(200);
      const refused = await limited.graphql(LogIn, { email: 'a@example.test', password });
      expect(refused.status).toBe(429);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('ends the session on logout', async () => {
    const { cookie } = await signUp(suite.server);
    const out = await suite.server.graphql(LogOut, {}, { cookie });
    expect(out.headers.get('set-cookie')).toMatch(/^clarion_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await suite.server.graphql(Me, {}, { cookie })).body.data?.me).toBeNull();
  });
});
