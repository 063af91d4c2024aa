import { execute, GraphQLEnumType, GraphQLError, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLObjectType, GraphQLScalarType, GraphQLSchema, GraphQLString, GraphQLNonNull, parse, type ExecutionResult } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import type { Context } from '../../graphql/context.ts';
import { queryLimitRules } from '../plugins/query-limits.ts';
import type { GraphQLCore, RequestContext } from '../yoga.ts';
import { isExpected, QUERY_LIMITS } from '../yoga.ts';
import { maskedInAnswerOrder, prepareOperation } from './prepared.ts';

const calls: string[] = [];
/** A scalar that counts its coercions, and refuses "bad" with a plain Error (not a GraphQLError). */
let coercions = 0;
const Word = new GraphQLScalarType({
  name: 'Word',
  parseValue: (value) => {
    coercions += 1;
    if (value === 'bad') throw new Error('bad is not a word');
    return value;
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString, resolve: () => 'fine' } } }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: {
      echo: { type: GraphQLString, args: { text: { type: new GraphQLNonNull(GraphQLString) } }, resolve: (_root, { text }) => (calls.push('echo'), text) },
      word: { type: GraphQLString, args: { word: { type: new GraphQLNonNull(Word) } }, resolve: (_root, { word }) => word },
      broken: { type: GraphQLString, resolve: () => { throw new Error('a bug with a secret inside'); } },
    },
  }),
});

const Color = new GraphQLEnumType({ name: 'Color', values: { RED: { value: 'red' }, BLUE: { value: 'blue' } } });
const Stamp = new GraphQLScalarType({ name: 'Stamp', serialize: (value) => (value as Date).toISOString() });
const Thing: GraphQLObjectType = new GraphQLObjectType({
  name: 'Thing',
  fields: () => ({
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: {
      type: GraphQLString,
      resolve: async ({ id }) => {
        if (id === 'missing') throw new GraphQLError('no such thing', { extensions: { code: 'NOT_FOUND', field: 'id' } });
        if (id === 'bug') throw new Error('a bug with a secret inside');
        if (id === 'child-none') throw new GraphQLError('no name below', { extensions: { code: 'NOT_FOUND' } });
        return `thing ${id}`;
      },
    },
    color: { type: Color },
    at: { type: Stamp, resolve: () => new Date(Date.UTC(2026, 10, 29)) },
    tags: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))), resolve: ({ id }) => [id, 'thing'] },
    must: { type: new GraphQLNonNull(GraphQLString), resolve: ({ id, child }) => (id === 'none' || (child && id === 'child-none') ? null : 'here') },
    child: { type: Thing, resolve: ({ id }) => (id === 'a' ? null : { id: 'child-none', child: true }) },
  }),
});
const Input = new GraphQLInputObjectType({ name: 'Input', fields: { text: { type: GraphQLString } } });
/** A schema of what the routes' results hold, to hold the compiled operations to graphql-js's answers. */
const things = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: { thing: { type: Thing, args: { id: { type: new GraphQLNonNull(GraphQLID) }, color: { type: Color } }, resolve: async (_root, { id, color }) => ({ id, color }) } },
  }),
});
/**
 * What a REST answer is made of: the data, or the first error's message, path and extensions. (Where a null nulls its
 * parent, graphql-js leaves the parent's later fields unrun and graphql-jit runs them: it may report more errors, and
 * lists them in another order, which maskedInAnswerOrder settles.)
 */
const shape = ({ data, errors }: ExecutionResult) => ({ data, error: errors?.slice(0, 1).map(({ message, path, extensions }) => ({ message, path, extensions: { ...extensions } })) });

function core(refuse = false, limited = true) {
  const context = { clientIp: '127.0.0.1' } as unknown as Context;
  return {
    schema,
    context: vi.fn(async (_request: RequestContext) => context),
    // /graphql's rule (errors raised on purpose pass, anything else is masked where it happened), without its logging.
    maskError: vi.fn((error: GraphQLError) => (isExpected(error) ? error : new GraphQLError('Unexpected error.', { path: error.path, extensions: { code: 'INTERNAL' } }))),
    rateLimits: {
      plugins: [],
      headers: () => ({}),
      check: vi.fn(async (field: string) => (refuse ? new GraphQLError(`Too many requests: ${field}`, { extensions: { code: 'RATE_LIMITED' } }) : null)),
      limited: () => limited,
    },
  } satisfies GraphQLCore;
}
const request = { clientIp: '127.0.0.1', session: {} } as unknown as RequestContext;
const rules = queryLimitRules(QUERY_LIMITS);

