import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Node loads graphql's CommonJS build for the libraries; Vite would pick its .mjs build for our
    // code, and two copies of graphql refuse each other's schemas. One copy: the one Node uses.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL server for the run (embedded unless DATABASE_URL is set); each file makes its own database.
    globalSetup: ['test/support/global-setup.ts'],
    // A guard against hangs, not a measure: on a loaded 2-core machine a test that starts servers and CLI processes
    // has taken over 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Twice as many files at once as there are cores (at most 8): most files spend their time waiting on child
    // processes, PostgreSQL, timers and pg-boss's polls, and one per core leaves the cores half idle (CI on 2 cores:
    // 10.7 min a pass with 2, 5.3 with 4).
    maxWorkers: Math.min(8, 2 * os.availableParallelism()),
    // Each of those processes runs file after file on the modules it has already loaded, instead of importing the
    // application anew for every file (Prisma's client, the schema, pg-boss: about 1.6 s a file). On this 2-core
    // machine a pass took 325-360 s against 419, and 9.3-9.9 min of CPU against 12.4 (docs/development.md, "The test
    // suite"). So a test must not rely on module state starting fresh: a counter of the metrics registry may hold an
    // earlier file's counts (read what a test adds), and a setting a file changes is put back (accounts-passwords).
    isolate: false,
  },
});
