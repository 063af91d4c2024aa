// Whether a module is the program node was started with. Node gives a module its real path, while argv[1] is the
// path as typed, which may go through a symlink (a linked node_modules, a deploy directory): compare real paths.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function isEntryPoint(moduleUrl: string) {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(started)).href;
  } catch {
    return false;
  }
}
