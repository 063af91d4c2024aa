import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../codegen.ts';
import { graphql } from '../src/generated/graphql/gql.ts';
import { printSchemaSdl } from '../src/graphql/print.ts';
import { backends } from './support/backends.ts';
import { seedOrganization } from './support/seed.ts';
import { serveDuringSuite, startServer } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '..');

const MutationNames = graphql(`
  query MutationNames { __schema { mutationType { fields { name } } } }
`);
const PublicOrganizationId = graphql(`
  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }
`);
const InvitedOrganization = graphql(`
  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }
`);
const RegisterDeviceForTest = graphql(`
  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: "ios") { deviceUuid created } }
`);

describe('committed artefacts', () => {
  it('schema/schema.graphql is the printed schema (run `npm run schema:print`)', async () => {
    expect(await readFile(path.join(root, 'schema', 'schema.graphql'), 'utf8')).toBe(printSchemaSdl());
  });

  it('src/generated/graphql is what codegen makes of it (run `npm run codegen`)', async () => {
    const files = await generate({ ...codegenConfig, cwd: root, silent: true }, false);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(await readFile(path.resolve(root, file.filename), 'utf8'), file.filename).toBe(file.content);
    }
  });
});

describe.each(backends)('/graphql on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('answers introspection', async () => {
    const response = await suite.server.graphql(MutationNames);
    expect(response.status).toBe(200);
    expect(response.body.data?.__schema.mutationType?.fields?.map((f) => f.name)).toEqual(expect.arrayContaining(['registerDevice', 'subscribeDevice', 'unsubscribeDevice']));
  });

  it('runs the same rules as REST, with stable error codes', async () => {
    const org = await seedOrganization(suite.server.db, { isPublic: false });
    const bySlug = await suite.server.graphql(PublicOrganizationId, { slug: org.slug });
    expect(bySlug.body.data).toEqual({ organization: null });
    expect(bySlug.body.errors?.[0]).toMatchObject({ message: 'organization not found', extensions: { code: 'NOT_FOUND' } });
    const byInvite = await suite.server.graphql(InvitedOrganization, { inviteCode: org.inviteCode });
    expect(byInvite.body.data).toEqual({ organizationByInviteCode: { id: org.id, subscriberCount: 0 } });
    const invalid = await suite.server.graphql(RegisterDeviceForTest, { apnsToken: 'xyz' });
    expect(invalid.body.errors?.[0]).toMatchObject({ message: 'apnsToken must be 64 to 200 hexadecimal characters', extensions: { code: 'VALIDATION_FAILED', field: 'apnsToken' } });
    const registered = await suite.server.graphql(RegisterDeviceForTest, { apnsToken: 'ab'.repeat(32) });
    expect(registered.body.data?.registerDevice).toEqual({ deviceUuid: expect.any(String), created: true });
  });

  it('serves GraphiQL only with GRAPHIQL=on, in production too (test/edges-graphiql.test.ts has the rest)', async () => {
    const page = await suite.server.get('/graphql', { accept: 'text/html' });
    expect(page.text).not.toContain('GraphiQL');
    const production = await startServer(suite.storage, { production: true, graphiql: true });
    try {
      const shown = await production.get('/graphql', { accept: 'text/html' });
      expect(shown.status).toBe(200);
      expect(shown.text).toContain('GraphiQL');
    } finally {
      await production.close();
    }
  });

  it('refuses GraphQL bodies over the size limit with 413', async () => {
    const response = await suite.server.graphql(`{ organizations(search: "${'x'.repeat(20_000)}") { nextCursor } }`);
    expect(response.status).toBe(413);
    expect((response.body as unknown as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('when the database fails', () => {
  it('answers 503 UNAVAILABLE with Retry-After, no SQL or stack, and /healthz answers 503 (test/database-down.test.ts cuts a live connection)', async () => {
    const storage = await backends[0]!.open();
    const server = await startServer(storage);
    try {
      expect((await server.get('/healthz')).status).toBe(200);
      await storage.database.close();
      for (const response of [await server.get('/v1/orgs'), await server.post('/v1/devices', { apnsToken: 'a'.repeat(64), platform: 'ios' })]) {
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(response.body.error.code).toBe('UNAVAILABLE');
      }
      const graphql = await server.graphql('{ organizations { nextCursor } }');
      expect(graphql.status).toBe(503);
      expect(graphql.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAVAILABLE' } });
      expect(graphql.text).not.toMatch(/select|prisma|at .*\.ts/i);
      expect(await server.get('/healthz')).toMatchObject({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'database is not reachable' } } });
    } finally {
      await server.close();
      // Drops the test's database (its pool, closed above, is not closed twice).
      await storage.close();
    }
  });
});
