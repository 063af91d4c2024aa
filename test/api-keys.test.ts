import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiKey, createApiKey, listApiKeys, revokeApiKey } from '../src/domain/api-keys/service.ts';
import { hashKey } from '../src/domain/api-keys/secret.ts';
import { backends } from './support/backends.ts';
import { seedOrganization } from './support/seed.ts';

describe.each(backends)('API keys on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  const db = () => storage.database.prisma;
  beforeAll(async () => {
    storage = await backend.open();
  });
  afterAll(async () => {
    await storage?.close();
  });

  const created = async (orgSlug: string, kind: 'live' | 'test' = 'live', name?: string) => {
    const result = await createApiKey(db(), { orgSlug, kind, name });
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  it('makes live and test keys with their prefixes, and keeps only the SHA-256', async () => {
    const org = await seedOrganization(db());
    const live = await created(org.slug, 'live', 'Production');
    const test = await created(org.slug, 'test');
    expect(live.key).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
    expect(test.key).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/);
    expect(live.apiKey).toMatchObject({ kind: 'live', name: 'Production', displayPrefix: live.key.slice(0, 15), lastUsedAt: null, revokedAt: null });
    expect(test.apiKey.name).toBe('test key');
    expect(live.apiKey).not.toHaveProperty('secretHash');
    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: live.apiKey.id } });
    expect(Buffer.from(stored.secretHash).equals(hashKey(live.key))).toBe(true);
    const everything = JSON.stringify(await db().apiKey.findMany(), (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));
    expect(everything).not.toContain(live.key.slice(9));
    expect(everything).not.toContain(test.key.slice(9));
  });

  it('authenticates a key for its own organization only, and records when it was used', async () => {
    const [a, b] = [await seedOrganization(db()), await seedOrganization(db())];
    const keyA = await created(a.slug);
    await created(b.slug);
    const now = new Date('2030-01-01T00:00:00Z');
    const caller = await authenticateApiKey(storage.database.sql, keyA.key, now);
    expect(caller).toEqual({ ok: true, value: { organizationId: a.id, apiKey: expect.objectContaining({ id: keyA.apiKey.id, lastUsedAt: now }) } });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: keyA.apiKey.id } })).lastUsedAt).toEqual(now);
    // The key as read with SQL on each request is the key as the dashboard lists it, field for field.
    const listed = await listApiKeys(db(), a.slug);
    expect(caller.ok && caller.value.apiKey).toStrictEqual(listed.ok && listed.value[0]);
    // Within a minute the stored time is left alone, so a busy key costs no write per request.
    await authenticateApiKey(storage.database.sql, keyA.key, new Date(now.getTime() + 30_000));
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: keyA.apiKey.id } })).lastUsedAt).toEqual(now);
  });

  it('refuses malformed, unknown and revoked keys', async () => {
    const org = await seedOrganization(db());
    const { key, apiKey } = await created(org.slug);
    for (const [token, message] of [
      ['', 'the API key is malformed'],
      ['svc_live_short', 'the API key is malformed'],
      [`svc_prod_${key.slice(9)}`, 'the API key is malformed'],
      [`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 'the API key is not valid'],
    ] as const) {
      expect(await authenticateApiKey(storage.database.sql, token)).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', message } });
    }
    const revoked = await revokeApiKey(db(), apiKey.id);
    expect(revoked.ok && revoked.value.revokedAt).toBeInstanceOf(Date);
    expect(await authenticateApiKey(storage.database.sql, key)).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'the API key is not valid' } });
    const again = await revokeApiKey(db(), apiKey.id);
    expect(again.ok && again.value.revokedAt).toEqual(revoked.ok && revoked.value.revokedAt);
  });

  it('lists an organization\'s keys without secrets, and says what is wrong with bad requests', async () => {
    const org = await seedOrganization(db());
    await created(org.slug, 'live', 'one');
    await created(org.slug, 'test', 'two');
    const listed = await listApiKeys(db(), org.slug);
    expect(listed.ok && listed.value.map((k) => [k.name, k.kind])).toEqual([['one', 'live'], ['two', 'test']]);
    expect(JSON.stringify(listed)).not.toMatch(/secretHash|svc_(live|test)_[A-Za-z0-9_-]{43}/);
    expect(await createApiKey(db(), { orgSlug: org.slug, kind: 'prod' })).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', field: 'kind', message: 'kind must be "live" or "test"' } });
    expect(await createApiKey(db(), { orgSlug: org.slug, kind: 'live', name: '' })).toMatchObject({ ok: false, error: { field: 'name' } });
    expect(await createApiKey(db(), { orgSlug: 'no-such-org', kind: 'live' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'organization not found' } });
    expect(await revokeApiKey(db(), 'not-an-id')).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'API key not found' } });
  });
});
