import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Prisma's CLI downloads a schema-engine binary before every command, and its host is unreachable
// from our machines and CI. Pointing it at a stub lets `prisma generate` run offline; migrations are
// authored with the WebAssembly engine instead (scripts/migrations.ts). Operators who do have the
// binary set PRISMA_SCHEMA_ENGINE_BINARY themselves and `prisma migrate deploy` works as usual.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'scripts', 'no-schema-engine.sh');

export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/clarion' },
});
