// `npm start`: runs Clarion from one plain JavaScript file rather than through tsx. esbuild bundles src/main.ts
// (our sources; packages stay imports of node_modules) in about half a second and is stopped; the server then runs
// without the TypeScript loader and without esbuild's service process, which tsx would keep for the life of the
// server (about 30 MB of memory together, ../shared notes and bench/embedded/run.sh). Each source file's
// import.meta.url and import.meta.dirname are its own, as under tsx, so paths next to the sources still resolve.
// The file is named after its content: instances on one checkout share it, and a changed source is never run stale.
// If bundling fails, Clarion runs through tsx as before.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CACHE = path.join(root, 'node_modules', '.cache', 'clarion');

/** import.meta.url and import.meta.dirname of each of our files, written in as the file's own. */
const ownPaths = {
  name: 'own-paths',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: 'ts' };
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
    const code = result.outputFiles[0].contents;
    const file = path.join(CACHE, `main-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (await stat(file).then(() => true, () => false)) return file;
    await mkdir(CACHE, { recursive: true });
    const staging = `${file}.${process.pid}.tmp`;
    await writeFile(staging, code);
    await rename(staging, file);
    return file;
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
