// One PostgreSQL server for the whole test run: the machine's when DATABASE_URL is set (CI), otherwise an
// embedded cluster in a temporary DATA_DIR, started here once and stopped after the last file. Each test
// file makes its own database on it (test/support/backends.ts), named with this run's id; after the last file, any
// of them still there fails the run (and is dropped): a test that never closed its storage would otherwise leave a
// migrated database on the machine's PostgreSQL at every run. (The migrations test's `clarion_schema_diff_*` databases
// are not named by run and not checked: src/db/schema-diff.ts drops each when its engine lets go of it.)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded/cluster.ts';
import { dropLeftBehind } from '../../src/db/throwaway-database.ts';
import { createLogger } from '../../src/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    /** The prefix of the databases this run makes (another run on the same server has another). */
    testDatabasePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const prefix = `clarion_test_${randomBytes(4).toString('hex')}`;
  project.provide('testDatabasePrefix', prefix);
  if (process.env.DATABASE_URL) {
    project.provide('databaseServerUrl', process.env.DATABASE_URL);
    return () => checkNoneLeft(process.env.DATABASE_URL!, prefix);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-test-run-'));
  const cluster = await startEmbeddedPostgres({ dataDir, holder: 'test run', logger: createLogger('warn') });
  project.provide('databaseServerUrl', cluster.adminUrl);
  return async () => {
    try {
      await checkNoneLeft(cluster.adminUrl, prefix);
    } finally {
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}

/**
 * Fails the run if any of its databases is still there, naming them (they are dropped). An error thrown from a global
 * teardown is printed but the run still exits 0: the exit code says it.
 */
async function checkNoneLeft(serverUrl: string, prefix: string) {
  try {
    const left = await dropLeftBehind(serverUrl, prefix);
    if (!left.length) return;
    process.exitCode = 1;
    console.error(`FAIL: the tests left ${left.length} database(s) behind, dropped now: ${left.join(', ')} (a test opened storage it did not close)`);
  } catch (error) {
    process.exitCode = 1;
    console.error(`FAIL: could not check that the tests left no database behind (or drop those left): ${(error as Error).message}`);
  }
}
