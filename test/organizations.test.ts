import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { seedOrganization, seedSubscription } from './support/seed.ts';
import { serveDuringSuite, type TestResponse } from './support/server.ts';

const PUBLIC_FIELDS = ['brandColor', 'description', 'id', 'logoUrl', 'name', 'slug', 'subscriberCount'];

describe.each(backends)('organization routes on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  describe('GET /v1/orgs/{orgSlug}', () => {
    it('answers a public organization with exactly the public fields', async () => {
      const org = await seedOrganization(suite.server.db, { name: 'Acme Weather', description: 'Storm alerts', logoUrl: 'https://acme.test/logo.png', brandColor: '#12ab9f' });
      await seedSubscription(suite.server, org.slug);
      await seedSubscription(suite.server, org.slug);
      const response = await suite.server.get(`/v1/orgs/${org.slug}`);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(PUBLIC_FIELDS);
      expect(response.body).toEqual({
        id: org.id, name: 'Acme Weather', slug: org.slug, description: 'Storm alerts',
        logoUrl: 'https://acme.test/logo.png', brandColor: '#12AB9F', subscriberCount: 2,
      });
    });

    it('answers a private organization exactly as a missing one', async () => {
      const hidden = await seedOrganization(suite.server.db, { isPublic: false });
      const privateResponse = await suite.server.get(`/v1/orgs/${hidden.slug}`);
      const missingResponse = await suite.server.get('/v1/orgs/does-not-exist');
      expect(privateResponse.status).toBe(404);
      expect(missingResponse.status).toBe(404);
      expect(privateResponse.text).toBe(missingResponse.text);
      expect(privateResponse.body).toEqual({ error: { code: 'NOT_FOUND', message: 'organization not found' } });
      expect((await suite.server.get('/v1/orgs/NOT%20A%20SLUG')).text).toBe(missingResponse.text);
    });
  });

  describe('GET /v1/orgs/invite/{inviteCode}', () => {
    it('finds public and private organizations by invite code', async () => {
      for (const isPublic of [true, false]) {
        const org = await seedOrganization(suite.server.db, { isPublic });
        const response = await suite.server.get(`/v1/orgs/invite/${org.inviteCode}`);
        expect(response.status).toBe(200);
        expect(Object.keys(response.body).sort()).toEqual(PUBLIC_FIELDS);
        expect(response.body).toMatchObject({ id: org.id, slug: org.slug, subscriberCount: 0 });
      }
    });

    it('answers 404 for unknown and malformed codes', async () => {
      for (const code of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'short', '%E2%9C%93']) {
        expect(await suite.server.get(`/v1/orgs/invite/${code}`)).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'organization not found' } } });
      }
    });
  });

  describe('GET /v1/orgs', () => {
    it('searches public organizations by name, slug or description, case-insensitively', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const byName = await seedOrganization(suite.server.db, { name: `Harbour ${tag.toUpperCase()} News` });
      const bySlug = await seedOrganization(suite.server.db, { name: 'Slugged', slug: `${tag}-slug` });
      const byDescription = await seedOrganization(suite.server.db, { name: 'Described', description: `All about ${tag}` });
      await seedOrganization(suite.server.db, { name: `Private ${tag}`, isPublic: false });
      await seedOrganization(suite.server.db, { name: 'Unrelated' });
      const response = await suite.server.get(`/v1/orgs?search=${tag}`);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['nextCursor', 'organizations']);
      expect(response.body.organizations.map((o: { id: string }) => o.id).sort()).toEqual([byName.id, bySlug.id, byDescription.id].sort());
      expect(response.body.nextCursor).toBeNull();
      for (const org of response.body.organizations) expect(Object.keys(org).sort()).toEqual(PUBLIC_FIELDS);
    });

    it('treats % and _ in a search literally', async () => {
      await seedOrganization(suite.server.db, { name: '100% Fresh' });
      await seedOrganization(suite.server.db, { name: 'snake_case club' });
      await seedOrganization(suite.server.db, { name: 'snakescase club' });
      const names = async (search: string) =>
        (await suite.server.get(`/v1/orgs?search=${encodeURIComponent(search)}`)).body.organizations.map((o: { name: string }) => o.name);
      expect(await names('0% F')).toEqual(['100% Fresh']);
      expect(await names('%')).toEqual(['100% Fresh']);
      expect(await names('e_c')).toEqual(['snake_case club']);
      expect(await names('snake')).toEqual(['snake_case club', 'snakescase club']);
    });

    it('lists every public organization without search, by name then id, through the cursor', async () => {
      const expected = await suite.server.db.organization.findMany({ where: { isPublic: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true } });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response: TestResponse = await suite.server.get(`/v1/orgs?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.status).toBe(200);
        expect(response.body.organizations.length).toBeLessThanOrEqual(2);
        seen.push(...response.body.organizations.map((o: { id: string }) => o.id));
        cursor = response.body.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(expected.length).toBeGreaterThan(4);
      expect(seen).toEqual(expected.map((o) => o.id));
    });

    it('defaults to 20 a page', async () => {
      while ((await suite.server.db.organization.count({ where: { isPublic: true } })) <= 21) await seedOrganization(suite.server.db);
      const response = await suite.server.get('/v1/orgs');
      expect(response.body.organizations).toHaveLength(20);
      expect(response.body.nextCursor).toEqual(expect.any(String));
    });

    it.each([
      ['limit=0', 'limit', 'limit must be an integer from 1 to 100'],
      ['limit=101', 'limit', 'limit must be an integer from 1 to 100'],
      ['limit=abc', 'limit', 'limit must be an integer'],
      ['limit=2.5', 'limit', 'limit must be an integer'],
      ['cursor=garbage', 'cursor', 'cursor is not one this server issued'],
      [`search=${'s'.repeat(201)}`, 'search', 'search must be at most 200 characters'],
    ])('refuses %s with 400', async (query, field, message) => {
      const response = await suite.server.get(`/v1/orgs?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'VALIDATION_FAILED', message, field } });
    });
  });

  it('never shows invite codes or visibility through the public routes', async () => {
    const org = await seedOrganization(suite.server.db);
    for (const path of ['/v1/orgs', `/v1/orgs/${org.slug}`, `/v1/orgs/invite/${org.inviteCode}`]) {
      const { text } = await suite.server.get(path);
      expect(text).not.toContain('inviteCode');
      expect(text).not.toContain(org.inviteCode);
      expect(text).not.toContain('isPublic');
    }
  });
});
