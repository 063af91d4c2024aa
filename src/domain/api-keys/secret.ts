// The shape of an API key: svc_live_ or svc_test_, then 32 random bytes in base64url (43 characters).
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '../../generated/prisma/enums.ts';

export const KEY_PREFIX: Record<ApiKeyKind, string> = { live: 'svc_live_', test: 'svc_test_' };
const KEY_PATTERN = /^svc_(live|test)_[A-Za-z0-9_-]{43}$/;

export function newKey(kind: ApiKeyKind) {
  const key = KEY_PREFIX[kind] + randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key), displayPrefix: key.slice(0, KEY_PREFIX[kind].length + 6) };
}

/** What is stored: a key has 256 random bits, so a plain SHA-256 is enough (no salt or slow hash needed). */
export const hashKey = (key: string) => createHash('sha256').update(key).digest();

export const isWellFormedKey = (key: string) => KEY_PATTERN.test(key);
