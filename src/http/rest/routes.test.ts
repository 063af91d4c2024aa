import { describe, expect, it } from 'vitest';
import { schema } from '../../graphql/schema.ts';
import { queryLimitRules } from '../plugins/query-limits.ts';
import type { RateLimits } from '../rate-limit/limits.ts';
import { QUERY_LIMITS, type ClarionYoga, type GraphQLCore } from '../yoga.ts';
import { compileOperation, prepareOperation } from './prepared.ts';
import { createRestRouter } from './router.ts';
import { routes } from './routes.ts';

// Each route's document is compiled once the server listens, or on its first request if that comes first
// (./prepared.ts): here every one is, so a document graphql-jit cannot compile, or one whose variables it would coerce
// unlike graphql-js, fails a test rather than a start or a request.
describe('the REST routes', () => {
  // Preparing reads only the schema and which fields have a limit.
  const core = { schema, rateLimits: { limited: () => false } } as unknown as GraphQLCore;
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: its document is prepared and compiled', (_name, r) => {
    expect(() => prepareOperation(core, r.operation, queryLimitRules(QUERY_LIMITS))).not.toThrow();
    expect(typeof compileOperation(schema, r.operation).query).toBe('function');
  });

  it('are all compiled by the router once asked, each once', async () => {
    const router = createRestRouter({ yoga: { core } as ClarionYoga, routes, rateLimits: {} as RateLimits, maxBodyBytes: 1024 });
    expect(await router.compileOperations()).toBe(routes.length);
    expect(await router.compileOperations()).toBe(0);
  });
});
