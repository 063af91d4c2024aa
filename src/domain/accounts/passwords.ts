// Passwords are stored as scrypt hashes (Node's built-in, memory-hard): scrypt$N$r$p$salt$hash, at
// N=2^17, r=8, p=1 (128 MiB and about 0.4 s per hash on one core). Hashes made with a smaller N (2^14
// before) still verify, and are replaced at the next right password (`needsRehash`).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

export const SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

let costN = SCRYPT_N;

/**
 * Test-only: hash new passwords at a cheaper N so suites that sign up many users stay fast. Called
 * explicitly by test support code (never from configuration); `undefined` goes back to SCRYPT_N. Returns the N it
 * replaces, for a suite to put back (test files share their modules: vitest.config.ts).
 */
export function useScryptCostForTests(n: number | undefined) {
  const before = costN;
  costN = n ?? SCRYPT_N;
  return before;
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number) {
  // Node refuses more than 32 MiB by default; scrypt needs 128 * N * r * p bytes plus a little.
  const maxmem = 128 * n * r * p + 16 * 1024 * 1024;
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, costN, R, P);
  return `scrypt$${costN}$${R}$${P}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Stored parameters this code accepts: scrypt, N a power of two up to 2^20, r 8, p 1. */
function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  if (scheme !== 'scrypt' || !salt || !hash || !Number.isInteger(N) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return undefined;
  if (Number(r) !== R || Number(p) !== P) return undefined;
  return { N, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string) {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.N, R, P);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash is weaker than what `hashPassword` makes now (an old N). */
export function needsRehash(stored: string) {
  const parsed = parse(stored);
  return !parsed || parsed.N < costN;
}

const decoys = new Map<number, Promise<string>>();

/** A hash to compare against when the e-mail is unknown, so both cases take the same time. */
export function decoyHash() {
  let decoy = decoys.get(costN);
  if (!decoy) decoys.set(costN, (decoy = hashPassword('decoy password that matches nothing')));
  return decoy;
}
