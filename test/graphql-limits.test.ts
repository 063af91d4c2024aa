// What one GraphQL document may ask for (QUERY_LIMITS): each bound refused over HTTP with QUERY_TOO_COMPLEX and
// accepted at its value, on /graphql and on the REST façade; every real document well inside them.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { getIntrospectionQuery, parse, print, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as dashboardDocuments from '../dashboard/src/generated/graphql.ts';
import type { NotifyDeps } from '../src/domain/broadcasts/service.ts';
import { schema } from '../src/graphql/schema.ts';
import { queryLimitRules } from '../src/http/plugins/query-limits.ts';
import { createRestRouter, route } from '../src/http/rest/router.ts';
import { fromRequest } from '../src/http/exchange.ts';
import { routes } from '../src/http/rest/routes.ts';
import { sessionCookies } from '../src/http/session-cookie.ts';
import { createGraphQLServer, QUERY_LIMITS } from '../src/http/yoga.ts';
import { backends, testLogger } from './support/backends.ts';
import { serveDuringSuite, startServer, type TestServer } from './support/server.ts';

const { maxAliases, maxDepth, maxDirectives, maxCost, maxListRows, pageMax } = QUERY_LIMITS;

const times = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join(' ');
/** `n` aliases of a field that needs no database and no caller. */
const aliases = (n: number) => `{ ${times(n, (i) => `me${i}: me { id }`)} }`;
/** `levels` deep: the schema has no cycle, but introspection's __Type.ofType is one. */
const nested = (levels: number) => `{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(levels - 4)}name${' }'.repeat(levels - 4)} } } } }`;
const directives = (n: number) => `{ ${times(n, () => '__typename @skip(if: false)')} }`;
/** Each top-level scalar costs 1. */
const costing = (cost: number) => `{ ${times(cost, () => '__typename')} }`;
const searches = (limits: (number | '$limit')[]) =>
  `query Searches${limits.includes('$limit') ? '($limit: Int)' : ''} { ${limits.map((limit, i) => `s${i}: organizations(search: "s${i}", limit: ${limit}) { organizations { slug } }`).join(' ')} }`;
// The request from issue 11: 100 aliased organization searches of 100 rows each (about 1,600 tokens, under the 2,000).
const attack = searches(Array(100).fill(pageMax));

const tooComplex = (message: string) => ({ message, extensions: { code: 'QUERY_TOO_COMPLEX' } });

async function expectRefused(server: TestServer, query: string, messages: string[], variables?: Record<string, unknown>) {
  const response = await server.graphql(query, variables);
  expect(response.status, query.slice(0, 80)).toBe(400);
  expect(response.body).toEqual({ errors: messages.map(tooComplex) });
}

async function expectAccepted(server: TestServer, query: string, data: unknown, variables?: Record<string, unknown>) {
  const response = await server.graphql(query, variables);
  expect(response.body, query.slice(0, 80)).toEqual({ data });
  expect(response.status).toBe(200);
}

const nulls = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`me${i}`, null]));

describe('the documents Clarion itself sends', () => {
  const rules = [...specifiedRules, ...queryLimitRules(QUERY_LIMITS)];
  const dashboard = Object.entries(dashboardDocuments).filter(
    ([name, value]) => value instanceof String && name.endsWith('Document') && !name.endsWith('FragmentDoc'),
  );
  const documents: [string, string][] = [
    ...dashboard.map(([name, document]): [string, string] => [`dashboard ${name}`, String(document)]),
    ...routes.map((r): [string, string] => [`REST ${r.method} ${r.path}`, print(r.operation)]),
    ['introspection (GraphiQL, codegen)', getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true })],
  ];

  it.each(documents)('%s is inside every limit', (_, source) => {
    expect(validate(schema, parse(source), rules)).toEqual([]);
  });

  it('finds the dashboard documents', () => {
    expect(dashboard.length).toBeGreaterThan(10);
  });
});

