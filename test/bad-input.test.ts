// Bad input of every kind gets a 4xx JSON error that names the problem: never a 500, a hang, or a leak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { send } from './support/fuzz.ts';
import { seedDevice, seedOrganization } from './support/seed.ts';
import { startServer, type TestResponse, type TestServer } from './support/server.ts';

const weirdValues: unknown[] = [null, true, 0, -1, 1e308, '', ' ', 'x'.repeat(5000), "'; DROP TABLE devices; --", '\u0000', '😀'.repeat(40), [], ['a'], {}, { $ne: null }];

function expectClientError(response: TestResponse, what: string) {
  expect(response.status, what).toBeGreaterThanOrEqual(400);
  expect(response.status, what).toBeLessThan(500);
  expect(response.body?.error, what).toEqual({ code: expect.any(String), message: expect.any(String), ...(response.body?.error?.field && { field: expect.any(String) }) });
  expect(response.text, what).not.toMatch(/\n\s+at |prisma|SELECT|INSERT/i);
}

describe.each(backends)('bad input on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let server: TestServer;
  let slug: string;
  let deviceUuid: string;
  beforeAll(async () => {
    storage = await backend.open();
    server = await startServer(storage);
    slug = (await seedOrganization(server.db)).slug;
    deviceUuid = (await seedDevice(server)).deviceUuid;
  });
  afterAll(async () => {
    await server?.close();
    await storage?.close();
  });

  it('every body field of every POST route, with every kind of wrong value', async () => {
    const routes: [string, Record<string, unknown>][] = [
      ['/v1/devices', { apnsToken: 'a'.repeat(64), platform: 'ios' }],
      [`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: slug, externalId: 'user' }],
    ];
    for (const [path, good] of routes) {
      for (const field of Object.keys(good)) {
        for (const value of weirdValues) {
          const response = await server.post(path, { ...good, [field]: value });
          // Some values are legitimately fine (an unusual but valid externalId); none may be a 5xx.
          if (response.status < 400) continue;
          expectClientError(response, `${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
        }
      }
    }
  });

  it('path parameters that are malformed, encoded oddly or very long', async () => {
    const segments = ['%00', '%E0%A4%A', '..%2F..%2Fetc', 'a'.repeat(3000), '%F0%9F%98%80', "'or'1'='1"];
    for (const segment of segments) {
      expectClientError(await server.get(`/v1/orgs/${segment}`), `GET org ${segment}`);
      expectClientError(await server.get(`/v1/orgs/invite/${segment}`), `GET invite ${segment}`);
      expectClientError(await server.post(`/v1/devices/${segment}/subscriptions`, { orgSlug: slug }), `subscribe ${segment}`);
      expectClientError(await server.delete(`/v1/devices/${deviceUuid}/subscriptions/${segment}`), `unsubscribe ${segment}`);
    }
  });

  it('query strings that are repeated, empty or absurd', async () => {
    const crafted = (value: unknown) => `cursor=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
    const queries = ['limit=', 'limit=99999999999999999999', 'limit=-5', 'cursor=%FF', 'cursor=' + 'A'.repeat(5000), 'search=%00', 'limit=1&limit=2'];
    queries.push(crafted(['a', '-'.repeat(36)]), crafted(['a\u0000', '01a20182-dc6f-7744-86e6-56b3748b3e60']), crafted(['x'.repeat(500), '01a20182-dc6f-7744-86e6-56b3748b3e60']), crafted([1, 2]));
    for (const query of queries) {
      const response = await server.get(`/v1/orgs?${query}`);
      if (response.status !== 200) expectClientError(response, query);
    }
  });

  it('methods a route does not have', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await server.request(method, '/v1/devices', { json: {} });
      expect(response.status).toBe(405);
      expect(response.body).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed on /v1/devices` } });
    }
  });

  it('GraphQL requests that do not parse, validate or coerce', async () => {
    for (const query of ['{', '{ nope }', 'mutation { registerDevice(apnsToken: 1, platform: "ios") { deviceUuid } }']) {
      const response = await server.graphql(query);
      expect(response.status, query).toBeLessThan(500);
      expect(response.body.errors?.length, query).toBeGreaterThan(0);
    }
    const deep = `{ organizations ${'{ x '.repeat(3000)}${'}'.repeat(3000)} }`;
    const nested = await server.graphql(deep.slice(0, 14_000));
    expect(nested.status).toBeLessThan(500);
    expect(nested.body.errors?.[0]?.message).toMatch(/Syntax Error|token/i);
    const notJson = await server.request('POST', '/graphql', { body: '{"query":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBeLessThan(500);
  });

  // Found by test/fuzz.test.ts: each answered a 500 with a stack trace, or an empty 400/415/431.
  it('request lines no client library sends, huge headers, a JSON content type in capitals', async () => {
    const raw = (method: string, path: string, headers: Record<string, string> = {}) => send(server.url, { label: 'raw', method, path, headers, raw: true });
    const answers = {
      asterisk: await raw('LOCK', '*'),
      absolute: await raw('POST', 'http://x/v1/orgs'),
      nul: await raw('GET', '/v1/orgs/a\u0000b'),
      bytes: await send(server.url, { label: 'bytes', method: 'PUT', path: '/v1/webhooks/\xFF\xFE/', headers: {} }),
      headers: await send(server.url, { label: 'big', method: 'GET', path: '/v1/orgs', headers: { authorization: `Bearer ${'a'.repeat(20_000)}` } }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBe(what === 'headers' ? 431 : 400);
      expect(JSON.parse(answer.text).error, what).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    const capitals = await server.request('POST', '/graphql', { body: JSON.stringify({ query: '{ __typename }' }), headers: { 'content-type': 'APPLICATION/JSON; charset=UTF-8' } });
    expect(capitals.status).toBe(200);
    expect(capitals.body).toEqual({ data: { __typename: 'Query' } });
    expect((await server.get('/healthz')).status).toBe(200);
  });

  it('GraphQL over GET with variables or extensions that are not JSON (was a 200 with an INTERNAL error, logged as a bug)', async () => {
    for (const name of ['variables', 'extensions']) {
      const response = await server.get(`/graphql?query=${encodeURIComponent('{ __typename }')}&${name}=%7B`);
      expect(response.status, name).toBe(400);
      expect(response.body, name).toEqual({ error: { code: 'INVALID_JSON', message: `${name} is not valid JSON`, field: name } });
    }
    expect((await server.get(`/graphql?query=${encodeURIComponent('{ __typename }')}&variables=%7B%7D`)).body).toEqual({ data: { __typename: 'Query' } });
  });
});
