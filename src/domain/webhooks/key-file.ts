// Where the key that encrypts endpoints' secrets comes from. WEBHOOK_SECRET_KEY when set. On the embedded
// default (no DATABASE_URL) a fresh `npm start` makes one into DATA_DIR (mode 0600) and reads it on later
// starts, so webhooks work with nothing to configure. With DATABASE_URL, several instances may share the
// database and must share the key, so none is invented: without WEBHOOK_SECRET_KEY webhooks are off.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, decodeWebhookSecretKey, type Config } from '../../config.ts';

export const KEY_FILE = 'webhook-secret.key';

/**
 * The key, or undefined when webhooks cannot be signed here. `create`: the server makes the file on its first
 * start; a worker only reads what its server made.
 */
export async function webhookSecretKey(config: Pick<Config, 'webhookSecretKey' | 'databaseUrl' | 'dataDir'>, { create }: { create: boolean }): Promise<Buffer | undefined> {
  if (config.webhookSecretKey) return config.webhookSecretKey;
  if (config.databaseUrl) return undefined;
  const file = path.join(config.dataDir, KEY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new ConfigError([`${file} cannot be read (${code})`]);
    if (!create) return undefined;
    const key = randomBytes(32);
    try {
      // 'wx': never over an existing key (the endpoints' secrets are sealed with it).
      await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (failure) {
      throw new ConfigError([`${file} cannot be written (${(failure as NodeJS.ErrnoException).code}); set WEBHOOK_SECRET_KEY instead`]);
    }
    return key;
  }
  const key = decodeWebhookSecretKey(text);
  if (!key) throw new ConfigError([`${file} must hold 32 bytes in base64 or hex, as Clarion wrote it: restore it from a backup (webhook endpoints cannot sign without it)`]);
  return key;
}
