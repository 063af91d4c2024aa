// Endpoint signing secrets. Signing needs the secret itself (a hash would not do), so it is kept encrypted:
// AES-256-GCM under WEBHOOK_SECRET_KEY, with the endpoint's id authenticated beside it, so a ciphertext
// copied onto another endpoint's row does not decrypt there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. Shown once, when it is made. */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** IV, tag and ciphertext, in one value for one column. */
export function encryptSecret(key: Buffer, endpointId: string, secret: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(endpointId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** The secret, or undefined when `key` is not the one it was sealed with (or the bytes were altered). */
export function decryptSecret(key: Buffer, endpointId: string, stored: Uint8Array): string | undefined {
  const bytes = Buffer.from(stored);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
