import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseUnavailable } from './unavailable.ts';

// Errors as node-postgres, Prisma's pg adapter and GraphQL's wrappers hand them on.
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
const viaPrisma = (cause: object) => Object.assign(new Error('DriverAdapterError'), { cause });
const viaGraphql = (originalError: Error) => new GraphQLError('wrapped', { originalError });

describe('what the database caused', () => {
  it('calls lock and statement timeouts, deadlocks and serialization failures busy, however wrapped', () => {
    for (const error of [
      pgError('55P03', 'canceling statement due to lock timeout'),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('40P01', 'deadlock detected'),
      viaGraphql(pgError('40001', 'could not serialize access due to concurrent update')),
      viaPrisma({ kind: 'postgres', code: '55P03', severity: 'ERROR', message: 'canceling statement due to lock timeout' }),
      viaGraphql(viaPrisma({ kind: 'TransactionWriteConflict' })),
      Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), { code: 'P2034' }),
    ]) {
      expect(isDatabaseBusy(error), String((error as Error).message)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('calls neither a constraint violation, a bad value, nor an error of ours busy', () => {
    for (const error of [pgError('23505', 'duplicate key value'), pgError('22P02', 'invalid input syntax'), viaPrisma({ kind: 'UniqueConstraintViolation' }), new Error('boom'), 'a string', null]) {
      expect(isDatabaseBusy(error)).toBe(false);
    }
  });

  it('calls a refused connection unavailable, not busy', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(viaGraphql(refused))).toBe(true);
    expect(isDatabaseBusy(refused)).toBe(false);
  });

  it('stops at an error that wraps itself', () => {
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isDatabaseBusy(loop)).toBe(false);
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
