// The REST façade's operations, planned once. Each route's fixed document is checked against the schema and the
// query limits when the server starts, and compiled into a function (graphql-jit) once the server listens, or by its
// first request if that comes first; a request runs it with the context /graphql builds, the rate limits /graphql
// counts (one budget) and the same masking of unexpected errors. What it skips is yoga's per-request pipeline (an
// envelop instance, its context and execute hooks), which cost a quarter of a registration's CPU in bench/rest, and
// graphql-js's walk of the document on every request (a tenth). The rules stay in the resolvers and the domain, shared
// with /graphql.
//
// What graphql-jit does differently, and how it is kept out of the answers (prepared.test.ts holds the answers to
// graphql-js's): it words refused variables its own way (they are checked again by graphql-js for the answer); it
// coerces variable defaults and input objects differently (documents with either are refused here); its own errors
// (a null where none may be) carry no cause (one is given, so they are masked and logged as bugs); and it lists errors
// in another order, so the REST answer's error is chosen by a rule of its own (maskedInAnswerOrder). Fields without a
// resolver must read plain data: an exception in its generated code (a throwing getter) would leave the request
// unanswered. The façade's types are plain objects from the domain.
import { getNamedType, getOperationAST, getVariableValues, GraphQLError, isInputObjectType, typeFromAST, validate, type DocumentNode, type GraphQLSchema, type ExecutionResult, type ValidationRule } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { attempt } from '../../attempt.ts';
import type { Context } from '../../graphql/context.ts';
import type { GraphQLCore, RequestContext } from '../yoga.ts';

export type PreparedOperation = ((request: RequestContext, variableValues: Record<string, unknown>) => Promise<{ result: ExecutionResult; context: Context }>) & {
  /** Compiles the operation now instead of on its first request (the server does it once it listens); false if it already was. */
  compile(): boolean;
};

/** Refused variables are reported together, up to ten, as /graphql reports them. */
const MAX_ERRORS = { maxErrors: 10 };

export function prepareOperation(core: GraphQLCore, document: DocumentNode, limitRules: ValidationRule[]): PreparedOperation {
  const problems = validate(core.schema, document);
  if (problems.length) throw new Error(problems.map((problem) => problem.message).join('; '));
  // Refused by the query limits: answered as /graphql answers such a document, on every request.
  const refused = validate(core.schema, document, limitRules);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('a REST route needs exactly one operation');
  const definitions = operation.variableDefinitions ?? [];
  for (const definition of definitions) {
    const name = definition.variable.name.value;
    if (definition.defaultValue) throw new Error(`variable $${name} has a default value: graphql-jit coerces those unlike graphql-js`);
    const type = typeFromAST(core.schema, definition.type);
    if (isInputObjectType(getNamedType(type))) throw new Error(`variable $${name} is an input object: graphql-jit coerces those unlike graphql-js (take JSON)`);
  }
  // The root fields whose calls are counted (limits are fixed when the server starts).
  const counted = rootFieldsOf(document).filter((field) => core.rateLimits.limited(field));
  // Compiled on its first request or by `compile` (0.3-5 ms a route), not before the server listens; routes.test.ts
  // compiles every route's document.
  let compiled: CompiledQuery | undefined;
  const compiledQuery = () => (compiled ??= compileOperation(core.schema, document));

  // A context made at once, and no budget to count: the compiled function runs straight away, its answer one `then`
  // after it (no async function around it awaiting it: a promise or two fewer a request, bench/README.md).
  // Never throws: what goes wrong is the promise's.
  const run = (request: RequestContext, variableValues: Record<string, unknown>): Promise<{ result: ExecutionResult; context: Context }> =>
    attempt(() => {
      const made = core.context(request);
      return made instanceof Promise || refused.length || counted.length ? checked(made, variableValues) : answer(made, variableValues);
    });

  const checked = async (made: Context | Promise<Context>, variableValues: Record<string, unknown>) => {
    const context = made instanceof Promise ? await made : made;
    if (refused.length) return { result: { errors: refused }, context };
    // Variables are checked before a budget is counted, as the plugins order it on /graphql. With no budget to count,
    // the compiled operation's own check is the one: coercing them twice cost a fortieth of a registration's CPU
    // (bench/rest).
    if (definitions.length && counted.length) {
      const { errors } = getVariableValues(core.schema, definitions, variableValues, MAX_ERRORS);
      if (errors) return { result: { errors }, context };
    }
    for (const field of counted) {
      const refusal = await core.rateLimits.check(field, context);
      if (refusal) return { result: { errors: [refusal] }, context };
    }
    return answer(context, variableValues);
  };

  function answer(context: Context, variableValues: Record<string, unknown>): Promise<{ result: ExecutionResult; context: Context }> {
    const answered = (result: ExecutionResult) => {
      // Refused variables: the compiled check words some refusals its own way (a scalar's reason left out), so the
      // answer is graphql-js's, the same words /graphql and the check above give.
      if (!('data' in result) && definitions.length) {
        const { errors } = getVariableValues(core.schema, definitions, variableValues, MAX_ERRORS);
        return { result: errors ? { errors } : result, context };
      }
      // The resolvers' errors are masked as /graphql masks them.
      return { result: result.errors ? { ...result, errors: maskedInAnswerOrder(result.errors.map(withCause), core.maskError) } : result, context };
    };
    const result = compiledQuery().query(undefined, context, variableValues);
    // graphql-jit answers with a native promise when a resolver waits (every route's does), else with the result. A
    // throw here reaches `run`'s attempt or `checked`'s async function: either makes it the promise's rejection.
    return result instanceof Promise ? result.then(answered) : Promise.resolve(answered(result));
  }
  return Object.assign(run, {
    compile() {
      if (compiled) return false;
      compiledQuery();
      return true;
    },
  });
}

/**
 * An error the compiled operation raised itself (a null where the schema allows none, a value its scalar cannot
 * serialize) comes without the cause graphql-js gives it; with one it is masked and logged as the bug it is.
 */
function withCause(error: GraphQLError): GraphQLError {
  if (error.originalError) return error;
  const cause = new Error(error.message);
  cause.stack = error.stack;
  return new GraphQLError(error.message, { path: error.path, originalError: cause });
}

/**
 * The errors masked, nearest the operation's root first and, at one depth, the masked ones (bugs) before refusals,
 * else in the order given: the REST answer is the first. graphql-js listed errors as they happened, graphql-jit lists
 * a nullable field's before a non-null one's and runs fields graphql-js leaves unrun; with this order both answer
 * alike. With one root field, as every route has, a root field's error is most often the only one.
 */
export function maskedInAnswerOrder(errors: readonly GraphQLError[], mask: (error: GraphQLError) => GraphQLError): GraphQLError[] {
  return errors
    .map((error) => {
      const masked = mask(error);
      return { masked, depth: error.path?.length ?? 0, bug: masked !== error };
    })
    .sort((a, b) => a.depth - b.depth || Number(b.bug) - Number(a.bug))
    .map(({ masked }) => masked);
}

/** A route's document as graphql-jit's function; throws if it cannot be compiled. */
export function compileOperation(schema: GraphQLSchema, document: DocumentNode): CompiledQuery {
  const compiled = compileQuery(schema, document);
  if (!isCompiledQuery(compiled)) throw new Error(`a REST operation could not be compiled: ${compiled.errors?.map((error) => error.message).join('; ')}`);
  return compiled;
}

/** The fields an operation asks of the root type, by name: what its rate limits are counted on. */
export function rootFieldsOf(document: DocumentNode): string[] {
  return getOperationAST(document)?.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : [])) ?? [];
}
