// HTTP side of the error vocabulary: the status each code maps to, and the JSON error body.
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS, isDatabaseBusy, isDatabaseUnavailable } from '../db/unavailable.ts';
import type { DomainError, ErrorCode } from '../domain/errors.ts';
import { reply, toResponse } from './exchange.ts';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  QUERY_TOO_COMPLEX: 400,
  UNAUTHENTICATED: 401,
  INVALID_EXTERNAL_ID_TOKEN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in STATUS_BY_CODE;

/** An error that knows its status; thrown by transport code, turned into a response at the edge. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly error: DomainError,
    readonly headers: Record<string, string> = {},
  ) {
    super(error.message);
    this.status = STATUS_BY_CODE[error.code];
  }
}

export const jsonReply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  reply(status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });

export const errorReply = (error: DomainError, headers: Record<string, string> = {}) => jsonReply(STATUS_BY_CODE[error.code], { error }, headers);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) => toResponse(jsonReply(status, body, headers));

export const errorResponse = (error: DomainError, headers: Record<string, string> = {}) => toResponse(errorReply(error, headers));

/** What a request is told while the database cannot be reached (503 UNAVAILABLE with Retry-After). */
export const DATABASE_UNAVAILABLE = 'the database is unreachable for now; retry after a few seconds (with the same Idempotency-Key, for POST /v1/notify)';

/** What a request is told when the database gave up on it, waiting for other writes (503 UNAVAILABLE with Retry-After). */
export const DATABASE_BUSY = 'the database was too busy to finish this request in time; retry in a moment (with the same Idempotency-Key, for POST /v1/notify)';

/**
 * The 503 for an error the database caused (unreachable, or too busy: a lock or statement timeout, a deadlock), with
 * what the log says of it; undefined for any other error.
 */
export function databaseTrouble(error: unknown): { message: string; retryAfter: string; log: string } | undefined {
  if (isDatabaseUnavailable(error)) return { message: DATABASE_UNAVAILABLE, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS), log: 'database unavailable' };
  if (isDatabaseBusy(error)) return { message: DATABASE_BUSY, retryAfter: String(DATABASE_BUSY_RETRY_AFTER_SECONDS), log: 'database busy' };
  return undefined;
}
