// @envelop/rate-limiter reads field arguments in onExecute, before graphql-js has checked the variables,
// and throws on a missing required one. Checking them first turns that into the ordinary GraphQL
// variable error (a 400 on REST) for every transport.
import type { Plugin } from '@envelop/core';
import { getOperationAST, getVariableValues, type GraphQLSchema } from 'graphql';

export const useCoercedVariables = (): Plugin => ({
  onExecute({ args, setResultAndStopExecution }) {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation?.variableDefinitions?.length) return;
    const coerced = getVariableValues(args.schema as GraphQLSchema, operation.variableDefinitions, args.variableValues ?? {}, { maxErrors: 10 });
    if (coerced.errors) setResultAndStopExecution({ errors: coerced.errors });
  },
});
