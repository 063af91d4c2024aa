// Builds the fan-out worker's bundle (./worker-bundle.ts) and prints its path: run in a process of its own, so that
// esbuild's work and its output never enter the server's heap (built in the server, a bundle with the packages in it
// left the server process 56 MB larger 8 s after start). Plain JavaScript: it runs without a TypeScript loader.
//   node src/jobs/build-worker.mjs     -> node_modules/.cache/clarion/worker-<hash>.mjs on stdout
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeBundle } from './write-bundle.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The packages a worker imports go into the bundle too: resolving and loading each from node_modules (pg alone is
// dozens of files) was most of a worker's start. Left out: what a worker imports only on a path it rarely takes (the
// stand-ins' certificate maker and JWT verifier, loaded on their first use) and pg's optional native binding.
const LOADED_WHEN_USED = ['selfsigned', 'fast-jwt', 'pg-native'];
// The CommonJS packages in an ES module bundle call require() (Node's own modules, pg's optional pg-native). There is
// no __dirname: pino's transports (pino.transport, thread-stream) would need it and fail in a worker; Clarion's logger
// writes through pino.destination or a pino-pretty stream (../logger.ts), which do not.
const REQUIRE = "import { createRequire as clarionCreateRequire } from 'node:module'; const require = clarionCreateRequire(import.meta.url);";

const result = await build({
  // absWorkingDir: the paths esbuild writes into the bundle's comments, and so its name, do not depend on where the
  // server was started.
  entryPoints: [path.join(root, 'src', 'worker.ts')], absWorkingDir: root, bundle: true, platform: 'node', format: 'esm', target: 'node20',
  external: LOADED_WHEN_USED, banner: { js: REQUIRE }, write: false, logLevel: 'silent',
});
process.stdout.write(await writeBundle('worker', result.outputFiles[0].contents));
