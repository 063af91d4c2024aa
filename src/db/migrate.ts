// Applies prisma/migrations at start and records them in `_prisma_migrations` exactly as Prisma Migrate
// does, so `prisma migrate deploy` and `prisma migrate status` keep working for operators who have the
// engine binary. Each migration and its row commit together: a failed migration leaves no row behind.
import pg from 'pg';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '..', '..', 'prisma', 'migrations');
// The advisory lock key Prisma Migrate holds while migrating.
const PRISMA_MIGRATE_LOCK = 72707369;

/** The few things the applier needs from one dedicated connection. */
export interface MigrationConnection {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function readMigrationFiles(dir = MIGRATIONS_DIR) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function applyMigrations(db: MigrationConnection, logger: Logger, dir = MIGRATIONS_DIR) {
  const migrations = await readMigrationFiles(dir);
  await db.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
  try {
    await db.exec(CREATE_TABLE);
    const rows = await db.query<AppliedRow>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');
    const applied = new Map(rows.filter((r) => !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const migration of migrations) {
      const row = applied.get(migration.name);
      if (row && !row.finished_at) {
        throw new Error(`Migration ${migration.name} failed earlier and was not rolled back; resolve it with \`prisma migrate resolve\` before starting Clarion.`);
      }
      if (row) {
        if (row.checksum !== migration.checksum) logger.warn('migration changed after it was applied', { migration: migration.name });
        continue;
      }
      await db.exec('BEGIN');
      try {
        await db.exec(migration.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, NULL, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await db.exec('COMMIT');
      } catch (error) {
        await db.exec('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      done.push(migration.name);
    }
    if (done.length) logger.info('applied migrations', { migrations: done });
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]);
  }
}

/** Brings the database's schema up to date (a no-op when it is). */
export async function migrateDatabase(url: string, logger: Logger) {
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
}
