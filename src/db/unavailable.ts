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
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    const { code, message, kind, cause, originalError } = current as { code?: unknown; message?: unknown; kind?: unknown; cause?: unknown; originalError?: unknown };
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08') || PRISMA_CODES.has(code))) return true;
    if (typeof kind === 'string' && PRISMA_KINDS.has(kind)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    current = originalError ?? cause;
  }
  return false;
}
