// The one error vocabulary. Domain services return these as values; GraphQL carries the code in
// `extensions.code` and REST answers {"error":{"code","message","field"}} with the matching status.

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'INVALID_EXTERNAL_ID_TOKEN'
  | 'FORBIDDEN'
  | 'INVALID_JSON'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'QUERY_TOO_COMPLEX'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export interface DomainError {
  code: ErrorCode;
  message: string;
  /** The input field at fault, for validation errors. */
  field?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, message: string, field?: string): Result<T> => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});
export const invalid = <T = never>(field: string, message: string): Result<T> => fail('VALIDATION_FAILED', message, field);
export const notFound = <T = never>(message: string): Result<T> => fail('NOT_FOUND', message);
