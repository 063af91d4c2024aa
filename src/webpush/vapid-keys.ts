// The VAPID key pair (RFC 8292): every browser subscription is made for its public key (the web app's
// applicationServerKey), so a new key loses every subscription. Made once, kept for good: DATA_DIR/vapid.json
// unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set.
import { createECDH, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { invalid, ok, type Result } from '../domain/errors.ts';
import { decodeBase64url } from './base64url.ts';
import { onP256 } from './subscription.ts';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point: the applicationServerKey browsers subscribe with. */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
}

/** OpenSSL gives the scalar without its leading zero bytes (about 1 key in 256). */
const padded = (scalar: Buffer) => (scalar.length === 32 ? scalar : Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]));

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padded(ecdh.getPrivateKey()).toString('base64url') };
}

/** The pair checked: each well-formed, and the public key the private key's. Errors name the variable. */
export function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined): Result<VapidKeys> {
  const publicBytes = decodeBase64url(publicKey);
  if (!publicBytes || !onP256(publicBytes)) return invalid('VAPID_PUBLIC_KEY', 'VAPID_PUBLIC_KEY must be the base64url of a 65-byte uncompressed P-256 public key');
  const privateBytes = decodeBase64url(privateKey);
  if (!privateBytes || privateBytes.length !== 32) return invalid('VAPID_PRIVATE_KEY', 'VAPID_PRIVATE_KEY must be the base64url of a 32-byte P-256 private key');
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateBytes);
  } catch {
    return invalid('VAPID_PRIVATE_KEY', 'VAPID_PRIVATE_KEY is not a valid P-256 private key');
  }
  if (!ecdh.getPublicKey().equals(publicBytes)) return invalid('VAPID_PUBLIC_KEY', 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  return ok({ publicKey: publicBytes.toString('base64url'), privateKey: privateBytes.toString('base64url') });
}

export const VAPID_FILE = 'vapid.json';

async function readKeys(file: string): Promise<VapidKeys> {
  const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
  const parsed = parseVapidKeys(stored.publicKey, stored.privateKey);
  // Never replaced: a new key would lose every subscription. The operator decides.
  if (!parsed.ok) throw new Error(`${file} holds no usable VAPID key pair (${parsed.error.message}); restore it from a backup, or delete it to make a new one (every browser subscription is then lost)`);
  return parsed.value;
}

/**
 * DATA_DIR/vapid.json, made on first use. It is written to a temporary file (mode 0600, synced) and linked
 * into place: link, unlike rename, fails when the file exists, so of two processes starting at once one key
 * wins and both use it.
 */
export async function loadOrCreateVapidKeys(dataDir: string): Promise<VapidKeys & { created: boolean; file: string }> {
  const file = path.join(dataDir, VAPID_FILE);
  try {
    return { ...(await readKeys(file)), created: false, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = generateVapidKeys();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(`${JSON.stringify({ ...keys, createdAt: new Date().toISOString() }, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...(await readKeys(file)), created: false, file };
  } finally {
    await unlink(temporary).catch(() => {});
  }
  return { ...keys, created: true, file };
}
