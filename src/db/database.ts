// Opens the one database Clarion uses: PostgreSQL when DATABASE_URL is set, embedded PGlite under
// DATA_DIR otherwise. Both run the same migrations and are reached through the same Prisma client.
import { mkdir } from 'node:fs/promises';
import { lockDataDir } from './data-dir-lock.ts';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../logger.ts';
import { applyMigrations } from './migrate.ts';
import type { SqlClient } from './sql.ts';

export type Db = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  sql: SqlClient;
  kind: 'postgres' | 'pglite';
  /** Where the data lives, without credentials. */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A directory, or `memory://` for a throwaway database. */
  dataDir: string;
  poolSize?: number;
  logger: Logger;
}

async function openPostgres(url: string, poolSize: number, logger: Logger): Promise<Database> {
  // Migrations run on one dedicated connection, not the pool, so the advisory lock and the
  // transaction stay on the same session.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyMigrations(
      {
        sharedByProcesses: true,
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
    kind: 'postgres',
    location: redactUrl(url),
    ping: async () => void (await pool.query('SELECT 1')),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, logger: Logger): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  const pglite = await PGlite.create(dataDir).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  await applyMigrations(
    {
      sharedByProcesses: false,
      query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
      exec: async (sql) => void (await pglite.exec(sql)),
    },
    logger,
  );
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    sql: { query: async <Row>(text: string, params?: unknown[]) => (await pglite.query<Row>(text, params)).rows },
    kind: 'pglite',
    location: dataDir,
    ping: async () => void (await pglite.query('SELECT 1')),
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
      await unlock();
    },
  };
}

export function openDatabase({ databaseUrl, dataDir, poolSize = 10, logger }: DatabaseOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl, poolSize, logger) : openPglite(dataDir, logger);
}
