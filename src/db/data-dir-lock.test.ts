import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes a free directory and gives it back', async () => {
    const unlock = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'clarion.pid'), 'utf8')).toBe(String(process.pid));
    await unlock();
    await expect(readFile(path.join(dir, 'clarion.pid'), 'utf8')).rejects.toThrow();
  });

  it('refuses a directory held by another running process', async () => {
    await writeFile(path.join(dir, 'clarion.pid'), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${process.ppid}`);
  });

  it('takes over from a process that has ended', async () => {
    await writeFile(path.join(dir, 'clarion.pid'), '2147483646');
    await (await lockDataDir(dir))();
  });
});
