// Opens the one database Clarion uses: a PostgreSQL server, either the operator's (DATABASE_URL) or the
// embedded one in DATA_DIR (src/db/embedded), reached through the same Prisma client and pool.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import { applyMigrations } from './migrate.ts';
import type { SqlClient } from './sql.ts';

export type Db = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  sql: SqlClient;
  /** Where the data lives, without credentials. */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  logger: Logger;
}

export async function openDatabase({ url, poolSize = 10, logger }: DatabaseOptions): Promise<Database> {
  // Migrations run on one dedicated connection, not the pool, so the advisory lock and the
  // transaction stay on the same session.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyMigrations(
      {
        query: async (sql, params) => (await client.query(sql, params)).rows,
        exec: async (sql) => void (await client.query(sql)),
      },
      logger,
    );
  } finally {
    await client.end();
  }
  // A stuck statement or lock fails after a while instead of holding the writes queued behind it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c statement_timeout=30000 -c lock_timeout=10000' });
  pool.on('error', (error) => logger.warn('idle PostgreSQL connection failed', { error: error.message }));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    sql: { query: async (text, params) => (await pool.query(text, params)).rows },
    location: redactUrl(url),
    ping: async () => void (await pool.query('SELECT 1')),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
