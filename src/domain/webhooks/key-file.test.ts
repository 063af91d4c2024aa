import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { KEY_FILE, webhookSecretKey } from './key-file.ts';

describe('webhookSecretKey', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-webhook-key-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));
  const embedded = () => ({ webhookSecretKey: undefined, databaseUrl: undefined, dataDir });

  it('makes a key in DATA_DIR on the first start (mode 0600) and reads the same one afterwards', async () => {
    expect(await webhookSecretKey(embedded(), { create: false })).toBeUndefined();
    const made = await webhookSecretKey(embedded(), { create: true });
    expect(made).toHaveLength(32);
    const file = path.join(dataDir, KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(made);
    expect(await webhookSecretKey(embedded(), { create: true })).toEqual(made);
    expect(await webhookSecretKey(embedded(), { create: false })).toEqual(made);
  });

  it('prefers WEBHOOK_SECRET_KEY, and invents none for DATABASE_URL (instances must share one)', async () => {
    const key = Buffer.alloc(32, 1);
    expect(await webhookSecretKey({ ...embedded(), webhookSecretKey: key }, { create: true })).toBe(key);
    expect(await webhookSecretKey({ ...embedded(), databaseUrl: 'postgres://db/clarion' }, { create: true })).toBeUndefined();
    await expect(stat(path.join(dataDir, KEY_FILE))).rejects.toThrow();
  });

  it('refuses a damaged key file in one line rather than making another key', async () => {
    await writeFile(path.join(dataDir, KEY_FILE), 'not a key\n');
    const refused = webhookSecretKey(embedded(), { create: true });
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/^Invalid configuration: .*webhook-secret\.key must hold 32 bytes in base64 or hex/);
  });
});
