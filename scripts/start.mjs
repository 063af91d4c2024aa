// `npm start`: runs Clarion from one plain JavaScript file rather than through tsx. esbuild bundles src/main.ts
// (our sources; packages stay imports of node_modules) in about half a second and is stopped; the server then runs
// without the TypeScript loader and without esbuild's service process, which tsx would keep for the life of the
// server (about 30 MB of memory together, ../shared notes and bench/embedded/run.sh). Each source file's
// import.meta.url and import.meta.dirname are its own, as under tsx, so paths next to the sources still resolve.
// The file is named after its content (src/jobs/write-bundle.mjs, as the worker's is).
// If bundling fails, Clarion runs through tsx as before.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeBundle } from '../src/jobs/write-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** import.meta.url and import.meta.dirname of each of our files, written in as the file's own. */
const ownPaths = {
  name: 'own-paths',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

async function bundle() {
  const { build, stop } = await import('esbuild');
  try {
    const result = await build({
      entryPoints: [path.join(root, 'src', 'main.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external',
      write: false, logLevel: 'silent', plugins: [ownPaths],
    });
    return await writeBundle('main', result.outputFiles[0].contents);
  } finally {
    await stop();
  }
}

let main;
try {
  main = await import(pathToFileURL(await bundle()).href);
} catch (error) {
  console.error(`could not bundle the server (${error.message}); running it through tsx`);
  const { register } = await import('tsx/esm/api');
  register();
  main = await import('../src/main.ts');
}
await main.runMain();
