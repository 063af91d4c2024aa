// What a fan-out worker loads when it starts. Every worker start (on demand, at a broadcast's start) pays for each
// package it loads, in CPU and memory: the stand-ins' certificate code (selfsigned and its X.509 and ASN.1 code), the
// stand-ins' JWT verifier (fast-jwt) and apns2 with its HTTP client (undici) are loaded only where they are used.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

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

describe('a fan-out worker', () => {
  it('loads what it sends with, and none of the stand-ins\' or apns2\'s code', async () => {
    const loaded = await packagesLoadedBy('src/worker.ts');
    // What it needs is seen (the check sees packages imported from ES modules)...
    expect(loaded).toEqual(expect.arrayContaining(['pg', 'pg-boss', 'pino', 'prom-client']));
    // ...and what it does not need is not loaded.
    for (const name of ['selfsigned', '@peculiar/x509', 'asn1js', 'fast-jwt', 'undici', 'graphql-jit', 'ajv']) expect(loaded).not.toContain(name);
  });
});
