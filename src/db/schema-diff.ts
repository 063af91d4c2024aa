// Offline migration authoring: Prisma's schema engine compiled to WebAssembly, run with @prisma/adapter-pg
// against throwaway databases on a PostgreSQL server (the test run's, DATABASE_URL's, or an embedded
// cluster of its own: scripts/migrations.ts). Used by `npm run migrate:create|check` and by the drift test;
// never at run time.
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import { throwawayDatabase } from './throwaway-database.ts';

const require = createRequire(import.meta.url);

export interface SchemaDiff {
  /** SQL that takes a database from the committed migrations to schema.prisma; empty when in sync. */
  sql: string;
  inSync: boolean;
}

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;
const PG_CHAR = 18;
const PG_TEXT = 25;

/**
 * adapter-pg as the schema engine needs it: scripts run whole (its executeScript splits on ';', which breaks
 * strings and function bodies), and the catalogs' one-byte "char" columns are read as characters (it refuses
 * them; the engine reads constraint and relation kinds from them).
 */
function forSchemaEngine(adapter: Adapter, opened: Adapter[]) {
  opened.push(adapter);
  const pool = adapter.underlyingDriver() as pg.Pool;
  pool.on('error', () => {}); // its database is dropped under it at the end
  adapter.executeScript = async (script: string) => void (await pool.query(script));
  const charColumns = new WeakMap<unknown[], number[]>();
  const queryable = adapter as unknown as { performIO(query: unknown): Promise<pg.QueryResult> };
  const performIO = queryable.performIO.bind(adapter);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    const chars = result.fields.flatMap((field, i) => (field.dataTypeID === PG_CHAR ? [i] : []));
    for (const i of chars) result.fields[i]!.dataTypeID = PG_TEXT;
    if (chars.length) charColumns.set(result.rows, chars);
    return result;
  };
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  return adapter;
}

/**
 * Both of the engine's connections go to databases made for this diff, dropped when it disposes of them
 * (adapter-pg's own shadow database is dropped while its pool still holds a connection to it, which fails).
 */
function adapterFactory(serverUrl: string, opened: Adapter[]) {
  const connect = async () => {
    const database = await throwawayDatabase(serverUrl, 'clarion_schema_diff');
    const adapter = forSchemaEngine(await new PrismaPg({ connectionString: database.url }).connect(), opened);
    const dispose = adapter.dispose.bind(adapter);
    let disposed: Promise<void> | undefined;
    adapter.dispose = () => (disposed ??= dispose().then(database.drop));
    return adapter;
  };
  return { provider: 'postgres' as const, adapterName: '@prisma/adapter-pg', connect, connectToShadowDb: connect };
}

let engineBindings: Promise<any> | undefined;
// The glue module caches views of the wasm memory, so it is instantiated once per process.
const loadEngine = () => (engineBindings ??= instantiateEngine());

async function instantiateEngine() {
  // Where the engine's Rust panics leave their message (the glue expects the registry Prisma's CLI sets up).
  (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = { set_message: (message: string) => console.error(`schema engine panic: ${message}`) };
  // Node 20 cannot import the package's .wasm entry without a flag, so it is instantiated by hand.
  const bindingsPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const dir = path.dirname(bindingsPath);
  const bindings = await import(bindingsPath);
  const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  return bindings;
}

async function readMigrations(baseDir: string) {
  const names = (await readdir(baseDir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8').catch(() => null) },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: { tag: 'ok' as const, value: await readFile(path.join(baseDir, name, 'migration.sql'), 'utf8') },
        },
      })),
    ),
  };
}

export async function diffSchemaAgainstMigrations({ schemaPath, migrationsDir, serverUrl }: { schemaPath: string; migrationsDir: string; serverUrl: string }): Promise<SchemaDiff> {
  const bindings = await loadEngine();
  const opened: Adapter[] = [];
  try {
    const schema = { path: schemaPath, content: await readFile(schemaPath, 'utf8') };
    const engine = await bindings.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, () => {}, bindMigrationAwareSqlAdapterFactory(adapterFactory(serverUrl, opened)));
    const migrations = await readMigrations(migrationsDir);
    try {
      const result = await engine.diff({
        from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
        to: { tag: 'schemaDatamodel', files: [schema] },
        script: true,
        exitCode: true,
        filters: { externalTables: [], externalEnums: [] },
      });
      // exitCode 2 means the two sides differ; 0 means they are in sync.
      return { sql: result.exitCode === 2 ? (result.stdout ?? '') : '', inSync: result.exitCode === 0 };
    } finally {
      engine.free();
    }
  } finally {
    // The engine does not dispose of every connection it opened.
    await Promise.all(opened.map((adapter) => adapter.dispose().catch(() => {})));
  }
}
