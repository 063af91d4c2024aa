// Writes a bundle esbuild made into node_modules/.cache/clarion/, named after its content: instances on one checkout
// share it, a changed source is never run stale, and a half-written file is never run (written aside, then renamed).
// Plain JavaScript, so that scripts/start.mjs can use it before any TypeScript loader runs; the worker bundle uses it too.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/clarion', import.meta.url));
/** Hex digits of the content's SHA-256 in a bundle's name. */
const HASH_DIGITS = 16;

/** Whether `file` is a path writeBundle gives for `prefix` (a process that was told one checks it before running it). */
export const isBundlePath = (prefix, file) => path.dirname(file) === CACHE && new RegExp(`^${prefix}-[0-9a-f]{${HASH_DIGITS}}\\.mjs$`).test(path.basename(file));

/** The bundle's path: `<prefix>-<hash>.mjs`, written now unless that content was written before. */
export async function writeBundle(prefix, code) {
  const file = path.join(CACHE, `${prefix}-${createHash('sha256').update(code).digest('hex').slice(0, HASH_DIGITS)}.mjs`);
  if (await stat(file).then(() => true, () => false)) return file;
  await mkdir(CACHE, { recursive: true });
  const staging = `${file}.${randomUUID()}.tmp`;
  await writeFile(staging, code);
  await rename(staging, file);
  return file;
}
