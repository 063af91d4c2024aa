// npm run schema:print writes the printed SDL that tooling and codegen read; a test fails when it is stale.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printSchemaSdl } from '../src/graphql/print.ts';

const target = path.resolve(import.meta.dirname, '..', 'schema', 'schema.graphql');
await writeFile(target, printSchemaSdl());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
