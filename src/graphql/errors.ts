// Domain errors become GraphQL errors with a stable extensions.code (and field, for validation).
// Yoga masks every other error, so nothing internal reaches a client.
import { GraphQLError } from 'graphql';
import type { DomainError, Result } from '../domain/errors.ts';

export class ClarionGraphQLError extends GraphQLError {
  constructor(error: DomainError) {
    super(error.message, { extensions: error.field ? { code: error.code, field: error.field } : { code: error.code } });
  }
}

/** The value of a successful result; the error of a failed one is thrown for GraphQL to report. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ClarionGraphQLError(result.error);
}
