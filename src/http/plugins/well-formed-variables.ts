// GraphQL variables hold JSON, and JSON may spell text no database can hold (a lone UTF-16 surrogate, `"\ud800"`)
// or nest without end: refused before execution with a 400 VALIDATION_FAILED naming the variable's field. The
// document itself cannot: graphql-js refuses a lone surrogate in a string literal.
import type { Plugin } from '@envelop/core';
import { GraphQLError } from 'graphql';
import { fieldsIssue, MAX_JSON_DEPTH } from '../../domain/validate.ts';

// Variables wrap a request's fields in an input object or two: notify's data is checked to MAX_JSON_DEPTH itself.
const VARIABLE_DEPTH = MAX_JSON_DEPTH + 4;

export const useWellFormedVariables = (): Plugin => ({
  onExecute({ args, setResultAndStopExecution }) {
    const variables = args.variableValues;
    if (!variables || (args.contextValue as { inputChecked?: boolean }).inputChecked) return;
    const issue = fieldsIssue(variables as Record<string, unknown>, VARIABLE_DEPTH);
    if (!issue) return;
    const error = new GraphQLError(issue.message, { extensions: { code: 'VALIDATION_FAILED', field: issue.field, http: { status: 400 } } });
    setResultAndStopExecution({ errors: [error] });
  },
});
