// One PostgreSQL server for the whole test run: the machine's when DATABASE_URL is set (CI), otherwise an
// embedded cluster in a temporary DATA_DIR, started here once and stopped after the last file. Each test
// file makes its own database on it (test/support/backends.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded/cluster.ts';
import { createLogger } from '../../src/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseServerUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-test-run-'));
  const cluster = await startEmbeddedPostgres({ dataDir, holder: 'test run', logger: createLogger('warn') });
  project.provide('databaseServerUrl', cluster.adminUrl);
  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
