// Worker processes run as one plain JavaScript file, not through tsx: esbuild bundles src/worker.ts and the packages
// it imports (./build-worker.mjs, run as a child process) at start, in about half a second. That saves each worker
// the TypeScript loader (about 26 MB of memory here) and its start-up compile, and most of loading its packages one
// file at a time: a worker's start took 250 ms of CPU instead of 380 (bench/worker-start). The file is named after
// its content, so instances on one checkout share it and a changed source is never run stale.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const BUILDER = fileURLToPath(new URL('./build-worker.mjs', import.meta.url));

/** The bundled worker's path (built now, by a process of its own, if this content has not been built before). */
export async function workerBundle(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [BUILDER]);
  return stdout.trim();
}