describe('prepared REST operations', () => {
  it('refuses a document the schema does not allow when the server starts, not on a request', () => {
    expect(() => prepareOperation(core(), parse('mutation { nope }'), rules)).toThrow(/Cannot query field "nope"/);
  });

  it('runs the resolvers with the context built for /graphql, counting each root field against its rate limit', async () => {
    const plan = core();
    const run = prepareOperation(plan, parse('mutation Echo($text: String!) { echo(text: $text) }'), rules);
    expect((await run(request, { text: 'hi' })).result).toEqual({ data: { echo: 'hi' } });
    expect(plan.context).toHaveBeenCalledWith(request);
    expect(plan.rateLimits.check).toHaveBeenCalledWith('echo', expect.anything());
  });

  it('answers a variable error before any budget is counted, and a refused budget before any resolver runs', async () => {
    const plan = core(true);
    const run = prepareOperation(plan, parse('mutation Echo($text: String!) { echo(text: $text) }'), rules);
    const missing = await run(request, {});
    expect(missing.result.errors?.[0]?.message).toMatch(/Variable "\$text" of required type "String!" was not provided/);
    expect(plan.rateLimits.check).not.toHaveBeenCalled();
    calls.length = 0;
    const limited = await run(request, { text: 'hi' });
    expect(limited.result.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    expect(calls).toEqual([]);
  });

  it('leaves a field without a limit uncounted, its variables checked once, by execute, with the same error', async () => {
    const plan = core(true, false);
    const run = prepareOperation(plan, parse('mutation Echo($text: String!) { echo(text: $text) }'), rules);
    const missing = await run(request, {});
    expect(missing.result.errors?.map((error) => error.message)).toEqual(['Variable "$text" of required type "String!" was not provided.']);
    calls.length = 0;
    expect((await run(request, { text: 'hi' })).result).toEqual({ data: { echo: 'hi' } });
    expect(calls).toEqual(['echo']);
    expect(plan.rateLimits.check).not.toHaveBeenCalled();
  });

  it('coerces each variable once without a limit, twice with one, and answers a refused variable alike, unmasked', async () => {
    const document = parse('mutation Say($word: Word!) { word(word: $word) }');
    const message = 'Variable "$word" got invalid value "bad"; Expected type "Word". bad is not a word';
    for (const [limited, times] of [[false, 1], [true, 2]] as const) {
      const plan = core(false, limited);
      const run = prepareOperation(plan, document, rules);
      coercions = 0;
      expect((await run(request, { word: 'fine' })).result).toEqual({ data: { word: 'fine' } });
      expect(coercions).toBe(times);
      const refused = (await run(request, { word: 'bad' })).result;
      expect(refused.errors?.map((error) => error.message)).toEqual([message]);
      expect(plan.maskError).not.toHaveBeenCalled();
    }
  });

  it('masks an unexpected error as /graphql does', async () => {
    const plan = core();
    const { result } = await prepareOperation(plan, parse('mutation { broken }'), rules)(request, {});
    expect(result.errors?.[0]).toMatchObject({ message: 'Unexpected error.', extensions: { code: 'INTERNAL' } });
    expect(plan.maskError).toHaveBeenCalledTimes(1);
  });

  it('answers a document over the query limits with the limit it breaks, on every request', async () => {
    const aliases = Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: ok`).join(' ');
    const run = prepareOperation(core(), parse(`{ ${aliases} }`), rules);
    for (let i = 0; i < 2; i += 1) expect((await run(request, {})).result.errors?.[0]?.extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('answers as graphql-js execute answers: data, nulls, enums, scalars, lists, and errors where they happen', async () => {
    const document = parse(`mutation Thing($id: ID!, $color: Color) {
      thing(id: $id, color: $color) { id name color at tags must child { id must name } }
    }`);
    const plan = { ...core(false, false), schema: things };
    const run = prepareOperation(plan, document, rules);
    // A plain thrown Error is masked, a GraphQLError with its code stands, a null where none may be nulls the parent;
    // refused variables (an enum value, a missing ID) are answered before any resolver runs.
    const requests = [{ id: 'a', color: 'RED' }, { id: 'a' }, { id: 'missing' }, { id: 'bug' }, { id: 'none' }, { id: 'child-none' }, { id: 7 }, { id: 'a', color: 'PINK' }, {}];
    for (const variables of requests) {
      const expected = await execute({ schema: things, document, variableValues: variables, contextValue: {} });
      const masked = expected.errors && 'data' in expected ? { ...expected, errors: maskedInAnswerOrder(expected.errors, plan.maskError) } : expected;
      expect(shape((await run(request, variables)).result), JSON.stringify(variables)).toEqual(shape(masked));
    }
    // A refusal nearer the root than a bug comes first; at one depth, the bug before the refusal.
    const { result } = await run(request, { id: 'missing' });
    expect(result.errors?.map((error) => [error.extensions.code, error.path?.join('.')])).toEqual([
      ['NOT_FOUND', 'thing.name'],
      ['INTERNAL', 'thing.child.must'],
      ['NOT_FOUND', 'thing.child.name'],
    ]);
  });

  it('refuses when the server starts a document whose variables graphql-jit would coerce unlike graphql-js', () => {
    expect(() => prepareOperation(core(), parse('mutation Echo($text: String = "hi") { echo(text: $text) }'), rules)).toThrow(/\$text has a default value/);
    const withInput = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
      mutation: new GraphQLObjectType({ name: 'Mutation', fields: { put: { type: GraphQLString, args: { input: { type: new GraphQLList(Input) } } } } }),
    });
    expect(() => prepareOperation({ ...core(), schema: withInput }, parse('mutation Put($input: [Input!]) { put(input: $input) }'), rules)).toThrow(/\$input is an input object/);
  });
});
