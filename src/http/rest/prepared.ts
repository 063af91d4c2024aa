// The REST façade's operations, planned once. Each route's fixed document is checked against the schema and the
// query limits when the server starts, and compiled into a function (graphql-jit) on its first request; a request runs
// it with the context /graphql builds, the rate limits /graphql counts (one budget) and the same masking of unexpected
// errors. What it skips is yoga's per-request pipeline (an envelop instance, its context and execute hooks), which cost
// a quarter of a registration's CPU in bench/rest, and graphql-js's walk of the document on every request (a tenth).
// The rules stay in the resolvers and the domain, shared with /graphql.
import { getOperationAST, getVariableValues, GraphQLError, validate, type DocumentNode, type ExecutionResult, type ValidationRule } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Context } from '../../graphql/context.ts';
import type { GraphQLCore, RequestContext } from '../yoga.ts';

export type PreparedOperation = (request: RequestContext, variableValues: Record<string, unknown>) => Promise<{ result: ExecutionResult; context: Context }>;

export function prepareOperation(core: GraphQLCore, document: DocumentNode, limitRules: ValidationRule[]): PreparedOperation {
  const problems = validate(core.schema, document);
  if (problems.length) throw new Error(problems.map((problem) => problem.message).join('; '));
  // Refused by the query limits: answered as /graphql answers such a document, on every request.
  const refused = validate(core.schema, document, limitRules);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('a REST route needs exactly one operation');
  const definitions = operation.variableDefinitions ?? [];
  // The root fields whose calls are counted (limits are fixed when the server starts).
  const counted = rootFieldsOf(document).filter((field) => core.rateLimits.limited(field));
  // Compiled when first asked for: a route no client calls costs the server's start nothing.
  let compiled: CompiledQuery | undefined;

  return async (request, variableValues) => {
    const made = core.context(request);
    const context = made instanceof Promise ? await made : made;
    if (refused.length) return { result: { errors: refused }, context };
    // Variables are checked before a budget is counted, as the plugins order it on /graphql. With no budget to count,
    // the compiled operation's own check is the one: coercing them twice cost a fortieth of a registration's CPU
    // (bench/rest).
    if (definitions.length && counted.length) {
      const coerced = getVariableValues(core.schema, definitions, variableValues, { maxErrors: 10 });
      if (coerced.errors) return { result: { errors: coerced.errors }, context };
    }
    for (const field of counted) {
      const refusal = await core.rateLimits.check(field, context);
      if (refusal) return { result: { errors: [refusal] }, context };
    }
    compiled ??= compile(core, document);
    const result = await compiled.query(undefined, context, variableValues);
    // Refused variables: the compiled check words some refusals its own way (a scalar's reason left out), so the
    // answer is graphql-js's, the same words /graphql and the check above give.
    if (!('data' in result) && definitions.length) {
      const coerced = getVariableValues(core.schema, definitions, variableValues, { maxErrors: 10 });
      return { result: coerced.errors ? { errors: coerced.errors } : result, context };
    }
    // The resolvers' errors are masked as /graphql masks them.
    return { result: result.errors ? { ...result, errors: result.errors.map((error) => core.maskError(withCause(error))) } : result, context };
  };
}

/**
 * An error the compiled operation raised itself (a null where the schema allows none, a value its scalar cannot
 * serialize) comes without the cause graphql-js gives it; with one it is masked and logged as the bug it is.
 */
function withCause(error: GraphQLError): GraphQLError {
  return error.originalError ? error : new GraphQLError(error.message, { path: error.path, originalError: new Error(error.message) });
}

function compile(core: GraphQLCore, document: DocumentNode): CompiledQuery {
  const compiled = compileQuery(core.schema, document);
  if (!isCompiledQuery(compiled)) throw new Error(`a REST operation could not be compiled: ${compiled.errors?.map((error) => error.message).join('; ')}`);
  return compiled;
}

/** The fields an operation asks of the root type, by name: what its rate limits are counted on. */
export function rootFieldsOf(document: DocumentNode): string[] {
  return getOperationAST(document)?.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : [])) ?? [];
}
