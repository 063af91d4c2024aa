// Whether an error means "the database cannot be reached now" (down, restarting, out of connections, a
// connection cut) rather than a fault of ours: such requests are answered 503 UNAVAILABLE with Retry-After,
// never 500, so that a client knows a retry may succeed.

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Node's socket errors, and PostgreSQL's SQLSTATEs for a server going away or refusing connections:
// class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect now), 53300 (too many connections).
const CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
// What node-postgres and Prisma say when they have no connection (Prisma wraps the driver's error, or names its kind).
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Can't reach database server|Server has closed the connection|Connection is closed|terminating connection due to|the database system is (starting up|shutting down|in recovery)/i;
const PRISMA_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'DatabaseDoesNotExist']);
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, ({ code, message, kind }) =>
    (typeof code === 'string' && (CODES.has(code) || code.startsWith('08') || PRISMA_CODES.has(code))) ||
    (typeof kind === 'string' && PRISMA_KINDS.has(kind)) ||
    (typeof message === 'string' && MESSAGES.test(message)),
  );
}

/** Seconds a client is asked to wait before retrying a request the database was too busy to finish. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

// PostgreSQL's SQLSTATEs for a statement that gave up waiting for other transactions or was made to yield to one:
// 55P03 (lock_timeout), 57014 (statement_timeout), 40P01 (deadlock), 40001 (serialization failure); Prisma's P2034
// (a write conflict or a deadlock), which Prisma's pg adapter names TransactionWriteConflict. The transaction was rolled
// back whole, so the same request may be sent again.
const BUSY_CODES = new Set(['55P03', '57014', '40P01', '40001', 'P2034']);

/** Whether an error means "the database was too busy to finish this in time" (locks held too long, a deadlock). */
export function isDatabaseBusy(error: unknown): boolean {
  return someCause(error, ({ code, kind }) => (typeof code === 'string' && BUSY_CODES.has(code)) || kind === 'TransactionWriteConflict');
}

type Cause = { code?: unknown; message?: unknown; kind?: unknown; cause?: unknown; originalError?: unknown };

/** Whether the error, or one of the errors it wraps (Prisma's and GraphQL's wrappers), passes `test`. */
function someCause(error: unknown, test: (cause: Cause) => boolean): boolean {
  const seen = new Set<unknown>();
  for (let current = error as Cause | null | undefined; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    if (test(current)) return true;
    current = (current.originalError ?? current.cause) as Cause | null | undefined;
  }
  return false;
}
