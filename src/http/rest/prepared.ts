// The REST façade's operations, planned once. Each route's fixed document is checked against the schema and the
// query limits when the server starts; a request runs it on graphql-js's execute with the context /graphql builds,
// the rate limits /graphql counts (one budget) and the same masking of unexpected errors. What it skips is yoga's
// per-request pipeline (an envelop instance, its context and execute hooks), which cost a quarter of a
// registration's CPU in bench/rest. The rules stay in the resolvers and the domain, shared with /graphql.
import { execute, getOperationAST, getVariableValues, validate, type DocumentNode, type ExecutionResult, type ValidationRule } from 'graphql';
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

  return async (request, variableValues) => {
    const made = core.context(request);
    const context = made instanceof Promise ? await made : made;
    if (refused.length) return { result: { errors: refused }, context };
    // Variables are checked before a budget is counted, as the plugins order it on /graphql. With no budget to count,
    // execute's own check is the one: coercing them twice cost a fortieth of a registration's CPU (bench/rest).
    if (definitions.length && counted.length) {
      const coerced = getVariableValues(core.schema, definitions, variableValues, { maxErrors: 10 });
      if (coerced.errors) return { result: { errors: coerced.errors }, context };
    }
    for (const field of counted) {
      const refusal = await core.rateLimits.check(field, context);
      if (refusal) return { result: { errors: [refusal] }, context };
    }
    const result = await execute({ schema: core.schema, document, variableValues, contextValue: context });
    // Refused variables come without data, and as the check above returns them; the resolvers' errors are masked as
    // /graphql masks them.
    return { result: result.errors && 'data' in result ? { ...result, errors: result.errors.map(core.maskError) } : result, context };
  };
}

/** The fields an operation asks of the root type, by name: what its rate limits are counted on. */
export function rootFieldsOf(document: DocumentNode): string[] {
  return getOperationAST(document)?.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : [])) ?? [];
}
