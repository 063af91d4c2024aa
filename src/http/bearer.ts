// `Authorization: Bearer <API key>` on organization-facing requests, resolved once per request.
import type { SqlClient } from '../db/sql.ts';
import { authenticateApiKey, type Caller } from '../domain/api-keys/service.ts';
import { fail, type Result } from '../domain/errors.ts';

export async function callerFrom(sql: SqlClient, authorization: string | undefined): Promise<Result<Caller> | undefined> {
  if (authorization === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) return fail('UNAUTHENTICATED', 'Authorization must be "Bearer <API key>"');
  return authenticateApiKey(sql, match[1]!);
}
