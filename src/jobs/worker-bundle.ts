// Worker processes run as one plain JavaScript file, not through tsx: esbuild bundles src/worker.ts (our
// sources only; packages stay imports of node_modules) at start, in about a tenth of a second. That saves each
// worker the TypeScript loader (about 26 MB of memory here) and its start-up compile. The file is named after
// its content, so instances on one checkout share it and a changed source is never run stale.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';
import { writeBundle } from './write-bundle.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = path.join(root, 'src', 'worker.ts');

/** The bundled worker's path (built now if this content has not been built before). */
export async function workerBundle(): Promise<string> {
  const result = await build({ entryPoints: [ENTRY], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
  // esbuild's service process is not needed once the file is built.
  await stop();
  return writeBundle('worker', result.outputFiles[0]!.contents);
}
