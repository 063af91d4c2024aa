import { describe, expect, it } from 'vitest';
import { schema } from '../../graphql/schema.ts';
import { queryLimitRules } from '../plugins/query-limits.ts';
import { QUERY_LIMITS, type GraphQLCore } from '../yoga.ts';
import { compileOperation, prepareOperation } from './prepared.ts';
import { routes } from './routes.ts';

// Each route's document is compiled on its first request (./prepared.ts): here every one is, so a document graphql-jit
// cannot compile, or one whose variables it would coerce unlike graphql-js, fails a test rather than a request.
describe('the REST routes', () => {
  // Preparing reads only the schema and which fields have a limit.
  const core = { schema, rateLimits: { limited: () => false } } as unknown as GraphQLCore;
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: its document is prepared and compiled', (_name, r) => {
    expect(() => prepareOperation(core, r.operation, queryLimitRules(QUERY_LIMITS))).not.toThrow();
    expect(typeof compileOperation(schema, r.operation).query).toBe('function');
  });
});
