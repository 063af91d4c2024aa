// The dashboard is built with Vite when its sources differ from the last build, so `npm start` works
// right after `npm install` (and after a `git pull`) with no build step for the user. The build runs in
// a child process: Vite and its bundler would otherwise stay in the server's memory (about 270 MB).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';
import { isEntryPoint } from '../entry.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
export const DASHBOARD_SOURCE = path.join(repo, 'dashboard');
export const DASHBOARD_DIST = path.join(repo, 'dist', 'dashboard');
const STAMP = '.source-hash';
// Part of the stamp: a build from before a change to how builds are made is rebuilt.
const BUILD_RECIPE = 'react-production-1';

/** Every file under `dir`, in a stable order; with `skipDotted`, none whose name or folder starts with a dot. */
export function filesUnder(dir: string, { skipDotted = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !(skipDotted && entry.name.startsWith('.')))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full, { skipDotted });
      return entry.isFile() ? [full] : [];
    });
}

/** A hash of every source file and of the Vite version: the build is current when its stamp matches. */
export function sourceHash() {
  const hash = createHash('sha256');
  hash.update(BUILD_RECIPE);
  hash.update(JSON.parse(readFileSync(path.join(repo, 'node_modules', 'vite', 'package.json'), 'utf8')).version as string);
  for (const file of filesUnder(DASHBOARD_SOURCE)) hash.update(path.relative(DASHBOARD_SOURCE, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export function isBuilt(hash = sourceHash()) {
  const stamp = path.join(DASHBOARD_DIST, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

/** The current build's directory, building it first (in a child process) when the sources changed. */
export async function ensureDashboardBuilt(logger?: Logger, { force = false } = {}) {
  if (!force && isBuilt()) return DASHBOARD_DIST;
  const started = Date.now();
  logger?.info('building the dashboard (its sources changed)');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the dashboard build failed (exit code ${code}); see the output above`))));
  });
  logger?.info('dashboard built', { ms: Date.now() - started });
  return DASHBOARD_DIST;
}

/** Builds into a scratch directory and moves it into place, so a server never serves half a build. */
async function build() {
  const hash = sourceHash();
  const { build: viteBuild } = await import('vite');
  const { dashboardViteConfig } = await import('../../dashboard/vite.config.ts');
  const scratch = `${DASHBOARD_DIST}.build-${process.pid}-${Date.now()}`;
  // Vite bundles React's development build when NODE_ENV says so (under vitest it is "test"): this
  // process only builds, and always as production.
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({ ...dashboardViteConfig, configFile: false, mode: 'production', build: { ...dashboardViteConfig.build, outDir: scratch } });
    writeFileSync(path.join(scratch, STAMP), hash);
    // Another process may have finished the same build meanwhile; either copy is the same.
    if (isBuilt(hash)) return;
    // The old build is renamed aside first, so the new one takes its place in one rename.
    const old = `${DASHBOARD_DIST}.old-${process.pid}`;
    try {
      if (existsSync(DASHBOARD_DIST)) renameSync(DASHBOARD_DIST, old);
      renameSync(scratch, DASHBOARD_DIST);
      rmSync(old, { recursive: true, force: true });
    } catch (error) {
      // Two processes built at once and the other one moved its copy in first: that one is as good.
      if (!isBuilt(hash)) throw error;
    }
  } finally {
    if (existsSync(scratch) && statSync(scratch).isDirectory()) rmSync(scratch, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await build();
