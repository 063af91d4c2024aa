// `Authorization: Bearer <API key>` on organization-facing requests, resolved once per request.
import type { Db } from '../db/database.ts';
import { authenticateApiKey, type Caller } from '../domain/api-keys/service.ts';
import { fail, type Result } from '../domain/errors.ts';

export async function callerFrom(db: Db, authorization: string | undefined): Promise<Result<Caller> | undefined> {
  if (authorization === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) return fail('UNAUTHENTICATED', 'Authorization must be "Bearer <API key>"');
  return authenticateApiKey(db, match[1]!);
}
