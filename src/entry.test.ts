import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

describe('isEntryPoint', () => {
  let dir: string;
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is true for the started module whether it was started by its real path or through a symlink, false for an imported one', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-entry-'));
    await mkdir(path.join(dir, 'real'));
    const entry = pathToFileURL(path.join(root, 'src', 'entry.ts')).href;
    await writeFile(path.join(dir, 'real', 'imported.ts'), `import { isEntryPoint } from '${entry}';\nexport const imported = isEntryPoint(import.meta.url);\n`);
    await writeFile(path.join(dir, 'real', 'probe.ts'), `import { isEntryPoint } from '${entry}';\nimport { imported } from './imported.ts';\nconsole.log(JSON.stringify([isEntryPoint(import.meta.url), imported]));\n`);
    await symlink(path.join(dir, 'real'), path.join(dir, 'link'));
    for (const via of ['real', 'link']) {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(dir, via, 'probe.ts')], { cwd: root });
      expect([via, JSON.parse(stdout)]).toEqual([via, [true, false]]);
    }
  });
});
