#!/usr/bin/env node
// `npx clarion ...` in the checkout: the admin CLI, run from its TypeScript source. `clarion worker` goes straight
// to the worker, so a worker-only process loads neither the CLI's commands nor Prisma.
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === 'worker') {
  const { loadWorkerConfig, ConfigError } = await import('../src/config.ts');
  const { workerCommand } = await import('../src/cli/worker.ts');
  try {
    process.exitCode = await workerCommand(loadWorkerConfig());
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
} else {
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(argv);
}
