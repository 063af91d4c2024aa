import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { applyMigrations, MIGRATIONS_DIR, readMigrationFiles, type MigrationConnection } from '../src/db/migrate.ts';
import { diffSchemaAgainstMigrations } from '../src/db/schema-diff.ts';
import { databaseServerUrl, freshPostgresDatabase, testLogger } from './support/backends.ts';

const root = path.resolve(import.meta.dirname, '..');

const connection = (client: pg.Client): MigrationConnection => ({
  query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
  exec: async (sql) => void (await client.query(sql)),
});

describe('migrations', () => {
  it('match schema.prisma (run `npm run migrate:create -- <name>` after changing it)', async () => {
    const diff = await diffSchemaAgainstMigrations({ schemaPath: path.join(root, 'prisma', 'schema.prisma'), migrationsDir: MIGRATIONS_DIR, serverUrl: databaseServerUrl() });
    expect(diff.sql).toBe('');
    expect(diff.inSync).toBe(true);
  }, 60_000);

  it('report the SQL still missing when schema.prisma has moved on', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-drift-'));
    try {
      const schema = await readFile(path.join(root, 'prisma', 'schema.prisma'), 'utf8');
      const changed = schema.replace('model Device {', 'model Device {\n  nickname String?');
      await writeFile(path.join(dir, 'schema.prisma'), changed);
      const diff = await diffSchemaAgainstMigrations({ schemaPath: path.join(dir, 'schema.prisma'), migrationsDir: MIGRATIONS_DIR, serverUrl: databaseServerUrl() });
      expect(diff.inSync).toBe(false);
      expect(diff.sql).toContain('ALTER TABLE "devices" ADD COLUMN     "nickname" TEXT');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('are recorded in _prisma_migrations as Prisma Migrate records them, once, across restarts', async () => {
    const fresh = await freshPostgresDatabase();
    try {
      await openDatabase({ url: fresh.url, logger: testLogger }).then((db) => db.close());
      const reopened = await openDatabase({ url: fresh.url, logger: testLogger });
      const rows = await reopened.prisma.$queryRaw<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }[]>`
        SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`;
      await reopened.close();
      const files = await readMigrationFiles();
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
      for (const [i, row] of rows.entries()) {
        const sql = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'), 'utf8');
        expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
        expect(row.checksum).toBe(files[i]!.checksum);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.applied_steps_count).toBe(1);
      }
    } finally {
      await fresh.drop();
    }
  });

  it('leave no row and no half-applied change behind when one fails, and apply it once fixed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-migrations-'));
    const fresh = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const broken = path.join(dir, '29990101000000_broken');
      await mkdir(broken);
      await writeFile(path.join(broken, 'migration.sql'), 'CREATE TABLE "half" (id int);\nSELECT no_such_function();\n');
      await expect(applyMigrations(connection(client), testLogger, dir)).rejects.toThrow(/29990101000000_broken failed/);
      const names = (await client.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations"')).rows.map((r) => r.migration_name);
      expect(names).not.toContain('29990101000000_broken');
      expect(names).toHaveLength((await readMigrationFiles()).length);
      expect((await client.query(`SELECT to_regclass('half') AS t`)).rows).toEqual([{ t: null }]);
      await writeFile(path.join(broken, 'migration.sql'), 'CREATE TABLE "half" (id int);\n');
      await applyMigrations(connection(client), testLogger, dir);
      expect((await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name = '29990101000000_broken'`)).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
      await fresh.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('apply once when several instances start at once', async () => {
    const fresh = await freshPostgresDatabase();
    try {
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh.url, logger: testLogger })));
      const rows = await instances[0]!.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "_prisma_migrations"`;
      expect(rows[0]!.n).toBe((await readMigrationFiles()).length);
      await Promise.all(instances.map((db) => db.close()));
    } finally {
      await fresh.drop();
    }
  });
});
