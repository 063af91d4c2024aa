// Verified user targeting, through HTTP as an organization's server and an app would use it: identity keys
// over /v1/identity/keys, tokens signed with jose as the README shows, and a targeted push that reaches
// only the device whose externalId a token proved.
import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signUpAccount } from './support/accounts.ts';
import { TEST_TOPIC } from './support/apns.ts';
import { backends } from './support/backends.ts';
import { seedDevice, seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

/** A token as an organization's server signs it (the README's snippet); `claims` and `lifetime` bend the rules. */
async function sign(privateKeyPem: string, kid: string, claims: { sub?: string; aud?: string }, { iat = Math.floor(Date.now() / 1000), lifetime = 600, alg = 'ES256' } = {}) {
  const key = await importPKCS8(privateKeyPem, alg);
  const jwt = new SignJWT({}).setProtectedHeader({ alg, kid }).setIssuedAt(iat).setExpirationTime(iat + lifetime);
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.aud !== undefined) jwt.setAudience(claims.aud);
  return jwt.sign(key);
}

describe.each(backends)('verified user targeting on $name', (backend) => {
  const suite = serveDuringSuite(backend, {}, { apns: true });

  async function organization() {
    const org = await seedOrganization(suite.server.db);
    const live = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug)).key}` };
    const test = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug, 'test')).key}` };
    return { org, live, test };
  }
  const subscribe = (deviceUuid: string, body: Record<string, unknown>) => suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, body);
  const subscriptionRow = (organizationId: string, deviceUuid: string) =>
    suite.server.db.subscription.findUnique({ where: { organizationId_deviceUuid: { organizationId, deviceUuid } }, select: { externalId: true, externalIdKeyId: true, updatedAt: true } });

  it('makes a pair (private key shown once), registers PEM and JWK public keys, lists and deletes them; test keys get 403', async () => {
    const { org, live, test } = await organization();
    const made = await suite.server.request('POST', '/v1/identity/keys', { headers: live });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ algorithm: 'ES256', publicKey: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/), privateKey: expect.stringMatching(/^-----BEGIN PRIVATE KEY-----/) });
    // Only the public key is stored.
    const stored = await suite.storage.database.sql.query<Record<string, string>>('SELECT * FROM identity_keys WHERE id = $1', [made.body.id]);
    expect(JSON.stringify(stored)).not.toContain(made.body.privateKey.split('\n')[1]);

    const own = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = own.publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const registered = await suite.server.post('/v1/identity/keys', { publicKey: pem }, live);
    expect(registered.status).toBe(201);
    expect(registered.body).not.toHaveProperty('privateKey');
    expect(registered.body.publicKey).toBe(pem);
    // The same key again, this time as a JWK: one registration per key.
    const again = await suite.server.post('/v1/identity/keys', { publicKey: own.publicKey.export({ format: 'jwk' }) }, live);
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', message: expect.stringContaining(registered.body.id) } } });
    const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ format: 'jwk' });
    expect((await suite.server.post('/v1/identity/keys', { publicKey: jwk }, live)).status).toBe(201);

    const listed = await suite.server.get('/v1/identity/keys', live);
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toHaveLength(3);
    expect(JSON.stringify(listed.body)).not.toContain('PRIVATE');
    expect((await suite.server.request('DELETE', `/v1/identity/keys/${registered.body.id}`, { headers: live })).status).toBe(204);
    expect((await suite.server.request('DELETE', `/v1/identity/keys/${registered.body.id}`, { headers: live })).status).toBe(404);
    expect((await suite.server.get('/v1/identity/keys', live)).body.keys).toHaveLength(2);

    for (const [method, path] of [['POST', '/v1/identity/keys'], ['GET', '/v1/identity/keys'], ['DELETE', `/v1/identity/keys/${made.body.id}`]] as const) {
      expect((await suite.server.request(method, path, { headers: test })).body.error.code, `${method} ${path}`).toBe('FORBIDDEN');
    }
    expect((await suite.server.get('/v1/identity/keys')).status).toBe(401);
    // Another organization's key answers as a missing one.
    const other = await organization();
    expect((await suite.server.request('DELETE', `/v1/identity/keys/${made.body.id}`, { headers: other.live })).status).toBe(404);
    expect(await suite.server.db.identityKey.count({ where: { organizationId: org.id } })).toBe(2);
  });

  it('refuses keys it cannot use, naming publicKey', async () => {
    const { live } = await organization();
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const cases: [unknown, RegExp][] = [
      ['not a key', /not a key Clarion can read/],
      [pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), /private key/],
      [pair.privateKey.export({ format: 'jwk' }), /private key/],
      [generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey.export({ type: 'spki', format: 'pem' }), /not a P-256 key/],
      [generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }), /not a P-256 key/],
      ['{"kty":', /does not parse/],
      [42, /publicKey must be a string/],
    ];
    for (const [publicKey, message] of cases) {
      const response = await suite.server.post('/v1/identity/keys', { publicKey }, live);
      expect(response.status, String(publicKey).slice(0, 40)).toBe(400);
      expect(response.body.error, String(publicKey).slice(0, 40)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'publicKey', message: expect.stringMatching(message) });
    }
    const wrongType = await suite.server.request('POST', '/v1/identity/keys', { body: 'publicKey=x', headers: { ...live, 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    expect((await suite.server.get('/v1/identity/keys', live)).body.keys).toEqual([]);
  });

  it('once a key exists, an externalId needs a valid token: each bad token is a 401 saying why, and the subscription stays as it was', async () => {
    const { org, live } = await organization();
    const { deviceUuid } = await seedDevice(suite.server);
    // Before any key: the interface's request as always.
    expect((await subscribe(deviceUuid, { orgSlug: org.slug, externalId: 'user-42' })).status).toBe(201);
    const before = await subscriptionRow(org.id, deviceUuid);

    const key = (await suite.server.request('POST', '/v1/identity/keys', { headers: live })).body;
    const otherOrgKey = (await suite.server.request('POST', '/v1/identity/keys', { headers: (await organization()).live })).body;
    const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const now = Math.floor(Date.now() / 1000);
    const refusals: [string, unknown, RegExp][] = [
      ['none', undefined, /missing/],
      ['expired', await sign(key.privateKey, key.id, { sub: 'user-42', aud: org.slug }, { iat: now - 7200, lifetime: 3600 }), /expired/],
      ['unknown key', await sign(key.privateKey, '019ab3f2-0000-7000-8000-000000000000', { sub: 'user-42', aud: org.slug }), /not an identity key of this organization/],
      ["another organization's key", await sign(otherOrgKey.privateKey, otherOrgKey.id, { sub: 'user-42', aud: org.slug }), /not an identity key of this organization/],
      ['wrong signature', await sign(stranger, key.id, { sub: 'user-42', aud: org.slug }), /signature does not verify/],
      ['wrong aud', await sign(key.privateKey, key.id, { sub: 'user-42', aud: 'another-org' }), /aud must be the organization's slug/],
      ['wrong sub', await sign(key.privateKey, key.id, { sub: 'user-43', aud: org.slug }), /sub must be the externalId/],
      ['no sub', await sign(key.privateKey, key.id, { aud: org.slug }), /lacks the "sub" claim/],
      ['over 24 hours', await sign(key.privateKey, key.id, { sub: 'user-42', aud: org.slug }, { lifetime: 24 * 3600 + 1 }), /more than 24 hours/],
      ['not a JWT', 'abc.def', /not a JWT/],
      ['not a string', 12, /must be a string/],
    ];
    for (const [name, externalIdToken, message] of refusals) {
      const response = await subscribe(deviceUuid, { orgSlug: org.slug, externalId: 'user-42', externalIdToken });
      expect(response.status, name).toBe(name === 'not a string' ? 400 : 401);
      if (name !== 'not a string') expect(response.body.error, name).toEqual({ code: 'INVALID_EXTERNAL_ID_TOKEN', message: expect.stringMatching(message), field: 'externalIdToken' });
      expect(await subscriptionRow(org.id, deviceUuid), name).toEqual(before);
    }
    // A device that was never subscribed is not subscribed by a refused request either.
    const fresh = await seedDevice(suite.server);
    expect((await subscribe(fresh.deviceUuid, { orgSlug: org.slug, externalId: 'user-42' })).status).toBe(401);
    expect(await subscriptionRow(org.id, fresh.deviceUuid)).toBeNull();
    // An unknown device or organization answers 404 first, whatever the token.
    expect((await subscribe('00000000-0000-4000-8000-000000000000', { orgSlug: org.slug, externalId: 'user-42' })).status).toBe(404);
    expect((await subscribe(deviceUuid, { orgSlug: 'no-such-org', externalId: 'user-42' })).status).toBe(404);

    // Without an externalId no token is needed; with a valid one the externalId is proved by that key.
    expect((await subscribe(fresh.deviceUuid, { orgSlug: org.slug })).status).toBe(201);
    const token = await sign(key.privateKey, key.id, { sub: 'user-42', aud: org.slug });
    expect(await subscribe(deviceUuid, { orgSlug: org.slug, externalId: 'user-42', externalIdToken: token })).toMatchObject({ status: 200, body: { externalId: 'user-42' } });
    expect(await subscriptionRow(org.id, deviceUuid)).toMatchObject({ externalId: 'user-42', externalIdKeyId: key.id });

    // GraphQL answers the same code.
    const graphql = await suite.server.graphql(
      'mutation($d: ID!, $s: String!) { subscribeDevice(deviceUuid: $d, orgSlug: $s, externalId: "user-42") { externalId } }',
      { d: fresh.deviceUuid, s: org.slug },
    );
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('INVALID_EXTERNAL_ID_TOKEN');
  });

  it('answers every request of one burst for itself: proven, refused and plain requests to organizations with and without keys', async () => {
    const keyed = await organization();
    const plain = await organization();
    const key = (await suite.server.request('POST', '/v1/identity/keys', { headers: keyed.live })).body;
    const [a, b, c] = await Promise.all([seedDevice(suite.server), seedDevice(suite.server), seedDevice(suite.server)]);
    const token = (sub: string) => sign(key.privateKey, key.id, { sub, aud: keyed.org.slug });
    const answers = await Promise.all([
      subscribe(a.deviceUuid, { orgSlug: keyed.org.slug, externalId: 'user-a', externalIdToken: await token('user-a') }),
      subscribe(b.deviceUuid, { orgSlug: keyed.org.slug, externalId: 'user-b', externalIdToken: await token('someone-else') }),
      subscribe(c.deviceUuid, { orgSlug: keyed.org.slug }),
      subscribe(a.deviceUuid, { orgSlug: plain.org.slug, externalId: 'user-a' }),
      subscribe(b.deviceUuid, { orgSlug: plain.org.slug, externalId: 'user-b', externalIdToken: 'ignored where no key exists' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 401, 201, 201, 201]);
    expect(answers[1]!.body.error).toMatchObject({ code: 'INVALID_EXTERNAL_ID_TOKEN', message: expect.stringMatching(/sub must be the externalId/) });
    expect(await subscriptionRow(keyed.org.id, a.deviceUuid)).toMatchObject({ externalId: 'user-a', externalIdKeyId: key.id });
    expect(await subscriptionRow(keyed.org.id, b.deviceUuid)).toBeNull();
    expect(await subscriptionRow(keyed.org.id, c.deviceUuid)).toMatchObject({ externalId: null, externalIdKeyId: null });
    expect(await subscriptionRow(plain.org.id, b.deviceUuid)).toMatchObject({ externalId: 'user-b', externalIdKeyId: null });
  });

  it('a targeted push reaches only the device whose externalId a token proved, until its key is deleted', async () => {
    const { org, live } = await organization();
    // The attacker's phone claims user-42 before the organization turns verification on.
    const attacker = await seedDevice(suite.server);
    expect((await subscribe(attacker.deviceUuid, { orgSlug: org.slug, externalId: 'user-42' })).status).toBe(201);
    const key = (await suite.server.request('POST', '/v1/identity/keys', { headers: live })).body;
    const owner = await seedDevice(suite.server);
    const token = await sign(key.privateKey, key.id, { sub: 'user-42', aud: org.slug });
    expect((await subscribe(owner.deviceUuid, { orgSlug: org.slug, externalId: 'user-42', externalIdToken: token })).status).toBe(201);
    // A token is proof for its sub only: the attacker cannot reuse it for itself under another externalId.
    expect((await subscribe(attacker.deviceUuid, { orgSlug: org.slug, externalId: 'user-43', externalIdToken: token })).status).toBe(401);

    const sent = await suite.server.post('/v1/notify', { body: 'your code is 123456', target: 'users', externalIds: ['user-42'] }, live);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'completed', recipients: 1, sent: 1 });
    expect(suite.apns.delivered(owner.apnsToken)).toHaveLength(1);
    expect(suite.apns.delivered(owner.apnsToken)[0]!.headers['apns-topic']).toBe(TEST_TOPIC);
    expect(suite.apns.delivered(attacker.apnsToken)).toHaveLength(0);
    // Everyone still gets a broadcast to all.
    expect((await suite.server.post('/v1/notify', { body: 'news', target: 'all' }, live)).body).toMatchObject({ recipients: 2, sent: 2 });

    // A rotated-out (deleted) key no longer vouches: with another key left, user-42 reaches nobody until re-proved.
    const next = (await suite.server.request('POST', '/v1/identity/keys', { headers: live })).body;
    expect((await suite.server.request('DELETE', `/v1/identity/keys/${key.id}`, { headers: live })).status).toBe(204);
    expect((await suite.server.post('/v1/notify', { body: 'again', target: 'users', externalIds: ['user-42'] }, live)).body).toMatchObject({ recipients: 0 });
    expect((await subscribe(owner.deviceUuid, { orgSlug: org.slug, externalId: 'user-42', externalIdToken: token })).status).toBe(401);
    const renewed = await sign(next.privateKey, next.id, { sub: 'user-42', aud: org.slug });
    expect((await subscribe(owner.deviceUuid, { orgSlug: org.slug, externalId: 'user-42', externalIdToken: renewed })).status).toBe(200);
    expect((await suite.server.post('/v1/notify', { body: 'again', target: 'users', externalIds: ['user-42'] }, live)).body).toMatchObject({ recipients: 1, sent: 1 });
    expect(suite.apns.delivered(attacker.apnsToken)).toHaveLength(1);

    // With no key left, externalIds are taken on trust again, as before the feature was turned on.
    expect((await suite.server.request('DELETE', `/v1/identity/keys/${next.id}`, { headers: live })).status).toBe(204);
    expect((await suite.server.post('/v1/notify', { body: 'off', target: 'users', externalIds: ['user-42'] }, live)).body).toMatchObject({ recipients: 2 });
  });

  it('the dashboard manages keys through GraphQL for members only', async () => {
    const owner = await signUpAccount(suite.server, 'identity');
    const created = await suite.server.graphql('mutation { createOrganization(name: "Keys", slug: "keys-' + Date.now() + '") { id } }', {}, { cookie: owner.cookie });
    const organizationId = created.body.data.createOrganization.id;
    const made = await suite.server.graphql('mutation($o: ID!) { createOrganizationIdentityKey(organizationId: $o) { privateKey key { id } } }', { o: organizationId }, { cookie: owner.cookie });
    expect(made.body.data.createOrganizationIdentityKey.privateKey).toMatch(/BEGIN PRIVATE KEY/);
    const listed = await suite.server.graphql('query($o: ID!) { managedOrganization(id: $o) { identityKeys { id algorithm } } }', { o: organizationId }, { cookie: owner.cookie });
    expect(listed.body.data.managedOrganization.identityKeys).toEqual([{ id: made.body.data.createOrganizationIdentityKey.key.id, algorithm: 'ES256' }]);
    const outsider = await signUpAccount(suite.server, 'identity-outsider');
    const refused = await suite.server.graphql('mutation($o: ID!) { createOrganizationIdentityKey(organizationId: $o) { key { id } } }', { o: organizationId }, { cookie: outsider.cookie });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const deleted = await suite.server.graphql('mutation($o: ID!, $id: ID!) { deleteOrganizationIdentityKey(organizationId: $o, id: $id) }', { o: organizationId, id: made.body.data.createOrganizationIdentityKey.key.id }, { cookie: owner.cookie });
    expect(deleted.body.data.deleteOrganizationIdentityKey).toBe(true);
  });
});
