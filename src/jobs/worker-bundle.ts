// Worker processes run as one plain JavaScript file, not through tsx: esbuild bundles src/worker.ts and the packages
// it imports (./build-worker.mjs, run as a child process while the server opens its database) in about 0.3 s. That
// saves each worker the TypeScript loader (about 26 MB of memory here) and its start-up compile, and most of loading
// its packages one file at a time: a worker's start took 220 ms of CPU instead of 385 (bench/worker-start). The file
// is named after its content, so instances on one checkout share it and a changed source is never run stale.
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isBundlePath } from './write-bundle.mjs';

const BUILDER = fileURLToPath(new URL('./build-worker.mjs', import.meta.url));

/**
 * The bundled worker's path (built now, by a process of its own, if this content has not been built before). Rejects
 * unless the builder succeeded within a minute and named a bundle that exists (whatever else a preload in NODE_OPTIONS
 * printed before it), so that the server runs its workers through tsx rather than fork a path that is not one.
 */
export async function workerBundle(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [BUILDER], { timeout: 60_000 });
  const bundle = stdout.split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? '';
  if (!isBundlePath('worker', bundle)) throw new Error(`the worker's builder printed no bundle's path (${JSON.stringify(stdout.slice(-200))})`);
  await access(bundle);
  return bundle;
}
