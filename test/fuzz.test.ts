// Property-based fuzzing of the whole HTTP interface (fast-check): every /v1 route of the route table (so a new
// route is fuzzed without editing this file), /graphql, /healthz, unknown paths, odd methods and raw request
// lines, against a real server. Property per case: never a 5xx, errors as JSON, no stack trace, SQL or source
// path in the body; and /healthz still answers after each batch. FUZZ_RUNS sets cases per property (default
// 200); FUZZ_SEED replays a failure (fast-check prints the seed and the shrunk case). bench/fuzz runs 10,000+.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/http/rest/routes.ts';
import { backends } from './support/backends.ts';
import { describeCase, encodingCases, graphqlCases, graphqlEncodingCases, otherCases, rawCases, routeCases, send, violations, type FuzzCase, type FuzzSeeds } from './support/fuzz.ts';
import { seedDevice, seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

const numRuns = Number(process.env.FUZZ_RUNS ?? 200);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe.each(backends)('fuzzing the HTTP interface on $name', (backend) => {
  // The production body limit, so that deep and large values reach the parsers; webhooks to loopback allowed
  // so that one can be seeded (its deliveries to port 9 fail, harmlessly).
  const suite = serveDuringSuite(backend, { maxBodyBytes: 256 * 1024 }, { apns: true, platforms: true, fanout: { webhooks: { allowPrivate: true } } });
  let seeds: FuzzSeeds;

  async function seedAll(): Promise<FuzzSeeds> {
    const { server } = suite;
    const organization = await seedOrganization(server.db);
    const liveKey = (await seedKey(server.db, organization.slug)).key;
    const testKey = (await seedKey(server.db, organization.slug, 'test')).key;
    const { deviceUuid } = await seedDevice(server);
    const auth = { authorization: `Bearer ${liveKey}` };
    const notification = await server.post('/v1/notify', { body: 'seed', target: 'all' }, auth);
    const webhook = await server.post('/v1/webhooks', { url: 'https://127.0.0.1:9/hook', events: ['broadcast.completed'] }, auth);
    if (notification.status >= 300 || webhook.status !== 201) throw new Error(`seeding: ${notification.text} ${webhook.text}`);
    return { liveKey, testKey, orgSlug: organization.slug, inviteCode: organization.inviteCode, deviceUuid, notificationId: notification.body.id, webhookId: webhook.body.id };
  }

  async function fuzz(cases: fc.Arbitrary<FuzzCase>) {
    seeds ??= await seedAll();
    const problems: string[] = [];
    // fc.check, not fc.assert: a failing case is reported as one short line, not its 12 KB path.
    const result = await fc.check(
      fc.asyncProperty(cases, async (fuzzCase) => {
        const found = await send(suite.server.url, fuzzCase).then((answer) => violations(fuzzCase, answer), (error: Error) => [`no answer: ${error.message}`]);
        if (found.length) problems.push(`${describeCase(fuzzCase)}\n  → ${found.join('\n  → ')}`);
        return found.length === 0;
      }),
      { numRuns, seed, endOnFailure: true },
    );
    expect(problems, `seed ${result.seed} (replay: FUZZ_SEED=${result.seed})`).toEqual([]);
    const health = await suite.server.get('/healthz');
    expect(health.status).toBe(200);
  }

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    seeds ??= await seedAll();
    await fuzz(routeCases(route, seeds));
  });

  // Lone surrogates, deep nesting, overlong numbers, __proto__ keys and huge lists in well-formed requests with a good key.
  it.each(routes.filter((r) => r.body).map((r) => [`${r.method} ${r.path}`, r] as const))('encoding corners: %s', async (_, route) => {
    seeds ??= await seedAll();
    await fuzz(encodingCases(route, seeds));
  });

  it('encoding corners in /graphql variables', async () => {
    await fuzz(graphqlEncodingCases());
  });

  it('/graphql: malformed documents, odd variables and operation names, GET with query strings, other methods', async () => {
    seeds ??= await seedAll();
    await fuzz(graphqlCases(seeds));
  });

  it('/healthz, unknown and 8 KB+ paths, odd methods', async () => {
    seeds ??= await seedAll();
    await fuzz(otherCases(seeds));
  });

  it('raw request lines: NUL, spaces, control and invalid UTF-8 bytes, unknown methods', async () => {
    await fuzz(rawCases());
  });
});
