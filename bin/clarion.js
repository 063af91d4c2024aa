#!/usr/bin/env node
// `npx clarion ...` in the checkout: the admin CLI, run from its TypeScript source.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