describe.each(backends)('GraphQL limits on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('aliases', async () => {
    await expectAccepted(suite.server, aliases(maxAliases), nulls(maxAliases));
    await expectRefused(suite.server, aliases(maxAliases + 1), [`query has ${maxAliases + 1} aliases; the limit is ${maxAliases}`]);
  });

  it('depth', async () => {
    const deepest = await suite.server.graphql(nested(maxDepth));
    expect(deepest.body.errors).toBeUndefined();
    expect(deepest.body.data?.__type.fields.length).toBeGreaterThan(0);
    await expectRefused(suite.server, nested(maxDepth + 1), [`query is ${maxDepth + 1} levels deep; the limit is ${maxDepth}`]);
  });

  it('directives', async () => {
    await expectAccepted(suite.server, directives(maxDirectives), { __typename: 'Query' });
    await expectRefused(suite.server, directives(maxDirectives + 1), [`query has ${maxDirectives + 1} directives; the limit is ${maxDirectives}`]);
  });

  it('cost', async () => {
    await expectAccepted(suite.server, costing(maxCost), { __typename: 'Query' });
    await expectRefused(suite.server, costing(maxCost + 1), [`query costs ${maxCost + 1}; the limit is ${maxCost}`]);
  });

  it('list rows: each list counts its limit, the page maximum when a variable or absent', async () => {
    const full = Math.floor(maxListRows / pageMax);
    const page = { organizations: [] };
    const rows = (n: number) => `query asks for up to ${n} list rows; the limit is ${maxListRows} (a list counts its limit, ${pageMax} unless the query spells out a smaller one)`;
    await expectAccepted(suite.server, searches(Array(full).fill(pageMax)), Object.fromEntries(Array.from({ length: full }, (_, i) => [`s${i}`, page])));
    await expectRefused(suite.server, searches([...Array(full).fill(pageMax), 1]), [rows(full * pageMax + 1)]);
    await expectRefused(suite.server, searches([...Array(full).fill('$limit'), 1]), [rows(full * pageMax + 1)], { limit: 1 });
    await expectAccepted(suite.server, searches(Array(maxAliases).fill(1)), Object.fromEntries(Array.from({ length: maxAliases }, (_, i) => [`s${i}`, page])));
    await expectRefused(suite.server, searches(Array(maxAliases).fill(pageMax)), [rows(maxAliases * pageMax)]);
  });

  it('refuses the 100 aliased searches of 100 rows', async () => {
    const response = await suite.server.graphql(attack);
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors?.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX', 'QUERY_TOO_COMPLEX', 'QUERY_TOO_COMPLEX']);
    expect(response.body.errors?.map((e) => e.message)).toEqual([
      `query has 100 aliases; the limit is ${maxAliases}`,
      expect.stringMatching(new RegExp(`^query costs \\d+; the limit is ${maxCost}$`)),
      expect.stringMatching(new RegExp(`^query asks for up to ${100 * pageMax} list rows;`)),
    ]);
  });

  it('answers 400 whatever the client accepts', async () => {
    for (const accept of ['application/json', 'application/graphql-response+json', '*/*']) {
      const response = await suite.server.graphql(aliases(maxAliases + 1), undefined, { accept });
      expect(response.status, accept).toBe(400);
      expect(response.body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX' });
    }
  });

  it('suggests field names in development only', async () => {
    const typo = '{ organization(slug: "x") { nam } }';
    expect((await suite.server.graphql(typo)).body.errors?.[0]?.message).toBe('Cannot query field "nam" on type "Organization". Did you mean "name"?');
    const production = await startServer(suite.storage, { production: true });
    try {
      const enumTypo = 'mutation { setMemberRole(userId: "x", organizationId: "x", role: ownr) { role } }';
      expect((await suite.server.graphql(enumTypo)).body.errors?.[0]?.message).toBe('Value "ownr" does not exist in "Role" enum. Did you mean the enum value "owner"?');
      const answers = await Promise.all([typo, '{ organizations(serch: "x") { nextCursor } }', enumTypo].map((query) => production.graphql(query)));
      expect(answers.map((a) => a.body.errors?.[0]?.message)).toEqual([
        'Cannot query field "nam" on type "Organization".',
        'Unknown argument "serch" on field "Query.organizations".',
        'Value "ownr" does not exist in "Role" enum.',
      ]);
      await expectRefused(production, aliases(maxAliases + 1), [`query has ${maxAliases + 1} aliases; the limit is ${maxAliases}`]);
    } finally {
      await production.close();
    }
  });

  it('holds on the REST façade, whose routes execute without the validation step', async () => {
    expect((await suite.server.get(`/v1/orgs?limit=${pageMax}`)).status).toBe(200);
    const yoga = createGraphQLServer({
      database: suite.storage.database, notifications: {} as NotifyDeps, webhooks: { secretKey: undefined, allowPrivate: false }, invitations: { dashboardUrl: 'http://127.0.0.1:3001', logger: testLogger }, dashboardOrigins: [], rateLimits: { plugins: [], headers: () => ({}), check: async () => null, limited: () => false }, logger: testLogger, production: true,
    });
    const aliasRoute = (path: string, n: number) =>
      route({ method: 'GET', path, operation: parse(aliases(n)) as TypedDocumentNode<Record<string, null>, object>, variables: () => ({}), respond: (data) => ({ status: 200, body: data }) });
    const rest = createRestRouter({ yoga, routes: [aliasRoute('/v1/fits', maxAliases), aliasRoute('/v1/too-many', maxAliases + 1)], rateLimits: { plugins: [], headers: () => ({}), check: async () => null, limited: () => false }, maxBodyBytes: 1024 });
    const get = async (path: string) => {
      const url = new URL(`http://clarion.test${path}`);
      const answer = await rest.handle(fromRequest(new Request(url), url), { clientIp: '127.0.0.1', session: sessionCookies(undefined, false) });
      return { status: answer.status, body: JSON.parse(answer.body!) };
    };
    expect(await get('/v1/fits')).toEqual({ status: 200, body: nulls(maxAliases) });
    const refused = { status: 400, body: { error: { code: 'QUERY_TOO_COMPLEX', message: `query has ${maxAliases + 1} aliases; the limit is ${maxAliases}` } } };
    expect(await get('/v1/too-many')).toEqual(refused);
    expect(await get('/v1/too-many')).toEqual(refused);
  });
});
