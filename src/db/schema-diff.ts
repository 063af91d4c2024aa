// Offline migration authoring: Prisma's schema engine compiled to WebAssembly, run against
// in-memory PGlite. Used by `npm run migrate:create|check` and by the drift test; never at run time.
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

const require = createRequire(import.meta.url);

export interface SchemaDiff {
  /** SQL that takes a database from the committed migrations to schema.prisma; empty when in sync. */
  sql: string;
  inSync: boolean;
}

// pglite-prisma-adapter 0.7.2's executeScript does not await the SQL, so errors would be lost.
function awaitingScripts(pglite: PGlite) {
  const factory = new PrismaPGlite(pglite);
  const wrap = async (adapter: Awaited<ReturnType<typeof factory.connect>>, db: PGlite) => {
    adapter.executeScript = async (script: string) => {
      await db.exec(script);
    };
    return adapter;
  };
  const shadow = new PGlite();
  return {
    shadow,
    factory: {
      provider: 'postgres' as const,
      adapterName: factory.adapterName,
      connect: async () => wrap(await factory.connect(), pglite),
      connectToShadowDb: async () => wrap(await new PrismaPGlite(shadow).connect(), shadow),
    },
  };
}

let engineBindings: Promise<any> | undefined;
// The glue module caches views of the wasm memory, so it is instantiated once per process.
const loadEngine = () => (engineBindings ??= instantiateEngine());

async function instantiateEngine() {
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

export async function diffSchemaAgainstMigrations({ schemaPath, migrationsDir }: { schemaPath: string; migrationsDir: string }): Promise<SchemaDiff> {
  const bindings = await loadEngine();
  const main = new PGlite();
  const { factory, shadow } = awaitingScripts(main);
  try {
    const schema = { path: schemaPath, content: await readFile(schemaPath, 'utf8') };
    const engine = await bindings.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
    const migrations = await readMigrations(migrationsDir);
    const result = await engine.diff({
      from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    engine.free();
    // exitCode 2 means the two sides differ; 0 means they are in sync.
    return { sql: result.exitCode === 2 ? (result.stdout ?? '') : '', inSync: result.exitCode === 0 };
  } finally {
    await Promise.all([main.close(), shadow.close()]);
  }
}
