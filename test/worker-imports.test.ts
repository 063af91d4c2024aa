// What a fan-out worker loads when it starts. Every worker start (on demand, at a broadcast's start) pays for each
// package it loads, in CPU and memory: the stand-ins' certificate code (selfsigned and its X.509 and ASN.1 code), the
// stand-ins' JWT verifier (fast-jwt) and apns2 with its HTTP client (undici) are loaded only where they are used.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { workerBundle } from '../src/jobs/worker-bundle.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The node_modules packages (CommonJS ones, which is what each of these is or loads) loaded by importing `entry`. */
async function packagesLoadedBy(entry: string) {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(pathToFileURL(path.join(root, entry)).href)});
    const names = Object.keys(createRequire(import.meta.url).cache).map((file) => file.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1]).filter(Boolean);
    console.log(JSON.stringify([...new Set(names)]));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(stdout.trim().split('\n').pop()!) as string[];
}

/** The bare package names the bundle still imports from node_modules (statically or on first use). */
function packagesImportedBy(code: string) {
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|require\s*\(\s*)(["'])((?:@[\w.-]+\/)?[\w.-]+)(?:\/[\w./-]*)?\1/g)].map((match) => match[2]!);
  return [...new Set(specifiers.filter((name) => !name.startsWith('node:') && !name.startsWith('.') && !isBuiltin(name)))].sort();
}

describe('a fan-out worker', () => {
  it('runs from one file with its packages in it, but for those it loads on first use', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'src/jobs/build-worker.mjs')], { cwd: root });
    const bundle = stdout.trim();
    expect(bundle).toMatch(/node_modules\/\.cache\/clarion\/worker-[0-9a-f]{16}\.mjs$/);
    const code = await readFile(bundle, 'utf8');
    // esbuild names each bundled file in a comment: what a worker sends with is in it, what it does not need is not.
    for (const name of ['pg', 'pg-boss', 'pino', 'prom-client']) expect(code).toContain(`// node_modules/${name}/`);
    for (const name of ['undici', 'apns2', 'graphql-jit', 'ajv', 'graphql']) expect(code).not.toContain(`// node_modules/${name}/`);
    expect(packagesImportedBy(code)).toEqual(['fast-jwt', 'pg-native', 'selfsigned']);
  });

  it('is found by the server whatever a preload in NODE_OPTIONS prints before the bundle\'s path', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'clarion-preload-'));
    const preload = path.join(dir, 'says.cjs');
    await writeFile(preload, 'process.stdout.write("[preload] injecting env\\n");');
    const before = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = `--require ${preload}`;
    try {
      expect(await workerBundle()).toMatch(/^\/.*\/node_modules\/\.cache\/clarion\/worker-[0-9a-f]{16}\.mjs$/);
    } finally {
      if (before === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = before;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('loads what it sends with, and none of the stand-ins\' or apns2\'s code', async () => {
    const loaded = await packagesLoadedBy('src/worker.ts');
    // What it needs is seen (the check sees packages imported from ES modules)...
    expect(loaded).toEqual(expect.arrayContaining(['pg', 'pg-boss', 'pino', 'prom-client']));
    // ...and what it does not need is not loaded.
    for (const name of ['selfsigned', '@peculiar/x509', 'asn1js', 'fast-jwt', 'undici', 'graphql-jit', 'ajv']) expect(loaded).not.toContain(name);
  });
});
