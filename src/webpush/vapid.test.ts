import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createVapidSigner } from './vapid.ts';
import { generateVapidKeys, loadOrCreateVapidKeys, parseVapidKeys } from './vapid-keys.ts';

const keys = generateVapidKeys();
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());

function verified(header: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(match?.[2]).toBe(publicKey);
  const [head, claims, signature] = match![1]!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const signatureBytes = Buffer.from(signature!, 'base64url');
  expect(signatureBytes.length).toBe(64);
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, signatureBytes)).toBe(true);
  return { header: decode(head!), claims: decode(claims!) };
}

describe('VAPID signer', () => {
  it('signs an ES256 JWT for the origin, 12 hours ahead, that verifies under k', () => {
    const now = 1_800_000_000_000;
    const signer = createVapidSigner({ subject: 'mailto:ops@example.com', ...keys, now: () => now });
    const { header, claims } = verified(signer.authorization('https://fcm.googleapis.com'), keys.publicKey);
    expect(header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(claims).toEqual({ aud: 'https://fcm.googleapis.com', exp: now / 1000 + 12 * 3600, sub: 'mailto:ops@example.com' });
  });

  it('reuses a token per origin, and signs again when less than an hour is left', () => {
    let now = 1_800_000_000_000;
    const signer = createVapidSigner({ subject: 'https://example.com/contact', ...keys, now: () => now });
    const first = signer.authorization('https://fcm.googleapis.com');
    expect(signer.authorization('https://fcm.googleapis.com')).toBe(first);
    const other = signer.authorization('https://updates.push.services.mozilla.com');
    expect(other).not.toBe(first);
    expect(verified(other, keys.publicKey).claims.aud).toBe('https://updates.push.services.mozilla.com');
    now += 10.5 * 3600 * 1000;
    expect(signer.authorization('https://fcm.googleapis.com')).toBe(first);
    now += 0.6 * 3600 * 1000;
    const renewed = signer.authorization('https://fcm.googleapis.com');
    expect(renewed).not.toBe(first);
    expect(verified(renewed, keys.publicKey).claims.exp).toBe(Math.floor(now / 1000) + 12 * 3600);
  });

  it('refuses a subject that is not mailto: or https:, and keys that do not match', () => {
    expect(() => createVapidSigner({ subject: 'ops@example.com', ...keys })).toThrow(/VAPID_SUBJECT/);
    expect(() => createVapidSigner({ subject: 'http://example.com', ...keys })).toThrow(/VAPID_SUBJECT/);
    expect(() => createVapidSigner({ subject: 'mailto:a@b.c', publicKey: generateVapidKeys().publicKey, privateKey: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});

describe('VAPID keys', () => {
  it('generates a 65-byte point and a 32-byte scalar that belong together', () => {
    for (let i = 0; i < 300; i += 1) {
      const pair = generateVapidKeys();
      expect(Buffer.from(pair.publicKey, 'base64url').length).toBe(65);
      expect(Buffer.from(pair.privateKey, 'base64url').length).toBe(32);
      expect(parseVapidKeys(pair.publicKey, pair.privateKey).ok).toBe(true);
    }
  });

  it('names the variable at fault', () => {
    expect(parseVapidKeys('nope', keys.privateKey)).toMatchObject({ ok: false, error: { field: 'VAPID_PUBLIC_KEY' } });
    expect(parseVapidKeys(keys.publicKey, 'AAAA')).toMatchObject({ ok: false, error: { field: 'VAPID_PRIVATE_KEY' } });
    expect(parseVapidKeys(generateVapidKeys().publicKey, keys.privateKey)).toMatchObject({ ok: false, error: { field: 'VAPID_PUBLIC_KEY' } });
  });

  let dir: string | undefined;
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

  it('creates DATA_DIR/vapid.json once (mode 0600) and keeps it, also when two processes start at once', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-vapid-'));
    const [a, b] = await Promise.all([loadOrCreateVapidKeys(dir), loadOrCreateVapidKeys(dir)]);
    expect(a.publicKey).toBe(b.publicKey);
    expect([a.created, b.created].filter(Boolean).length).toBeLessThanOrEqual(1);
    const again = await loadOrCreateVapidKeys(dir);
    expect(again).toMatchObject({ publicKey: a.publicKey, privateKey: a.privateKey, created: false });
    expect((await stat(a.file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(a.file, 'utf8')).publicKey).toBe(a.publicKey);
  });
});
